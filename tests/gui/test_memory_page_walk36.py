"""walk36 #7 (issue 30): the Memory page leads with what matters — an empty fixed memory
is one line and Add, not a list's box; Dream now is in view without scrolling at
1366×768 and stays put when a status line appears, whatever the page's height."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from chathub_desktop.gui.memory.fixed_page import EMPTY_LINE, MemoryPage
from tests.gui.helpers import dream_now_at_rest, shown_memory_page

#: The page's part of a 1366×768 window (the rail beside it).
PAGE_W, PAGE_H = 1310, 768


@pytest.fixture
def page(qloop, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    with shown_memory_page(services, assistant, qtbot) as p:
        qtbot.waitUntil(lambda: p.dream_panel.loads >= 1, timeout=5000)
        yield p


def idle(qtbot, p: MemoryPage) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not p.runner.pending() and not p.busy and not p.refresh.timer.isActive(), timeout=5000)


def dream_now_in_view(p: MemoryPage) -> bool:
    b = p.dream_panel.dream_now_button
    top = b.mapTo(p.body_scroll.viewport(), QPoint(0, 0)).y()
    return b.isVisible() and 0 <= top and top + b.height() <= p.body_scroll.viewport().height()


def test_empty_fixed_memory_is_one_line_and_add(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """walk36 #7: no entries → the one line and Add, no filter box and no list box; Add
    opens the editor in its place, Esc brings the line back; an entry shows the list."""
    page.resize(PAGE_W, PAGE_H)
    qtbot.waitUntil(lambda: page.compact_empty, timeout=3000)
    assert page.empty_line.text() == EMPTY_LINE and page.empty_add_button.isVisible()
    assert not page.filter_edit.isVisible() and not page.list.isVisible()
    # not a box with room for cards (walk53: one compact entry row is about the line's height)
    assert page.empty_row.height() < page.delegate.rows_height(2)
    assert dream_now_in_view(page)
    page.empty_add_button.click()
    ed = page.entry_actions.add_editor
    qtbot.waitUntil(lambda: ed.isVisible() and ed.hasFocus(), timeout=3000)
    assert not page.compact_empty
    qtbot.keyClick(ed, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.compact_empty, timeout=3000)
    services.memory.add(assistant, "prefers metric units")
    qtbot.waitUntil(lambda: page.model.total() == 1 and not page.compact_empty, timeout=5000)
    assert page.list.isVisible() and page.filter_edit.isVisible()
    idle(qtbot, page)


def test_dream_now_in_view_at_1366x768_with_entries(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """walk36 #7: with fixed entries and dream cards the page still shows Dream now
    without scrolling in a 1366×768 window."""
    for text in ("Works in Python", "Prefers short answers", "Time zone: Europe/Lisbon"):
        services.memory.add(assistant, text)
    page.resize(PAGE_W, PAGE_H)
    qtbot.waitUntil(lambda: page.model.total() == 3, timeout=5000)
    qtbot.waitUntil(lambda: dream_now_in_view(page), timeout=3000)
    assert page.body_scroll.verticalScrollBar().value() == 0
    idle(qtbot, page)


@pytest.mark.parametrize("height", [PAGE_H, 1500])
def test_dream_now_stays_put_on_a_tall_page(page, services, assistant, qtbot, height):  # type: ignore[no-untyped-def]
    """walk36 #7 / last note: a status line appearing and going never moves Dream now,
    also when the page is taller than its minimum (its lists have room to give)."""
    services.memory.add(assistant, "a fact")
    page.resize(PAGE_W, height)
    qtbot.waitUntil(lambda: page.model.total() == 1, timeout=5000)
    panel = page.dream_panel
    before = dream_now_at_rest(qtbot, page)
    panel.show_status("Added card #2 for 2026-12-01 from 3 topics " * 4, 0)
    qtbot.waitUntil(lambda: panel.status_label.isVisible(), timeout=3000)
    qtbot.wait(50)
    assert panel.dream_now_button.mapTo(page, QPoint(0, 0)) == before
    # walk42 #4: the whole text, wrapped in the height it is given, never cut with "…"
    label = panel.status_label
    assert label.wordWrap() and label.heightForWidth(label.width()) <= label.height()
    panel.show_status("", 0)
    qtbot.wait(50)
    assert panel.dream_now_button.mapTo(page, QPoint(0, 0)) == before
    idle(qtbot, page)


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("size", [(PAGE_W, PAGE_H), (744, 520)])
def test_the_empty_state_and_the_status_in_the_bar_pass_the_audit(page, qtbot, theme, size):  # type: ignore[no-untyped-def]
    """walk36 #7: the one-line empty state with its Add and a status line in the Dream now
    bar: 4.5:1 contrast and nothing cut, both themes, at 1366×768 and in an 800×560 window."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.design.theme import apply_theme

    apply_theme(QApplication.instance(), theme)
    try:
        page.resize(*size)
        qtbot.waitUntil(lambda: page.compact_empty, timeout=3000)
        page.dream_panel.show_status("Added card #1 for 2026-12-01; read “Budget”", 0)
        qtbot.wait(50)
        report = audit_window(page, theme)
        assert report.ok, report.line() + "".join(f"\n{f.what}: {f.detail}" for f in report.contrast + report.clipped)
    finally:
        apply_theme(QApplication.instance(), "light")
