"""Edit in place (issue 29): the hover bar's Edit makes a user message editable in the
list; Enter resends it as a new branch, Shift+Enter makes a new line, Esc cancels;
"Save only" changes the text without a new reply; an empty text is refused in one line."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.chat.message_action_bar import MessageAction
from chathub_desktop.gui.chat.message_actions import changed_text
from chathub_desktop.gui.chat.message_inline_edit import EMPTY_REFUSAL, hint_text
from chathub_desktop.gui.chat.message_list_model import VersionRole
from chathub_desktop.gui.chat.send_keys import SendKey
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants, wait_shown
from tests.gui.test_i18n_service_texts import _language
from tests.gui.test_message_action_bar import hover, replied  # noqa: F401  (fixture)


def _texts(window) -> list[str]:  # type: ignore[no-untyped-def]
    m = window.message_model
    return [m.message_at(i).content for i in range(m.rowCount())]


@pytest.fixture
def editing(replied, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """The window with the user's "Plan my trip" open in the inline editor (from the bar)."""
    view = replied.message_view
    hover(view, 0)
    view.action_bar.buttons[MessageAction.EDIT].click()
    editor = replied.inline_editor
    qtbot.waitUntil(editor.box.hasFocus, timeout=3000)
    return replied


def test_edit_opens_the_message_in_the_list(editing) -> None:  # type: ignore[no-untyped-def]
    editor, view = editing.inline_editor, editing.message_view
    assert editor.isVisible() and editor.parentWidget() is view.viewport()
    assert editor.text() == "Plan my trip" and editor.box.textCursor().selectedText() == "Plan my trip"
    assert editor.message_id == editing.message_model.message_at(0).id
    # it lies over the message's row, inside the list
    assert editor.geometry().intersects(view.visualRect(editing.message_model.index(0)))
    assert view.viewport().rect().contains(editor.geometry())
    assert editor.hint.text().replace("\u00a0", " ") == "Enter resends · Shift+Enter new line · Esc cancels"
    assert not editor.note.isVisible() and not editor.error_label.isVisible()
    assert not any(w.isVisible() for w in editing.dialogs.values())  # no dialog


def test_enter_resends_as_a_new_branch(editing, services, fake_vendor, qtbot) -> None:  # type: ignore[no-untyped-def]
    editor = editing.inline_editor
    asked = len(fake_vendor.requests)
    fake_vendor.script(Reply(text_chunks=["Lisbon: ", "three days."]))
    qtbot.keyClicks(editor.box, "Plan my trip to Lisbon")
    qtbot.keyClick(editor.box, Qt.Key.Key_Return)
    assert not editor.isVisible()
    qtbot.waitUntil(lambda: _texts(editing) == ["Plan my trip to Lisbon", "Lisbon: three days."], timeout=15000)
    qtbot.waitUntil(lambda: editing.message_model.index(0).data(VersionRole) == (2, 2), timeout=15000)
    qtbot.waitUntil(editing.composer.send_button.isEnabled, timeout=15000)
    assert len(fake_vendor.requests) == asked + 1
    topic = editing.current_topic_id
    assert [m.content for m in services.topics.messages(topic)] == ["Plan my trip to Lisbon", "Lisbon: three days."]


def test_shift_enter_makes_a_new_line_and_sends_nothing(editing, fake_vendor, qtbot) -> None:  # type: ignore[no-untyped-def]
    editor = editing.inline_editor
    asked = len(fake_vendor.requests)
    qtbot.keyClick(editor.box, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(editor.box, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(editor.box, "by train")
    assert editor.isVisible() and editor.text() == "Plan my trip\nby train"
    qtbot.wait(50)
    assert len(fake_vendor.requests) == asked and _texts(editing) == ["Plan my trip", "Sure, here is a plan."]


def test_esc_cancels_and_keeps_the_message(editing, services, fake_vendor, qtbot) -> None:  # type: ignore[no-untyped-def]
    editor = editing.inline_editor
    asked = len(fake_vendor.requests)
    qtbot.keyClicks(editor.box, "Something else")
    qtbot.keyClick(editor.box, Qt.Key.Key_Escape)
    assert not editor.isVisible() and editor.message_id is None
    assert editing.message_view.hasFocus()
    qtbot.wait(50)
    assert len(fake_vendor.requests) == asked
    assert [m.content for m in services.topics.messages(editing.current_topic_id)] == [
        "Plan my trip", "Sure, here is a plan."]


def test_an_empty_text_is_refused_in_one_line(editing, fake_vendor, qtbot) -> None:  # type: ignore[no-untyped-def]
    editor = editing.inline_editor
    asked = len(fake_vendor.requests)
    qtbot.keyClick(editor.box, Qt.Key.Key_Delete)  # the text is selected: gone
    qtbot.keyClick(editor.box, Qt.Key.Key_Return)
    assert editor.isVisible() and editor.error_label.isVisible() and editor.error_label.text() == EMPTY_REFUSAL
    editor.save_button.click()
    assert editor.isVisible()
    qtbot.wait(50)
    assert len(fake_vendor.requests) == asked and _texts(editing)[0] == "Plan my trip"


def test_save_only_changes_the_text_without_a_reply(editing, services, fake_vendor, qtbot) -> None:  # type: ignore[no-untyped-def]
    editor = editing.inline_editor
    asked = len(fake_vendor.requests)
    qtbot.keyClicks(editor.box, "Plan my weekend")
    editor.save_button.click()
    qtbot.waitUntil(lambda: _texts(editing) == ["Plan my weekend", "Sure, here is a plan."], timeout=5000)
    assert not editor.isVisible()
    assert services.topics.messages(editing.current_topic_id)[0].content == "Plan my weekend"
    assert len(fake_vendor.requests) == asked
    assert editing.status_line.currentMessage().startswith("Message edited")


def test_the_edited_and_deleted_lines_are_said_in_the_interface_language(  # type: ignore[no-untyped-def]
        editing, qtbot) -> None:
    """Session 52 left "Message edited" and "Message deleted" in English in a translated
    window: Save only in Chinese says 消息已编辑; the other lines in Japanese."""
    editor = editing.inline_editor
    with _language("zh_CN"):
        qtbot.keyClicks(editor.box, "Plan my weekend")
        editor.save_button.click()
        qtbot.waitUntil(lambda: editing.status_line.currentMessage() != "", timeout=5000)
        assert editing.status_line.currentMessage() == "消息已编辑"
    with _language("ja"):
        assert changed_text(edited=False, cleared=False) == "メッセージを削除しました"
        assert changed_text(edited=True, cleared=True).startswith("メッセージを編集しました — トピックの要約")
        assert changed_text(edited=False, cleared=True).startswith("メッセージを削除しました — トピックの要約")
    assert changed_text(edited=False, cleared=True) == ("Message deleted — the topic summary covered it and was "
                                                        "cleared; the next compaction rebuilds it")


def test_with_ctrl_enter_as_the_send_key_enter_makes_a_new_line(editing, qtbot) -> None:  # type: ignore[no-untyped-def]
    editor = editing.inline_editor
    editing.view.send_key_changed.emit(SendKey.CTRL_ENTER)
    assert editor.hint.text() == hint_text(SendKey.CTRL_ENTER)
    assert editor.hint.text().replace("\u00a0", " ").startswith("Ctrl+Enter resends")
    qtbot.keyClick(editor.box, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(editor.box, Qt.Key.Key_Return)
    assert editor.isVisible() and editor.text() == "Plan my trip\n"
    editor.cancel()


def test_the_editor_closes_when_its_message_leaves_the_list(editing, qtbot) -> None:  # type: ignore[no-untyped-def]
    editor = editing.inline_editor
    editing.new_topic()  # another topic opens: the row is gone
    qtbot.waitUntil(lambda: not editor.isVisible(), timeout=5000)
    assert editor.message_id is None


def test_esc_in_the_editor_cancels_the_edit_not_the_reply_being_written(  # type: ignore[no-untyped-def]
        replied, services, fake_vendor, qtbot):  # noqa: F811
    """The window binds Esc to Stop while a reply streams; in the editor Esc only cancels."""
    window, topic = replied, replied.current_topic_id
    fake_vendor.script(Reply(text_chunks=["Day one"], hang=True, hang_after=1))
    window.composer.set_text("And the budget?")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: services.chat.is_sending(topic) and window.stop_action.isEnabled(), timeout=10000)
    window.message_actions.edit_message(window.message_model.message_at(0).id)
    editor = window.inline_editor
    qtbot.waitUntil(editor.box.hasFocus, timeout=3000)
    qtbot.keyClick(editor.box, Qt.Key.Key_Escape)
    assert not editor.isVisible()
    qtbot.wait(100)
    assert services.chat.is_sending(topic)  # still writing
    window.sending.stop_current()
    qtbot.waitUntil(lambda: not services.chat.is_sending(topic), timeout=10000)


def test_the_editor_follows_its_message_when_the_window_narrows(editing, qtbot) -> None:  # type: ignore[no-untyped-def]
    editor, view = editing.inline_editor, editing.message_view
    editing.resize(820, 560)
    index = editing.message_model.index(0)
    qtbot.waitUntil(lambda: view.viewport().rect().contains(editor.geometry())
                    and editor.geometry().intersects(view.delegate.bubble_rect(index)), timeout=3000)
    assert editor.isVisible() and editor.hint.height() >= editor.hint.heightForWidth(editor.hint.width())


@pytest.fixture
def restore_look(qapp):  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.design.theme import ViewPrefs

    yield
    ViewPrefs(qapp, None).apply()


def test_the_editor_the_rail_and_the_topic_marks_read_in_both_themes(  # type: ignore[no-untyped-def]
        editing, services, qtbot, restore_look):
    """Nothing of what this brief added is faint or cut, after a live switch either way."""
    from chathub_desktop.gui.design.audit import audit_window

    services.topics.set_pinned(editing.current_topic_id, True)
    editing.topic_actions.reload(keep=editing.current_topic_id)
    editor = editing.inline_editor
    for theme in ("dark", "light"):
        editing.view.theme_actions[theme].trigger()
        qtbot.wait(50)
        assert editor.isVisible()
        report = audit_window(editing, theme)
        assert report.widgets >= 20
        assert report.ok, report.line() + "".join(f"\n{f.what}: {f.detail}" for f in report.contrast + report.clipped)


def test_the_edited_row_grows_and_the_next_message_moves_down(editing, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Walk2: the editor floated over the reply under it. Now the edited row is as tall
    as the editor and the reply starts below it; Esc gives the row its height back."""
    editor, view, model = editing.inline_editor, editing.message_view, editing.message_model
    qtbot.waitUntil(lambda: view.visualRect(model.index(1)).top() >= editor.geometry().bottom(), timeout=3000)
    assert view.visualRect(model.index(0)).contains(editor.geometry())
    # more lines: the row grows with the editor, the reply still below it
    qtbot.keyClick(editor.box, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    for word in ("one", "two", "three", "four"):
        qtbot.keyClick(editor.box, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
        qtbot.keyClicks(editor.box, word)
    qtbot.waitUntil(lambda: view.visualRect(model.index(1)).top() >= editor.geometry().bottom(), timeout=3000)
    grown = view.visualRect(model.index(0)).height()
    qtbot.keyClick(editor.box, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: view.visualRect(model.index(0)).height() < grown - 40, timeout=3000)


def test_the_editor_sits_under_the_header_line_and_the_hover_bar_stays_away(  # type: ignore[no-untyped-def]
        replied, fake_vendor, qtbot):  # noqa: F811
    """Walk29 #5: editing a message whose row was partly scrolled off the top covered its
    "You · time" line, and the hover bar stayed visible behind the editor. Now the row's
    header line shows above the editor, the bar hides while editing (hovering does not
    bring it back) and comes back after; the hint never breaks a key's phrase."""
    window, view, model = replied, replied.message_view, replied.message_model
    window.resize(800, 560)
    fake_vendor.script(Reply(text_chunks=[f"line {i}\n\n" for i in range(40)]))
    window.composer.set_text("And the way back?")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: model.rowCount() == 4 and model.message_at(3).status == "complete", timeout=15000)
    qtbot.waitUntil(window.composer.send_button.isEnabled, timeout=5000)
    sb = view.verticalScrollBar()
    sb.setValue(sb.value() + view.visualRect(model.index(2)).top() + 8)  # the header line just off the top
    qtbot.wait(20)
    assert view.visualRect(model.index(2)).top() < 0
    hover(view, 2)
    # walk39 #3 / look40: the bar sits on the row's header line, so with that line scrolled
    # off the top no bar shows (it used to be pinned over the text); Edit from the menu
    assert not view.action_bar.isVisible()
    window.message_actions.edit_message(model.message_at(2).id)
    editor = window.inline_editor
    qtbot.waitUntil(editor.box.hasFocus, timeout=3000)
    qtbot.wait(20)
    row = view.visualRect(model.index(2))
    assert row.top() >= 0 and editor.y() >= view.delegate.bubble_rect(model.index(2)).top() > row.top()
    assert not view.action_bar.isVisible()
    for r in (2, 3):
        hover(view, r)
        assert not view.action_bar.isVisible()
    phrases = editor.hint.text().split(" · ")  # a line may break only between them
    assert [p.replace("\u00a0", " ") for p in phrases] == [
        "Enter resends", "Shift+Enter new line", "Esc cancels"]
    assert not any(" " in p for p in phrases)
    qtbot.keyClick(editor.box, Qt.Key.Key_Escape)
    hover(view, 3)
    qtbot.waitUntil(view.action_bar.isVisible, timeout=3000)
    view.scrollToTop()
    qtbot.wait(20)
    hover(view, 0)
    qtbot.waitUntil(view.action_bar.isVisible, timeout=3000)
    view.action_bar.buttons[MessageAction.EDIT].click()
    qtbot.waitUntil(editor.box.hasFocus, timeout=3000)
    qtbot.wait(20)
    row = view.visualRect(model.index(0))
    assert row.top() >= 0 and editor.y() >= view.delegate.bubble_rect(model.index(0)).top() > row.top()


def test_a_growing_edited_row_does_not_scroll_its_header_away(replied, fake_vendor, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk29 #5: in a topic just shorter than the list, the list followed its end, so the
    edited row growing under the editor scrolled its "You · time" line off the top."""
    window, view, model = replied, replied.message_view, replied.message_model
    fake_vendor.script(Reply(text_chunks=[f"line {i}\n\n" for i in range(8)]))
    window.composer.set_text("And the way back?")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: model.rowCount() == 4 and model.message_at(3).status == "complete", timeout=15000)
    qtbot.waitUntil(window.composer.send_button.isEnabled, timeout=5000)
    sb = view.verticalScrollBar()
    height = window.height()
    while sb.maximum() == 0 and height > 300:  # just taller than the messages
        height -= 10
        window.resize(window.width(), height)
        qtbot.wait(5)
    window.resize(window.width(), height + 10)
    qtbot.waitUntil(lambda: sb.maximum() == 0, timeout=3000)
    hover(view, 0)
    qtbot.waitUntil(view.action_bar.isVisible, timeout=3000)
    view.action_bar.buttons[MessageAction.EDIT].click()
    editor = window.inline_editor
    qtbot.waitUntil(editor.box.hasFocus, timeout=3000)
    qtbot.waitUntil(lambda: sb.maximum() > 0, timeout=3000)  # the row grew past the list's height
    qtbot.wait(50)
    row = view.visualRect(model.index(0))
    assert row.top() >= 0 and editor.y() >= view.delegate.bubble_rect(model.index(0)).top() > row.top()


@pytest.mark.parametrize("lines", [4, 40])
def test_edit_on_the_last_message_of_a_full_list_at_800x560_shows_the_editors_buttons(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot, lines):
    """walk40 #4: at 800×560, Edit on the last user message of a topic that fills the list
    left the inline editor's buttons under the viewport's edge (1, 4 and 8 lines: the
    buttons' bottom at 412, 454 and 426 px of a 410 px viewport). The list scrolls so
    Cancel, Save only and Resend are inside the viewport, and the text box above them is too."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    topic = services.topics.create(aid, "Way back").id
    for k in range(8):
        services.chat.append_row(topic, Role.USER, f"Plan day {k} of my trip")
        services.chat.append_row(topic, Role.ASSISTANT, f"Sure, here is day {k}: a walk and a museum.")
    last = services.chat.append_row(topic, Role.USER, "\n".join(
        f"Stop {i}: a day in a town on the way back, with a museum and a long lunch" for i in range(lines)))
    services.chat.append_row(topic, Role.ASSISTANT, "Noted.")
    window.resize(800, 560)
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    view = window.message_view
    view.scrollToBottom()
    qtbot.wait(20)
    window.message_actions.edit_message(last)
    editor = window.inline_editor
    qtbot.waitUntil(editor.box.hasFocus, timeout=3000)
    qtbot.wait(50)
    vp = view.viewport().rect()
    for button in (editor.cancel_button, editor.save_button, editor.resend_button):
        rect = button.geometry().translated(editor.pos())
        assert vp.contains(rect), (button.text(), rect, vp)
    box = editor.box.geometry().translated(editor.pos())
    assert box.top() >= 0 and box.bottom() <= vp.bottom()
    # walk42 #7: the hint on one line, the editor's bottom border above the composer
    assert editor.hint.heightForWidth(editor.hint.width()) < 2 * editor.hint.fontMetrics().lineSpacing()
    if editor.height() < vp.height():  # a long message's editor is as tall as its bubble
        assert editor.geometry().bottom() < vp.bottom()


def test_a_message_longer_than_the_list_shows_is_edited_whole(replied, services, qtbot) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """huge51: the list keeps only the shown start (100,000 characters) of a longer
    message; Edit opens all of it, read from the store."""
    model = replied.message_model
    first = model.message_at(0).id
    long_text = "Plan my trip. " + "day " * 40_000
    services.messages.edit_message(first, long_text)
    model.refresh_message(first)  # as the window does after its own edit
    qtbot.waitUntil(lambda: model.message_at(0).full_chars == len(long_text), timeout=10_000)
    assert model.message_at(0).content == long_text[:100_000]
    replied.message_actions.edit_message(first)
    editor = replied.inline_editor
    qtbot.waitUntil(lambda: editor.isVisible() and editor.text() == long_text, timeout=10_000)
    qtbot.keyClick(editor.box, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not editor.isVisible(), timeout=5000)


def test_an_editor_deleted_after_a_resize_leaves_no_call_behind(editing, qtbot) -> None:  # type: ignore[no-untyped-def]
    """CI (ci52a): a list resized while editing queued the editor's re-fit for the next turn;
    the window closed first, and the queued call raised "Internal C++ object (InlineEditor)
    already deleted". Queued calls are dropped with their object."""
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QEvent, QSize
    from PySide6.QtGui import QResizeEvent

    editor, view = editing.inline_editor, editing.message_view
    size = view.viewport().size()
    QCoreApplication.sendEvent(view.viewport(), QResizeEvent(size + QSize(0, -10), size))  # queues the re-fit
    shiboken6.delete(editor)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(20)  # the queued turn runs (pytest-qt fails the test on an exception in it)
