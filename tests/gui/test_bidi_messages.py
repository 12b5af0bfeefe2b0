"""A bidi control in a reply cannot turn the rest of the message around (walk49: a
reply's U+202E RIGHT-TO-LEFT OVERRIDE flipped every line after it); Arabic and Hebrew
replies still read right to left."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtGui import QPalette, QTextDocument

from chathub_desktop.gui.chat.message_delegate import _colors
from chathub_desktop.gui.chat.message_documents import render_html
from chathub_desktop.gui.shell.invisible_note import shown_line
from chathub_desktop.services.views import MessageView


def _document(content: str, mid: int = 1) -> QTextDocument:
    fields = {f: None for f in MessageView.__dataclass_fields__}
    m = MessageView(**{**fields, "id": mid, "topic_id": 1, "seq": mid, "role": "assistant", "content": content,
                       "content_type": "text", "status": "complete", "created_at": datetime.now(UTC),
                       "tool_calls": (), "attachments": ()})
    doc = QTextDocument()
    doc.setHtml("".join(render_html(m, False, _colors(QPalette())[0])))
    doc.setTextWidth(900)
    doc.documentLayout()  # lays the blocks out
    return doc


def _x(doc: QTextDocument, needle: str, offset: int) -> float:
    """Where the caret before ``needle[offset]`` is drawn, in pixels from the left."""
    block = doc.begin()
    while block.isValid() and needle not in block.text():
        block = block.next()
    assert block.isValid(), needle
    pos = block.text().index(needle) + offset
    layout = block.layout()
    x = layout.lineForTextPosition(pos).cursorToX(pos)
    return float(x[0] if isinstance(x, tuple) else x)


def _left_to_right(doc: QTextDocument, word: str) -> bool:
    return _x(doc, word, 0) < _x(doc, word, len(word) - 1)


def test_an_override_in_a_reply_turns_nothing_after_it_around(qapp) -> None:  # type: ignore[no-untyped-def]
    doc = _document("abc\u202edef\nThe next line reads normally.\n\nSo does the next paragraph.")
    assert "\u202e" not in doc.toPlainText()
    assert "abcdef" in doc.toPlainText()  # shown in the order it was written
    assert _left_to_right(doc, "abcdef")
    assert _left_to_right(doc, "normally")
    assert _left_to_right(doc, "paragraph")
    assert "Shown without 1 invisible character (" in doc.toPlainText()  # a note says what was left out
    after = _document("The next message.", mid=2)
    assert _left_to_right(after, "message")


def test_arabic_and_hebrew_replies_still_read_right_to_left(qapp) -> None:  # type: ignore[no-untyped-def]
    doc = _document("مرحبا بالعالم\n\nשלום עולם")
    for word in ("مرحبا", "שלום"):
        assert not _left_to_right(doc, word)
    assert "invisible character" not in doc.toPlainText()


def test_an_override_closed_on_its_line_is_kept_as_in_a_label(qapp) -> None:  # type: ignore[no-untyped-def]
    """One rule for messages and labels (issue 28): what a PDF closes on the same line
    stays, in a reply as in ``shown_line``; only what is left open goes."""
    kept = "file \u202etxt.exe\u202c attached"
    doc = _document(kept + "\nand \u202eopen")
    shown = doc.toPlainText()
    assert kept in shown and shown_line(kept) == kept
    assert "and open" in shown and shown_line("and \u202eopen") == "and open [1 invisible character not shown]"
    assert "Shown without 1 invisible" in shown
