"""Jumping to the start and the end of a long topic: event-loop stall (issue 29).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_topic_jump.py [MESSAGES]

A topic of MESSAGES messages (default 20,000; written once through the ChatGPT import
service) is shown in a :class:`MessageListView` over its model, with
:class:`TopicJumps` on a qasync loop and the GUI's :class:`TaskRunner` (store reads and
Markdown rendering on its worker threads, as in the window). A 5 ms ``QTimer`` records the
largest gap between two ticks while each operation runs, minus the 5 ms period (a frame
is 16 ms). Printed beside two baselines on the same view:

- **scroll one page up** (the scroll bar's page step: nothing is read);
- **load the older page** (scrolling to the top prepends 40 rows; what each press of
  Ctrl+Home did before this change, about 20 turns per press);
- **Ctrl+Home**: the first message shown (the oldest page read directly);
- **Ctrl+End**: back to the newest message (the newest page read again).

The rows the model holds after each jump are printed too (it must stay one or two pages).

Measured 2026-12-02 (2 cores shared with other jobs, SQLite, 20,000 messages)::

    operation                                     stall ms  wall ms  × page   rows
    scroll one page up                                 8.7      0.7     1.0
    load the older page (old Ctrl+Home step)          29.0     34.1     3.3
    Ctrl+Home → first message                         11.3     53.5     1.3     40
    Ctrl+End → newest message                         11.9     48.7     1.4     40

Before, Ctrl+Home reached the first message of a 20,000-message topic after about 500
presses, each one an older-page load; now one press, under a frame (16 ms) of stall.
"""

# ruff: noqa: B023 - each lambda is awaited within its loop turn
from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from benchmarks.scratch_dirs import scratch_dir  # noqa: E402

RUNS = 5


def _export(path: Path, n: int) -> Path:
    from tests.gui.helpers import conversation, write_export

    text = "Message {i}: a reply with **bold**, `code` and a list:\n\n- one\n- two\n"
    turns = [("user" if i % 2 == 0 else "assistant", text.format(i=i)) for i in range(n)]
    return write_export(path, [conversation("Long topic", turns, "bench-jump")])


def main(n: int = 20_000) -> None:
    """Print the largest stall (ms) and wall time of each operation, medians of RUNS."""
    import qasync
    from PySide6.QtCore import QElapsedTimer, QPoint, Qt, QTimer
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.chat.message_jump import TopicJumps
    from chathub_desktop.gui.chat.message_list_model import MessageListModel
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.container import open_services
    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export

    app = QApplication.instance() or QApplication(sys.argv[:1])
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    tmp = scratch_dir("jump")
    svc = open_services(f"sqlite:///{tmp / 'store.sqlite3'}")
    a = svc.assistants.create("Bench")
    import_chatgpt_export(svc.db, a.id, _export(tmp / "conversations.json", n))
    (topic,) = svc.topics.list(a.id)
    events = ChatEvents(svc.bus)
    model = MessageListModel(svc.topics, events)
    view = MessageListView(model)
    runner = TaskRunner(None)
    jumps = TopicJumps(model, view, runner)  # kept: the view's signals hold no reference
    view.resize(1000, 700)
    view.show()

    def top_text() -> str:
        index = view.indexAt(QPoint(40, 10))
        m = model.message_at(index.row()) if index.isValid() else None
        return m.content if m is not None else ""

    async def measure(act: Callable[[], None], done: Callable[[], bool]) -> tuple[float, float]:
        """(largest stall ms, wall ms) from ``act()`` until ``done()``."""
        gaps: list[float] = []
        clock = QElapsedTimer()
        clock.start()
        last = [clock.nsecsElapsed()]

        def tick() -> None:
            now = clock.nsecsElapsed()
            gaps.append((now - last[0]) / 1e6 - 5)
            last[0] = now

        timer = QTimer()
        timer.setInterval(5)
        timer.setTimerType(Qt.TimerType.PreciseTimer)
        timer.timeout.connect(tick)
        timer.start()
        await asyncio.sleep(0.02)
        start = time.perf_counter()
        last[0] = clock.nsecsElapsed()
        act()
        while not done():
            await asyncio.sleep(0.002)
            if time.perf_counter() - start > 10:
                raise RuntimeError(f"not done after 10 s: {act}")
        wall = (time.perf_counter() - start) * 1000
        await asyncio.sleep(0.02)  # the paint after the last change
        timer.stop()
        return max(gaps[1:], default=0.0), wall

    def key(k: Qt.Key, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> Callable[[], None]:
        return lambda: QApplication.sendEvent(view, QKeyEvent(QKeyEvent.Type.KeyPress, k, mods))

    async def at_end() -> None:
        model.open_topic(topic.id)
        while not (view.is_at_bottom() and model.rowCount()):
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)

    async def run() -> None:
        results: dict[str, list[tuple[float, float]]] = {}
        rows: dict[str, int] = {}
        ctrl = Qt.KeyboardModifier.ControlModifier
        for _ in range(RUNS):
            await at_end()
            sb = view.verticalScrollBar()
            before = sb.value()
            results.setdefault("scroll one page up", []).append(
                await measure(lambda: sb.triggerAction(sb.SliderAction.SliderPageStepSub),
                              lambda: sb.value() != before))
            await asyncio.sleep(0.05)
            await at_end()
            count = model.rowCount()
            results.setdefault("load the older page (old Ctrl+Home step)", []).append(
                await measure(lambda: sb.setValue(sb.minimum()), lambda: model.rowCount() > count))
            await at_end()
            results.setdefault("Ctrl+Home → first message", []).append(
                await measure(key(Qt.Key.Key_Home, ctrl), lambda: top_text().startswith("Message 0:")))
            rows["Ctrl+Home → first message"] = model.rowCount()
            await asyncio.sleep(0.05)
            last = f"Message {n - 1}:"
            results.setdefault("Ctrl+End → newest message", []).append(
                await measure(key(Qt.Key.Key_End, ctrl), lambda: model.at_end and view.is_at_bottom()
                              and model.message_at(model.rowCount() - 1).content.startswith(last)))
            rows["Ctrl+End → newest message"] = model.rowCount()
        base = statistics.median(s for s, _w in results["scroll one page up"])
        print(f"topic of {n:,} messages; medians of {RUNS} runs; stall = largest 5 ms-timer gap beyond 5 ms")
        print(f"{'operation':44} {'stall ms':>9} {'wall ms':>8} {'× page':>7} {'rows':>6}")
        for name, xs in results.items():
            stall = statistics.median(s for s, _w in xs)
            wall = statistics.median(w for _s, w in xs)
            ratio = stall / base if base > 0 else float("inf")
            print(f"{name:44} {stall:9.1f} {wall:8.1f} {ratio:7.1f} {rows.get(name, ''):>6}")
        await runner.shutdown()
        assert jumps is not None

    with loop:
        loop.run_until_complete(run())
    events.detach()
    svc.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
