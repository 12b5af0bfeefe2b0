"""walk52 #3 (issue 29): the status toast said its message on one line cut with "…" (the
compaction result, the import result), and "Stopped — the text so far is kept" sat on the
last line of the stopped reply. A toast now wraps its whole message to at most three
lines at a readable width (``Width.TOAST``); a longer one is cut at the third line and
offers Details… with the whole text; a real stopped reply's last line stays above it."""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QEnterEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.chat.send_controller import STOPPED_TEXT
from chathub_desktop.gui.design.tokens import Width
from chathub_desktop.gui.shell.status_line import MAX_LINES, TEXT_INSET
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, layout_at_rest, reload_assistants, wait_shown
from tests.gui.test_i18n_service_texts import _language
from tests.gui.toast52_screenshot import compacted_text, imported_text

#: A made-up Japanese compaction result for the geometry check after a stop.
COMPACTED_JA = ("2 回のバッチで 6 件のメッセージを圧縮しました。履歴圧縮モデルがトークン上限で停止したため、"
                "要約の完全な部分だけを残しました · 次のリクエストは約 1,025 → 465 トークン")


def _in_window(window: Any, part: Any) -> QRect:
    return QRect(part.mapTo(window, QPoint(0, 0)), part.size())


def _open(window: Any, services: Any, qtbot: Any, size: tuple[int, int]) -> int:
    aid = services.assistants.create("Helper").id
    tid = services.topics.create(aid, "Weekend walk").id
    services.topics.append_message(tid, Role.USER, "Shall we walk in the park this weekend?")
    window.resize(*size)
    reload_assistants(window, qtbot, aid)
    window.select_topic(tid)
    wait_shown(window, qtbot, tid)
    layout_at_rest(window, qtbot)
    return tid


@pytest.mark.parametrize("size", [(1366, 768), (800, 560)])
@pytest.mark.parametrize("language", ["en", "zh_CN", "ja"])
@pytest.mark.parametrize("said", [compacted_text, imported_text])
def test_a_toast_says_its_whole_message_in_at_most_three_lines(  # type: ignore[no-untyped-def]
        window, services, qtbot, size, language, said) -> None:
    """The worst real messages the walker saw cut (26-compacted: more turns remain and the
    summary was cut; 34-after-import), in English, 简体中文 and 日本語: the toast's lines
    hold every character (no "…", no Details…, no tooltip standing in for it), at most
    three, each painted within the toast, which is no wider than a readable line and
    stays over the composer's card."""
    with nullcontext() if language == "en" else _language(language):
        text = said()
    assert language == "en" or text != (said)()  # said in the language
    _open(window, services, qtbot, size)
    window.show_status(text, 0)
    line = window.status_line
    qtbot.waitUntil(line.isVisible)
    QApplication.processEvents()
    lines = line.lines()
    assert 1 < len(lines) <= MAX_LINES
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # the whole text, in order
    assert not line.details_button.isVisible() and line.toolTip() == ""
    room = line.width() - line.contentsMargins().left() - line.contentsMargins().right() - 2 * TEXT_INSET
    assert all(line.fontMetrics().horizontalAdvance(s) <= room for s in lines)
    assert line.width() <= Width.TOAST + 2 * TEXT_INSET + line.contentsMargins().left() + line.contentsMargins().right()
    assert line.height() >= len(lines) * line.fontMetrics().lineSpacing()
    toast, card = _in_window(window, line), _in_window(window, window.composer.card)
    assert toast.bottom() < card.top() and window.rect().contains(toast)


def test_a_longer_message_is_cut_at_three_lines_and_details_says_it_all(  # type: ignore[no-untyped-def]
        window, services, qtbot) -> None:
    """Past three lines the third ends in "…" beside Details…, which opens the whole text
    (also the toast's tooltip); the message's time stands still while the pointer is on
    the toast; the next short message takes Details… away."""
    _open(window, services, qtbot, (800, 560))
    text = " ".join([imported_text()] * 4)
    window.show_status(text, 10_000)
    line = window.status_line
    qtbot.waitUntil(line.details_button.isVisible)
    QApplication.sendEvent(line, QEnterEvent(QPointF(5, 5), QPointF(5, 5), QPointF(5, 5)))
    assert not line._expiry.isActive()  # the pointer on the toast: its time stands still
    QApplication.sendEvent(line, QEvent(QEvent.Type.Leave))
    assert line._expiry.isActive() and line.currentMessage() == text
    lines = line.lines()
    assert len(lines) == MAX_LINES and lines[-1].endswith("…") and line.toolTip() == text
    box = line.open_details()
    qtbot.waitUntil(box.isVisible)
    assert isinstance(box, QMessageBox) and box.text() == text
    box.close()
    window.show_status(STOPPED_TEXT, 0)
    qtbot.waitUntil(line.details_button.isHidden)
    assert line.lines() == [STOPPED_TEXT] and line.toolTip() == ""


def test_the_toasts_time_stands_still_while_the_keyboard_is_on_details(  # type: ignore[no-untyped-def]
        window, services, qtbot) -> None:
    """Session 52 left it to the pointer: a keyboard user who tabbed to Details… lost the
    message under it. While a toast's button has the focus its time stands still; when
    the focus leaves, the message goes after its time (at least 1.5 s more)."""
    _open(window, services, qtbot, (800, 560))
    text = " ".join([imported_text()] * 4)
    window.show_status(text, 10_000)
    line = window.status_line
    qtbot.waitUntil(line.details_button.isVisible)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    line.details_button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(line.details_button.hasFocus)
    assert not line._expiry.isActive()  # the keyboard on Details…: the time stands still
    QApplication.sendEvent(line, QEnterEvent(QPointF(5, 5), QPointF(5, 5), QPointF(5, 5)))
    QApplication.sendEvent(line, QEvent(QEvent.Type.Leave))
    assert not line._expiry.isActive()  # the pointer came and went; the keyboard is still there
    window.composer.draft.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(window.composer.draft.hasFocus)
    assert line._expiry.isActive() and line._expiry.remainingTime() > 1000 and line.currentMessage() == text
    window.show_status(text + " Again.", 10)
    line.details_button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(line.details_button.hasFocus)
    assert not line._expiry.isActive() and line.currentMessage() == text + " Again."
    window.composer.draft.setFocus(Qt.FocusReason.TabFocusReason)  # then it goes, 1.5 s on
    qtbot.waitUntil(lambda: line.currentMessage() == "", timeout=10_000)


@pytest.mark.parametrize("size", [(1366, 768), (800, 560)])
def test_a_stopped_replys_last_line_stays_above_the_toast(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot, size) -> None:
    """24-after-stop: a reply streamed past the list's height and stopped; the newest
    message's last row (its text and Retry) stays above "Stopped — …", and above a
    three-line toast that follows (the room below the list grows with the toast)."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    window.resize(*size)
    fake_vendor.script(Reply(text_chunks=[f"word{i} " + ("\n\n" if i % 12 == 11 else "") for i in range(2000)],
                             chunk_delay_s=0.01))
    model, view = window.message_model, window.message_view
    window.sending.send_message("Write a long essay about the history of Python.")
    qtbot.waitUntil(lambda: model.rowCount() == 2 and model.message_at(1).status == "streaming", timeout=5000)
    qtbot.waitUntil(lambda: view.visualRect(model.index(1)).height() > view.viewport().height(), timeout=20_000)
    window.sending.stop_current()
    qtbot.waitUntil(lambda: model.message_at(1).status == "cancelled", timeout=5000)
    line = window.status_line
    qtbot.waitUntil(line.isVisible)
    assert line.currentMessage() == STOPPED_TEXT

    def last_bottom() -> int:
        rect = view.visualRect(model.index(model.rowCount() - 1))
        return view.viewport().mapTo(window, QPoint(0, rect.bottom())).y()

    layout_at_rest(window, qtbot)
    qtbot.waitUntil(lambda: view.delegate.settled, timeout=5000)
    assert last_bottom() < _in_window(window, line).top()
    assert view.is_at_bottom()

    window.show_status(COMPACTED_JA, 0)
    qtbot.waitUntil(lambda: len(line.lines()) > 1)
    layout_at_rest(window, qtbot)
    qtbot.waitUntil(lambda: last_bottom() < _in_window(window, line).top())
    assert view.is_at_bottom()


def test_the_dark_toast_has_a_visible_edge() -> None:
    """walk52 #3: the toast's shadow hardly shows on the dark surfaces; its edge there is
    the outline token that reads 3:1 on every surface (the light theme keeps its border)."""
    from chathub_desktop.gui.design.stylesheet import build_stylesheet
    from chathub_desktop.gui.design.tokens import DARK, LIGHT

    def edge(c: Any) -> str:
        rule = build_stylesheet(c, 10).text.split("QStatusBar#statusLine {", 1)[1].split("}", 1)[0]
        return rule.split("border: 1px solid ", 1)[1].split(";", 1)[0]

    assert edge(DARK) == DARK.indicator and edge(LIGHT) == LIGHT.border_strong
