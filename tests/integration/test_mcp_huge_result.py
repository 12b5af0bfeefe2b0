"""A server tool result bigger than the whole input budget (issue 25; CMP-11, CMP-19).

The probe server's ``big`` returns 60,000 characters to a model with a 4,000-token
window; the vendor rejects the next request as too long, in each wire format. The send
takes the one overflow rescue (the History Compress model summarizes the earlier turns,
the tool is not run again), resends once with the full stored result (never a
truncation marker), and shows the context-length error when the provider still refuses."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest

from chathub_desktop.core.mcp_config import ToolApproval
from chathub_desktop.core.messages import Role, ToolCall, Usage
from chathub_desktop.services.container import Services
from tests.fakes.mcp_probe_tools import IN_PROCESS_PROBE, InProcessServers
from tests.fakes.vendor_server import FakeVendor, Reply, anthropic_error, openai_error

CHARS = 60_000

@pytest.fixture
def mcp_connector() -> InProcessServers:
    """The probe server runs in this process (no child process)."""
    return InProcessServers()


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


def _too_long(kind: str) -> Reply:
    if kind == "anthropic":
        return Reply(error_status=400, error_body=anthropic_error("prompt is too long: 16000 tokens > 4000 maximum"))
    return Reply(error_status=400, error_body=openai_error(
        "This model's maximum context length is 4000 tokens.", code="context_length_exceeded"))


@pytest.mark.parametrize("kind", ["openai_compatible", "openai_responses", "anthropic"])
def test_a_result_over_the_budget_takes_one_rescue_and_is_resent_whole(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor, monkeypatch: pytest.MonkeyPatch,
        kind: str) -> None:
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "4000")
    services.providers.add("Chat", kind, fake_vendor.base_url, api_key="sk-chat")
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    services.assistants.create("Helper", provider="Chat", model="local-llm", instructions="Be brief.")
    services.assistants.update("Helper", auto_compact=False)  # the rescue runs with the switches off
    services.mcp.add(IN_PROCESS_PROBE)
    services.mcp.set_server_enabled("Helper", "probe", True)
    services.mcp.set_approval("Helper", "probe", "big", ToolApproval.ALWAYS)
    topic = services.topics.create("Helper").id
    for k in range(1, 4):
        services.chat.append_row(topic, role=Role.USER, content=f"u{k} earlier question" + " lorem" * 100)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"a{k} earlier answer" + " ipsum" * 100)
    fake_vendor.script(
        Reply(text_chunks=[], usage=Usage(input_tokens=900, output_tokens=10),
              tool_calls=[ToolCall("c1", "probe__big", json.dumps({"chars": CHARS}))]),
        _too_long(kind), _too_long(kind), Reply(text_chunks=["never asked for"]))
    summ.script(Reply(text_chunks=["<summary>RESCUE SUMMARY of three questions.</summary>"]),
                Reply(text_chunks=["<summary>a second run must not happen</summary>"]))

    out = asyncio.run(services.chat.send(topic, "fetch the big thing"))

    assert out.rescued and out.status == "error" and out.error_kind == "context_overflow"
    assert len(fake_vendor.requests) == 3  # the call, the rejected request, the one resend
    assert len(summ.requests) == 1  # one rescue compaction (CMP-11)
    tool_rows = [m for m in services.topics.messages(topic) if m.role == "tool"]
    assert len(tool_rows) == 1 and "x" * CHARS in tool_rows[0].content  # stored whole, not re-run
    body = json.dumps(tool_rows[0].content)[1:-1]  # the stored text as it appears in JSON
    rejected, resent = (json.dumps(r.body) for r in fake_vendor.requests[1:])
    assert body in rejected and body in resent  # the full tools/call body both times (CMP-19)
    assert "[truncated" not in resent  # no "…[truncated N chars]" marker
    assert "RESCUE SUMMARY" in resent and "u1 earlier" not in resent  # rebuilt from the topic
    assert "RESCUE SUMMARY" not in rejected and "u1 earlier" in rejected
