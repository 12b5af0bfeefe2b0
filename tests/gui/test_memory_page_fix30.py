"""fix30 (issue 30, walk36 #7 continued): the Memory page leads with Dream now in an
800×560 window too — with fixed entries, the fixed list gives up height (it scrolls
inside, a card at least in view) rather than pushing Dream now below the fold — and a
failed-dream bar or an error line under the dream cards never moves Dream now."""

from __future__ import annotations

import pytest

from chathub_desktop.services.container import Services
from tests.gui.helpers import dream_now_at_rest, shown_memory_page
from tests.gui.test_memory_page_walk36 import PAGE_H, PAGE_W, dream_now_in_view, idle

#: The page's part of an 800×560 window (the rail beside it, the status line under it).
SMALL_W, SMALL_H = 744, 520


@pytest.fixture
def assistant(services: Services) -> int:
    return services.assistants.create("Helper", model="gpt-4o-mini").id


@pytest.fixture
def page(qloop, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    with shown_memory_page(services, assistant, qtbot) as p:
        qtbot.waitUntil(lambda: p.dream_panel.loads >= 1, timeout=5000)
        yield p


@pytest.mark.parametrize("entries", [3, 40])
def test_dream_now_in_view_in_an_800x560_window_with_entries(page, services, assistant, qtbot, entries):  # type: ignore[no-untyped-def]
    """fix30 #1: with fixed entries, Dream now shows without scrolling in an 800×560
    window; the fixed list keeps at least one whole card in view and scrolls inside
    (its last entry reachable), and nothing on the page is squeezed below its minimum."""
    for i in range(entries):
        services.memory.add(assistant, f"Fact number {i}")
    page.resize(SMALL_W, SMALL_H)
    qtbot.waitUntil(lambda: page.model.total() == entries, timeout=5000)
    dream_now_at_rest(qtbot, page)
    assert dream_now_in_view(page), (page.cards_stack.height(), page.list_fit.wanted())
    assert page.body_scroll.verticalScrollBar().value() == 0
    one = page.delegate.rows_height(1)
    assert page.list.height() >= one  # a card in view, not a sliver
    bar = page.list.verticalScrollBar()
    every_row_in_view = all(page.list.viewport().rect().contains(page.list.visualRect(page.model.index(r)))
                            for r in range(page.model.rowCount()))
    # the rest scrolls inside the list (the page's status lines vary with the hour: 3 entries may all fit)
    assert bar.maximum() > 0 or every_row_in_view
    page.list.scrollToBottom()
    last = page.list.visualRect(page.model.index(page.model.rowCount() - 1))
    assert page.list.viewport().rect().contains(last.center())
    for w in (page.list, page.dream_panel.list, page.dream_panel.action_bar):
        assert w.height() >= w.minimumSizeHint().height()
    idle(qtbot, page)


def test_few_entries_take_their_own_height_on_a_tall_page(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """fix30: on a tall page three entries are not a box of blank room; the dream cards
    under Dream now get the room, and Dream now is in view at 1366×768."""
    for text in ("Works in Python", "Prefers short answers", "Time zone: Europe/Lisbon"):
        services.memory.add(assistant, text)
    page.resize(PAGE_W, 1500)
    qtbot.waitUntil(lambda: page.model.total() == 3, timeout=5000)
    three = sum(page.list.visualRect(page.model.index(r)).height() for r in range(3))
    qtbot.waitUntil(lambda: page.list.height() == three, timeout=3000)
    assert page.list.verticalScrollBar().maximum() == 0
    page.resize(PAGE_W, PAGE_H)
    qtbot.waitUntil(lambda: dream_now_in_view(page), timeout=3000)
    idle(qtbot, page)


@pytest.mark.parametrize("height", [PAGE_H, 1500])
@pytest.mark.parametrize("entries", [1, 40])
def test_a_failure_or_an_error_line_never_moves_dream_now(page, services, assistant, qtbot, height, entries):  # type: ignore[no-untyped-def]
    """fix30 #2: the failed-dream bar, the History Compress chooser and the error line
    under the dream cards come and go without moving Dream now, at 1366×768 and on a
    page taller than its content, with one entry or many."""
    for i in range(entries):
        services.memory.add(assistant, f"Fact number {i}")
    page.resize(PAGE_W, height)
    qtbot.waitUntil(lambda: page.model.total() == entries, timeout=5000)
    panel = page.dream_panel
    before = dream_now_at_rest(qtbot, page)
    panel.show_failure("The dream failed: the provider refused the request (HTTP 429)", "details", lambda: None)
    panel.offer_summarizer_choice(True)
    panel.show_error("Could not save the schedule: the store is locked by another process")
    qtbot.waitUntil(lambda: panel.failure_bar.isVisible() and panel.error_label.isVisible(), timeout=3000)
    assert dream_now_at_rest(qtbot, page) == before
    for w in (panel.failure_bar, panel.choose_summarizer_button, panel.error_label):
        assert w.height() >= w.minimumSizeHint().height()  # shown whole, not squeezed
    panel.hide_failure()
    panel.offer_summarizer_choice(False)
    panel.show_error("")
    assert dream_now_at_rest(qtbot, page) == before
    idle(qtbot, page)


@pytest.mark.parametrize("height", [SMALL_H, SMALL_H - 23])  # 23: the window's status-bar message
def test_dream_now_stays_in_view_with_the_error_line_in_an_800x560_window(  # type: ignore[no-untyped-def]
        page, services, assistant, qtbot, height):
    """Issue 30 (left by fix30): in an 800×560 window, with the status bar showing a
    message too, Dream now is in view, and the page's error line above it leaves it there
    (the list gives up its last card meanwhile); when the line goes, a card is back."""
    for i in range(40):
        services.memory.add(assistant, f"Fact number {i}")
    page.resize(SMALL_W, height)
    qtbot.waitUntil(lambda: page.model.total() == 40, timeout=5000)
    dream_now_at_rest(qtbot, page)
    assert dream_now_in_view(page)
    page.show_error("Could not save: the store is locked by another process right now")
    dream_now_at_rest(qtbot, page)
    assert page.error_label.isVisible() and dream_now_in_view(page)
    assert page.error_label.height() >= page.error_label.minimumSizeHint().height()
    page.show_error("")
    dream_now_at_rest(qtbot, page)
    assert page.list.height() >= page.delegate.rows_height(1) and dream_now_in_view(page)
    idle(qtbot, page)
