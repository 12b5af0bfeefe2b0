"""Does checking a memory file for import freeze the window? (issue 30, walk57 #8: a 10 MB
JSON file stopped the event loop ~200 ms while it was checked)

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_import_check.py [--repeat 1]

An offscreen ``QApplication`` whose 5 ms ``QTimer`` (``benchmarks/stall_probe.py``)
records the longest gap between ticks minus its period while a worker thread does what
Memory → Import… does on its worker (``gui/memory/transfer_actions.py``), plus 100 ms.
The heap alive after setting up is frozen, as the app's start-up does
(``app_bootstrap.freeze_startup_heap``). Files:

- ``foreign.json``: 10 MB of JSON that is not a memory file (400,000 tiny objects);
- ``memory.json`` / ``memory.md``: the real exporter's JSON and Markdown files of an
  assistant with 10,000 fixed entries (``bench_memory_page.make_texts``: 1-25 phrases
  each, every seventh CJK; 3.1 MB of document), imported into one with 30.

Cases, each ``--repeat`` times (the largest gap counts):

1. **idle**: the loop doing nothing for 0.5 s (this machine's floor right now), and
   **busy worker**: a worker thread running plain Python for 2 s, as it is and calling a
   :class:`~chathub_desktop.services.breather.Breather` (the floor of any long work on a
   worker: it hands the interpreter lock over every 5 ms, later on a busy machine);
2. **before**: the check as it was — the file's bytes read and parsed in this process
   (``preview_import`` of the bytes, Replace and Merge; the Merge's own loop is today's);
3. **now**, step by step as the window's check runs them: ``MemoryTransfer.read_file``
   (a first look, then the read in a child process for a file over 512 KB), then the
   Replace and the Merge previews of what it read;
4. **apply**: storing the Replace of ``memory.json`` (``apply_import``) — the
   import itself, which reads nothing again.

Prints the largest gap (ms) and the wall time (s) of each. Do not run it on a busy
machine; times are not asserted anywhere.

2026-12-06, 2 cores at load ~1 (shared), one run::

    case                                   largest gap ms  wall s
    idle                                              0.9    0.50
    busy worker (plain Python, 2 s)                  12.6    2.00
    busy worker (with a Breather, 2 s)                5.8    2.00
    foreign.json (9.2 MB) before                    152.3    0.37  refused
    foreign.json now: read and check                  0.7    0.01  refused
    memory.json (10.4 MB) before                     88.7   13.17
    memory.json now: read and check                   6.2    0.87
    memory.json now: Replace preview                  4.6    0.06
    memory.json now: Merge preview                   13.7   11.86
    memory.md (5.0 MB) before                        37.5   12.88
    memory.md now: read and check                     9.6    0.79
    memory.md now: Replace preview                    8.7    0.09
    memory.md now: Merge preview                     22.3   13.50
    memory.json apply (Replace)                      10.7    0.39

What is left in a Merge preview is its duplicate matching: ``make_texts`` draws every
entry from the same 18 words, so one lookup of ``DuplicateIndex.find``
(``core/memory_diff.py``) compares thousands of candidates, 10-20 ms of Python between
two of the loop's pauses.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import gc
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.scratch_dirs import scratch_dir  # noqa: E402
from benchmarks.stall_probe import StallProbe  # noqa: E402

SETTLE_S = 0.1


def _measure(app: Any, probe: StallProbe, pool: concurrent.futures.Executor,
             work: Callable[[], object]) -> tuple[float, float, str]:
    """(largest gap ms, wall s, outcome) while ``work`` runs on a worker thread."""
    probe.start()
    start = time.perf_counter()
    future = pool.submit(work)
    while not future.done():
        app.processEvents()
        time.sleep(0.001)
    wall = time.perf_counter() - start
    end = time.perf_counter() + SETTLE_S
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.001)
    worst = probe.stop()
    exc = future.exception()
    outcome = f"refused: {str(exc)[:70]}…" if exc is not None else type(future.result()).__name__
    return worst, wall, outcome


def _busy(breathe: Callable[[], None] | None) -> int:
    """Plain Python for 2 s: set operations on small sets, as a Merge preview does;
    ``breathe`` called at each step."""
    end, n = time.perf_counter() + 2.0, 0
    while time.perf_counter() < end:
        n += len({i for i in range(40)} & {1, 2, 3})
        if breathe is not None:
            breathe()
    return n


def _files(folder: Path, svc: Any) -> dict[str, Path]:
    """The foreign JSON and the two exports of a 10,000-entry memory."""
    from benchmarks.bench_memory_page import make_texts

    foreign = folder / "foreign.json"
    foreign.write_text('{"entries": [' + ",".join('{"text": "' + "x" * 10 + '"}' for _ in range(400_000)) + "]}")
    svc.assistants.create("Big")
    svc.memory.save_raw("Big", "".join(f"#{i}: {t}\n" for i, t in enumerate(make_texts(10_000), 1)))
    out = {"foreign.json": foreign}
    for fmt, name in (("json", "memory.json"), ("markdown", "memory.md")):
        (folder / name).write_text(svc.memory_files.export("Big", fmt), encoding="utf-8")
        out[name] = folder / name
    return out


def main() -> int:
    """Set up, run the cases, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.memory_export import ImportMode
    from chathub_desktop.services.breather import Breather
    from chathub_desktop.services.container import open_services
    from chathub_desktop.services.memory import secret_scan

    app = QApplication.instance() or QApplication([])
    folder = scratch_dir("import-check")
    svc = open_services(f"sqlite:///{folder / 'store.sqlite3'}")
    files = svc.memory_files
    paths = _files(folder, svc)
    svc.assistants.create("Target")
    svc.memory.save_raw("Target", "".join(f"#{i}: Existing fact {i} about tea and Lisbon\n" for i in range(1, 31)))
    aid = svc.assistants.get("Target").id
    secret_scan.library_status()  # compiled, as the Memory page's warm-up does when it opens
    gc.collect()
    gc.freeze()  # as the app does after start-up

    def before(path: Path) -> Callable[[], object]:
        def work() -> object:
            data = path.read_bytes()
            replace = files.preview_import(aid, data, name=path.name)
            return (replace, files.preview_import(aid, data, name=path.name, mode=ImportMode.MERGE))[1]
        return work

    checked: dict[str, Any] = {}

    def read(path: Path) -> Callable[[], object]:
        def work() -> object:
            checked[path.name] = files.read_file(path)
            return checked[path.name]
        return work

    def preview(path: Path, mode: ImportMode) -> Callable[[], object]:
        return lambda: files.preview_import(aid, checked[path.name], name=path.name, mode=mode)

    probe = StallProbe()
    rows: dict[str, tuple[float, float, str]] = {}

    def run(label: str, work: Callable[[], object]) -> None:
        for _ in range(args.repeat):
            worst, wall, outcome = _measure(app, probe, pool, work)
            if label not in rows or worst > rows[label][0]:
                rows[label] = (worst, wall, outcome)

    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        run("idle", lambda: time.sleep(0.5))
        run("busy worker (plain Python, 2 s)", lambda: _busy(None))
        run("busy worker (with a Breather, 2 s)", lambda: _busy(Breather()))
        for name, path in paths.items():
            size = f"{path.stat().st_size / 1e6:.1f} MB"
            run(f"{name} ({size}) before", before(path))
            run(f"{name} now: read and check", read(path))
            if name != "foreign.json":
                run(f"{name} now: Replace preview", preview(path, ImportMode.REPLACE))
                run(f"{name} now: Merge preview", preview(path, ImportMode.MERGE))
        replace = files.preview_import(aid, checked["memory.json"], name="memory.json")
        run("memory.json apply (Replace)", lambda: files.apply_import(replace))
    svc.close()
    print(f"{'case':<38}{'largest gap ms':>15}{'wall s':>8}  outcome")
    for label, (worst, wall, outcome) in rows.items():
        print(f"{label:<38}{worst:>15.1f}{wall:>8.2f}  {outcome}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
