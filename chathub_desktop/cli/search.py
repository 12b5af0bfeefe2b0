"""``search``: search every topic's messages, or memory and dream cards (issue 14)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from chathub_desktop.cli.common import emit

if TYPE_CHECKING:
    from chathub_desktop.services.container import Services


def add_search_command(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                       common: argparse.ArgumentParser) -> None:
    """The top-level ``search`` command."""
    p = sub.add_parser("search", help="search every topic's messages (or --memory: memory and dream cards)",
                       parents=[common])
    p.add_argument("query", help="words to find (all of them); \"quoted words\" as one phrase")
    p.add_argument("--assistant", help="only this assistant's topics (name or id)")
    p.add_argument("--memory", action="store_true", help="search memory entries and dream cards instead")
    p.add_argument("--limit", type=int, default=50, help="most results (1..500, default 50)")
    p.set_defaults(func=cmd_search)


def cmd_search(args: argparse.Namespace, svc: Services) -> int:
    """``search``: ranked hits with topic, date (UTC) and snippet, the versions not in
    view included and said (issue 29/30); exit code 0 even when nothing matched."""
    assistant_id = svc.assistants.get(args.assistant).id if args.assistant else None
    if args.memory:
        hits = svc.search.search_memory(args.query, assistant_id=assistant_id, limit=args.limit)
        emit(args, {"query": args.query, "hits": [h.to_json() for h in hits]},
             lambda: print("\n".join(f"{h.assistant_name}\t{h.kind} #{h.number}\t{h.snippet.text}" for h in hits)
                           if hits else "no matches"))
        return 0
    res = svc.search.search(args.query, assistant_id=assistant_id, limit=args.limit, other_versions=True)

    def human() -> None:
        if res.note:
            print(f"note: {res.note}")
        if not res.hits:
            print("no matches")
        for h in res.hits:
            where = "" if h.version is None else (
                f", on another version {h.version.index}/{h.version.total}" if h.version.index
                else ", on another version")  # issue 29/30, as the Search page tags it
            print(f"{h.created_at:%Y-%m-%d %H:%M}Z\ttopic {h.topic_id} «{h.topic_title}»\t"
                  f"message {h.message_id} ({h.role}{where})\t{h.snippet.text}")

    emit(args, res.to_json(), human)
    return 0
