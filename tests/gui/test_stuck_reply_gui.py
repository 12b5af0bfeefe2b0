"""Mark as interrupted (issue 32, APP-8): a reply another window or command claimed and
no longer finishes can be released from the window: the reply's menu offers it, and
afterwards the topic takes messages again."""

from __future__ import annotations

import subprocess

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.services.chat.process_identity import HOST, process_birth
from tests.gui.helpers import add_fake_provider, reload_assistants


def test_a_reply_whose_owner_does_not_answer_can_be_marked_interrupted(
        window, services, fake_vendor, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    owner = subprocess.Popen(["sleep", "60"])  # a live process holding the stored PID and start time
    try:
        _pid, aid = add_fake_provider(services, fake_vendor.base_url, model="gpt-4o")
        topic = services.topics.create(aid).id
        services.chat.append_row(topic, role=Role.USER, content="hello")
        reply = services.chat.append_row(topic, role=Role.ASSISTANT, content="half", status=MessageStatus.STREAMING,
                                      sent_by_process=f"{HOST}:{owner.pid}:0123456789ab:{process_birth(owner.pid)}")
        reload_assistants(window, qtbot, aid)
        window.select_topic(topic)
        model, view = window.message_model, window.message_view
        qtbot.waitUntil(lambda: model.rowCount() == 2, timeout=5000)
        monkeypatch.setattr(confirm, "ask", lambda *_a, **_k: True)
        view._context_menu(view.visualRect(model.index(1)).center())
        actions = {a.text(): a for a in view.last_menu.actions()}
        view.last_menu.close()
        actions["Mark as interrupted"].trigger()
        qtbot.waitUntil(lambda: services.topics.message(reply).status == "interrupted", timeout=5000)
        qtbot.waitUntil(lambda: model.message_at(1).status == "interrupted", timeout=5000)
        assert services.topics.message(reply).content == "half"
        view._context_menu(view.visualRect(model.index(0)).center())  # a settled message: no such entry
        assert "Mark as interrupted" not in [a.text() for a in view.last_menu.actions()]
        view.last_menu.close()
    finally:
        owner.kill()
        owner.wait(timeout=10)
