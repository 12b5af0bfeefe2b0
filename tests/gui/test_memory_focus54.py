"""Ctrl+M lands at the top of the Memory page (issue 30, enums54): the keyboard went to
the dream day chooser at the bottom of the page whenever there were no dream cards yet
(walk50 #7); as in Cherry Studio and LobeHub, it now goes to the fixed memory's filter
box — or, with no entries yet, to its Add."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.memory.fixed_page import MemoryPage
from chathub_desktop.services.container import Services
from tests.gui.helpers import reload_assistants


def _days_waiting(services: Services, aid: int) -> None:
    """Two past days with messages: the day chooser offers them and there is no dream card."""
    services.dreams.set_schedule(aid, "daily", "02:00")
    for k, when in enumerate((datetime(2024, 5, 1, 9, tzinfo=UTC), datetime(2024, 1, 7, 9, tzinfo=UTC))):
        topic = services.topics.create(aid, title=f"Imported {k}").id
        services.chat.append_row(topic, role=Role.USER, content="an old question", created_at=when)


def _ctrl_m(window, qtbot) -> MemoryPage:  # type: ignore[no-untyped-def]
    """Press Ctrl+M in the active window; the page once its entries and days are read."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: isinstance(window.dialogs.get("memory"), MemoryPage), timeout=5000)
    page = window.dialogs["memory"]
    panel = page.dream_panel
    qtbot.waitUntil(lambda: page.loads >= 1 and panel.loads >= 1 and len(panel.day_picker.days) == 2
                    and not window.runner.pending(), timeout=10000)
    return page


def test_ctrl_m_puts_the_keyboard_on_the_filter_not_on_the_day_chooser(window, services, qtbot):  # type: ignore[no-untyped-def]
    """With entries, the keyboard is in the filter box (typing narrows the list at once);
    the day chooser, loaded after, does not take it although no dream card exists."""
    a = services.assistants.create("Helper", model="gpt-4o-mini").id
    services.memory.save_raw(a, "#1: Prefers metric units\n#2: Lives in Berlin\n")
    _days_waiting(services, a)
    reload_assistants(window, qtbot, a)
    page = _ctrl_m(window, qtbot)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.filter_edit, timeout=5000)
    assert page.dream_panel.cards_stack.currentWidget() is page.dream_panel.empty_label  # no dream card
    assert not page.dream_panel.day_picker.hasFocus()
    qtbot.keyClicks(page.filter_edit, "berlin")  # the next keys filter the fixed memory
    qtbot.waitUntil(lambda: page.model.rowCount() == 1, timeout=5000)


def test_ctrl_m_on_an_empty_memory_puts_the_keyboard_on_add(window, services, qtbot):  # type: ignore[no-untyped-def]
    """With no entry, the top of the page is the empty state's Add (Enter adds the first)."""
    a = services.assistants.create("Helper", model="gpt-4o-mini").id
    _days_waiting(services, a)
    reload_assistants(window, qtbot, a)
    page = _ctrl_m(window, qtbot)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.empty_add_button, timeout=5000)
    assert page.compact_empty and not page.dream_panel.day_picker.hasFocus()


def test_ctrl_m_selects_no_entry(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Landing at the top makes no entry current: no "Delete #1" beside the filter before
    the user picks one."""
    a = services.assistants.create("Helper", model="gpt-4o-mini").id
    services.memory.save_raw(a, "#1: Prefers metric units\n#2: Lives in Berlin\n")
    _days_waiting(services, a)
    reload_assistants(window, qtbot, a)
    page = _ctrl_m(window, qtbot)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.filter_edit, timeout=5000)
    assert page.current_entry() is None and page.delete_button.isHidden()
