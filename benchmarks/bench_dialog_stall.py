"""Does opening Assistant → Edit stall the window? (issue 29: no store work on the GUI thread)

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_dialog_stall.py [--providers N] [--assistants N] [--repeat N]

A store (SQLite in a temp dir) with many providers (default 300) and assistants (default
500); the window's loop is a ``qasync.QEventLoop`` on an offscreen ``QApplication`` and a
5 ms ``QTimer`` records the longest gap between two ticks minus its period (the "longest
stall"; a frame is 16 ms). Each case runs ``--repeat`` times (default 5), measured from
the click until the form is filled plus 100 ms:

1. **idle**: the loop doing nothing for the same time (this machine's floor right now);
2. **reads on the GUI thread** (before issue 29): the store reads the dialog used to make
   in its constructor and in the window's slot (the providers twice, the assistant once)
   run on the GUI thread, then the dialog is filled;
3. **reads on a worker** (now): ``AssistantDialog`` opens at once, reads on the runner's
   worker and fills its form when the read returns.

Prints the longest stall of each (median and max over the runs), its ratio to case 2 and
the GUI thread's CPU time in its longest turn.

2026-12-02, 2 cores shared with ~8 engineers' test runs (noisy), 5 runs each::

    300 providers, 500 assistants       stall ms median     max  × before
    idle                                            3.8     5.6      0.07
    reads on the GUI thread (before)               58.7   360.8      1.00
    reads on a worker (now)                        17.3    26.9      0.29

    1,000 providers, 1,000 assistants   stall ms median     max  × before
    idle                                            4.0     5.6      0.04
    reads on the GUI thread (before)               91.4   306.1      1.00
    reads on a worker (now)                        14.4   115.6      0.16

What is left in "now" is filling the form (a combo row per provider) on the GUI thread.
The last two columns are the GUI thread's CPU time in its longest turn (``StallProbe``;
not lengthened by other processes, as the wall-clock stall is on a loaded machine).

2026-12-05, issue 29 (the editor's groups built after it opens), "now" case, 5 runs of
5, the three trees interleaved, load 7.3–13.6 (medians of the runs' medians)::

                                        stall ms   GUI CPU ms
    Designer form (e3b1400c)                24.6          9.1
    setting cards, all built (integ53)      45.1         14.7
    setting cards, built after (this)       26.2          7.4
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.scratch_dirs import scratch_dir  # noqa: E402
from benchmarks.stall_probe import StallProbe  # noqa: E402

SETTLE_S = 0.1


def main() -> int:
    """Fill the store, run the cases and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--providers", type=int, default=300)
    parser.add_argument("--assistants", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    import qasync
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.settings.assistant_dialog import AssistantDialog
    from chathub_desktop.gui.shell.task_runner import TaskRunner, install_asyncgen_hooks
    from chathub_desktop.services.container import open_services

    tmp = str(scratch_dir("dialog"))
    svc = open_services(f"sqlite:///{Path(tmp) / 'store.sqlite3'}")
    began = time.perf_counter()
    for i in range(args.providers):
        svc.providers.add(f"Provider {i:04d}", "openai_compatible", f"http://127.0.0.1:9/v{i}")
    for i in range(args.assistants):
        svc.assistants.create(f"Assistant {i:04d}", provider=f"Provider {i % args.providers:04d}",
                              model="bench-model", instructions="Be brief. " * 40)
    aid = svc.assistants.get(f"Assistant {args.assistants // 2:04d}").id
    print(f"store: {args.providers} providers, {args.assistants} assistants "
          f"(filled in {time.perf_counter() - began:.1f} s)")
    app = QApplication.instance() or QApplication([])
    app.setQuitOnLastWindowClosed(False)  # closing a dialog must not end the loop
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    install_asyncgen_hooks(loop)
    runner = TaskRunner(None)
    model_ids = [e.id for e in svc.catalog.entries]
    probe = StallProbe()

    async def opened(dialog: AssistantDialog) -> None:
        while not dialog.is_loaded():
            await asyncio.sleep(0.002)
        await asyncio.sleep(SETTLE_S)
        if dialog.model_choices is not None:
            dialog.model_choices.cancel()
        dialog.close()
        dialog.deleteLater()

    def dialog() -> AssistantDialog:
        d = AssistantDialog(svc.assistants, svc.providers, runner, aid, model_ids,
                            provider_models=svc.provider_models)
        d.show()
        return d

    async def idle() -> None:
        await asyncio.sleep(SETTLE_S + 0.05)

    async def on_gui_thread() -> None:
        svc.providers.list()  # the window's slot and the dialog's constructor, as before
        svc.assistants.get(aid)
        svc.providers.list()
        await opened(dialog())

    async def on_worker() -> None:
        await opened(dialog())

    cases: dict[str, Callable[[], Awaitable[None]]] = {
        "idle": idle, "reads on the GUI thread (before)": on_gui_thread, "reads on a worker (now)": on_worker}
    stalls: dict[str, list[float]] = {name: [] for name in cases}
    cpus: dict[str, list[float]] = {name: [] for name in cases}

    async def run_all() -> None:
        await on_worker()  # warm the imports and the form
        for _ in range(args.repeat):
            for name, case in cases.items():
                probe.start()
                await case()
                stalls[name].append(probe.stop())
                cpus[name].append(probe.worst_cpu_ms)
        await runner.shutdown()

    with loop:
        loop.run_until_complete(run_all())
    before = max(statistics.median(stalls["reads on the GUI thread (before)"]), 1.0)
    print(f"{'case':34} {'stall ms median':>16} {'max':>7} {'× before':>9} {'CPU ms median':>14} {'max':>7}")
    for name in cases:
        med = statistics.median(stalls[name])
        print(f"{name:34} {med:16.1f} {max(stalls[name]):7.1f} {med / before:9.2f} "
              f"{statistics.median(cpus[name]):14.1f} {max(cpus[name]):7.1f}")
    svc.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
