"""Edit raw is where a power user rewrites memory (MEM-3; issue 30, walk56 #6): the editor
and its preview fill the page's visible height (the memory switch and the Dreaming memory
group give way, and come back as they were), the preview follows the lines in view and the
cursor, and it shows what the save gives as the page shows it — numbered cards with their
marks, notes, headings, and the lines that will not become what they look like marked.
Ctrl+E opens it, Ctrl+S saves, Esc cancels (asking first when the text changed); the
keyboard goes back to the list."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor

from chathub_desktop.core.memory_authors import EntryOrigin
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.memory.card_markdown import HEADING_MARK
from chathub_desktop.gui.memory.raw_preview import RowMark

#: The page's size in a 1366×768 and an 800×560 window (the rail takes 56 px).
PAGE_SIZES = [(1310, 768), (744, 560)]


def _seed(services, assistant, qtbot, page, n: int = 40) -> None:  # type: ignore[no-untyped-def]
    services.memory.save_raw(assistant, "".join(f"#{i}: Entry {i}: " + "prefers answers that are short. " * (1 + i % 3)
                                                + "\n" for i in range(1, n + 1)))
    page.schedule_reload()
    qtbot.waitUntil(lambda: page.model.total() == n and not page.runner.pending(), timeout=5000)


def _open_raw(page, qtbot, *, preview: bool = True):  # type: ignore[no-untyped-def]
    """Edit raw, read; with ``preview`` its preview shown too."""
    page.raw_action.trigger()
    raw = page.raw
    qtbot.waitUntil(lambda: raw.is_open, timeout=5000)
    if preview:
        qtbot.waitUntil(lambda: raw.preview_model.rowCount() > 0, timeout=5000)
    qtbot.wait(300)  # the page laid out round it
    return raw


def _idle(page, qtbot) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not page.runner.pending() and not page.busy, timeout=5000)


def _in_sight(raw, row: int) -> bool:  # type: ignore[no-untyped-def]
    """True when held row ``row`` of the preview shows whole in its viewport."""
    rect = raw.preview.visualRect(raw.preview_model.index(row, 0))
    return bool(rect.isValid() and raw.preview.viewport().rect().contains(rect))


@pytest.mark.parametrize("size", PAGE_SIZES)
def test_the_raw_editor_fills_the_page(page, services, assistant, qtbot, size):  # type: ignore[no-untyped-def]
    """walk56 #6: a 190-px box (10 lines) on a 768-px screen with the Dreaming memory group
    open under it. Now the editor and the preview are most of the page's visible height,
    Save in view under them, nothing to scroll to."""
    page.resize(*size)
    _seed(services, assistant, qtbot, page)
    raw = _open_raw(page, qtbot, preview=False)
    shown = page.body_scroll.viewport()
    assert raw.raw_edit.height() >= 0.6 * shown.height(), (raw.raw_edit.height(), shown.height())
    assert raw.preview.height() == raw.raw_edit.height()
    assert not page.dreaming.isVisible() and not page.switch.card.isVisible()
    save = raw.save_raw_button
    assert save.mapTo(shown, QPoint(0, save.height())).y() <= shown.height()  # Save in view
    assert raw.raw_edit.mapTo(shown, QPoint(0, 0)).y() >= 0
    raw.cancel_raw()
    _idle(page, qtbot)


def test_closing_gives_the_page_back_as_it_was(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Cancel (or Save) shows the memory switch and the Dreaming memory group again — folded
    if it was — the page scrolled where it was and the keyboard on the list."""
    page.resize(*PAGE_SIZES[0])
    _seed(services, assistant, qtbot, page)
    bar = page.body_scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 150, timeout=5000)
    bar.setValue(150)
    raw = _open_raw(page, qtbot, preview=False)
    assert bar.value() == 0  # the editor's page
    raw.cancel_raw()
    _idle(page, qtbot)
    qtbot.waitUntil(lambda: bar.value() == 150, timeout=3000)
    assert page.dreaming.isVisible() and page.dreaming.shown and page.switch.card.isVisible()
    assert page.list.hasFocus()
    page.dreaming.set_shown(False)  # folded before: folded after
    raw = _open_raw(page, qtbot, preview=False)
    assert not page.dreaming.isVisible()
    raw.cancel_raw()
    _idle(page, qtbot)
    assert page.dreaming.isVisible() and not page.dreaming.shown


def test_typing_at_the_end_shows_what_it_gives(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """walk56 #6: after typing at the end the editor showed the end and the preview the top.
    Now the preview follows: the new free line shows as a note and the new entry as card
    #41, both in sight."""
    page.resize(*PAGE_SIZES[0])
    _seed(services, assistant, qtbot, page)
    raw = _open_raw(page, qtbot)
    model = raw.preview_model
    assert _in_sight(raw, 0) and model.said(0).startswith("#1: Entry 1")  # the top beside the top
    edit = raw.raw_edit
    edit.setFocus()
    edit.moveCursor(QTextCursor.MoveOperation.End)
    for line in ("A free line without a number", "#99: Numbered ninety-nine"):
        qtbot.keyClick(edit, Qt.Key.Key_Return)
        qtbot.keyClicks(edit, line)
    qtbot.waitUntil(lambda: model.total() == 42, timeout=5000)
    qtbot.wait(50)
    said = [model.said(i) for i in range(model.rowCount())]
    assert said[-2:] == ["Note: A free line without a number", "#41: Numbered ninety-nine"]
    last = model.rowCount() - 1
    assert _in_sight(raw, last) and _in_sight(raw, last - 1)
    face = model.face(last - 1)
    assert face is not None and face.note  # painted as the page paints a note, not as a card
    assert raw.preview_label.text() == "Saving gives 41 entries and keeps 1 note"
    edit.moveCursor(QTextCursor.MoveOperation.Start)  # back at the top: the preview's top too
    qtbot.waitUntil(lambda: _in_sight(raw, model.preview.row_at(0) - model.start), timeout=3000)
    raw.cancel_raw()
    _idle(page, qtbot)


def test_the_preview_shows_cards_notes_and_marks(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """What saving gives, as the page shows it: a heading, numbered cards carrying the
    stored marks of their text (paused, untrusted, who wrote it), notes, and the lines that
    will not be what they look like marked — "#7 Likes tea" (no colon) and a list line are
    notes, "#3:" is an entry with no text."""
    services.memory.add(assistant, "Writes Python")
    services.memory.add(assistant, "Send the report on Fridays", "agent", trusted=False)
    services.memory.set_paused(assistant, 1, True, expected_text="Writes Python")
    page.schedule_reload()
    qtbot.waitUntil(lambda: page.model.total() == 2 and not page.runner.pending(), timeout=5000)
    raw = _open_raw(page, qtbot)
    raw.raw_edit.setPlainText("## About Ana\n#1: Writes Python\n#7 Likes tea\n- Uses VS Code\n#3:\n"
                              "#2: Send the report on Fridays\n\nAsk before booking\n")
    model = raw.preview_model
    qtbot.waitUntil(lambda: model.total() == 7, timeout=5000)
    faces = [model.face(i) for i in range(7)]
    assert all(f is not None for f in faces)
    assert [(f.note, f.number, f.text) for f in faces if f is not None] == [
        (True, 0, HEADING_MARK + "About Ana"), (False, 1, "Writes Python"), (True, 0, "#7 Likes tea"),
        (True, 0, "• Uses VS Code"), (False, 2, ""), (False, 3, "Send the report on Fridays"),
        (True, 0, "Ask before booking")]
    assert [model.mark(i) for i in range(7)] == [None, None, RowMark.NEAR_ENTRY, RowMark.BULLET, RowMark.EMPTY,
                                                 None, None]
    paused, untrusted = faces[1], faces[5]
    assert paused is not None and paused.paused and paused.trusted
    assert untrusted is not None and not untrusted.trusted and untrusted.origin == EntryOrigin.AGENT
    assert model.said(5) == "#3: Send the report on Fridays (untrusted)"
    assert model.said(2) == "Note: #7 Likes tea — note — not an entry: an entry line starts with #N: and its text"
    assert raw.preview_label.text() == "Saving gives 3 entries and keeps 4 notes"
    raw.cancel_raw()
    _idle(page, qtbot)


def test_ctrl_e_ctrl_s_and_esc(page, services, assistant, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """Ctrl+E opens the raw editor, Ctrl+S saves it (from the preview too), Esc cancels —
    asking first when the text changed; each time the keyboard goes back to the list."""
    services.memory.add(assistant, "Writes Python")
    page.schedule_reload()
    qtbot.waitUntil(lambda: page.model.total() == 1 and not page.runner.pending(), timeout=5000)
    page.activateWindow()
    page.list.setFocus()
    qtbot.keyClick(page.list, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    raw = page.raw
    qtbot.waitUntil(lambda: raw.is_open and raw.raw_edit.hasFocus(), timeout=5000)
    raw.raw_edit.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(raw.raw_edit, "#2: Has a dog called Bolt")
    raw.preview.setFocus()
    qtbot.keyClick(raw.preview, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not raw.is_open and page.model.total() == 2, timeout=5000)
    assert [e.text for e in services.memory.entries(assistant)] == ["Writes Python", "Has a dog called Bolt"]
    qtbot.waitUntil(page.list.hasFocus, timeout=3000)
    _idle(page, qtbot)

    asked: list[str] = []
    answer = [False]

    def ask(_parent: object, _title: str, text: str, _button: str) -> bool:
        asked.append(text)
        return answer[0]

    monkeypatch.setattr(confirm, "ask", ask)
    qtbot.keyClick(page.list, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: raw.is_open and raw.raw_edit.hasFocus(), timeout=5000)
    qtbot.keyClick(raw.raw_edit, Qt.Key.Key_Escape)  # nothing changed: no question
    assert not raw.is_open and not asked
    qtbot.waitUntil(page.list.hasFocus, timeout=3000)
    _idle(page, qtbot)
    qtbot.keyClick(page.list, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: raw.is_open and raw.raw_edit.hasFocus(), timeout=5000)
    qtbot.keyClicks(raw.raw_edit, "x")
    qtbot.keyClick(raw.raw_edit, Qt.Key.Key_Escape)
    assert asked == ["Discard the changes to the memory document?"] and raw.is_open  # kept: the user said no
    answer[0] = True
    qtbot.keyClick(raw.raw_edit, Qt.Key.Key_Escape)
    assert not raw.is_open
    qtbot.waitUntil(page.list.hasFocus, timeout=3000)
    assert len(services.memory.entries(assistant)) == 2
    _idle(page, qtbot)
