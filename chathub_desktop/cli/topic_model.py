"""``topic model``: show, set or clear a topic's own chat model (issue 14).

``topic model N`` shows what the topic's requests use; ``topic model N MODEL
[--provider NAME]`` sets the topic's model (without ``--provider``: on the assistant's
provider, whichever it is when a request is made); ``topic model N --clear`` goes back
to the assistant's model. The assistant and its other topics are not changed.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from chathub_desktop.cli.common import CommandError, emit, record_id

if TYPE_CHECKING:
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.topics.topic_model import TopicModelView


def add_topic_model_command(
    top: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """The ``topic model`` action."""
    p = top.add_parser("model", help="show, set or clear a topic's own chat model", parents=[common])
    p.add_argument("topic_id", type=record_id)
    p.add_argument("model", nargs="?", help="the model id for this topic only")
    p.add_argument("--provider", help="provider name or id of the model (default: the assistant's provider)")
    p.add_argument("--clear", action="store_true", help="use the assistant's model again")
    p.set_defaults(func=cmd_topic_model)


def model_line(v: TopicModelView) -> str:
    """One line about a topic's model: id, provider, context window, where it comes from."""
    window = f"{v.context_window:,}-token context window" + ("" if v.window_known else " (provider fallback: no card)")
    where = "the topic's own choice" if v.own else "(assistant default)"
    line = f"{v.model or 'no model'} · {v.provider_name or 'no provider'} · {window} · {where}"
    return f"{line} — {v.note}" if v.note else line


def cmd_topic_model(args: argparse.Namespace, svc: Services) -> int:
    """``topic model N [MODEL] [--provider NAME] [--clear]``."""
    if args.clear and (args.model or args.provider):
        raise CommandError("--clear takes no model or --provider")
    if args.provider and not args.model:
        raise CommandError("--provider needs a MODEL")
    if args.clear:
        view = svc.topic_models.clear(args.topic_id)
    elif args.model:
        view = svc.topic_models.set(args.topic_id, args.model, args.provider)
    else:
        view = svc.topic_models.show(args.topic_id)
    emit(args, view.to_json(), lambda: print(f"topic {view.topic_id}: {model_line(view)}"))
    return 0
