"""A server that crashes is restarted after a back-off and its tool list read again
(issue 25, APP-11, TOK-1).

Real parts: the SDK-built probe server over stdio (``grow`` adds a tool while it runs,
``exit_now`` ends its process mid-call), the official SDK as the client, the fake
vendor over HTTP calling the tools.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

import pytest

from chathub_desktop.core.mcp_config import McpServerConfig, ToolApproval
from chathub_desktop.core.messages import ToolCall
from chathub_desktop.services.container import Services
from chathub_desktop.services.tools import mcp_clients
from tests.fakes.vendor_server import FakeVendor, Reply

PROBE = str(Path(__file__).parents[1] / "fakes" / "mcp_probe_server.py")
#: The first back-off in this test (seconds): long enough that the next round lands in it.
BACKOFF_S = 3.0


def _posted(vendor: FakeVendor) -> set[str]:
    body = vendor.last_request.body
    assert body is not None
    return {t["function"]["name"] for t in body["tools"]}  # type: ignore[index,union-attr]


def _wait(condition: object, what: str, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        time.sleep(0.05)
    assert condition(), what  # type: ignore[operator]


def test_a_crashed_server_says_so_restarts_after_its_back_off_with_a_fresh_tool_list(
        services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mcp_clients, "RESTART_BACKOFF_S", BACKOFF_S)
    services.providers.add("Fake", "openai", fake_vendor.base_url, api_key="sk-t")
    aid = services.assistants.create("Helper", provider="Fake", model="gpt-4o").id
    config = McpServerConfig.stdio("probe", sys.executable, (PROBE,), {"CHATHUB_ALLOW_TEST_DOUBLES": "1"})
    services.mcp.add(config)
    services.mcp.set_server_enabled("Helper", "probe", True)
    asyncio.run(services.mcp.test("probe"))
    for tool in ("grow", "exit_now", "echo"):
        services.mcp.set_approval("Helper", "probe", tool, ToolApproval.ALWAYS)
    topic = services.topics.create("Helper").id
    # the running server grows a tool: cached and offered
    fake_vendor.script(Reply(text_chunks=[], tool_calls=[ToolCall("g1", "probe__grow", "{}")]),
                       Reply(text_chunks=["Grown."]))
    asyncio.run(services.chat.send(topic, "grow a tool"))
    _wait(lambda: "grown" in services.mcp.get("probe").tools_by_name, "the grown tool is cached")

    # the server dies mid-call; the next call, inside the back-off, says why and when
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("x1", "probe__exit_now", "{}")]),
        Reply(text_chunks=[], tool_calls=[ToolCall("e1", "probe__echo", '{"text": "hi"}')]),
        Reply(text_chunks=["Both failed."]),
    )
    asyncio.run(services.chat.send(topic, "crash it"))
    rows = [m for m in services.topics.messages(topic) if m.role == "tool"]
    died, during = (json.loads(r.content)["error"] for r in rows[-2:])
    assert died == "probe: the server exited with status 7"
    assert during == f"{died}; restarting in {BACKOFF_S:.0f} s"
    assert services.mcp.clients.running() == []

    # after the back-off the next use starts it again; its list (no 'grown') replaces the cache
    def restarted() -> bool:
        try:
            asyncio.run(services.mcp.clients.tools(config))
        except mcp_clients.McpServerError:
            return False
        return True

    _wait(restarted, "the server starts again once its back-off is over", BACKOFF_S + 30)
    fake_vendor.script(Reply(text_chunks=[], tool_calls=[ToolCall("e2", "probe__echo", '{"text": "back"}')]),
                       Reply(text_chunks=["Back."]))
    asyncio.run(services.chat.send(topic, "again"))
    assert [m.content for m in services.topics.messages(topic) if m.role == "tool"][-1] == "back"
    assert "grown" not in services.mcp.get("probe").tools_by_name
    assert "probe__grown" not in _posted(fake_vendor) and "probe__echo" in _posted(fake_vendor)
    assert "probe__grown" not in {spec.name for spec in services.tools.specs(aid)}  # the badge's Tools part
