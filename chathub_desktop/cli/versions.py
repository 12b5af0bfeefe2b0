"""``topic versions`` and ``topic switch``: the versions of replies and the branches of
a topic (issue 14 "Regenerate and edit-and-resend"); ``chat regenerate`` / ``chat
resend`` ask for the new ones (:mod:`chathub_desktop.cli.chat`)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from chathub_desktop.cli.common import emit, record_id
from chathub_desktop.core.compaction import SummaryOnSwitch

if TYPE_CHECKING:
    from chathub_desktop.services.container import Services


def add_version_commands(
    top: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """``topic versions`` and ``topic switch``."""
    p = top.add_parser("versions", help="list the versions of replies and the branches of a topic",
                       parents=[common])
    p.add_argument("topic_id", type=record_id)
    p.set_defaults(func=cmd_topic_versions)
    p = top.add_parser("switch", help="show another version at a position (see `topic versions`)",
                       parents=[common])
    p.add_argument("topic_id", type=record_id)
    p.add_argument("--at", type=record_id, required=True, metavar="SEQ",
                   help="the position (seq) `topic versions` lists")
    p.add_argument("--to", type=record_id, required=True, metavar="N", help="the version number, from 1")
    p.set_defaults(func=cmd_topic_switch)


def cmd_topic_versions(args: argparse.Namespace, svc: Services) -> int:
    """``topic versions TOPIC``: each fork position (seq) with its versions, the one in
    view marked with ``*``."""
    forks = svc.versions.forks(args.topic_id)

    def human() -> None:
        if not forks:
            print(f"topic {args.topic_id} has one version of everything "
                  "(`chat regenerate` or `chat resend` make more)")
        for f in forks:
            print(f"at seq {f.seq}:")
            for v in f.versions:
                mark = "*" if v.in_view else " "
                head = f"{v.role}: {v.preview}" if v.role is not None else "(unreadable: its stored copy is damaged)"
                print(f" {mark} {v.index}/{len(f.versions)}  {v.created_at:%Y-%m-%d %H:%M}Z  "
                      f"{v.messages} message{'s' if v.messages != 1 else ''}  {head}")

    emit(args, {"topic_id": args.topic_id,
                "forks": [{"seq": f.seq, "versions": [v.to_json() for v in f.versions]} for f in forks]}, human)
    return 0


def cmd_topic_switch(args: argparse.Namespace, svc: Services) -> int:
    """``topic switch TOPIC --at SEQ --to N``: one write transaction; says what the
    topic summary did (kept, restored, cleared by CMP-15)."""
    res = svc.versions.switch(args.topic_id, args.at, args.to)
    emit(args, {"topic_id": res.topic_id, "seq": res.seq, "version": res.index, "versions": res.total,
                "summary": res.summary},
         lambda: print(f"topic {res.topic_id}: showing version {res.index} / {res.total} at seq {res.seq}"
                       + ("" if res.summary is SummaryOnSwitch.KEPT else f"; the topic summary was {res.summary}")))
    return 0
