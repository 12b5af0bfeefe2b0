"""A writer process for the concurrency tests (issue 10, "Nothing lost").

``python -m tests.integration.concurrency_workers URL ME ROUNDS KINDS BARRIER_DIR``
(or ``--waiter URL STOP_FILE``: see :func:`wait_writer`)
opens the services on ``URL`` as writer ``ME`` (0 or 1) and, for each kind in the
comma-separated ``KINDS``, meets the other writer at a file barrier in ``BARRIER_DIR``
and then does ``ROUNDS`` read-modify-writes of that document kind. It prints one JSON
line per kind: ``{"kind", "writes", "stale"}`` (``stale``: saves refused as stale and
retried on the newer document). Any exception ends the process with a traceback, which
the tests count as a failure.

Every kind is arranged so that a lost write is visible afterwards: each round leaves a
trace of its own (an entry, a row, the last value of a field) that the test checks.
The fixture a kind needs is made by :func:`prepare` in the test process.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from chathub_desktop.core.messages import Role, ToolCall
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.errors import StaleDocument

#: Assistant (by name) each kind writes to; "append" and "tool" also use topic "shared".
KINDS = ("memory_add", "memory_tool", "raw_save", "entry_edit", "card_edit", "dream_settings",
         "settings", "assistant", "model_card", "provider", "topic", "append")


def _barrier(folder: Path, kind: str, me: int) -> None:
    (folder / f"{kind}.{me}").touch()
    other = folder / f"{kind}.{1 - me}"
    deadline = time.monotonic() + 120
    while not other.exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"the other writer never reached {kind}")
        time.sleep(0.002)


def _retry(save: Callable[[], object]) -> int:
    """Call ``save`` until it is not refused as stale; returns the refusals."""
    stale = 0
    while True:
        try:
            save()
            return stale
        except StaleDocument:
            stale += 1


def run_kind(svc: Services, kind: str, me: int, rounds: int) -> int:
    """``rounds`` writes of ``kind`` by writer ``me``; returns the stale refusals."""
    stale = 0
    a = f"A-{kind}"
    for i in range(rounds):
        tag = f"w{me} r{i}"
        if kind == "memory_add":
            svc.memory.add(a, tag)
        elif kind == "memory_tool":
            topic = next(t.id for t in svc.topics.list(a) if t.title == "shared")
            svc.memory.execute_tool(a, topic, ToolCall(f"c{me}-{i}", "add", json.dumps({"text": tag})))
        elif kind == "raw_save":
            def save_raw(tag: str = tag) -> None:
                snap = svc.memory.snapshot(a)
                svc.memory.save_raw(a, snap.document + f"#0: {tag}\n", version=snap.version)
            stale += _retry(save_raw)
        elif kind == "entry_edit":
            def edit_entry(i: int = i) -> None:
                snap = svc.memory.snapshot(a)
                svc.memory.edit(a, me + 1, f"w{me} v{i}", version=snap.version)
            stale += _retry(edit_entry)
        elif kind == "card_edit":
            def edit_card(i: int = i) -> None:
                snap = svc.dreams.snapshot(a)
                svc.dreams.edit_card(a, me + 1, f"w{me} v{i}", version=snap.version)
            stale += _retry(edit_card)
        elif kind == "dream_settings":
            if me == 0:
                svc.dreams.set_schedule(a, "daily", f"{i % 24:02d}:{i % 60:02d}")
            else:
                svc.dreams.set_keep(a, 1 + i % 90)
        elif kind == "settings":
            key = "compact-buffer-tokens" if me == 0 else "compact-keep-recent"
            svc.settings.set(key, 1 + i)
        elif kind == "assistant":
            if me == 0:
                svc.assistants.update(a, instructions=tag)
            else:
                svc.assistants.update(a, input_template=f"{tag}: {{{{text}}}}")
        elif kind == "model_card":
            svc.models.set(f"m{me}-{i}", 8000 + i)
        elif kind == "provider":
            svc.providers.add(f"P{me}-{i}", "openai_compatible", "http://127.0.0.1:9")
        elif kind == "topic":
            t = svc.topics.create(a, title=f"draft {tag}")
            svc.topics.rename(t.id, tag)
        elif kind == "append":
            topic = next(t.id for t in svc.topics.list(a) if t.title == "shared")
            svc.topics.append_message(topic, Role.USER, tag)
        else:
            raise ValueError(f"unknown kind {kind!r}")
    return stale


def wait_writer(url: str, stop: Path) -> dict[str, object]:
    """Until ``stop`` exists: create a topic and add a memory entry, again and again,
    as a user's other window would during a long import. Reports the writes, the waits
    the store announced (notice threshold lowered to 1 ms, so every wait counts, not
    only those over half a second) and the longest write round in milliseconds. Any error ends the process with a traceback."""
    from chathub_desktop.services.events import EventBus, StoreWaiting
    from chathub_desktop.storage import database

    database.WAIT_NOTICE_S = 0.001
    database._SQLITE_BUSY_MS = 1  # SQLite's own busy handler would absorb short waits unseen
    bus = EventBus()
    waits = 0

    def heard(event: object) -> None:
        nonlocal waits
        if isinstance(event, StoreWaiting) and event.waiting:
            waits += 1

    bus.subscribe(heard)
    svc = open_services(url, bus=bus)
    writes, longest = 0, 0.0
    (stop.parent / "writer.ready").touch()
    try:
        while not stop.exists():
            t0 = time.perf_counter()
            svc.topics.create("Writer", title=f"written during the import {writes}")
            svc.memory.add("Writer", f"noted during the import {writes}")
            longest = max(longest, time.perf_counter() - t0)
            writes += 1
    finally:
        svc.close()
    return {"writes": writes, "waits": waits, "longest_ms": round(1000 * longest)}


def main(argv: list[str]) -> int:
    """Entry point (see the module docstring)."""
    if argv[0] == "--waiter":
        print(json.dumps(wait_writer(argv[1], Path(argv[2]))), flush=True)
        return 0
    url, me, rounds, kinds, folder = argv[0], int(argv[1]), int(argv[2]), argv[3].split(","), Path(argv[4])
    svc = open_services(url)
    try:
        for kind in kinds:
            _barrier(folder, kind, me)
            stale = run_kind(svc, kind, me, rounds)
            print(json.dumps({"kind": kind, "writes": rounds, "stale": stale}), flush=True)
    finally:
        svc.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
