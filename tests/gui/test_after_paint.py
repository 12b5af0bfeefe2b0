"""Work started after a widget's paint (:mod:`chathub_desktop.gui.shell.after_paint`) runs
even when PySide drops the Python object of the widget it waits on (stall53), and after
the timers that came due during a long paint (stall54)."""

from __future__ import annotations

import time

import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLineEdit, QListView, QVBoxLayout, QWidget

from chathub_desktop.gui.shell.after_paint import after_paint
from chathub_desktop.gui.shell.focus_chain import FocusChain
from chathub_desktop.gui.shell.turn_clock import FRESH_MS


def test_work_after_a_viewports_paint_runs_when_pyside_drops_its_python_object(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 30: the window's Tab order walks Qt's focus chain from Python, and PySide
    makes each widget it returns the child of the one asked; deleting a widget early in
    the chain (the previous assistant's Memory page) then drops the Python objects of the
    Qt-made widgets after it, which live on — the message list's viewport among them. The
    opened topic's "rows painted" step, waiting on that viewport, raised "Internal C++
    object (QWidget) already deleted" (4× in memfit52's screenshot script on switching the
    Memory page to another assistant) and never ran."""
    window = QWidget()
    qtbot.addWidget(window)
    lay = QVBoxLayout(window)
    page = QLineEdit()  # before the list in Qt's focus chain
    view = QListView()
    lay.addWidget(page)
    lay.addWidget(view)
    window.show()
    qtbot.waitExposed(window)
    view.hide()  # it does not paint: the work starts after the fallback
    viewport = view.viewport()
    ran: list[bool] = []
    after_paint(viewport, lambda: ran.append(True), fallback_ms=500)
    FocusChain(window, [window], window).stops()  # Tab's walk of the chain
    page.deleteLater()
    qtbot.waitUntil(lambda: not shiboken6.isValid(viewport), timeout=2000)  # PySide dropped it...
    assert shiboken6.isValid(view.viewport())  # ...while the viewport lives on
    qtbot.waitUntil(lambda: ran == [True], timeout=2000)


class _SlowPaint(QWidget):
    """A widget whose paint starts a timer (input or an animation come due meanwhile) and
    then works ``cpu_s`` seconds of CPU, as the Memory page's first paint does."""

    def __init__(self, cpu_s: float, order: list[str]) -> None:
        super().__init__()
        self._cpu_s, self.order = cpu_s, order
        self.other = QTimer(self)
        self.other.setSingleShot(True)
        self.other.timeout.connect(lambda: order.append("other timer"))

    def paintEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 - Qt override
        """Start the other timer, then the paint's work."""
        if not self.order:
            self.order.append("painted")
            self.other.start(0)
            end = time.thread_time() + self._cpu_s
            while time.thread_time() < end:
                pass


def test_a_step_after_a_long_paint_lets_the_timers_due_during_it_run_first(qtbot) -> None:  # type: ignore[no-untyped-def]
    """stall54: a step waiting for a paint was armed when the paint began, so it fired
    before every timer that came due during the paint (a 5 ms probe of the window, input):
    the Memory page's first paint and the dream panel's making ran between two of its ticks.
    A paint that used more than a fresh turn's CPU makes the step wait one turn more."""
    order: list[str] = []
    widget = _SlowPaint(2 * FRESH_MS / 1000, order)
    qtbot.addWidget(widget)
    after_paint(widget, lambda: order.append("step"), fresh=True)
    widget.show()
    qtbot.waitUntil(lambda: "step" in order, timeout=5000)
    assert order == ["painted", "other timer", "step"]
