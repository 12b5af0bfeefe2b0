"""A tool call waiting for approval in one topic blocks no other topic (issue 25, APP-11).

Real parts: the SDK-built probe server (in process, over the SDK's in-memory
streams), the fake vendor calling its tool, the real window on the session's qasync loop."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chathub_desktop.core.mcp_config import ToolApproval
from chathub_desktop.core.messages import ToolCall
from chathub_desktop.services.container import Services
from tests.fakes.mcp_probe_tools import IN_PROCESS_PROBE, InProcessServers
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.helpers import add_fake_provider, reload_assistants


@pytest.fixture
def mcp_connector() -> InProcessServers:
    """The probe server runs in this process (no child process)."""
    return InProcessServers()


def _complete(services: Services, topic: int, text: str) -> bool:
    return any(m.role == "assistant" and m.status == "complete" and m.content == text
               for m in services.topics.messages(topic))


def test_a_background_topic_waits_for_approval_while_another_topic_replies(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.mcp.add(IN_PROCESS_PROBE)
    services.mcp.set_server_enabled("Helper", "probe", True)
    waiting = services.topics.create("Helper", "Needs a tool").id
    other = services.topics.create("Helper", "Chat meanwhile").id
    reload_assistants(window, qtbot, aid)
    fake_vendor.script(  # requests are answered in the order they arrive
        Reply(text_chunks=[], tool_calls=[ToolCall("e1", "probe__echo", json.dumps({"text": "later"}))]),
        Reply(text_chunks=["Meanwhile here."]),
        Reply(text_chunks=["Echoed."]),
    )
    bar = window.tool_approval_bar
    window.select_topic(waiting)
    qtbot.waitUntil(lambda: window.current_topic_id == waiting, timeout=5000)
    window.sending.send_message("echo something")
    qtbot.waitUntil(bar.isVisible, timeout=60000)

    window.select_topic(other)  # the call waits in its own topic; the bar is not shown here
    qtbot.waitUntil(lambda: window.current_topic_id == other, timeout=5000)
    assert not bar.isVisible()
    window.sending.send_message("hello")
    qtbot.waitUntil(lambda: _complete(services, other, "Meanwhile here."), timeout=60000)
    assert [r.tool for r in window.tool_approvals.pending(waiting)] == ["echo"]
    assert not [m for m in services.topics.messages(waiting) if m.role == "tool"]
    assert services.chat.is_sending(waiting)

    window.select_topic(waiting)  # back in its topic the question shows again
    qtbot.waitUntil(bar.isVisible, timeout=5000)
    assert "<b>echo</b> from the <b>probe</b> server" in bar.label.text()
    bar.allow_button.click()
    qtbot.waitUntil(lambda: _complete(services, waiting, "Echoed."), timeout=60000)
    assert [m.content for m in services.topics.messages(waiting) if m.role == "tool"] == ["later"]
    assert {v.tool: v.approval for v in services.mcp.assistant_tools("Helper")}["echo"] is ToolApproval.ASK
    qtbot.waitUntil(lambda: not bar.isVisible(), timeout=5000)


def test_stop_while_a_call_waits_for_approval_ends_the_wait(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    """Stop in a topic whose call waits: the question goes, the call keeps a result
    saying it was stopped, and the topic sends again."""
    from chathub_desktop.services.chat.chat_service import STOPPED_TOOL_RESULT

    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.mcp.add(IN_PROCESS_PROBE)
    services.mcp.set_server_enabled("Helper", "probe", True)
    topic = services.topics.create("Helper", "Stopped").id
    reload_assistants(window, qtbot, aid)
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("e1", "probe__echo", json.dumps({"text": "never"}))]),
        Reply(text_chunks=["Fine."]),
    )
    window.select_topic(topic)
    qtbot.waitUntil(lambda: window.current_topic_id == topic, timeout=5000)
    window.sending.send_message("echo something")
    bar = window.tool_approval_bar
    qtbot.waitUntil(bar.isVisible, timeout=60000)
    window.sending.stop_current()
    qtbot.waitUntil(lambda: not bar.isVisible() and not services.chat.is_sending(topic), timeout=10000)
    assert window.tool_approvals.pending(topic) == []
    assert [m.content for m in services.topics.messages(topic) if m.role == "tool"] == [STOPPED_TOOL_RESULT]
    window.sending.send_message("just talk")
    qtbot.waitUntil(lambda: _complete(services, topic, "Fine."), timeout=60000)
