"""Continue a reply cut at the length limit, in the window (walk53b #4; peers: Cherry
Studio's and LobeHub's Continue): the note and the Continue pill under the newest cut
reply only, the action bar's Continue, more text appended to the same reply, Stop."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.gui.chat.message_action_bar import MessageAction
from chathub_desktop.gui.chat.message_texts import cut_off_text
from chathub_desktop.gui.context.receipt_dialog import ReceiptDialog
from chathub_desktop.services.chat.reply_continue import CONTINUE_INSTRUCTION
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, new_topic, placed, reload_assistants
from tests.integration.test_continue_reply import turns


def _last(window):  # type: ignore[no-untyped-def]
    m = window.message_model
    return m.message_at(m.rowCount() - 1)


def _cut(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """The open topic with one reply, "The first half", cut at the length limit."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    window.resize(1100, 720)
    new_topic(window, qtbot)
    fake_vendor.script(Reply(text_chunks=["The first", " half"], finish_reason="length"))
    window.composer.set_text("Write a long story")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: (m := _last(window)) is not None and m.finish_reason == "length", timeout=5000)
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=5000)


def _pill(window):  # type: ignore[no-untyped-def]
    view = window.message_view
    return view.delegate.continue_rect(view.model().index(view.model().rowCount() - 1))


def _click_pill(window, qtbot):  # type: ignore[no-untyped-def]
    view = window.message_view
    index = view.model().index(view.model().rowCount() - 1)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=placed(view, index, lambda: view.delegate.continue_rect(index), qtbot))


def _offered(window) -> tuple[MessageAction, ...]:  # type: ignore[no-untyped-def]
    model = window.message_model
    return window.message_view.bar.row_actions(model.rowCount() - 1)


def test_continue_shows_only_under_the_newest_reply_cut_at_the_length_limit(
        window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """The note says "Stopped at the length limit"; the pill, the bar's Continue and the
    row's accessible words are there for the newest cut reply, and go once a newer
    reply finished normally."""
    _cut(window, services, fake_vendor, qtbot)
    m = _last(window)
    assert cut_off_text(m).endswith("Stopped at the length limit")
    assert not _pill(window).isEmpty()
    assert _offered(window)[0] is MessageAction.CONTINUE
    index = window.message_model.index(window.message_model.rowCount() - 1)
    assert "Continue: the model writes on" in index.data(Qt.ItemDataRole.AccessibleDescriptionRole)
    button = window.message_view.action_bar.buttons[MessageAction.CONTINUE]
    assert (button.text(), button.accessibleName()) == ("Continue", "Continue reply")
    assert button.toolTip() and not button.icon().isNull()
    assert button.focusPolicy() & Qt.FocusPolicy.TabFocus  # keyboard: Tab from the current row's bar
    fake_vendor.script(Reply(text_chunks=["Done."]))
    window.composer.set_text("Thanks")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 4 and _last(window).status == "complete",
                    timeout=5000)
    assert _pill(window).isEmpty() and MessageAction.CONTINUE not in _offered(window)
    older = window.message_model.index(1)
    assert window.message_view.delegate.continue_rect(older).isEmpty()  # not the newest: no Continue
    assert MessageAction.CONTINUE not in window.message_view.bar.row_actions(1)


def test_continue_appends_to_the_same_reply_and_a_second_cut_offers_it_again(
        window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """The pill's click streams more into the same row (stored text = old + new) from a
    request ending with the cut reply and the instruction; cut again, Continue is back;
    the bar's Continue goes on, and a normal end takes it away."""
    _cut(window, services, fake_vendor, qtbot)
    reply_id = _last(window).id
    fake_vendor.script(Reply(text_chunks=[" and a", " second"], finish_reason="length"))
    _click_pill(window, qtbot)
    qtbot.waitUntil(lambda: _last(window).content == "The first half and a second"
                    and _last(window).status == "complete", timeout=5000)
    assert turns(fake_vendor.last_request.body or {})[-2:] == [("assistant", "The first half"),
                                                             ("user", CONTINUE_INSTRUCTION)]
    assert window.message_model.rowCount() == 2 and _last(window).id == reply_id
    qtbot.waitUntil(lambda: not _pill(window).isEmpty(), timeout=5000)  # cut again: Continue again
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=5000)
    fake_vendor.script(Reply(text_chunks=[" ending."]))
    view = window.message_view
    index = view.model().index(1)
    button = view.action_bar.buttons[MessageAction.CONTINUE]
    placed(view, index, lambda: view.delegate.text_rect(index), qtbot)

    def bar_shown() -> bool:
        view.show_bar(index)  # what the pointer's move over the row does
        return bool(view.action_bar.message_id == reply_id and button.isVisible())

    qtbot.waitUntil(bar_shown, timeout=3000)
    button.click()
    qtbot.waitUntil(lambda: _last(window).content == "The first half and a second ending."
                    and _last(window).status == "complete", timeout=5000)
    stored = services.topics.messages(window.current_topic_id)[-1]
    assert (stored.id, stored.content, stored.cut_off) == (reply_id, "The first half and a second ending.", False)
    dialog = ReceiptDialog(_last(window), window)  # the ⓘ: the receipt records the continuation
    assert dialog.rows["Continued"].text() == ("the reply so far was sent back with an instruction to go on "
                                               "(continuation 2)")
    assert "continue instruction" in dialog.rows["Parts"].text()
    dialog.close()
    qtbot.waitUntil(lambda: _pill(window).isEmpty(), timeout=5000)


def test_stop_keeps_what_arrived(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """Stop during a continuation keeps the old text and what arrived of the new."""
    _cut(window, services, fake_vendor, qtbot)
    fake_vendor.script(Reply(text_chunks=[" partial", " never"], hang=True, hang_after=1))
    _click_pill(window, qtbot)
    qtbot.waitUntil(lambda: _last(window).content == "The first half partial", timeout=5000)
    qtbot.waitUntil(lambda: window.composer.stop_button.isEnabled(), timeout=5000)
    window.composer.stop_button.click()
    qtbot.waitUntil(lambda: _last(window).status == MessageStatus.CANCELLED, timeout=5000)
    stored = services.topics.messages(window.current_topic_id)[-1]
    assert (stored.content, stored.status) == ("The first half partial", MessageStatus.CANCELLED)
    qtbot.waitUntil(lambda: fake_vendor.disconnects >= 1, timeout=5000)  # the stream was closed


def test_the_keyboard_reaches_continue_from_the_reply(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """Tab into the list makes the newest reply current with its action bar; the next
    Tab lands on Continue (first on the bar), and Space continues the reply."""
    from PySide6.QtWidgets import QApplication

    _cut(window, services, fake_vendor, qtbot)
    view = window.message_view
    button = view.action_bar.buttons[MessageAction.CONTINUE]
    window.activateWindow()
    view.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: view.currentIndex().row() == view.model().rowCount() - 1, timeout=5000)
    qtbot.waitUntil(lambda: button.isVisible(), timeout=5000)
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is button, timeout=5000)
    fake_vendor.script(Reply(text_chunks=[" by keyboard."]))
    qtbot.keyClick(button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: _last(window).content == "The first half by keyboard.", timeout=5000)


def _hover_bar(window, qtbot, reply_id: int) -> None:  # type: ignore[no-untyped-def]
    """The pointer over the newest reply: its action bar shows (then the pointer stays still)."""
    view = window.message_view
    index = view.model().index(view.model().rowCount() - 1)
    placed(view, index, lambda: view.delegate.text_rect(index), qtbot)

    def bar_shown() -> bool:
        view.show_bar(index)  # what the pointer's move over the row does
        return view.action_bar.message_id == reply_id

    qtbot.waitUntil(bar_shown, timeout=3000)


def _boxes(window) -> list[QMessageBox]:  # type: ignore[no-untyped-def]
    return [b for b in window.findChildren(QMessageBox) if b.isVisible()]


def test_continue_leaves_the_hovered_bar_once_the_continuation_finished(
        window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """walk54 #1: cut → the bar's Continue → it finishes, the pointer still on the row:
    the bar stays for the reply without Continue (Regenerate back), the row's accessible
    words and its right-click offers lose it too; a Continue asked of it then (a bar or
    menu from before) says one plain line in the chat's status line, no warning box."""
    _cut(window, services, fake_vendor, qtbot)
    reply_id = _last(window).id
    view = window.message_view
    button = view.action_bar.buttons[MessageAction.CONTINUE]
    _hover_bar(window, qtbot, reply_id)
    assert button.isVisible()
    fake_vendor.script(Reply(text_chunks=[" and the end."]))
    button.click()
    qtbot.waitUntil(lambda: _last(window).content == "The first half and the end."
                    and _last(window).status == "complete", timeout=5000)
    regenerate = view.action_bar.buttons[MessageAction.REGENERATE]
    qtbot.waitUntil(lambda: regenerate.isVisible(), timeout=5000)  # the bar follows the finished row
    assert view.action_bar.message_id == reply_id and not button.isVisible()
    index = window.message_model.index(window.message_model.rowCount() - 1)
    assert "Continue" not in (index.data(Qt.ItemDataRole.AccessibleDescriptionRole) or "")
    assert MessageAction.CONTINUE not in _offered(window)
    asked = len(fake_vendor.requests)
    view.action_bar.triggered.emit(MessageAction.CONTINUE, reply_id)  # a stale bar's click
    assert window.status_line.currentMessage() == "This reply can no longer be continued: it has changed since"
    assert _boxes(window) == [] and window.presenter.open_boxes() == []
    assert len(fake_vendor.requests) == asked  # nothing was asked of the model


def test_the_hovered_bar_offers_copy_only_while_the_continuation_streams(
        window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """While the continuation streams, the bar over the reply (the pointer still) offers
    Copy only: no Continue, no Delete (walk54 #1)."""
    _cut(window, services, fake_vendor, qtbot)
    reply_id = _last(window).id
    view = window.message_view
    button = view.action_bar.buttons[MessageAction.CONTINUE]
    _hover_bar(window, qtbot, reply_id)
    fake_vendor.script(Reply(text_chunks=[" more", " and more"], hang=True, hang_after=1))
    button.click()
    qtbot.waitUntil(lambda: _last(window).content == "The first half more", timeout=5000)
    qtbot.waitUntil(lambda: not button.isVisible(), timeout=5000)  # streaming: Copy only
    assert view.action_bar.message_id == reply_id and view.action_bar.buttons[MessageAction.COPY].isVisible()
    assert not view.action_bar.buttons[MessageAction.DELETE].isVisible()
    qtbot.waitUntil(lambda: window.composer.stop_button.isEnabled(), timeout=5000)
    window.sending.stop_current()  # Esc: the stream is closed, what arrived stays
    qtbot.waitUntil(lambda: _last(window).status == MessageStatus.CANCELLED, timeout=5000)


def test_a_continue_the_service_refuses_shows_no_box(
        window, services, fake_vendor, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """The row shown is not the stored reply any more (another window continued it): the
    service refuses, and the refusal is one line in the chat's status line, in the
    interface language, never a platform warning box (walk54 #1)."""
    _cut(window, services, fake_vendor, qtbot)
    reply_id = _last(window).id
    shown = _last(window)
    stale = dataclasses.replace(shown, content=shown.content + " (seen elsewhere)", full_chars=None)
    model = window.message_model
    monkeypatch.setattr(model, "message_at", lambda row: stale if row == model.rowCount() - 1 else None)
    asked = len(fake_vendor.requests)
    task = window.sending.continue_reply(reply_id)
    assert task is not None
    qtbot.waitUntil(task.done, timeout=5000)
    qtbot.waitUntil(lambda: window.status_line.currentMessage().startswith("Cannot continue: "), timeout=5000)
    assert _boxes(window) == [] and window.presenter.open_boxes() == []
    assert len(fake_vendor.requests) == asked


def test_an_open_menu_offering_continue_closes_when_the_reply_changes(
        window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """The right-click menu opened on the cut reply (with "Continue reply") closes once
    the reply streams on; the next one has no Continue (walk54 #1)."""
    _cut(window, services, fake_vendor, qtbot)
    reply_id = _last(window).id
    view = window.message_view
    index = view.model().index(view.model().rowCount() - 1)
    pos = placed(view, index, lambda: view.delegate.text_rect(index), qtbot)
    view.customContextMenuRequested.emit(pos)
    menu = view.last_menu
    assert menu is not None
    qtbot.waitUntil(menu.isVisible, timeout=5000)
    assert "Continue reply" in [a.text() for a in menu.actions()]
    fake_vendor.script(Reply(text_chunks=[" the end."]))
    window.sending.continue_reply(reply_id)
    qtbot.waitUntil(lambda: not menu.isVisible(), timeout=5000)
    qtbot.waitUntil(lambda: _last(window).status == "complete" and _last(window).content.endswith("end."),
                    timeout=5000)
    view.customContextMenuRequested.emit(pos)
    assert view.last_menu is not None and view.last_menu is not menu
    assert "Continue reply" not in [a.text() for a in view.last_menu.actions()]
    view.last_menu.close()
