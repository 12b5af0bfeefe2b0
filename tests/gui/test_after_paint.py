"""Work started after a widget's paint (:mod:`chathub_desktop.gui.shell.after_paint`) runs
even when PySide drops the Python object of the widget it waits on (stall53)."""

from __future__ import annotations

import shiboken6
from PySide6.QtWidgets import QLineEdit, QListView, QVBoxLayout, QWidget

from chathub_desktop.gui.shell.after_paint import after_paint
from chathub_desktop.gui.shell.focus_chain import FocusChain


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
