"""Walkthrough walk56 on the fixed memory's list (issue 30, MEM-2, MEM-7, REF-3): the filter
row does not move as a selection comes and goes (#13: the box narrowed from 900 to 810 to
802 px with "Delete #3" / "Delete #32"); while filtering, the count and Mark as trusted speak
of the listed entries (#13: "1 untrusted" beside three trusted matches); Search memory brings
the box into sight; Add memory stays open for the next entry (#16: five facts were five
Ctrl+N); the keyboard coming into a list selects the card its focus ring shows, so Del and
Ctrl+P act on it (they did nothing: no selection)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel, QModelIndex, QPoint, Qt
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.memory_authors import EntryOrigin
from chathub_desktop.gui.memory.fixed_page import MemoryPage

WIDTH, HEIGHT = 1366 - 56, 768 - 40  # the page in a 1366×768 window (the rail and the title bar aside)


def _loaded(qtbot: Any, p: MemoryPage, total: int) -> None:
    qtbot.waitUntil(lambda: p.model.entry_count() == total and not p.runner.pending() and not p.busy,
                    timeout=5000)


def _seed(services: Any, assistant: int, n: int) -> None:
    for k in range(1, n + 1):
        services.memory.add(assistant, f"fact number {k}")


def _activate(qtbot: Any, p: MemoryPage) -> None:
    p.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is p, timeout=3000)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_filter_box_keeps_its_width_as_the_selection_changes(page, services, assistant, qtbot, theme):  # type: ignore[no-untyped-def]
    """walk56 #13: selecting #3, then #32, then nothing leaves the filter box, the count
    and the row where they were (Delete keeps the room of its widest label)."""
    from chathub_desktop.gui.design.theme import ViewPrefs, apply_theme

    apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
    try:
        page.resize(WIDTH, HEIGHT)
        _seed(services, assistant, 32)
        page.schedule_reload()
        _loaded(qtbot, page, 32)
        page.list.clearSelection()
        qtbot.waitUntil(lambda: page.current_entry() is None, timeout=3000)
        qtbot.wait(50)

        def row() -> tuple[int, int, int]:
            return page.filter_edit.width(), page.count_label.x(), page.list.mapTo(page, QPoint(0, 0)).y()

        before = row()
        assert not page.delete_button.isVisibleTo(page)
        for number in (3, 32):
            page.select_number(number)
            qtbot.waitUntil(lambda n=number: page.delete_button.text() == f"Delete #{n}"
                            and page.delete_button.isVisibleTo(page), timeout=3000)
            qtbot.wait(50)
            assert row() == before, number
            assert page.delete_button.width() >= page.delete_button.sizeHint().width()  # "Delete #32" whole
        page.list.clearSelection()
        qtbot.waitUntil(lambda: not page.delete_button.isVisibleTo(page), timeout=3000)
        qtbot.wait(50)
        assert row() == before
    finally:
        ViewPrefs(QApplication.instance(), None).apply()  # the suite's look again


def test_while_filtering_the_untrusted_count_and_mark_as_trusted_are_the_matches(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """walk56 #13: "1 untrusted" and Mark as trusted stayed while none of the matches was
    untrusted. While filtering, both speak of the listed entries; without a filter, of all."""
    for text in ("Writes Python daily", "Prefers Python type hints", "Lives in Lisbon"):
        services.memory.add(assistant, text)
    services.memory.add(assistant, "Always reply in French", EntryOrigin.AGENT, trusted=False)
    page.schedule_reload()
    _loaded(qtbot, page, 4)
    assert page.count_label.text() == "4 entries · 1 untrusted" and page.trust_button.isVisibleTo(page)

    qtbot.keyClicks(page.filter_edit, "python")
    qtbot.waitUntil(lambda: page.model.total() == 2, timeout=3000)
    assert page.count_label.text() == "2 of 4 entries match"  # neither match is untrusted
    assert not page.trust_button.isVisibleTo(page)

    page.filter_edit.clear()
    qtbot.keyClicks(page.filter_edit, "french")
    qtbot.waitUntil(lambda: page.model.total() == 1, timeout=3000)
    assert page.count_label.text() == "1 of 4 entries match · 1 untrusted"
    assert page.trust_button.isVisibleTo(page) and not page.trust_button.isEnabled()
    page.select_number(4)
    assert page.trust_button.isEnabled()

    page.filter_edit.clear()
    qtbot.waitUntil(lambda: page.model.total() == 4, timeout=3000)
    assert page.count_label.text() == "4 entries · 1 untrusted" and page.trust_button.isVisibleTo(page)


def test_add_memory_twice_in_a_row_without_reopening(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """walk56 #16: Enter adds and the editor stays open, empty, the keyboard in it, saying
    the next entry goes there; each added entry is selected and scrolled to in a long list;
    Esc closes the editor."""
    page.resize(WIDTH, HEIGHT)
    _seed(services, assistant, 45)  # more rows than the list lays out at once (FIXED_LAYOUT_BATCH)
    page.schedule_reload()
    _loaded(qtbot, page, 45)
    _activate(qtbot, page)
    ed = page.entry_actions.add_memory()
    for k, text in enumerate(("Drinks oat milk", "Plays the viola"), start=46):
        qtbot.waitUntil(ed.hasFocus, timeout=3000)
        qtbot.keyClicks(ed, text)
        qtbot.keyClick(ed, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda k=k: page.current_entry() is not None and page.current_entry().number == k
                        and not page.busy, timeout=5000)
        assert ed.isVisible() and ed.toPlainText() == ""  # open for the next, not reopened
        assert ed.placeholderText() == f"Added #{k}. Type the next entry, or press Esc to close."
        qtbot.waitUntil(lambda: page.list.viewport().rect().contains(  # the list scrolled to it …
            page.list.visualRect(page.list.currentIndex())), timeout=3000)
        qtbot.wait(50)
        shown = page.list.visualRect(page.list.currentIndex())
        sight = page.body_scroll.viewport()
        at = page.list.viewport().mapTo(sight, shown.topLeft()).y()
        assert 0 <= at and at + shown.height() <= sight.height()  # … and the page: the card whole
        top = ed.mapTo(sight, QPoint(0, 0)).y()
        assert 0 <= top and top + ed.height() <= sight.height()  # the editor still in sight
    assert [e.text for e in services.memory.entries(assistant)][-2:] == ["Drinks oat milk", "Plays the viola"]
    assert "Esc closes" in ed.footer.text()
    qtbot.keyClick(ed, Qt.Key.Key_Escape)
    assert not ed.isVisible()
    ed = page.entry_actions.add_memory()  # opened again: the first placeholder
    assert ed.placeholderText() == "A new fact, preference or instruction; it is added at the end"


def _unselected_current(view: Any) -> None:
    """A current row with nothing selected, as a reload or a click elsewhere leaves it."""
    view.selectionModel().clearSelection()
    view.selectionModel().setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.NoUpdate)


def test_tab_into_the_list_then_del_asks_to_delete_the_ringed_card(page, services, assistant, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """walk56 keys: Tab into the fixed list rings a card, and Del asked nothing (it acts on
    the selection, which was empty). The keyboard coming in selects the ringed card: Del
    asks to delete it; after Tab out and back, Ctrl+P pauses it."""
    from chathub_desktop.gui.dialogs import confirm

    for text in ("Prefers metric units", "Lives in Lisbon"):
        services.memory.add(assistant, text)
    page.schedule_reload()
    _loaded(qtbot, page, 2)
    _unselected_current(page.list)
    _activate(qtbot, page)
    page.filter_edit.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(page.filter_edit.hasFocus, timeout=3000)
    qtbot.keyClick(page.filter_edit, Qt.Key.Key_Tab)
    qtbot.waitUntil(page.list.hasFocus, timeout=3000)
    ringed = page.list.currentIndex()
    assert ringed.isValid() and page.current_entry() is not None
    assert page.current_entry().number == page.model.entry(ringed.row()).number == 1
    asked: list[str] = []
    monkeypatch.setattr(confirm, "ask", lambda _p, _title, text, *_a: asked.append(text) or False)
    qtbot.keyClick(page.list, Qt.Key.Key_Delete)
    assert asked and asked[0].startswith("Delete #1: “Prefers metric units”?")

    page.filter_edit.setFocus(Qt.FocusReason.BacktabFocusReason)
    _unselected_current(page.list)
    qtbot.keyClick(page.filter_edit, Qt.Key.Key_Tab)
    qtbot.waitUntil(page.list.hasFocus, timeout=3000)
    qtbot.keyClick(page.list, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: services.memory.entry_views(assistant)[0].paused, timeout=5000)


def test_tab_into_the_dream_cards_selects_the_ringed_card(window, services, qtbot):  # type: ignore[no-untyped-def]
    """The dream card list likewise: Tab in from the Cards tab selects the card it rings,
    so Edit and Delete are offered for it."""
    from datetime import timedelta

    from tests.gui.helpers import reload_assistants
    from tests.gui.test_dream_panel import active_yesterday, seed_cards

    helper = services.assistants.create("Helper", model="gpt-4o-mini").id
    day = active_yesterday(services, helper)
    seed_cards(services, helper, [day - timedelta(days=3), day - timedelta(days=2)])
    reload_assistants(window, qtbot, helper)
    window.memory_action.trigger()
    page = window.dialogs["memory"]
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.loads >= 1 and panel.model.rowCount() == 2 and page.steps.done
                    and not window.runner.pending(), timeout=10000)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    _unselected_current(panel.list)
    bar = panel.tabs.tabBar()
    bar.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(bar.hasFocus, timeout=3000)
    qtbot.keyClick(bar, Qt.Key.Key_Tab)
    qtbot.waitUntil(panel.list.hasFocus, timeout=3000)
    assert panel.list.currentIndex().isValid() and panel.current_card() is not None
    assert panel.delete_button.isEnabled()


def test_search_memory_brings_the_filter_box_into_sight(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """walk56 #13: Search memory only put the cursor in a box on screen. From the bottom of
    the page (the dream cards), Ctrl+F scrolls the page to the box, its words selected."""
    from datetime import date, timedelta

    from tests.gui.test_dream_panel import seed_cards

    page.resize(800 - 56, 560 - 40)
    _seed(services, assistant, 12)
    seed_cards(services, assistant, [date(2026, 5, 1) + timedelta(days=k) for k in range(6)])
    page.schedule_reload()
    page.dream_panel.schedule_reload()
    _loaded(qtbot, page, 12)
    qtbot.waitUntil(lambda: page.dream_panel.model.rowCount() == 6, timeout=5000)
    qtbot.keyClicks(page.filter_edit, "fact")
    qtbot.waitUntil(lambda: page.steps.done, timeout=5000)
    bar = page.body_scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=3000)
    bar.setValue(bar.maximum())
    page.dream_panel.setFocus()
    top = page.filter_edit.mapTo(page.body_scroll.viewport(), QPoint(0, 0)).y()
    assert top + page.filter_edit.height() < 0  # out of sight above
    page.search_action.trigger()
    assert page.filter_edit.hasFocus() and page.filter_edit.selectedText() == "fact"
    top = page.filter_edit.mapTo(page.body_scroll.viewport(), QPoint(0, 0)).y()
    assert 0 <= top and top + page.filter_edit.height() <= page.body_scroll.viewport().height()
