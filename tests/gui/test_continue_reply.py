"""Continue a reply cut at the length limit, in the window (walk53b #4; peers: Cherry
Studio's and LobeHub's Continue): the note and the Continue pill under the newest cut
reply only, the action bar's Continue, more text appended to the same reply, Stop."""

from __future__ import annotations

from PySide6.QtCore import Qt

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
