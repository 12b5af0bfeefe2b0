"""Copy on a reply with no text (walk53c #8: an imported tool-call reply copied "" with no
feedback): a reply that shows only its tool calls copies them as its row shows them, with
the "Copied" tick; a row with nothing at all offers no Copy, in its bar or its menu."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from PySide6.QtGui import QGuiApplication

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.gui.chat.message_action_bar import MessageAction, copy_text, message_actions
from chathub_desktop.gui.chat.message_menu import message_menu
from chathub_desktop.services.views import MessageView
from tests.gui.helpers import new_topic, reload_assistants, wait_shown
from tests.gui.test_message_action_bar import hover, shown

CALL = {"id": "c1", "name": "web__search", "arguments": '{"q": "Lisbon time zone"}'}
EMPTY = MessageView(id=1, topic_id=1, seq=1, role=Role.ASSISTANT, content="", content_type="text",
                    status=MessageStatus.COMPLETE, created_at=datetime(2026, 12, 5, tzinfo=UTC))


def test_what_copy_offers_and_copies(qapp: Any) -> None:
    calls = replace(EMPTY, tool_calls=(CALL,))
    assert MessageAction.COPY in message_actions(calls, collapsible=False, last_reply=False)
    assert copy_text(calls, "") == 'search({"q": "Lisbon time zone"})'  # the tool as its row names it
    assert copy_text(replace(calls, content="Looking it up."), "Looking it up.") == "Looking it up."
    assert MessageAction.COPY not in message_actions(EMPTY, collapsible=False, last_reply=False)
    assert MessageAction.COPY not in message_actions(replace(EMPTY, content="  \n"), collapsible=False,
                                                     last_reply=False)
    assert message_actions(replace(EMPTY, status=MessageStatus.STREAMING), collapsible=False, last_reply=True) == ()


def test_a_tool_call_reply_copies_its_calls_and_an_empty_one_offers_no_copy(window: Any, services: Any,
                                                                             qtbot: Any) -> None:
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    reload_assistants(window, qtbot, a.id)
    window.resize(1100, 720)
    topic = new_topic(window, qtbot)
    services.topics.append_message(topic, Role.USER, "What time is it in Lisbon?")
    services.topics.append_message(topic, Role.ASSISTANT, "", tool_calls=[CALL])
    services.topics.append_message(topic, Role.ASSISTANT, "")
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    model, view = window.message_model, window.message_view
    qtbot.waitUntil(lambda: model.rowCount() == 3, timeout=5000)
    bar = view.action_bar
    QGuiApplication.clipboard().setText("before")
    hover(view, 1)
    qtbot.waitUntil(lambda: bar.isVisible() and bar.message_id == model.message_at(1).id, timeout=3000)
    assert MessageAction.COPY in shown(view)
    bar.buttons[MessageAction.COPY].click()
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text() == 'search({"q": "Lisbon time zone"})', timeout=3000)
    assert bar.copied_shown and bar.buttons[MessageAction.COPY].accessibleName() == "Copied"
    hover(view, 2)  # nothing to copy: no Copy, and no "Copied" for it
    qtbot.waitUntil(lambda: bar.message_id == model.message_at(2).id, timeout=3000)
    assert MessageAction.COPY not in shown(view) and MessageAction.DELETE in shown(view)
    menu = message_menu(view, model, 2, view.bar.row_actions(2), view._menu_actions)
    assert "Copy message" not in [act.text() for act in menu.actions()]
    view.copy_row(2)  # Ctrl+C on it: the clipboard keeps what it had
    assert QGuiApplication.clipboard().text() == 'search({"q": "Lisbon time zone"})'
