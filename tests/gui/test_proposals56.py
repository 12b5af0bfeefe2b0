"""The Proposals tab is as tall as what it shows (issue 30, walk56 #3, SPEC DM-REVIEW): with
two proposals it was a screen-tall pane (the Cards stack's height) with Accept / Edit /
Discard below the fold, and Edit opened its editor with the text scrolled out of view."""
# ruff: noqa: ANN001

from __future__ import annotations

from datetime import date, timedelta

import pytest
from PySide6.QtCore import QPoint

from tests.gui.test_dream_panel import helper, idle, open_page, seed_cards, summ  # noqa: F401  (fixtures)


def _in_view(page, widget) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``widget`` shows whole in the page's scroll viewport."""
    port = page.body_scroll.viewport()
    top = widget.mapTo(port, QPoint(0, 0)).y()
    return widget.isVisible() and 0 <= top and top + widget.height() <= port.height()


@pytest.mark.parametrize("size", [(1366, 768), (800, 560)])
def test_two_proposals_get_a_pane_their_size_with_the_buttons_in_view(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot, size):  # noqa: F811
    seed_cards(services, helper, [date(2026, 11, 1) + timedelta(days=k) for k in range(12)])
    for k in range(30):  # a page taller than the window, as a user's (walk56 had 31 entries)
        services.memory.add(helper, f"Fact number {k}: prefers short answers")
    services.dreams.review.set_enabled(helper, True)
    for k, text in enumerate(("- Booked the vet for Miso", "- Asks for type hints in every example")):
        services.dreams.review.propose(helper, date(2026, 11, 20 + k), text, None, None)
    page = open_page(helper)
    page.resize(*size)
    panel = page.dream_panel
    idle(qtbot, panel)
    qtbot.wait(300)  # the rows above the tabs are relaid over a few turns (walk51b)
    tabs_at = panel.tabs.mapTo(panel, QPoint(0, 0))
    section = panel.show_proposals()
    qtbot.wait(300)
    qtbot.waitUntil(lambda: section.list.count() == 2, timeout=5000)
    assert panel.tabs.mapTo(panel, QPoint(0, 0)) == tabs_at  # the tab bar stays put
    assert section.list.currentRow() == 0  # the first proposal, selected as the tab opens
    qtbot.wait(100)
    content = section.minimumSizeHint().height()
    tab = panel.tabs.currentWidget()
    assert tab.height() <= content + 24, (tab.height(), content)  # it was the 12 cards' ~750 px
    for b in (section.accept_button, section.edit_button, section.discard_button):
        qtbot.waitUntil(lambda b=b: _in_view(page, b), timeout=3000)
        assert b.visibleRegion().boundingRect() == b.rect()
    assert _in_view(page, section.list)  # the selected proposal and its buttons together
    assert section.edit_current()
    qtbot.waitUntil(lambda: section.editor.isVisible(), timeout=3000)
    editor = section.editor
    qtbot.waitUntil(lambda: _in_view(page, editor), timeout=3000)
    cursor = editor.textCursor()
    cursor.movePosition(cursor.MoveOperation.Start)
    line = editor.cursorRect(cursor)  # the first line, in the editor's viewport
    top = editor.viewport().mapTo(page.body_scroll.viewport(), line.topLeft()).y()
    assert 0 <= top and top + line.height() <= page.body_scroll.viewport().height()
    assert "Booked the vet" in editor.toPlainText()
    assert _in_view(page, section.accept_button)  # Accept (or Enter) adds the edited card
    panel.tabs.setCurrentIndex(0)
    assert panel.tabs.mapTo(panel, QPoint(0, 0)) == tabs_at
