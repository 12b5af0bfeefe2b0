"""The Memory page reads like a place, not a form (issue 30, walk53 #2, #4, #9, #11):
compact fixed-memory rows, a Delete that names the selected entry, no empty state under
the Add editor, quiet help marks that keep their help (APP-6), a dream failure beside
Dream now, and the raw preview saying a Markdown bullet is a note (MEM-2, MEM-3)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QStyleOptionViewItem, QToolButton

from chathub_desktop.gui.memory.fixed_page import MemoryPage
from chathub_desktop.gui.memory.page_common import HelpMark
from chathub_desktop.gui.memory.raw_preview import RowMark


def _loaded(qtbot, p: MemoryPage, total: int) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: p.model.total() == total and not p.runner.pending(), timeout=5000)


def test_a_one_line_entry_is_one_row_with_its_number_beside_the_text(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Walk53 #9: "#1" sat on its own line above the text (a ~60 px card). Now the number
    leads the text on one row: a one-line entry's row is one line box high (plus its
    padding), the text starts right of the number, and a long entry grows by lines."""
    services.memory.add(assistant, "Ana writes Python and prefers short answers.")
    services.memory.add(assistant, " ".join(["Ana is learning Rust a chapter a week."] * 12))
    page.resize(900, 700)
    page.schedule_reload()
    _loaded(qtbot, page, 2)
    d = page.delegate
    spacing = page.list.fontMetrics().lineSpacing()
    short = d.sizeHint(QStyleOptionViewItem(), page.model.index(0, 0)).height()
    long = d.sizeHint(QStyleOptionViewItem(), page.model.index(1, 0)).height()
    assert short < 2 * spacing + 20  # one line, not a header line and a body line
    assert long >= short + spacing  # the longer text wraps and its row grows
    rect = page.list.visualRect(page.model.index(0, 0))
    body = d.body_rect(rect, page.model.face(0))
    assert body.top() < rect.top() + spacing  # the text's line is the row's first
    number_right = rect.left() + page.list.fontMetrics().horizontalAdvance("#1")
    assert body.left() > number_right  # beside "#1", not under it


def test_delete_names_the_selected_entry_and_hides_without_one(page, services, assistant, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """Walk53 #9: a bare "Delete" sat beside "6 entries". It shows only with an entry
    selected and says which: "Delete #2"; it deletes that one (MEM-2: the rest renumber)."""
    from chathub_desktop.gui.dialogs import confirm

    for text in ("first fact", "second fact", "third fact"):
        services.memory.add(assistant, text)
    page.schedule_reload()
    _loaded(qtbot, page, 3)
    page.list.setCurrentIndex(page.model.index(-1, 0))
    page.list.clearSelection()
    qtbot.waitUntil(lambda: page.current_entry() is None, timeout=3000)
    assert page.delete_button.isHidden()
    page.select_number(2)
    qtbot.waitUntil(lambda: not page.delete_button.isHidden(), timeout=3000)
    assert page.delete_button.text() == "Delete #2"
    monkeypatch.setattr(confirm, "ask", lambda *_a: True)
    page.delete_button.click()
    qtbot.waitUntil(lambda: [e.text for e in services.memory.entries(assistant)] == ["first fact", "third fact"],
                    timeout=5000)


def test_the_add_editor_on_an_empty_memory_has_no_empty_text_under_it(page, qtbot):  # type: ignore[no-untyped-def]
    """Walk53 #9 (61a): "No fixed memory yet…" stayed under the Add editor. While it is
    open on an empty memory nothing is shown under it; closed, the compact empty state is back."""
    _loaded(qtbot, page, 0)
    page.add_memory()
    editor = page.entry_actions.add_editor_if_made
    assert editor is not None
    qtbot.waitUntil(editor.isVisible, timeout=3000)
    qtbot.waitUntil(lambda: not page.empty_label.isVisible(), timeout=3000)
    assert not page.compact_empty


def test_help_marks_are_quiet_glyphs_with_their_help(page, qtbot):  # type: ignore[no-untyped-def]
    """Walk53 #2: seven bold "?" read as questions before the memories. Each help mark is
    an info glyph without text (APP-6: its tooltip and accessible name unchanged)."""
    marks = [b for b in page.findChildren(QToolButton) if isinstance(b, HelpMark)]
    assert len(marks) >= 6
    for b in marks:
        assert b.text() == "" and b.accessibleName() == "Help" and b.toolTip(), b.objectName()
    assert not [b for b in page.findChildren(QToolButton) if b.text() == "?" and b.isVisible()]


def test_a_dream_failure_shows_next_to_dream_now(page, qtbot):  # type: ignore[no-untyped-def]
    """Walk53 #11: a failed dream's message showed at the page's bottom, far from Dream now.
    It shows right under Dream now's bar, above the cards."""
    panel = page.dream_panel
    panel.show_failure("The dream failed.", "The model repeated its instructions.", lambda: None)
    qtbot.waitUntil(panel.failure_bar.isVisible, timeout=3000)
    root = page.body_scroll.widget()

    def top(w) -> int:  # type: ignore[no-untyped-def]
        return w.mapTo(root, QPoint(0, 0)).y()

    assert top(panel.action_bar) < top(panel.failure_bar) < top(panel.tabs)


def test_the_raw_preview_says_a_bullet_is_a_note(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Walk53 #4 (MEM-3: only ``#N: text`` lines are entries): "- Ana uses VS Code." is
    kept as a note; the live preview says so for that line, and not for a heading."""
    services.memory.save_raw(assistant, "## Work\n#1: Ana writes Python.\n- Ana uses VS Code.\n")
    page.schedule_reload()
    qtbot.waitUntil(lambda: page.model.entry_count() == 1 and not page.runner.pending(), timeout=5000)
    page.raw_action.trigger()
    raw = page.raw
    assert raw is not None
    qtbot.waitUntil(lambda: raw.preview_model.rowCount() == 3, timeout=5000)
    items = [raw.preview_model.said(i) for i in range(3)]
    hint = "note — not sent as a memory; number it (#N: …) to make it one"
    assert items[2].startswith("Note: - Ana uses VS Code.") and hint in items[2]
    assert raw.preview_model.mark(2) is RowMark.BULLET  # painted under it in the warning colour
    assert hint not in items[0] and items[1] == "#1: Ana writes Python."


def test_delete_is_offered_only_for_a_row_painted_selected(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """walk55 #10: the list took a current row when it got the keyboard, without
    selecting it, and "Delete #1" stood beside the Add editor with no row highlighted.
    Delete (button and key) names only a selected entry. (Since walk56, the keyboard coming
    into the list selects its current row: test_memory_list57.)"""
    from PySide6.QtCore import QItemSelectionModel

    for text in ("Prefers metric units", "Lives in Lisbon", "Plays the cello"):
        services.memory.add(assistant, text)
    page.schedule_reload()
    _loaded(qtbot, page, 3)
    page.list.selectionModel().setCurrentIndex(page.model.index(0, 0), QItemSelectionModel.SelectionFlag.NoUpdate)
    assert page.list.currentIndex().isValid() and not page.list.selectionModel().hasSelection()
    page.entry_actions.add_memory()  # Ctrl+N: the Add editor takes the keyboard
    qtbot.waitUntil(lambda: page.entry_actions.add_editor.hasFocus(), timeout=3000)
    assert not page.delete_button.isVisibleTo(page) and not page.delete_action.isEnabled()
    page.select_number(2)
    qtbot.waitUntil(lambda: page.delete_button.isVisibleTo(page), timeout=3000)
    assert page.delete_button.text() == "Delete #2" and page.delete_action.isEnabled()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_selecting_an_entry_does_not_move_the_list(page, services, assistant, qtbot, theme):  # type: ignore[no-untyped-def]
    """walk55 #9: "Delete #N" appearing beside the filter box grew its row by 8 px and
    moved every card down. The box is as tall as the button, in both themes."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import ViewPrefs, apply_theme

    apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
    try:
        services.memory.add(assistant, "Prefers metric units")
        services.memory.add(assistant, "Lives in Lisbon")
        page.schedule_reload()
        _loaded(qtbot, page, 2)
        qtbot.wait(50)
        top = page.list.mapTo(page, QPoint(0, 0)).y()
        assert not page.delete_button.isVisibleTo(page)
        page.select_number(1)
        qtbot.waitUntil(lambda: page.delete_button.isVisibleTo(page), timeout=3000)
        qtbot.wait(50)
        assert page.list.mapTo(page, QPoint(0, 0)).y() == top
        assert page.filter_edit.height() == page.delete_button.height()
    finally:
        ViewPrefs(QApplication.instance(), None).apply()  # the suite's look again


def test_back_from_history_fits_the_list_to_entries_reverted_meanwhile(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """walk55b #5: a Revert in History took an entry away; back on the page the list kept
    its old height, a blank gap of a card above Dreaming memory until some relayout."""
    for k in range(6):
        services.memory.add(assistant, f"Keeps notes on topic {k}")
    page.schedule_reload()
    _loaded(qtbot, page, 6)
    page.resize(1000, 1400)  # every card shown whole
    qtbot.waitUntil(lambda: page.cards_stack.height() == page.list_fit.wanted(), timeout=3000)
    tall = page.cards_stack.height()
    page.open_history()
    services.memory.delete(assistant, 6)  # as a Revert does, with the list hidden
    _loaded(qtbot, page, 5)
    page.close_history()
    qtbot.waitUntil(lambda: page.cards_stack.height() < tall, timeout=3000)
    qtbot.wait(50)
    assert page.cards_stack.height() == page.list_fit.wanted() == page.list_fit.content_height(10**6)
