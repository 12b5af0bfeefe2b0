"""The message list's hover action bar and its jumps to a topic's start and end (issue 29).

Hovering a row shows Copy, Edit (user messages), Regenerate (the last reply), Pin,
Delete and ⓘ; each does what the right-click menu's entry does. Ctrl+Home on a
2,000-message topic shows the first message after one press while the model holds a
bounded number of rows; Ctrl+End and the newest button go back to the end."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QGuiApplication, QMouseEvent
from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.chat.message_action_bar import MessageAction
from chathub_desktop.gui.chat.message_list_view import JumpTarget
from chathub_desktop.gui.context.receipt_dialog import ReceiptDialog
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import (
    add_fake_provider,
    conversation,
    new_topic,
    reload_assistants,
    wait_shown,
    write_export,
)

N = 2_000


def hover(view, row: int) -> None:  # type: ignore[no-untyped-def]
    """Move the mouse over ``row``'s bubble (a synthetic move event: offscreen has no cursor)."""
    pos = view.delegate.bubble_rect(view.model().index(row)).center()
    vp = view.viewport()
    QApplication.sendEvent(vp, QMouseEvent(QEvent.Type.MouseMove, QPointF(pos), QPointF(vp.mapToGlobal(pos)),
                                           Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                                           Qt.KeyboardModifier.NoModifier))


def shown(view) -> set[MessageAction]:  # type: ignore[no-untyped-def]
    bar = view.action_bar
    return {a for a, b in bar.buttons.items() if bar.isVisible() and not b.isHidden()}


@pytest.fixture
def replied(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """The window with one exchange: "Plan my trip" and a finished reply with a receipt."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    window.resize(1100, 720)
    topic = new_topic(window, qtbot)
    wait_shown(window, qtbot, topic)
    fake_vendor.script(Reply(text_chunks=["Sure, ", "here is a plan."]))
    window.composer.set_text("Plan my trip")
    window.composer.send_button.click()
    m = window.message_model
    qtbot.waitUntil(lambda: m.rowCount() == 2 and m.message_at(1).status == "complete"
                    and m.message_at(1).receipt is not None, timeout=15000)
    qtbot.waitUntil(window.composer.send_button.isEnabled, timeout=5000)
    qtbot.wait(50)
    return window


def test_hovering_a_row_shows_its_actions_and_each_does_what_the_menu_does(  # type: ignore[no-untyped-def]
        replied, services, qtbot, monkeypatch):
    view, model = replied.message_view, replied.message_model
    view.setFocus()  # keyboard users: the bar follows the current row
    view.setCurrentIndex(model.index(0))
    assert view.action_bar.message_id == model.message_at(0).id
    hover(view, 1)
    assert shown(view) == {MessageAction.COPY, MessageAction.REGENERATE, MessageAction.PIN,
                           MessageAction.DELETE, MessageAction.RECEIPT}
    bar = view.action_bar
    assert bar.buttons[MessageAction.COPY].accessibleName() == "Copy message"
    assert bar.buttons[MessageAction.COPY].toolTip()
    # the bar sits over the hovered row
    assert view.visualRect(model.index(1)).adjusted(0, -20, 0, 0).intersects(bar.geometry())
    # Copy puts the reply's Markdown on the clipboard
    QGuiApplication.clipboard().setText("")
    bar.buttons[MessageAction.COPY].click()
    assert QGuiApplication.clipboard().text() == "Sure, here is a plan."
    # Pin toggles the message's pin in the store (issue 19), as Pin message does
    reply_id = model.message_at(1).id
    bar.buttons[MessageAction.PIN].click()
    qtbot.waitUntil(lambda: services.topics.message(reply_id).pinned, timeout=5000)
    qtbot.waitUntil(lambda: model.message_at(1).pinned, timeout=5000)
    said = ("Pinned: this message is always sent in full, even after older messages are summarized. It uses part "
            "of the input budget.")  # what pinning gets the user first (walk53b #2)
    qtbot.waitUntil(lambda: replied.status_line.currentMessage() == said, timeout=5000)
    hover(view, 0)
    hover(view, 1)
    assert bar.buttons[MessageAction.PIN].accessibleName() == "Unpin message"
    bar.buttons[MessageAction.PIN].click()
    qtbot.waitUntil(lambda: not services.topics.message(reply_id).pinned, timeout=5000)
    # ⓘ opens the context receipt
    hover(view, 1)
    bar.buttons[MessageAction.RECEIPT].click()
    dialogs: list[ReceiptDialog] = []
    qtbot.waitUntil(lambda: bool(dialogs.extend(w for w in QApplication.topLevelWidgets()
                                                if isinstance(w, ReceiptDialog) and w.isVisible()) or dialogs),
                    timeout=3000)
    dialogs[0].close()
    # the user's row: Edit instead of Regenerate and ⓘ
    hover(view, 0)
    assert shown(view) == {MessageAction.COPY, MessageAction.EDIT, MessageAction.PIN, MessageAction.DELETE}
    bar.buttons[MessageAction.EDIT].click()  # the message becomes editable in the list (issue 29)
    assert replied.inline_editor.isVisible() and replied.inline_editor.text() == "Plan my trip"
    replied.inline_editor.cancel()
    # Delete asks first; "no" keeps the message, "yes" deletes it
    asked: list[str] = []
    monkeypatch.setattr("chathub_desktop.gui.dialogs.confirm.ask", lambda _w, _t, text: asked.append(text) and False)
    hover(view, 1)
    bar.buttons[MessageAction.DELETE].click()
    assert asked and model.rowCount() == 2
    monkeypatch.setattr("chathub_desktop.gui.dialogs.confirm.ask", lambda *a, **k: True)
    hover(view, 1)
    bar.buttons[MessageAction.DELETE].click()
    qtbot.waitUntil(lambda: model.rowCount() == 1, timeout=5000)
    assert services.topics.message_count(replied.current_topic_id) == 1
    assert not bar.isVisible()


@pytest.fixture
def long_topic(window, services, tmp_path, qtbot):  # type: ignore[no-untyped-def]
    """The window showing a 2,000-message topic at its newest message."""
    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export

    a = services.assistants.create("Long")
    turns = [("user" if i % 2 == 0 else "assistant", f"Message {i}: some text.") for i in range(N)]
    import_chatgpt_export(services.db, a.id, write_export(tmp_path / "long.json", [conversation("Long", turns, "l")]))
    (topic,) = services.topics.list(a.id)
    window.live.stop()  # the watcher would re-read the imported topic meanwhile: not what is tested
    reload_assistants(window, qtbot, a.id)
    window.resize(1000, 700)
    window.select_topic(topic.id)
    wait_shown(window, qtbot, topic.id)
    qtbot.waitUntil(lambda: window.message_model.rowCount() > 0, timeout=5000)
    qtbot.waitUntil(window.message_view.is_at_bottom, timeout=3000)
    return window


def _top_text(view) -> str:  # type: ignore[no-untyped-def]
    index = view.indexAt(QPoint(40, 10))
    m = view.model().message_at(index.row()) if index.isValid() else None
    return m.content if m is not None else ""


def test_ctrl_home_shows_the_first_message_at_once_and_ctrl_end_the_newest(long_topic, qtbot):  # type: ignore[no-untyped-def]
    view, model = long_topic.message_view, long_topic.message_model
    assert model.message_at(model.rowCount() - 1).content.startswith(f"Message {N - 1}:")
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: _top_text(view).startswith("Message 0:"), timeout=5000)
    assert model.rowCount() <= 100  # one page, not the 2,000 rows
    assert not model.at_end
    assert view.newest_button.isVisible()
    # scrolling to the bottom of that window (its rows came in below the first) brings the
    # next page, not the end
    sb = view.verticalScrollBar()
    qtbot.waitUntil(lambda: model.rowCount() == 40 and sb.maximum() > 0 and sb.value() == sb.minimum(), timeout=3000)
    qtbot.wait(50)
    sb.setValue(sb.maximum())
    qtbot.waitUntil(lambda: model.rowCount() > 40, timeout=5000)
    assert model.rowCount() <= 100 and model.message_at(0).content.startswith("Message 0:")
    qtbot.keyClick(view, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: model.at_end and model.message_at(model.rowCount() - 1).content.startswith(
        f"Message {N - 1}:"), timeout=5000)
    qtbot.waitUntil(view.is_at_bottom, timeout=3000)
    assert model.rowCount() <= 100
    # the button follows the scroll bar's last move, which under load lands a turn later
    qtbot.waitUntil(lambda: not view.newest_button.isVisible(), timeout=3000)


def test_the_newest_button_goes_back_to_the_end(long_topic, qtbot):  # type: ignore[no-untyped-def]
    view, model = long_topic.message_view, long_topic.message_model
    qtbot.waitUntil(lambda: view.jump_start_button.isVisible(), timeout=3000)
    view.jump_start_button.click()
    qtbot.waitUntil(lambda: _top_text(view).startswith("Message 0:"), timeout=5000)
    qtbot.waitUntil(view.newest_button.isVisible, timeout=3000)
    view.newest_button.click()
    qtbot.waitUntil(lambda: model.at_end and view.is_at_bottom(), timeout=5000)
    assert model.message_at(model.rowCount() - 1).content.startswith(f"Message {N - 1}:")


def test_the_jump_buttons_never_cover_the_messages(long_topic, qtbot):  # type: ignore[no-untyped-def]
    """Walk2: the jump buttons lay over message text. They sit in a gutter beside the rows,
    outside the viewport where messages are painted, at 1000 and at 800 px wide."""
    view = long_topic.message_view
    view.jump_start_button.click()
    qtbot.waitUntil(lambda: _top_text(view).startswith("Message 0:"), timeout=5000)
    sb = view.verticalScrollBar()
    qtbot.waitUntil(lambda: sb.maximum() > 0, timeout=3000)
    sb.setValue(sb.maximum() // 2)  # mid-window: both buttons show
    for width in (1000, 800):
        long_topic.resize(width, 560)
        qtbot.waitUntil(lambda: view.newest_button.isVisible() and view.jump_start_button.isVisible(), timeout=3000)
        text_area = view.viewport().geometry()
        for button in (view.newest_button, view.jump_start_button):
            assert not button.geometry().intersects(text_area), (width, button.accessibleName())
            assert view.contentsRect().contains(button.geometry())
            assert not button.geometry().intersects(view.topic_bar.geometry())


def test_a_message_sent_after_a_jump_to_the_start_shows_at_the_end(long_topic, qtbot):  # type: ignore[no-untyped-def]
    view, model = long_topic.message_view, long_topic.message_model
    view.jump_requested.emit(JumpTarget.START)
    qtbot.waitUntil(lambda: not model.at_end, timeout=5000)
    view.scroll_to_end()  # what Send does
    qtbot.waitUntil(lambda: model.at_end and view.is_at_bottom(), timeout=5000)


def test_a_reload_after_a_jump_to_the_start_stays_at_the_start(long_topic, qtbot):  # type: ignore[no-untyped-def]
    """Another process changing the topic re-reads it where the user is (issue 29)."""
    view, model = long_topic.message_view, long_topic.message_model
    view.jump_requested.emit(JumpTarget.START)
    qtbot.waitUntil(lambda: _top_text(view).startswith("Message 0:"), timeout=5000)
    resets: list[bool] = []
    model.modelReset.connect(lambda: resets.append(model.at_end))
    long_topic.reload_topic()
    qtbot.waitUntil(lambda: bool(resets), timeout=5000)
    qtbot.wait(100)
    assert resets == [False] and model.message_at(0).content.startswith("Message 0:")
    assert _top_text(view).startswith("Message 0:")


@pytest.mark.parametrize("status", ["error", "cancelled", "interrupted"])
def test_a_stopped_last_reply_offers_regenerate_a_failed_one_only_retry(replied, qtbot, status):  # type: ignore[no-untyped-def]
    """Walk29 #6: a failed last reply keeps its "↻ Retry" pill and the bar drops its
    Regenerate. Walk50 #9: a stopped or interrupted reply holds text worth keeping, so its
    bar offers Regenerate too (the old text stays a version), beside the Retry pill."""
    import dataclasses

    from chathub_desktop.gui.chat.message_action_bar import message_actions

    m = replied.message_model.message_at(1)
    assert MessageAction.REGENERATE in message_actions(m, collapsible=False, last_reply=True)
    ended = dataclasses.replace(m, status=status)
    offers = message_actions(ended, collapsible=False, last_reply=True)
    assert (MessageAction.REGENERATE in offers) is (status != "error")
    assert MessageAction.COPY in offers


def test_at_the_bottom_no_arrow_sits_where_the_newest_one_goes(long_topic, qtbot):  # type: ignore[no-untyped-def]
    """Walk36 #6: at the bottom of a long topic the jump-to-start arrow took the newest
    arrow's place at the gutter's foot, so an arrow seemed to point to where the view
    already was. The newest arrow shows only away from the bottom; the start arrow sits
    just above its place, the two in one place (chatlook52, walk52 #8: not alone at the
    top right)."""
    view = long_topic.message_view
    qtbot.waitUntil(view.jump_start_button.isVisible, timeout=3000)
    assert view.is_at_bottom()
    assert not view.newest_button.isVisible()
    start, newest = view.jump_start_button.geometry(), view.newest_button.geometry()
    assert start.bottom() < newest.top() and newest.top() - start.bottom() <= 8  # stacked, not overlapping
    assert start.left() == newest.left() and start.top() > view.viewport().geometry().center().y()


def test_the_bar_never_covers_a_message_s_text_or_its_header(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """Issue 29 (left at stop 36): the bar lay over the first line of a reply's text. It
    sits on the header line, ending above the text, away from the header's own parts; a
    wide user message's bar does not cover its "You · 12:34"."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    window.resize(1100, 720)
    topic = new_topic(window, qtbot)
    wait_shown(window, qtbot, topic)
    long_line = "every word of this line runs to the column's edge " * 8
    fake_vendor.script(Reply(text_chunks=[long_line]))
    window.composer.set_text(long_line)
    window.composer.send_button.click()
    m = window.message_model
    qtbot.waitUntil(lambda: m.rowCount() == 2 and m.message_at(1).status == "complete", timeout=15000)
    view = window.message_view
    for row in (0, 1):
        hover(view, row)
        qtbot.waitUntil(lambda r=row: view.action_bar.message_id == m.message_at(r).id, timeout=3000)
        index = m.index(row)
        bar = view.action_bar.geometry()
        assert not bar.intersects(view.delegate.text_rect(index)), row
        assert not bar.intersects(view.delegate.header_rect(index)), row
        assert bar.intersects(view.visualRect(index)), row


def test_no_bar_button_is_cut_plain_hovered_checked_or_focused(replied, qtbot):  # type: ignore[no-untyped-def]
    """look50: the bar's buttons were fixed at 24 px while Qt's sheet style asked 27 px (the
    audit counted them clipped in the focus shots); sized from their content, each has the
    room it asks for in every state, and the bar still sits on the header band, over no text."""
    view, model = replied.message_view, replied.message_model
    bar = view.action_bar

    def cut() -> dict[str, str]:
        """Shown buttons whose size hint is larger than their size."""
        return {a.name: f"{b.sizeHint().width()}x{b.sizeHint().height()} > {b.width()}x{b.height()}"
                for a, b in bar.buttons.items() if not b.isHidden()
                and (b.sizeHint().width() > b.width() or b.sizeHint().height() > b.height())}

    hover(view, 1)
    qtbot.waitUntil(bar.isVisible, timeout=3000)
    assert cut() == {}
    bar.buttons[MessageAction.PIN].setChecked(True)
    assert cut() == {}
    copy = bar.buttons[MessageAction.COPY]
    copy.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is copy, timeout=3000)
    assert cut() == {}
    index = model.index(1)
    assert not bar.geometry().intersects(view.delegate.text_rect(index))
    assert bar.geometry().bottom() < view.delegate.bubble_rect(index).top()


def test_copy_turns_into_a_check_saying_copied_then_back(replied, qtbot):  # type: ignore[no-untyped-def]
    """Walk53 #6: Copy gave no feedback. As in Claude and Cherry Studio, its icon turns
    into a check named and tipped "Copied" for 1.5 s, then it is Copy again."""
    from chathub_desktop.gui.design.icons import Icon, icon

    view = replied.message_view
    bar = view.action_bar
    hover(view, 1)
    qtbot.waitUntil(bar.isVisible, timeout=3000)
    copy = bar.buttons[MessageAction.COPY]
    as_copy = copy.icon().pixmap(16, 16).toImage()
    copy.click()
    assert QGuiApplication.clipboard().text() == "Sure, here is a plan."
    assert copy.accessibleName() == "Copied"
    assert copy.toolTip() == "Copied"
    assert copy.icon().pixmap(16, 16).toImage() == icon(Icon.ACCEPT).pixmap(16, 16).toImage()
    assert copy.icon().pixmap(16, 16).toImage() != as_copy
    qtbot.waitUntil(lambda: not bar.copied_shown, timeout=5000)
    assert copy.accessibleName() == "Copy message"
    assert copy.toolTip() != "Copied"
    assert copy.icon().pixmap(16, 16).toImage() == as_copy
    # another row's Copy is not the check
    copy.click()
    assert bar.copied_shown
    hover(view, 0)
    assert copy.accessibleName() == "Copy message"
