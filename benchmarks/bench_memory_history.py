"""Benchmark: what recording a change in the memory history adds to a write (issue 18).

A fixed memory of 10,000 entries (about 600,000 characters, SQLite in a temporary
folder). Each write path below runs with the history listener installed (every change
recorded: the compressed document after, version tokens, retention pruned in the write)
and, in the same run, with the listener removed as the baseline; runs alternate so
machine noise hits both alike. Goal: recording adds at most 10 % to the write's time.

- ``add``: the editor's Add memory (MEM-2).
- ``edit``: an entry edited in place (MEM-2).
- ``raw save``: the raw Markdown document saved with one line changed (MEM-3).
- ``tool update``: the model's memory tool updating one entry (MEM-4).

Each run makes three writes: one recorded right after an unrecorded one (its row must
store the document before in full: the rare case, e.g. after another program changed
the store), one recorded after that (chained: the product's usual case, every write
recorded), and one with the listener removed. Prints medians in milliseconds and the
overhead in percent of the chained write, and — steadier on a busy machine — the median
time spent recording inside the write (the listener, timed directly) as a share of the
baseline write, for both kinds. Then the same for ``add`` at the retention limit (the
``memory-history-changes`` setting lowered to 50, so every write also prunes the oldest
change, rebuilding the oldest kept change's before when its base was a delta). Usage:
``python benchmarks/bench_memory_history.py``.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import event  # noqa: E402

from chathub_desktop.core.messages import ToolCall  # noqa: E402
from chathub_desktop.services.container import open_services  # noqa: E402
from chathub_desktop.storage import memory_history as mh  # noqa: E402
from chathub_desktop.storage.models import AppSetting  # noqa: E402

ENTRIES = 10_000
RUNS = 25
WORDS = "prefers tables concise answers python tests fixtures markdown metric units dark mode".split()


def entry(i: int) -> str:
    return f"entry {i}: " + " ".join(WORDS[(i + k) % len(WORDS)] for k in range(8))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        svc = open_services(data_dir=Path(tmp))
        try:
            svc.assistants.create("Bench")
            topic = svc.topics.create("Bench").id
            svc.memory.save_raw("Bench", "".join(f"#{i + 1}: {entry(i)}\n" for i in range(ENTRIES)))
            writes = svc.db._writes  # the store's write sessions, where the listener sits
            counter = [0]
            spent = [0.0]

            def timed(s: object, ctx: object, instances: object) -> None:
                t0 = time.perf_counter()
                mh._before_flush(s, ctx, instances)  # type: ignore[arg-type]
                spent[0] += time.perf_counter() - t0

            event.remove(writes, "before_flush", mh._before_flush)
            event.listen(writes, "before_flush", timed)

            def add() -> None:
                counter[0] += 1
                svc.memory.add("Bench", f"new fact {counter[0]}")

            def edit() -> None:
                counter[0] += 1
                svc.memory.edit("Bench", 5_000, f"edited fact {counter[0]}")

            def raw() -> None:
                counter[0] += 1
                doc = svc.memory.document("Bench")
                svc.memory.save_raw("Bench", doc.replace("#1: ", f"#1: v{counter[0]} ", 1))

            def tool() -> None:
                counter[0] += 1
                text = svc.memory.entries("Bench")[99].text
                args = {"number": 100, "match": text[:12], "new_text": f"{text[:12]} updated {counter[0]}"}
                out = svc.memory.execute_tool("Bench", topic, ToolCall("c", "update", json.dumps(args)))
                assert json.loads(out)["ok"], out

            cases: list[tuple[str, Callable[[], None]]] = [
                ("add", add), ("edit", edit), ("raw save", raw), ("tool update", tool)]
            print(f"fixed memory: {ENTRIES:,} entries, {len(svc.memory.document('Bench')):,} characters; "
                  f"{RUNS} runs each, alternating")
            print(f"{'write':<12} {'baseline ms':>12} {'recorded ms':>12} {'overhead':>9} "
                  f"{'recording ms':>13} {'share':>7} {'unchained ms':>13} {'share':>7}")

            def measure(fn: Callable[[], None]) -> tuple[float, float, float, float]:
                """Medians (s): baseline write, chained recorded write, recording inside
                it, recording inside a write right after an unrecorded one."""
                on: list[float] = []
                off: list[float] = []
                inside: list[float] = []
                unchained: list[float] = []
                fn()  # warm caches
                for _ in range(RUNS):
                    for kind in ("unchained", "chained", "off"):
                        if kind == "off":
                            event.remove(writes, "before_flush", timed)
                        spent[0] = 0.0
                        t = time.perf_counter()
                        fn()
                        took = time.perf_counter() - t
                        if kind == "off":
                            off.append(took)
                            event.listen(writes, "before_flush", timed)
                        elif kind == "chained":
                            on.append(took)
                            inside.append(spent[0])
                        else:
                            unchained.append(spent[0])
                return tuple(statistics.median(x) * 1000 for x in (off, on, inside, unchained))  # type: ignore[return-value]

            def row(name: str, fn: Callable[[], None]) -> None:
                base, rec, cost, cold = measure(fn)
                print(f"{name:<12} {base:12.1f} {rec:12.1f} {100 * (rec - base) / base:8.1f}% "
                      f"{cost:13.1f} {100 * cost / base:6.1f}% {cold:13.1f} {100 * cold / base:6.1f}%")

            for name, fn in cases:
                row(name, fn)
            kept = len(svc.history.changes("Bench"))
            print(f"history rows kept: {kept} (retention {mh.DEFAULT_CHANGES} changes / {mh.DEFAULT_DAYS} days)")
            with svc.db.write() as s:  # the retention setting, as the settings page stores it
                s.merge(AppSetting(key=mh.CHANGES_SETTING, value=50))
            print("at the retention limit (memory-history-changes = 50: every write prunes one change):")
            row("add", add)
            print(f"history rows kept: {len(svc.history.changes('Bench'))}")
        finally:
            svc.close()


if __name__ == "__main__":
    main()
