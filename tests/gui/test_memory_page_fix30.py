"""fix30 (issue 30, walk36 #7 continued): a failed-dream bar or an error line under the
dream cards never moves Dream now; memfit52 (walk52b #1): the fixed list is as tall as
its cards while they fit — also in an 800×560 window, where the page scrolls rather than
the list (fix30 gave up the list's height there for Dream now) — and a long list is a
box most of the page's visible height."""

from __future__ import annotations

import pytest

from tests.gui.helpers import dream_now_at_rest, shown_memory_page
from tests.gui.test_memory_page_walk36 import PAGE_H, PAGE_W, dream_now_in_view, idle

#: The page's part of an 800×560 window (the rail beside it, the status line under it).
SMALL_W, SMALL_H = 744, 520


@pytest.fixture
def page(qloop, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    with shown_memory_page(services, assistant, qtbot) as p:
        qtbot.waitUntil(lambda: p.dream_panel.loads >= 1, timeout=5000)
        yield p


def rows_in_view(page) -> list[int]:  # type: ignore[no-untyped-def]
    """The fixed list's rows shown whole in its viewport."""
    vp = page.list.viewport().rect()
    return [r for r in range(page.model.rowCount()) if vp.contains(page.list.visualRect(page.model.index(r)))]


#: Three entries as walk52b had them, one wrapping to a few lines.
THREE = ("Works in Python", "Time zone: Europe/Lisbon",
         "Prefers short answers with the code first, then one line on why; " * 4)


@pytest.mark.parametrize("texts", [THREE, tuple(f"Fact number {i}" for i in range(12))])
def test_entries_that_fit_are_shown_whole_in_an_800x560_window(page, services, assistant, qtbot, texts):  # type: ignore[no-untyped-def]
    """memfit52 (walk52b #1): at 800×560 the list showed 2 of 3 entries with a scroll bar
    of its own. Up to twelve one-line entries the list is as tall as its cards, no
    scroll bar of its own; the page scrolls over it."""
    entries = len(texts)
    for text in texts:
        services.memory.add(assistant, text)
    page.resize(SMALL_W, SMALL_H)
    qtbot.waitUntil(lambda: page.model.total() == entries, timeout=5000)
    dream_now_at_rest(qtbot, page)
    assert rows_in_view(page) == list(range(entries))
    assert page.list.verticalScrollBar().maximum() == 0
    for w in (page.list, page.dream_panel.list, page.dream_panel.action_bar):
        assert w.height() >= w.minimumSizeHint().height()
    idle(qtbot, page)


def test_a_long_list_is_a_box_most_of_the_page_high(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """memfit52: forty entries at 800×560 get a box three quarters of the page's visible
    height that scrolls inside (its last entry reachable); nothing is squeezed."""
    for i in range(40):
        services.memory.add(assistant, f"Fact number {i}")
    page.resize(SMALL_W, SMALL_H)
    qtbot.waitUntil(lambda: page.model.total() == 40, timeout=5000)
    dream_now_at_rest(qtbot, page)
    assert page.cards_stack.height() == int(page.body_scroll.viewport().height() * 0.75)
    assert page.list.verticalScrollBar().maximum() > 0
    page.list.scrollToBottom()
    last = page.list.visualRect(page.model.index(page.model.rowCount() - 1))
    assert page.list.viewport().rect().contains(last.center())
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


@pytest.mark.parametrize("number", [2, 3])
def test_a_card_edited_in_place_grows_the_list_in_an_800x560_window(page, services, assistant, qtbot, number):  # type: ignore[no-untyped-def]
    """memfit52 (walk52b #1): while #2 was edited in place the list became a short box
    scrolling inside the page and #3 was cut off. Now the list grows round the editor:
    every card stays whole in it, no scroll bar of its own, and the page shows the
    editor whole."""
    from PySide6.QtCore import QPoint, QRect

    from chathub_desktop.gui.memory.card_editor import CardTextEdit

    for text in THREE:
        services.memory.add(assistant, text)
    page.resize(SMALL_W, SMALL_H)
    qtbot.waitUntil(lambda: page.model.total() == 3, timeout=5000)
    dream_now_at_rest(qtbot, page)
    before = page.list.height()
    page.select_number(number)
    page.entry_actions.edit_current()
    editor = page.list.indexWidget(page.list.currentIndex())
    assert isinstance(editor, CardTextEdit)
    qtbot.waitUntil(lambda: page.list.height() > before, timeout=5000)
    dream_now_at_rest(qtbot, page)
    assert rows_in_view(page) == [0, 1, 2]  # #3 whole, the edited card too
    assert page.list.verticalScrollBar().maximum() == 0
    viewport = page.body_scroll.viewport()
    qtbot.waitUntil(lambda: viewport.rect().contains(QRect(editor.mapTo(viewport, QPoint(0, 0)), editor.size())),
                    timeout=5000)
    page.list.closePersistentEditor(page.list.currentIndex())
    idle(qtbot, page)
