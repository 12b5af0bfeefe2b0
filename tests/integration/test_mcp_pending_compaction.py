"""Compact now while a server tool call is still running (issue 25; CMP-9, CMP-19).

The model calls ``gate`` on an in-process SDK server, which answers once the test opens
the gate; while the call runs, its
assistant row is stored with no result yet. A Compact now in that moment summarizes
only the completed turns before the latest user message: the running turn, with the
call waiting for its result, stays out of the summary, and the next request carries
the call followed by its whole result, never one without the other."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from mcp.server.mcpserver import MCPServer

from chathub_desktop.core.mcp_config import ToolApproval
from chathub_desktop.core.messages import Role, ToolCall
from chathub_desktop.services.container import Services
from tests.fakes.mcp_probe_tools import IN_PROCESS_PROBE, InProcessServers
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.test_mcp_tool_rounds import _pairs_hold

GATE = threading.Event()


def _gated() -> MCPServer:
    """A server whose ``gate`` answers once :data:`GATE` is set (at most 60 s)."""
    app = MCPServer("probe")

    @app.tool()
    async def gate() -> str:
        """Wait for the test to open the gate."""
        opened = await asyncio.to_thread(GATE.wait, 60)
        return "the gate opened" if opened else "the gate stayed shut"

    return app


@pytest.fixture
def mcp_connector() -> Iterator[InProcessServers]:
    """The gated server runs in this process as ``probe``."""
    GATE.clear()
    yield InProcessServers({"probe": _gated})
    GATE.set()  # a failed test leaves no call waiting


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


def test_compact_now_during_a_running_call_keeps_the_call_and_its_result_together(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    services.providers.add("Chat", "openai_compatible", fake_vendor.base_url, api_key="sk-chat")
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    services.assistants.create("Helper", provider="Chat", model="local-llm", instructions="Be brief.")
    services.assistants.update("Helper", auto_compact=False)
    services.mcp.add(IN_PROCESS_PROBE)
    services.mcp.set_server_enabled("Helper", "probe", True)
    services.mcp.set_approval("Helper", "probe", "gate", ToolApproval.ALWAYS)
    topic = services.topics.create("Helper").id
    for k in range(1, 4):  # long enough that a summary of them shrinks the request (walk37 #12)
        services.chat.append_row(topic, role=Role.USER, content=f"u{k} earlier question" + " lorem" * 200)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"a{k} earlier answer" + " lorem" * 200)
    fake_vendor.script(Reply(text_chunks=[], tool_calls=[ToolCall("g1", "probe__gate", "{}")]),
                       Reply(text_chunks=["Waited."]))
    summ.script(Reply(text_chunks=["<summary>Three earlier questions.</summary>"]))

    def call_waiting() -> bool:
        rows = services.topics.messages(topic)
        return any(m.role == "assistant" and m.tool_calls for m in rows) and not any(m.role == "tool" for m in rows)

    async def scenario() -> tuple[Any, Any]:
        send = asyncio.ensure_future(services.chat.send(topic, "wait for it"))
        while not call_waiting():  # the call is stored and runs on the server
            assert not send.done()
            await asyncio.sleep(0.02)
        compacted = await services.compaction.compact(topic)  # type: ignore[union-attr]
        assert call_waiting()  # the summary neither waited for the running call nor took it in
        GATE.set()
        return compacted, await send

    compacted, out = asyncio.run(scenario())
    assert compacted.status == "compacted" and len(summ.requests) == 1
    summarized = json.dumps(summ.requests[0].body)
    assert "u3 earlier question" in summarized and "wait for it" not in summarized and "probe__gate" not in summarized
    assert out.status == "complete" and out.text == "Waited."
    last: list[dict[str, Any]] = fake_vendor.requests[-1].body["messages"]  # type: ignore[index, assignment]
    _pairs_hold(last)
    text = json.dumps(last)
    assert "Three earlier questions." in text and "u1 earlier" not in text
    assert [m["content"] for m in last if m["role"] == "tool"] == ["the gate opened"]  # the result, whole, after its call
