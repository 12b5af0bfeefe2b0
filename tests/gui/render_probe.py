"""Render message texts through the real message view in a process of its own
(issue 32): ``python -m tests.gui.render_probe CASES.json MARKER_DIR``.

CASES.json is a JSON list of message texts. The probe builds a shown
:class:`~chathub_desktop.gui.chat.message_list_view.MessageListView` (offscreen), prints
``{"ready": true}`` and then, for each text, opens ``MARKER_DIR/case-<i>`` (a missing
file: the open is the mark an ``strace`` audit splits its log on), shows the text as
an assistant reply and runs the event loop until every slice of it is laid out, then
paints the view, and prints one JSON line: ``case``, ``stall_s`` (the largest gap
between the ticks of a 5 ms ``QTimer`` meanwhile: how long the window was frozen at
once), ``cpu_s`` (the most GUI-thread processor time between two of those ticks),
``total_s`` (show to painted, all slices) and ``rss_mb``. The parent
(:mod:`tests.gui.render_audit`) audits what the process opened meanwhile.
"""

from __future__ import annotations

import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import Role


def rss_mb() -> float:
    """The process's resident memory, MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class StallMeter:
    """The largest gap between the ticks of a 5 ms ``QTimer`` since :meth:`reset`, s:
    the longest the GUI thread was kept from its event loop (STYLE.md); and the most
    processor time the GUI thread spent between two ticks (:meth:`worst_cpu`: the same
    stall without the time other processes took the core, so it holds on a loaded
    machine)."""

    def __init__(self) -> None:
        from PySide6.QtCore import Qt, QTimer

        self._last = time.perf_counter()
        self._worst = 0.0
        self._last_cpu = time.thread_time()
        self._worst_cpu = 0.0
        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._tick)
        self._timer.start()

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        self._worst = max(self._worst, now - self._last)
        self._worst_cpu = max(self._worst_cpu, cpu - self._last_cpu)
        self._last, self._last_cpu = now, cpu

    def reset(self) -> None:
        """Start a new measurement."""
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        self._worst = self._worst_cpu = 0.0

    def worst_cpu(self) -> float:
        """The most GUI-thread processor time between two ticks since :meth:`reset`
        (the current interval included), s."""
        return max(self._worst_cpu, time.thread_time() - self._last_cpu)

    def worst(self) -> float:
        """The largest gap since :meth:`reset` (the current one included), s."""
        return max(self._worst, time.perf_counter() - self._last)


class _NoTopics:
    """The topic service the probe's model never reads (pages are handed to it)."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the render probe reads no store ({name})")


def main(cases_file: str, marker_dir: str) -> int:
    """Render every case of ``cases_file`` (see the module docstring)."""
    from PySide6.QtCore import QEvent, QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.chat.markdown_render import load_math
    from chathub_desktop.gui.chat.message_list_model import MessageListModel, TopicPage
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.services.events import EventBus
    from chathub_desktop.services.views import MessageView

    texts = json.loads(Path(cases_file).read_text(encoding="utf-8"))
    app = QApplication.instance() or QApplication(sys.argv[:1])
    load_math()
    events = ChatEvents(EventBus())
    model = MessageListModel(_NoTopics(), events)  # type: ignore[arg-type]
    view = MessageListView(model)
    view.resize(800, 600)
    view.show()
    app.processEvents()
    now = datetime.now(UTC)

    stall = StallMeter()

    def show(i: int, text: str) -> tuple[float, float, float]:
        m = MessageView(id=i + 1, topic_id=1, seq=i, role=Role.ASSISTANT, content=text,
                        content_type="text", status="complete", created_at=now)
        start = time.perf_counter()
        stall.reset()
        model.show_page(TopicPage(1, 0, (m,), None))
        loop = QEventLoop()
        check = QTimer()
        check.setInterval(5)
        check.timeout.connect(lambda: loop.quit() if view.delegate.settled else None)
        check.start()
        while True:
            loop.exec()  # the window's own layout and paint, slice by slice
            view.viewport().grab()  # painted now (offscreen may not have painted yet)
            app.processEvents()
            if view.delegate.settled:
                break
        check.stop()
        return stall.worst(), stall.worst_cpu(), time.perf_counter() - start

    show(-1, "warm **up** `code` $x^2$")  # fonts and the first document, before the audit
    print(json.dumps({"ready": True, "rss_mb": rss_mb()}), flush=True)
    for i, text in enumerate(texts):
        try:
            (Path(marker_dir) / f"case-{i}").open()
        except OSError:
            pass
        stall_s, cpu_s, total_s = show(i, text)
        print(json.dumps({"case": i, "stall_s": stall_s, "cpu_s": cpu_s, "total_s": total_s, "rss_mb": rss_mb()}),
              flush=True)
    events.detach()
    view.delegate.docs.close()
    view.close()
    view.deleteLater()  # a caller running the probe again (the benchmark) gets the memory back
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return 0


if __name__ == "__main__":
    from chathub_desktop.app_bootstrap import GIL_SWITCH_INTERVAL_S

    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)  # as the window does
    raise SystemExit(main(sys.argv[1], sys.argv[2]))
