"""How soon a memory entry another process adds shows on the open Memory page (issue 30:
"a CLI write shows on the open page within 2 s", live refresh of issue 13).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_memory_live.py [--writes 5] [--entries 500]

A window on a scratch SQLite store (one assistant with ``--entries`` fixed entries) opens
its Memory page. Then, ``--writes`` times, a separate Python process adds one entry through
the services (what ``chathub memory add`` does) and prints the wall-clock time of its
commit. Two delays are measured from that commit, in the same run:

- **baseline**: until the window's store watcher publishes ``MemoryChanged`` for that
  assistant on the bus (the watcher checks ``PRAGMA data_version`` every 0.4 s);
- **page**: until the page's list holds the new entry (the re-read on a worker, the
  model reset, the list laid out).

Prints the median and worst of each, the page's ratio to the baseline, and the goal (2 s).
The writer's own start (interpreter, imports) is not counted: the clock starts at its commit.

Measured 2026-12-05, 2 cores at load 8–12 (other runs): 500 entries, commit -> bus 349 ms
median, -> page 628 ms (worst 641 ms, 1.8x); 10,000 entries: bus 286 ms, page 836 ms
(worst 888 ms, 2.9x: the page re-reads and re-lays the whole list). Goal met at both sizes.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.scratch_dirs import scratch_dir  # noqa: E402

os.environ.setdefault("CHATHUB_ALLOW_TEST_DOUBLES", "1")  # the in-memory keyring below

#: The writer process: add one entry to assistant ``argv[2]`` of store ``argv[1]`` with the
#: text ``argv[3]``, then print the commit's ``time.time()``.
WRITER = """
import sys, time
from chathub_desktop.services.container import open_services
svc = open_services(sys.argv[1])
svc.memory.add(int(sys.argv[2]), sys.argv[3])
print(repr(time.time()), flush=True)
svc.close()
"""

GOAL_S = 2.0


def _holds(page: Any, text: str) -> bool:
    """Whether the page's list holds an entry whose text is ``text``."""
    return any(e.text == text for e in page.model.entries())


async def _until(done: Callable[[], bool], timeout: float = 60.0) -> float:
    """Wait (the event loop running, 5 ms steps) until ``done()``; returns ``time.time()``
    when it first held. Raises TimeoutError after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise TimeoutError
        await asyncio.sleep(0.005)
    return time.time()


def main() -> int:
    """Run the scenario; prints one line per delay and the verdict. Exit 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writes", type=int, default=5, help="entries added by other processes (default 5)")
    parser.add_argument("--entries", type=int, default=500, help="fixed entries before the first write")
    args = parser.parse_args()

    import keyring
    import qasync

    from chathub_desktop.app_bootstrap import make_application
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.gui.shell.task_runner import install_asyncgen_hooks
    from chathub_desktop.services.container import open_services
    from chathub_desktop.services.events import MemoryChanged
    from tests.fakes.memory_keyring import MemoryKeyring

    keyring.set_keyring(MemoryKeyring())
    app = make_application()
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    install_asyncgen_hooks(loop)
    url = f"sqlite:///{scratch_dir('memlive') / 'store.sqlite3'}"
    svc = open_services(url)
    aid = svc.assistants.create("Archivist", model="gpt-4o-mini").id
    svc.memory.save_raw(aid, "".join(f"#{i}: Entry number {i} about the user\n" for i in range(1, args.entries + 1)))
    seen: dict[int, float] = {}  # write number → time.time() the bus said MemoryChanged
    pending: list[int] = []

    def on_event(ev: object) -> None:
        if isinstance(ev, MemoryChanged) and pending and pending[0] not in seen:
            seen[pending[0]] = time.time()

    svc.bus.subscribe(on_event)
    bus_delays: list[float] = []
    page_delays: list[float] = []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    async def scenario() -> None:
        window = MainWindow(svc)
        window.resize(1366, 768)
        window.show()
        window.reload_assistants(aid)
        await _until(lambda: window.current_assistant_id() == aid)
        page = window.pages.open_memory()
        assert page is not None
        await _until(lambda: page.loads >= 1 and page.model.entry_count() == args.entries)
        await asyncio.sleep(1.0)  # the page's later steps and the watcher's first check
        for k in range(args.writes):
            text = f"Written by another process, number {k + 1}"
            pending[:] = [k]
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-c", WRITER, url, str(aid), text, env=env,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            shown = await _until(functools.partial(_holds, page, text))
            out, err = await proc.communicate()
            if proc.returncode != 0:
                raise SystemExit(f"writer failed: {err.decode()[-500:]}")
            committed = float(out.decode().strip())
            page_delays.append(shown - committed)
            bus_delays.append(seen.get(k, shown) - committed)
            await asyncio.sleep(0.5)
        window.close()

    with loop:
        loop.run_until_complete(scenario())
    svc.close()

    def line(name: str, xs: list[float]) -> str:
        return (f"{name:<44} median {1000 * statistics.median(xs):7.0f} ms   worst {1000 * max(xs):7.0f} ms")

    print(f"{args.entries} fixed entries on the open page; {args.writes} entries added by other processes")
    print(line("baseline: commit -> watcher's MemoryChanged", bus_delays))
    print(line("page: commit -> entry in the page's list", page_delays))
    ratio = statistics.median(page_delays) / max(statistics.median(bus_delays), 1e-3)
    print(f"page / baseline (medians): {ratio:.2f}x; goal: worst under {GOAL_S:.0f} s -> "
          f"{'met' if max(page_delays) < GOAL_S else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
