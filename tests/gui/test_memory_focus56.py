"""Walkthrough walk56 #7 on the Memory page (issue 30, MEM-2, DRM-8): keyboard focus was
invisible in the fixed list, the dream card list and the Cards/Proposals tab bar. Tab into
a list now makes the first card in sight current (and, since walk56's keys finding, selected:
Del and Ctrl+P act on it; test_memory_list57) and rings it in the app's
focus colour; the focused tab wears the buttons' ring; nothing is ringed once the keyboard
leaves. Both themes; the ring at 3:1 or more on the page."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QListView, QWidget

from chathub_desktop.gui.design.contrast import contrast_ratio
from chathub_desktop.gui.design.tokens import colours_for
from chathub_desktop.gui.memory.fixed_page import MemoryPage
from tests.gui.helpers import reload_assistants
from tests.gui.test_dream_panel import active_yesterday, helper, seed_cards, summ  # noqa: F401


def _ring_pixels(image: QImage, rect: QRect, colour: QColor) -> int:
    """Pixels of ``colour`` (within 24 per channel: antialiasing) on the 2-px edge of ``rect``."""
    n = 0
    for y in range(max(0, rect.top()), min(image.height(), rect.bottom() + 1)):
        for x in range(max(0, rect.left()), min(image.width(), rect.right() + 1)):
            if rect.left() + 1 < x < rect.right() - 1 and rect.top() + 1 < y < rect.bottom() - 1:
                continue
            p = image.pixelColor(x, y)
            if max(abs(p.red() - colour.red()), abs(p.green() - colour.green()),
                   abs(p.blue() - colour.blue())) <= 24:
                n += 1
    return n


def _card_ring(view: QListView, colour: QColor) -> int:
    """Focus-coloured pixels on the edge of the current card of ``view`` as painted now
    (0 when no card is current)."""
    idx = view.currentIndex()
    if not idx.isValid():
        return 0
    delegate = view.itemDelegate()
    card = delegate.card_rect(view.visualRect(idx))  # type: ignore[attr-defined]
    return _ring_pixels(view.viewport().grab().toImage(), card, colour)


def _tab_ring(bar: Any, colour: QColor) -> int:
    """Focus-coloured pixels on the edge of the tab bar's current tab as painted now."""
    return _ring_pixels(bar.grab().toImage(), bar.tabRect(bar.currentIndex()), colour)


def _tab(qtbot: Any) -> QWidget | None:
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    return QApplication.focusWidget()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_tab_rings_the_current_card_and_tab(window, services, helper, qtbot, theme):  # type: ignore[no-untyped-def]  # noqa: F811
    """walk56 #7: Tab from the filter into the fixed list and from the tab bar into the
    dream cards: the list has a current card (selected too, walk56 keys: what Del acts on) ringed
    in the theme's focus colour all round; the focused Cards tab is ringed too; each ring
    goes when the keyboard moves on."""
    from chathub_desktop.gui.design.theme import ViewPrefs, apply_theme

    app = QApplication.instance()
    apply_theme(app, theme)  # type: ignore[arg-type]
    try:
        c = colours_for(theme == "dark")
        focus = QColor(c.focus)
        assert contrast_ratio(c.focus, c.window) >= 3.0  # a non-text ring on the page
        services.memory.add(helper, "Prefers metric units")
        services.memory.add(helper, "Lives in Lisbon")
        day = active_yesterday(services, helper)
        seed_cards(services, helper, [day - timedelta(days=3), day - timedelta(days=2)])
        reload_assistants(window, qtbot, helper)
        window.memory_action.trigger()
        page = window.dialogs["memory"]
        assert isinstance(page, MemoryPage)
        panel = page.dream_panel
        qtbot.waitUntil(lambda: page.loads >= 1 and panel.loads >= 1 and panel.model.rowCount() == 2
                        and page.model.rowCount() == 2 and page.steps.done and not window.runner.pending(),
                        timeout=10000)
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
        for view in (page.list, panel.list):  # a current row once had and dropped (a reload's)
            view.setCurrentIndex(view.model().index(0, 0))
            view.selectionModel().clearSelection()
            view.selectionModel().setCurrentIndex(QModelIndex(), view.selectionModel().SelectionFlag.NoUpdate)

        # the fixed list
        page.filter_edit.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is page.filter_edit, timeout=3000)
        assert _tab(qtbot) is page.list
        assert page.list.currentIndex().isValid() and page.current_entry() is not None
        qtbot.wait(50)
        side = page.list.itemDelegate().card_rect(  # type: ignore[attr-defined]
            page.list.visualRect(page.list.currentIndex()))
        perimeter = 2 * (side.width() + side.height())
        ringed = _card_ring(page.list, focus)
        assert ringed >= perimeter  # two pixels deep, most of the way round
        assert _tab(qtbot) is not page.list
        qtbot.wait(50)
        # the ring is gone: at most the selected card's own 1-px outline is left (the light
        # theme's accent, that outline's colour, is its focus colour)
        assert _card_ring(page.list, focus) <= perimeter  # one pixel deep at most, not two

        # the Cards / Proposals tab bar, then the dream cards
        bar = panel.tabs.tabBar()
        bar.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is bar, timeout=3000)
        qtbot.wait(50)
        tab = bar.tabRect(bar.currentIndex())
        assert _tab_ring(bar, focus) >= 2 * (tab.width() + tab.height()) // 2
        assert _tab(qtbot) is panel.list
        assert panel.list.currentIndex().isValid() and panel.current_card() is not None
        qtbot.wait(50)
        assert _tab_ring(bar, focus) == 0
        side = panel.list.itemDelegate().card_rect(  # type: ignore[attr-defined]
            panel.list.visualRect(panel.list.currentIndex()))
        perimeter = 2 * (side.width() + side.height())
        ringed = _card_ring(panel.list, focus)
        assert ringed >= perimeter
        page.filter_edit.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.wait(50)
        assert _card_ring(panel.list, focus) <= perimeter  # as the fixed list's
    finally:
        ViewPrefs(QApplication.instance(), None).apply()  # the suite's look again
