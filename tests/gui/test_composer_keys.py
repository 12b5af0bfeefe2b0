"""The composer's send key (issue 29): Enter sends and Shift+Enter makes a new line; the
View menu's Ctrl+Enter setting swaps them, is kept, and the placeholder, tooltips, the
welcome and the empty-topic text name the key in effect. Enter never sends while an
input method is composing (CJK pre-edit)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.chat.composer import Composer
from chathub_desktop.gui.chat.send_keys import SendKey


def _composer(qtbot) -> tuple[Composer, list[str]]:  # type: ignore[no-untyped-def]
    c = Composer()
    qtbot.addWidget(c)
    c.show()
    sent: list[str] = []
    c.send_requested.connect(sent.append)
    c.draft.setFocus()
    return c, sent


def test_enter_sends_and_shift_enter_makes_a_new_line(qtbot) -> None:  # type: ignore[no-untyped-def]
    c, sent = _composer(qtbot)
    qtbot.keyClicks(c.draft, "first line")
    qtbot.keyClick(c.draft, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(c.draft, "second line")
    assert sent == [] and c.text() == "first line\nsecond line"
    qtbot.keyClick(c.draft, Qt.Key.Key_Return)
    assert sent == ["first line\nsecond line"]
    qtbot.keyClick(c.draft, Qt.Key.Key_Enter)  # the keypad's Enter too
    assert len(sent) == 2
    assert "Enter to send" in c.draft.placeholderText() and "Shift+Enter" in c.draft.placeholderText()
    assert c.send_button.toolTip() == "Send the message (Enter)"


def test_ctrl_enter_mode_sends_only_with_ctrl(qtbot) -> None:  # type: ignore[no-untyped-def]
    c, sent = _composer(qtbot)
    c.set_send_key(SendKey.CTRL_ENTER)
    qtbot.keyClicks(c.draft, "a")
    qtbot.keyClick(c.draft, Qt.Key.Key_Return)
    qtbot.keyClicks(c.draft, "b")
    assert sent == [] and c.text() == "a\nb"
    qtbot.keyClick(c.draft, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert sent == ["a\nb"]
    assert c.draft.placeholderText().startswith("Message — Ctrl+Enter to send")
    assert c.send_button.toolTip() == "Send the message (Ctrl+Enter)"


def test_enter_while_an_input_method_composes_does_not_send(qtbot) -> None:  # type: ignore[no-untyped-def]
    c, sent = _composer(qtbot)
    QApplication.sendEvent(c.draft, QInputMethodEvent("nihao", []))  # pre-edit showing
    qtbot.keyClick(c.draft, Qt.Key.Key_Return)
    assert sent == []
    commit = QInputMethodEvent()
    commit.setCommitString("你好")
    QApplication.sendEvent(c.draft, commit)  # the composition ends
    assert c.text() == "你好"
    qtbot.keyClick(c.draft, Qt.Key.Key_Return)
    assert sent == ["你好"]


def test_the_send_key_setting_is_kept_and_named_everywhere(qloop, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.shell.main_window import MainWindow

    ini = tmp_path / "window.ini"
    w = MainWindow(services, settings_file=ini)
    qtbot.addWidget(w)
    assert w.view.send_key_actions[SendKey.ENTER].isChecked()
    assert "press <b>Enter</b>" in w.welcome.text()
    w.view.send_key_actions[SendKey.CTRL_ENTER].trigger()
    assert w.composer.draft.send_key is SendKey.CTRL_ENTER
    assert "press <b>Ctrl+Enter</b>" in w.welcome.text()
    assert w.message_view.empty_text == "No messages yet.\nType below and press Ctrl+Enter to start."
    assert "Ctrl+Enter sends" in w.composer.draft.toolTip()
    _shut_down(qloop, qtbot, w)
    again = MainWindow(services, settings_file=ini)  # the next start keeps the choice
    qtbot.addWidget(again)
    assert again.view.send_key_actions[SendKey.CTRL_ENTER].isChecked()
    assert again.composer.draft.send_key is SendKey.CTRL_ENTER
    _shut_down(qloop, qtbot, again)


def _shut_down(qloop, qtbot, w) -> None:  # type: ignore[no-untyped-def]
    """Close ``w`` as the app does: its tasks (the first-run check) end before it goes."""
    task = qloop.create_task(w.shutdown())
    qtbot.waitUntil(task.done, timeout=5000)
    w.close()


def test_the_draft_grows_with_its_lines_without_a_scroll_bar(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 29: the composer grows with its text (walk2: one Shift+Enter showed a scroll
    bar); in the themed window, up to 8 lines, then it scrolls."""
    draft = window.composer.draft
    draft.setFocus()
    heights = []
    for i in range(10):
        if i:
            qtbot.keyClick(draft, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
        qtbot.keyClicks(draft, f"line {i + 1}")
        QApplication.processEvents()
        heights.append(draft.height())
        assert draft.verticalScrollBar().isVisible() == (i + 1 > 8), (i + 1, heights)
    assert heights[2] < heights[3] < heights[7] == heights[9]
