"""Walkthrough walk55b on the Memory page's Dreaming memory group (issue 30, DRM-2, DRM-8):

- #6: Tab went through Dynamic memory before the dream schedule form above it (the form
  is made last); it now follows the page from top to bottom.
- #8: an opened range card folded back only by Space or the context menu, and nothing
  said so; a click on its header (with a chevron saying open or folded) folds it now,
  a click on a folded one opens it, and the tooltip says what a click does.
- #20: the Dynamic memory row mixed icon-only and labelled buttons; it is one toolbar
  as fixed memory's: the selected card's Regenerate, Edit and Delete named beside their
  icons while there is room, the whole timeline's Copy all, Restore and Clear in an
  overflow menu, every one reachable by keyboard.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from PySide6.QtCore import QEvent, QPoint, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QHelpEvent
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem, QToolTip, QWidget

from chathub_desktop.core.dream_schedule import DreamFrequency
from chathub_desktop.gui.memory.dream_cards import FOLD_HEADER_TIP, FOLD_TIP, OPEN_TIP
from chathub_desktop.gui.memory.fixed_page import MemoryPage
from tests.gui.helpers import reload_assistants
from tests.gui.test_dream_panel import active_yesterday, helper, idle, open_page, seed_cards, summ  # noqa: F401

#: Where Tab stops on the page, top to bottom, with one card selected and a day to dream
#: (Dream now and its day chooser enabled), a daily schedule (its time field) and fixed
#: memory's entries: the ``?`` marks before the control they explain.
PAGE_STOPS = [
    "memorySwitchHelp", "memorySwitch",
    "fixedMemoryHelp", "addMemoryButton", "rawEditButton", "searchMemoryButton", "historyButton",
    "memoryMoreButton", "memoryFilter", "memoryList",
    "dreamingFoldButton", "dreamingHelp",
    "topicSnippetsHelp", "topicSnippetsSwitch",
    "dreamScheduleHelp", "segment:Daily", "dreamTime",
    "keepDreamCardsHelp", "keepDreamCards",
    "dynamicMemoryHelp", "regenerateDreamCard", "editDreamCard", "deleteDreamCard", "dreamMoreButton",
    "dreamNowButton", "dreamDayPicker",
    "qt_tabwidget_tabbar", "dreamCardList",
]


def _name(w: QWidget) -> str:
    name = w.objectName()
    return f"{name}:{w.text()}" if name == "segment" else name  # type: ignore[attr-defined]


def _tab_through(qtbot: Any, first: QWidget, key: Qt.Key = Qt.Key.Key_Tab, most: int = 60) -> list[str]:
    """The names of the widgets Tab (or ``key``) gives the keyboard to, from ``first`` on,
    until it comes back to ``first`` (at most ``most`` presses)."""
    first.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is first, timeout=3000)
    seen = [_name(first)]
    for _ in range(most):
        qtbot.keyClick(QApplication.focusWidget(), key)
        w = QApplication.focusWidget()
        if w is None or w is first:
            break
        seen.append(_name(w))
    return seen


def _seed(services: Any, helper: int) -> None:  # noqa: F811
    services.memory.add(helper, "Prefers metric units")
    services.dreams.set_schedule(helper, DreamFrequency.DAILY, "02:00")
    day = active_yesterday(services, helper)  # a day to dream: Dream now and its chooser are on
    seed_cards(services, helper, [day - timedelta(days=3), day - timedelta(days=2)])


def test_tab_follows_the_page_from_top_to_bottom_in_the_window(  # type: ignore[no-untyped-def]
        window, services, helper, qtbot):  # noqa: F811
    """walk55b #6: in the window (the rail's Memory), Tab from the Enable switch goes
    through fixed memory, then the Dreaming memory group as it reads — Topic snippets, the
    schedule, Keep dream cards — and Dynamic memory last, its cards at the end."""
    _seed(services, helper)
    reload_assistants(window, qtbot, helper)
    window.memory_action.trigger()
    page = window.dialogs["memory"]
    assert isinstance(page, MemoryPage)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: page.loads >= 1 and panel.loads >= 1 and panel.model.rowCount() == 2
                    and panel.day_picker.count() >= 1 and page.steps.done and not window.runner.pending(),
                    timeout=10000)
    panel.select_number(2)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    stops = _tab_through(qtbot, page.switch.help)
    assert stops[:len(PAGE_STOPS)] == PAGE_STOPS
    # Shift+Tab walks the same stops back; the fixed list, come into with the keyboard, has
    # selected its card (walk56 keys), so its Delete #1 beside the filter is one stop more
    back = _tab_through(qtbot, panel.list, Qt.Key.Key_Backtab)
    stops = PAGE_STOPS[::-1]
    stops.insert(stops.index("memoryFilter"), "deleteButton")
    assert back[:len(stops)] == stops


def test_tab_follows_the_page_and_reaches_the_proposals_after_their_tab(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    """walk55b #6 on a page of its own (Qt's own chain): the same order; the Proposals
    tab's controls, made on its first show, come right after the tab bar (they went to
    the end of the window's chain)."""
    _seed(services, helper)
    page = open_page(helper)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.day_picker.count() >= 1 and page.steps.done and not page.runner.pending(),
                    timeout=5000)
    panel.select_number(2)
    page.activateWindow()
    stops = _tab_through(qtbot, page.switch.help)
    assert stops[:len(PAGE_STOPS)] == PAGE_STOPS
    section = panel.show_proposals()
    qtbot.waitUntil(lambda: section.loads >= 1 and not page.runner.pending(), timeout=5000)
    stops = _tab_through(qtbot, panel.tabs.tabBar())
    assert stops[:2] == ["qt_tabwidget_tabbar", "dreamReviewSwitch"]


def _range_page(open_page, services, helper, qtbot) -> Any:  # type: ignore[no-untyped-def]  # noqa: F811
    """The panel with a range card (#1) over two days and two single-day cards."""
    seed_cards(services, helper, [date(2026, 11, 26) + timedelta(days=k) for k in range(4)])
    services.dreams.set_keep(helper, 2)
    panel = open_page(helper).dream_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() == 3, timeout=5000)
    return panel


def _point_in(panel: Any, row: int, where: str) -> QPoint:
    """A point of card ``row`` in the list's viewport: on its header or in its body."""
    rect = panel.list.visualRect(panel.model.index(row))
    header = panel.delegate.header_rect(rect)
    if where == "header":
        return QPoint(header.left() + 40, header.center().y())
    return QPoint(rect.center().x(), header.bottom() + 20)


def test_a_click_opens_a_range_card_and_a_click_on_its_header_folds_it(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    """walk55b #8: click → open, click on the header → folded again; a click in the
    opened card's body selects it and leaves it open. The chevron in the corner says which."""
    panel = _range_page(open_page, services, helper, qtbot)
    model, view = panel.model, panel.list
    rng, day = model.row_of(1), model.row_of(2)  # the range card (#1) and a day's: newest first (walk56 #8)
    assert model.is_folded(rng) and model.face(rng).folded
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_point_in(panel, rng, "body"))
    qtbot.waitUntil(lambda: not model.is_folded(rng), timeout=3000)  # a click anywhere on a folded card opens it
    assert not model.face(rng).folded and "26 Nov 2026" in " ".join(panel.delegate._lines(1, model.face(rng).text, 600))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_point_in(panel, rng, "body"))
    assert not model.is_folded(rng) and panel.current_card() is model.card(rng)  # the body: selected, still open
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_point_in(panel, rng, "header"))
    qtbot.waitUntil(lambda: model.is_folded(rng), timeout=3000)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_point_in(panel, rng, "header"))
    qtbot.waitUntil(lambda: not model.is_folded(rng), timeout=3000)
    # a single-day card has no fold: a click on its header only selects it
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_point_in(panel, day, "header"))
    assert panel.current_card() is model.card(day) and not model.is_folded(rng)
    # Space still folds it (the list's action), as before
    panel.select_number(1)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert model.is_folded(rng)


def test_a_range_cards_tooltip_says_what_a_click_does(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot, monkeypatch):  # noqa: F811
    """walk55b #8: folded, the card's tooltip says a click opens it; opened, its header's
    says a click folds it, and its body's where to click."""
    panel = _range_page(open_page, services, helper, qtbot)
    model, view = panel.model, panel.list
    rng, day = model.row_of(1), model.row_of(2)  # the range card (#1) and a day's: newest first (walk56 #8)
    tip = model.index(rng).data(Qt.ItemDataRole.ToolTipRole)
    assert "Click to open: show the days folded into this card (Space)" in tip and OPEN_TIP in tip
    assert "Click" not in model.index(day).data(Qt.ItemDataRole.ToolTipRole)  # a single-day card: no fold
    shown: list[str] = []
    monkeypatch.setattr(QToolTip, "showText", lambda _pos, text, *_a: shown.append(text))
    model.toggle_fold(rng)
    view.doItemsLayout()
    option = QStyleOptionViewItem()
    option.rect = view.visualRect(model.index(rng))
    at = _point_in(panel, rng, "header")
    event = QHelpEvent(QEvent.Type.ToolTip, at, view.viewport().mapToGlobal(at))
    assert panel.delegate.helpEvent(event, view, option, model.index(rng))
    assert shown == ["Click to fold: the days back into one line (Space)"] and shown[0] == FOLD_TIP
    assert FOLD_HEADER_TIP in model.index(rng).data(Qt.ItemDataRole.ToolTipRole)
    assert "Click the card's header to fold it again (Space)" in model.index(rng).data(Qt.ItemDataRole.ToolTipRole)


def test_the_dynamic_memory_row_is_one_toolbar_as_fixed_memorys(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    """walk55b #20: every button of both rows but the overflow menu's says its name beside
    its icon while there is room — none icon-only beside a labelled one; the rest of the
    dream cards' actions are in the menu, with their icons and tooltips."""
    seed_cards(services, helper, [date(2026, 11, 29), date(2026, 11, 30)])
    page = open_page(helper)
    page.resize(1300, 760)
    panel = page.dream_panel
    beside = Qt.ToolButtonStyle.ToolButtonTextBesideIcon
    dream = (panel.regenerate_button, panel.edit_button, panel.delete_button)
    fixed = (page.add_button, page.raw_button, page.search_button, page.history_button)
    qtbot.waitUntil(lambda: all(b.toolButtonStyle() == beside for b in (*dream, *fixed)), timeout=5000)
    assert [b.text() for b in dream] == ["Regenerate", "Edit", "Delete"]
    assert [b.accessibleName() for b in dream] == ["Regenerate", "Edit", "Delete"]
    for more in (panel.more_button, page.more_button):
        assert more.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly and more.menu() is not None
    assert panel.more_button.accessibleName() == "More dream card actions"
    assert panel.more_button.toolTip() == "Copy all dream cards, Restore previous version, Clear all dream cards"
    items = [a for a in panel.more_menu.actions() if not a.isSeparator()]
    assert [a.text() for a in items] == ["&Copy all dream cards", "&Restore previous version", "C&lear all dream cards…"]
    assert all(not a.icon().isNull() and a.toolTip() for a in items)
    assert panel.copy_all_action.shortcut().toString() == "Ctrl+Shift+C"
    assert not panel.restore_action.isEnabled()  # greyed, saying why
    assert panel.restore_action.toolTip().endswith("\nNothing to restore yet: no change to the dream cards.")


def test_the_overflow_menu_and_shortcuts_work_from_the_keyboard(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    """walk55b #20: Tab reaches the overflow button, Space opens its menu (Esc closes it);
    Ctrl+Shift+C copies every card without opening it; Ctrl+R, Enter and Del stay on the list."""
    seed_cards(services, helper, [date(2026, 11, 29), date(2026, 11, 30)])
    page = open_page(helper)
    panel = page.dream_panel
    page.activateWindow()
    more = panel.more_button
    stops = _tab_through(qtbot, panel.cards_help)
    assert "dreamMoreButton" in stops
    more.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(more.hasFocus, timeout=3000)
    opened: list[list[str]] = []

    def look() -> None:  # the menu runs its own loop while open
        menu = panel.more_menu
        opened.append([a.text() for a in menu.actions() if a.isVisible() and not a.isSeparator()]
                      if menu.isVisible() else [])
        menu.close()

    QTimer.singleShot(300, look)
    qtbot.keyClick(more, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: bool(opened), timeout=3000)
    assert opened == [["&Copy all dream cards", "&Restore previous version", "C&lear all dream cards…"]]
    QGuiApplication.clipboard().setText("")
    qtbot.keyClick(panel.list, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text().startswith("#1 [2026-11-29]:"), timeout=5000)
    idle(qtbot, panel)
    keys = {a.shortcut().toString() for a in panel.list.actions()}
    assert {"Return", "Ctrl+R", "Del", "Space"} <= keys



def test_the_editors_made_on_first_use_take_tab_where_they_show(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    """walk55b #6: Add memory's editor (above the list) and the raw editor (in the list's
    place), made on first use, went to the end of the chain, after the dream cards; Tab
    now reaches them where they show."""
    _seed(services, helper)
    page = open_page(helper)
    qtbot.waitUntil(lambda: page.steps.done and not page.runner.pending(), timeout=5000)
    page.activateWindow()
    page.add_memory()
    assert _tab_through(qtbot, page.more_button)[:5] == [
        "memoryMoreButton", "memoryFilter", "addMemoryEditor", "memoryList", "dreamingFoldButton"]
    page.entry_actions.add_editor.cancelled.emit()
    page.raw.open_raw()
    qtbot.waitUntil(lambda: page.raw.is_open, timeout=5000)
    assert _tab_through(qtbot, page.more_button)[:2] == ["memoryMoreButton", "rawEdit"]  # Tab then types in it
    # the Dreaming memory group gives the raw editor the page (walk56 #6): Save is the page's last stop
    assert _tab_through(qtbot, page.raw.cancel_raw_button)[:3] == [
        "cancelRawButton", "saveRawButton", "pageBack"]
    page.raw.cancel_raw()
