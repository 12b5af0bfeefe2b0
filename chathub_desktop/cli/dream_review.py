"""``dream review|proposals|accept|discard``: dream review (issue 19) — with review on, a
dream's new card waits as a proposal until it is accepted or discarded."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from chathub_desktop.cli.common import emit, emit_rows, record_id

if TYPE_CHECKING:
    from chathub_desktop.services.container import Services


def add_review_commands(
    drm: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """The review actions of the ``dream`` group."""
    p = drm.add_parser("review", help="show or set dream review: new cards wait for your accept",
                       parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("state", nargs="?", choices=("on", "off"))
    p.set_defaults(func=cmd_dream_review)
    p = drm.add_parser("proposals", help="the dream cards waiting for review", parents=[common])
    p.add_argument("--assistant")
    p.set_defaults(func=cmd_dream_proposals)
    p = drm.add_parser("accept", help="apply proposal ID to the dynamic memory", parents=[common])
    p.add_argument("proposal_id", type=record_id)
    p.set_defaults(func=cmd_dream_accept)
    p = drm.add_parser("discard", help="drop proposal ID", parents=[common])
    p.add_argument("proposal_id", type=record_id)
    p.set_defaults(func=cmd_dream_discard)


def cmd_dream_review(args: argparse.Namespace, svc: Services) -> int:
    """``dream review --assistant A [on|off]``."""
    review = svc.dreams.review
    on = review.set_enabled(args.assistant, args.state == "on") if args.state else review.enabled(args.assistant)
    text = ("on: a dream's new card waits for your accept (dream proposals)" if on
            else "off: dreams add their cards at once")
    emit(args, {"assistant": args.assistant, "review": on}, lambda: print(f"dream review {text}"))
    return 0


def cmd_dream_proposals(args: argparse.Namespace, svc: Services) -> int:
    """``dream proposals [--assistant A]``."""
    from chathub_desktop.services.dream.dream_review import proposal_lines

    rows = svc.dreams.review.proposals(args.assistant)
    emit_rows(args, [p.to_json() for p in rows], proposal_lines(rows), "no dream proposals", str)
    return 0


def cmd_dream_accept(args: argparse.Namespace, svc: Services) -> int:
    """``dream accept ID``."""
    number = svc.dreams.review.accept(args.proposal_id)  # a covered day: refused with its reason, kept
    line = (f"accepted proposal {args.proposal_id}: card #{number}" if number is not None
            else f"accepted proposal {args.proposal_id}: folded into the range card")
    emit(args, {"accepted": args.proposal_id, "card_number": number}, lambda: print(line))
    return 0


def cmd_dream_discard(args: argparse.Namespace, svc: Services) -> int:
    """``dream discard ID``."""
    svc.dreams.review.discard(args.proposal_id)
    emit(args, {"discarded": args.proposal_id}, lambda: print(f"discarded proposal {args.proposal_id}"))
    return 0
