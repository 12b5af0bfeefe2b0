"""A tool server that does not start before a send is said in the window, once per
failure, and the send goes on without its tools (issue 25, APP-11).

Real parts: a stdio "server" that writes to stderr and exits, the fake vendor, the real
window on the session's qasync loop."""

from __future__ import annotations

import sys
from typing import Any

from chathub_desktop.core.mcp_config import McpServerConfig, McpTool
from chathub_desktop.gui.chat.tool_server_notice import SERVER_DOWN_HINT
from chathub_desktop.services.container import Services
from chathub_desktop.services.tools.mcp_clients import ServerTools
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.helpers import add_fake_provider, reload_assistants

FAILING = "import sys; sys.stderr.write('weather: no API key in WEATHER_KEY\\n'); sys.exit(3)"


def _replies(services: Services, topic: int) -> list[str]:
    return [m.content for m in services.topics.messages(topic) if m.role == "assistant" and m.status == "complete"]


def _tool_names(body: dict[str, object] | None) -> list[str]:
    tools = (body or {}).get("tools") or []
    assert isinstance(tools, list)
    return [str(t.get("function", t).get("name")) for t in tools]


def test_a_server_that_does_not_start_is_shown_once_and_the_send_goes_on_without_it(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.mcp.add(McpServerConfig.stdio("weather", sys.executable, ("-c", FAILING)))
    services.mcp.remember_tools(services.mcp.get("weather").id, ServerTools(  # listed when it still worked
        "weather", "1.0", (McpTool("forecast", "Tomorrow's weather", {"type": "object", "properties": {}}),)))
    services.mcp.set_server_enabled("Helper", "weather", True)
    topic = services.topics.create("Helper", "Weather").id
    reload_assistants(window, qtbot, aid)
    fake_vendor.script(Reply(text_chunks=["No tools, but hello."]))
    window.select_topic(topic)
    qtbot.waitUntil(lambda: window.current_topic_id == topic, timeout=5000)
    bar = window.error_bar

    window.sending.send_message("what's the weather?")
    qtbot.waitUntil(lambda: _replies(services, topic) == ["No tools, but hello."], timeout=60000)
    qtbot.waitUntil(lambda: not services.chat.is_sending(topic), timeout=10000)
    qtbot.waitUntil(bar.isVisible, timeout=5000)
    line = bar.label.text()
    assert line.startswith("Tool server \u201cweather\u201d did not start; replies go on without its tools: ")
    assert "no API key in WEATHER_KEY" in line  # why: the tail of its stderr
    assert bar.count == 1
    assert fake_vendor.requests and all("weather__forecast" not in _tool_names(r.body) for r in fake_vendor.requests)
    details = bar.open_details()
    assert "no API key in WEATHER_KEY" in details.text.toPlainText()
    details.close()
    assert bar._shown_hint == SERVER_DOWN_HINT  # not "a bug in ChatHub Desktop"

    sent = len(fake_vendor.requests)
    fake_vendor.script(Reply(text_chunks=["Still here."]))
    window.sending.send_message("and now?")  # the same failure again: not a second line
    qtbot.waitUntil(lambda: _replies(services, topic)[-1:] == ["Still here."], timeout=60000)
    qtbot.waitUntil(lambda: not services.chat.is_sending(topic), timeout=10000)
    assert len(fake_vendor.requests) > sent
    assert bar.count == 1
    assert all("weather__forecast" not in _tool_names(r.body) for r in fake_vendor.requests)
    bar.dismiss()
