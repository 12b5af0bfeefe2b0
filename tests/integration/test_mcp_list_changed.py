"""A server's ``tools/list_changed`` refreshes the cached tool list (issue 25, APP-11,
TOK-1): the new tool is in the store, in the next request's tools and in the badge.

Real parts: the SDK-built probe server in process, over the SDK's in-memory streams
(its ``grow`` tool adds a tool and sends the notification), the official SDK as the
client, the fake vendor over HTTP."""

from __future__ import annotations

import asyncio
import time

import pytest

from chathub_desktop.core.mcp_config import ToolApproval
from chathub_desktop.core.messages import ToolCall
from chathub_desktop.services.container import Services
from tests.fakes.mcp_probe_tools import IN_PROCESS_PROBE, InProcessServers
from tests.fakes.vendor_server import FakeVendor, Reply


@pytest.fixture
def mcp_connector() -> InProcessServers:
    """The probe server runs in this process (no child process)."""
    return InProcessServers()


def test_list_changed_refreshes_the_cached_tools_and_the_next_request(
        services: Services, fake_vendor: FakeVendor) -> None:
    services.providers.add("Fake", "openai", fake_vendor.base_url, api_key="sk-t")
    aid = services.assistants.create("Helper", provider="Fake", model="gpt-4o").id
    services.mcp.add(IN_PROCESS_PROBE)
    services.mcp.set_server_enabled("Helper", "probe", True)
    asyncio.run(services.mcp.test("probe"))
    services.mcp.set_approval("Helper", "probe", "grow", ToolApproval.ALWAYS)
    assert "grown" not in services.mcp.get("probe").tools_by_name
    topic = services.topics.create("Helper").id
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("g1", "probe__grow", "{}")]),
        Reply(text_chunks=["Grown."]),
    )
    asyncio.run(services.chat.send(topic, "grow a tool"))
    # the notification's re-read lands on the MCP thread after the call returned
    deadline = time.monotonic() + 30
    while "grown" not in services.mcp.get("probe").tools_by_name and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "grown" in services.mcp.get("probe").tools_by_name
    assert "probe__grown" in {spec.name for spec in services.tools.specs(aid)}  # what the badge counts
    fake_vendor.script(Reply(text_chunks=["Ok."]))
    asyncio.run(services.chat.send(topic, "and now?"))
    third = fake_vendor.requests[2].body
    assert third is not None
    names = {(t.get("function") or t)["name"] for t in third["tools"]}  # type: ignore[union-attr,index]
    assert "probe__grown" in names
