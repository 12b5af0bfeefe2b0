"""Ctrl+M from another page of the window (issue 30, audit54b): with the keyboard in
Search's query box, Ctrl+M still opens the Memory page at its top — the fixed memory's
filter box — and the query box keeps the user's words (the key does one thing)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.memory.fixed_page import MemoryPage
from tests.gui.helpers import reload_assistants


def test_ctrl_m_from_the_search_box_lands_on_the_memory_filter(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Search's query box holds "Lisbon"; Ctrl+M shows Memory with the keyboard in its
    filter, no entry current, and the query box still reads "Lisbon"."""
    a = services.assistants.create("Helper", model="gpt-4o-mini").id
    services.memory.save_raw(a, "#1: Prefers metric units\n#2: Lives in Lisbon\n")
    reload_assistants(window, qtbot, a)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    search = window.search.open()
    qtbot.waitUntil(lambda: search.isVisible(), timeout=5000)
    search.box.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is search.box, timeout=5000)
    qtbot.keyClicks(search.box, "Lisbon")
    qtbot.keyClick(search.box, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: isinstance(window.dialogs.get("memory"), MemoryPage), timeout=5000)
    page = window.dialogs["memory"]
    qtbot.waitUntil(lambda: page.isVisible() and page.loads >= 1 and page.model.rowCount() == 2, timeout=10000)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.filter_edit, timeout=5000)
    assert not search.isVisible()
    assert search.box.text() == "Lisbon"
    assert page.current_entry() is None
    qtbot.waitUntil(lambda: not window.runner.pending(), timeout=10000)
