"""50 server tool calls in one topic (issue 25; CMP-9, CMP-19).

A turn whose model calls the probe server's ``echo`` 50 times (5 rounds of 10 parallel
calls) on a 4,000-token model with the history limit on: every request of the loop
carries at most the newest 20 tail messages (CMP-10) and never a result without its
call, every call keeps its result, Compact now folds the earlier turns and keeps the
latest turn (its 55 assistant/tool messages) whole, and the next request never
carries a tool result without its call."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from chathub_desktop.core.compaction import TAIL_CAP_MESSAGES
from chathub_desktop.core.mcp_config import ToolApproval
from chathub_desktop.core.messages import Role, ToolCall, Usage
from chathub_desktop.services.container import Services
from tests.fakes.mcp_probe_tools import IN_PROCESS_PROBE, InProcessServers
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.test_mcp_tool_rounds import _pairs_hold


@pytest.fixture
def mcp_connector() -> InProcessServers:
    """The probe server runs in this process (no child process)."""
    return InProcessServers()


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


def test_fifty_calls_keep_their_results_and_compaction_never_splits_them(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "4000")
    services.providers.add("Chat", "openai_compatible", fake_vendor.base_url, api_key="sk-chat")
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    services.assistants.create("Helper", provider="Chat", model="local-llm", instructions="Be brief.")
    services.assistants.update("Helper", history_limit_enabled=True, history_limit=20)
    services.mcp.add(IN_PROCESS_PROBE)
    services.mcp.set_server_enabled("Helper", "probe", True)
    asyncio.run(services.mcp.test("probe"))
    services.mcp.set_approval("Helper", "probe", "echo", ToolApproval.ALWAYS)
    topic = services.topics.create("Helper").id
    for k in range(1, 4):  # long enough that a summary of them shrinks the request (walk37 #12)
        services.chat.append_row(topic, role=Role.USER, content=f"u{k} earlier question" + " lorem" * 200)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"a{k} earlier answer" + " lorem" * 200)
    usage = Usage(input_tokens=2000, output_tokens=40)  # what a vendor reading the whole request reports
    rounds = [Reply(text_chunks=[], usage=usage, tool_calls=[
        ToolCall(f"r{r}c{c}", "probe__echo", json.dumps({"text": f"result {r}.{c}"})) for c in range(10)])
        for r in range(5)]
    fake_vendor.script(*rounds, Reply(text_chunks=["All fifty done."], usage=usage))
    summ.script(*[Reply(text_chunks=["<summary>Earlier: three questions and fifty echoes.</summary>"])] * 4)
    out = asyncio.run(services.chat.send(topic, "call echo fifty times"))
    assert out.status == "complete" and out.text == "All fifty done."
    rows = services.topics.messages(topic)
    results = {m.tool_call_id: m.content for m in rows if m.role == "tool"}
    assert len(results) == 50 and results["r4c9"] == "result 4.9"
    assert len(fake_vendor.requests) == 6
    for n, req in enumerate(fake_vendor.requests):  # the loop's requests: tail cap and pairs (CMP-10)
        msgs: list[dict[str, Any]] = req.body["messages"]  # type: ignore[index, assignment]
        _pairs_hold(msgs)
        users = [i for i, m in enumerate(msgs) if m["role"] == "user"]
        assert msgs[users[-1]]["content"] == "call echo fifty times"
        tail = msgs[users[-1] + 1:]
        # 11 messages a round: past 20 the cut moves forward to a round's call, so each
        # request from the second round on carries exactly the newest round whole
        assert len(tail) <= TAIL_CAP_MESSAGES and len(tail) == (11 if n else 0)
        if n:
            assert tail[-1]["tool_call_id"] == f"r{n - 1}c9"

    compacted = asyncio.run(services.compaction.compact(topic))  # type: ignore[union-attr]
    # the protected tail alone may stay above the low watermark: "could not reach the target"
    assert compacted.status in ("compacted", "unreachable") and compacted.cursor_message_id is not None
    ids = [m.id for m in rows]
    after_cursor = rows[ids.index(compacted.cursor_message_id) + 1:]
    assert after_cursor[0].content == "call echo fifty times" and len(after_cursor) == 57  # CMP-9
    fake_vendor.script(Reply(text_chunks=["Ok."], usage=usage))
    asyncio.run(services.chat.send(topic, "thanks"))
    sent = fake_vendor.last_request.body["messages"]  # type: ignore[index]
    calls_seen: set[str] = set()
    for m in sent:
        for c in m.get("tool_calls") or ():
            calls_seen.add(c["id"])
        if m["role"] == "tool":
            assert m["tool_call_id"] in calls_seen  # never a result without its call
    assert sum(1 for m in sent if m["role"] == "tool") >= 10
