"""The Memory page's card editor as walk50b found it (issue 30): one save rule — only
Enter saves, Esc cancels, focus moving elsewhere keeps the draft open and unsaved (a
click on Copy, Tab and a click on Edit saved it); Edit on an open editor focuses it;
double Enter or Edit prints no Qt warning; the status line follows a language switch;
at 800×560 the page scrolls the open editor fully into view (DRM-8, MEM-3)."""

from __future__ import annotations

from datetime import date
from typing import Any

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.memory.card_editor import CardTextEdit
from chathub_desktop.gui.shell.nav_rail import RailEntry
from tests.gui.test_dream_panel import (  # noqa: F401  (fixtures)
    card_editor,
    helper,
    idle,
    open_page,
    seed_cards,
    summ,
)
from tests.gui.test_i18n_memory import _open

DAY_TEXT = "Prefers answers about theme 30 in tables\nand short intros"
WARNINGS = ("commitData called with an editor", "edit: editing failed")


def _active(page: Any, qtbot: Any) -> None:
    page.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is page, timeout=3000)


def _qt_warnings(qtlog: Any) -> list[str]:
    return [r.message for r in qtlog.records if any(w in r.message for w in WARNINGS)]


def test_focus_leaving_a_dream_card_editor_keeps_the_draft_unsaved(open_page, services, helper, qtbot, qtlog):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk50b #3: a click on Copy, Tab and a click on Edit saved the card although the
    footer says "Enter saves · Esc cancels". Now they leave the draft open and unsaved;
    Edit focuses the open editor; Enter (pressed twice) saves once, without a Qt warning."""
    seed_cards(services, helper, [date(2026, 11, 30)])
    page = open_page(helper)
    panel = page.dream_panel
    _active(page, qtbot)
    ed = panel.card_actions.edit_card(1)
    assert ed is not None
    qtbot.waitUntil(ed.hasFocus, timeout=3000)
    qtbot.keyClicks(ed, " draft")
    qtbot.mouseClick(page.filter_edit, Qt.MouseButton.LeftButton)  # a click elsewhere on the page
    panel.copy_all_action.trigger()  # Copy all dream cards, from the row's overflow menu (walk55b #20)
    qtbot.keyClick(ed, Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: not ed.hasFocus(), timeout=3000)
    idle(qtbot, panel)
    assert services.dreams.cards(helper)[0].text == DAY_TEXT
    assert card_editor(panel) is ed and ed.isVisible() and ed.toPlainText() == DAY_TEXT + " draft"
    qtbot.mouseClick(panel.edit_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(ed.hasFocus, timeout=3000)  # the open editor, focused, the draft kept
    assert card_editor(panel) is ed and ed.toPlainText() == DAY_TEXT + " draft"
    assert services.dreams.cards(helper)[0].text == DAY_TEXT
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: services.dreams.cards(helper)[0].text == DAY_TEXT + " draft", timeout=5000)
    idle(qtbot, panel)
    assert panel.status_label.text() == "Saved the card for 30 Nov 2026"
    assert _qt_warnings(qtlog) == []


def test_focus_leaving_a_fixed_entry_editor_keeps_the_draft_and_edit_focuses_it(open_page, services, helper, qtbot, qtlog):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk50b #3, fixed memory (MEM-3): Tab out of the in-place editor saves nothing and
    keeps it open; Edit again focuses it (no "edit: editing failed"); Esc drops the draft."""
    services.memory.add(helper, "Prefers short answers")
    page = open_page(helper)
    qtbot.waitUntil(lambda: page.model.rowCount() == 1, timeout=5000)
    _active(page, qtbot)
    page.select_number(1)
    page.entry_actions.edit_current()
    ed = page.list.findChild(CardTextEdit, "memoryCardEditor")
    assert ed is not None
    qtbot.waitUntil(ed.hasFocus, timeout=3000)
    qtbot.keyClicks(ed, " typed")
    qtbot.keyClick(ed, Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: not ed.hasFocus(), timeout=3000)
    qtbot.waitUntil(lambda: not page.runner.pending(), timeout=5000)
    assert [e.text for e in services.memory.entries(helper)] == ["Prefers short answers"]
    assert ed.isVisible() and ed.toPlainText() == "Prefers short answers typed"
    page.entry_actions.edit_current()
    page.entry_actions.edit_current()
    qtbot.waitUntil(ed.hasFocus, timeout=3000)
    assert page.list.findChild(CardTextEdit, "memoryCardEditor") is ed
    qtbot.keyClick(ed, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not ed.isVisible(), timeout=3000)
    qtbot.waitUntil(lambda: not page.runner.pending(), timeout=5000)
    assert [e.text for e in services.memory.entries(helper)] == ["Prefers short answers"]
    assert _qt_warnings(qtlog) == []


def test_the_status_line_follows_a_language_switch(window: Any, services: Any, qtbot: Any) -> None:
    """Walk50b #4: "Saved #1" stayed English after a switch to 日本語 (and a Japanese line
    stayed after switching back). The line is said again in the new language."""
    page = _open(window, services, qtbot)
    page.select_number(1)
    page.entry_actions.edit_current()
    ed = page.list.findChild(CardTextEdit, "memoryCardEditor")
    assert ed is not None
    qtbot.keyClicks(ed, " always")
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.status_label.text() == "Saved #1", timeout=5000)
    try:
        window.view.language_actions[UiLanguage.JAPANESE].trigger()
        qtbot.waitUntil(lambda: page.fixed_title.text() == "固定メモリ", timeout=3000)
        assert page.status_label.text() == "#1 を保存しました"
    finally:
        window.view.language.apply(UiLanguage.ENGLISH)
        qtbot.waitUntil(lambda: window.rail.buttons[RailEntry.CHATS].accessibleName() == "Chats", timeout=3000)
        window.view.language.apply(UiLanguage.SYSTEM)
    assert page.status_label.text() in ("Saved #1", "")  # re-said, or its few seconds ran out


def test_at_800x560_the_open_editor_shows_whole(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk50b #5: at 800×560 the dream card's editor ran past the bottom edge, its count
    line hidden. The page scrolls it fully into view as it opens."""
    seed_cards(services, helper, [date(2026, 11, 28), date(2026, 11, 29), date(2026, 11, 30)])
    page = open_page(helper)
    panel = page.dream_panel
    page.resize(800, 560)
    qtbot.waitUntil(lambda: page.size().width() == 800 and page.size().height() == 560, timeout=3000)
    ed = panel.card_actions.edit_card(3)
    assert ed is not None
    viewport = page.body_scroll.viewport()

    def shown_whole() -> bool:
        top_left = ed.mapTo(viewport, QPoint(0, 0))
        return ed.isVisible() and viewport.rect().contains(QRect(top_left, ed.size()))

    qtbot.waitUntil(shown_whole, timeout=5000)
    assert ed.footer.text().startswith(f"{len(DAY_TEXT):,} / 3,200 characters")
    qtbot.keyClick(ed, Qt.Key.Key_Escape)
    idle(qtbot, panel)


def test_a_click_on_another_card_saves_the_draft_instead_of_dropping_it(open_page, services, helper, qtbot, qtlog):  # type: ignore[no-untyped-def]  # noqa: F811
    """Issue 30 (MEM-3: nothing typed is lost): a click on another card closes the open
    editor (Qt's item views close it when the current row changes); what was typed is
    saved then, not dropped, and Qt prints no warning."""
    seed_cards(services, helper, [date(2026, 11, 29), date(2026, 11, 30)])
    page = open_page(helper)
    panel = page.dream_panel
    _active(page, qtbot)
    ed = panel.card_actions.edit_card(1)
    assert ed is not None
    qtbot.waitUntil(ed.hasFocus, timeout=3000)
    qtbot.keyClicks(ed, " kept")
    editing = panel.list.currentIndex().row()
    other = panel.model.index(1 - editing)
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=panel.list.visualRect(other).center())
    qtbot.waitUntil(lambda: card_editor(panel) is None, timeout=3000)
    idle(qtbot, panel)
    texts = sorted(c.text for c in services.dreams.cards(helper))  # card #1 is 29 Nov's
    assert texts == ["Prefers answers about theme 29 in tables\nand short intros kept",
                     "Prefers answers about theme 30 in tables\nand short intros"]
    assert _qt_warnings(qtlog) == []
