"""Recall earlier topics in the window (issue 26, APP-12): a reply that searched earlier
topics lists them in its receipt, and the receipt opens one (archived too); the assistant dialog has
the Recall earlier topics switch, usable only with memory on."""

from __future__ import annotations

import json

import shiboken6
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.messages import Role, ToolCall
from chathub_desktop.gui.context.receipt_dialog import ReceiptDialog
from chathub_desktop.gui.settings.assistant_dialog import AssistantDialog
from chathub_desktop.gui.shell.task_runner import TaskRunner
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import (
    add_fake_provider,
    click_receipt,
    loaded,
    new_topic,
    reload_assistants,
    saved,
    wait_shown,
)


def test_the_receipt_lists_the_recalled_topic_and_opens_it(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot):
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    trip = services.topics.create(aid, "Kyoto trip").id
    services.topics.append_message(trip, Role.USER, "We booked the ryokan for the 14th.")
    reload_assistants(window, qtbot, aid)
    window.resize(1100, 720)
    topic_id = new_topic(window, qtbot)
    wait_shown(window, qtbot, topic_id)
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("c1", "searchTopics", json.dumps({"query": "ryokan"}))]),
        Reply(text_chunks=["The 14th."]),
    )
    window.composer.set_text("When is the ryokan?")
    window.composer.send_button.click()
    model = window.message_model

    def answered() -> bool:
        last = model.message_at(model.rowCount() - 1)
        return last is not None and last.status == "complete" and last.content == "The 14th." and last.receipt is not None

    qtbot.waitUntil(answered, timeout=15000)
    qtbot.waitUntil(window.composer.send_button.isEnabled, timeout=5000)
    view = window.message_view
    index = model.index(model.rowCount() - 1)
    click_receipt(view, index, qtbot)
    found: list[ReceiptDialog] = []
    qtbot.waitUntil(lambda: bool(found.extend(w for w in QApplication.topLevelWidgets()
                                              if isinstance(w, ReceiptDialog) and w.isVisible()) or found),
                    timeout=3000)
    dialog = found[0]
    services.topics.set_archived(trip, True)  # an archived topic opens too (listed then)
    window.topic_actions.reload(keep=topic_id)
    qtbot.waitUntil(lambda: window.topic_model.row_of(trip) is None, timeout=3000)  # read on a worker
    assert dialog.rows["Recalled topics"].text() == f"Kyoto trip (topic {trip})"
    button = dialog.open_buttons[trip]
    assert button.text() == "Open “Kyoto trip”"
    button.click()
    qtbot.waitUntil(lambda: window.current_topic_id == trip, timeout=3000)
    assert not shiboken6.isValid(dialog) or not dialog.isVisible()  # closed (and deleted on close)


def test_the_assistant_dialog_switches_recall_only_with_memory_on(services, qtbot, qloop):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Planner", model="gpt-4o")
    runner = TaskRunner(None)
    dialog = loaded(AssistantDialog(services.assistants, services.providers, runner, a.id), qtbot)
    qtbot.addWidget(dialog)
    ui = dialog.ui
    assert ui.recallCheck.isChecked() and ui.recallCheck.isEnabled()  # on by default
    ui.recallCheck.setChecked(False)
    saved(dialog, qtbot)
    assert ui.errorLabel.isHidden(), ui.errorLabel.text()
    assert services.assistants.get(a.id).recall_topics is False
    dialog = loaded(AssistantDialog(services.assistants, services.providers, runner, a.id), qtbot)
    qtbot.addWidget(dialog)
    assert not dialog.ui.recallCheck.isChecked()
    dialog.ui.memoryCheck.setChecked(False)
    assert not dialog.ui.recallCheck.isEnabled()


def test_many_recalled_topics_keep_the_dialog_on_a_small_screen(qtbot):  # type: ignore[no-untyped-def]
    from datetime import UTC, datetime

    from chathub_desktop.gui.context.receipt_dialog import MAX_OPEN_BUTTONS
    from chathub_desktop.services.views import MessageView

    recalled = [{"topic_id": i, "title": f"Topic number {i} with a long title"} for i in range(1, 41)]
    message = MessageView(id=9, topic_id=1, seq=2, role=Role.ASSISTANT, content="x", content_type="text",
                          status="complete", created_at=datetime(2026, 12, 2, tzinfo=UTC),
                          receipt={"v": 1, "recalled": recalled})
    dialog = ReceiptDialog(message, open_topic=lambda _t: None)
    qtbot.addWidget(dialog)
    assert len(dialog.open_buttons) == MAX_OPEN_BUTTONS
    line = dialog.rows["Recalled topics"].text()
    assert "(topic 10)" in line and line.endswith("and 30 more (Copy as JSON lists them)")
    assert dialog.sizeHint().height() <= 768 - 80 and dialog.width() <= 1366
