"""The note where invisible characters were left out of outside text (issue 32, issue 28;
session 51): plural-correct ("1 invisible character", not "1 invisible characters") and
said in the interface language — the topic list's label note and the message's own line."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtGui import QPalette, QTextDocument

from chathub_desktop.gui.chat.message_delegate import _colors
from chathub_desktop.gui.chat.message_documents import render_html
from chathub_desktop.gui.shell.invisible_note import hidden_note, shown_line
from chathub_desktop.services.views import MessageView
from tests.gui.test_i18n_service_texts import _language

RLO = "\u202e"


def _shown(content: str) -> str:
    fields = {f: None for f in MessageView.__dataclass_fields__}
    m = MessageView(**{**fields, "id": 1, "topic_id": 1, "seq": 1, "role": "assistant", "content": content,
                       "content_type": "text", "status": "complete", "created_at": datetime.now(UTC),
                       "tool_calls": (), "attachments": ()})
    doc = QTextDocument()
    doc.setHtml("".join(render_html(m, False, _colors(QPalette())[0])))
    return doc.toPlainText()


def test_the_note_says_one_character_and_many_in_english(qapp: Any) -> None:
    assert hidden_note(0) == ""
    assert hidden_note(1) == "1 invisible character not shown"
    assert hidden_note(3000) == "3,000 invisible characters not shown"
    assert shown_line(f"gpt{RLO}-4o") == "gpt-4o [1 invisible character not shown]"
    shown = _shown(f"abc{RLO}def")
    assert "Shown without 1 invisible character (stacked marks, bidi controls, zero-width)." in shown
    assert "Shown without 2 invisible characters (" in _shown(f"a{RLO}b{RLO}c")


def test_the_note_is_said_in_chinese_and_japanese(qapp: Any) -> None:
    with _language("zh_CN"):
        assert hidden_note(3000) == "3,000 个不可见字符未显示"
        assert shown_line(f"gpt{RLO}-4o") == "gpt-4o [1 个不可见字符未显示]"
        assert "显示时省略了 1 个不可见字符" in _shown(f"abc{RLO}def")
    with _language("ja"):
        assert hidden_note(1) == "1 個の不可視文字を表示していません"
        assert "1 個の不可視文字（重なった記号、双方向制御文字、ゼロ幅文字）を省いて表示しています" in _shown(f"abc{RLO}def")
