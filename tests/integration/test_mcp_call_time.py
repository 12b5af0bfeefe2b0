"""The time a server tool's call took, stored with its result and shown (issue 25).

Real parts: the SDK-built probe server (in process, over the SDK's in-memory
streams), the fake vendor calling its ``slow`` tool over HTTP, the real CLI's
``topic show``."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from chathub_desktop.cli import main as cli_main
from chathub_desktop.core.mcp_config import ToolApproval
from chathub_desktop.core.messages import ToolCall
from chathub_desktop.services.container import Services
from chathub_desktop.services.views import MessageView
from tests.fakes.mcp_probe_tools import IN_PROCESS_PROBE, InProcessServers
from tests.fakes.vendor_server import FakeVendor, Reply


@pytest.fixture
def mcp_connector() -> InProcessServers:
    """The probe server runs in this process (no child process)."""
    return InProcessServers()


def test_a_server_call_keeps_how_long_it_took_and_topic_show_prints_it(
        services: Services, fake_vendor: FakeVendor, capsys: pytest.CaptureFixture[str]) -> None:
    services.providers.add("Fake", "openai", fake_vendor.base_url, api_key="sk-t")
    services.assistants.create("Helper", provider="Fake", model="gpt-4o")
    services.mcp.add(IN_PROCESS_PROBE)
    services.mcp.set_server_enabled("Helper", "probe", True)
    asyncio.run(services.mcp.test("probe"))
    services.mcp.set_approval("Helper", "probe", "slow", ToolApproval.ALWAYS)
    topic = services.topics.create("Helper").id
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("s1", "probe__slow", json.dumps({"seconds": 0.3})),
                                          ToolCall("m1", "searchMemory", json.dumps({"query": "x"}))]),
        Reply(text_chunks=["Done."]),
    )
    asyncio.run(services.chat.send(topic, "wait a bit"))
    slow, memory = [m for m in services.topics.messages(topic) if m.role == "tool"]
    assert slow.content == "waited 0.3 s"
    assert slow.tool_elapsed_ms is not None and slow.tool_elapsed_ms >= 300  # at least the server's sleep
    assert memory.tool_elapsed_ms is None  # the memory tools are not server calls
    code = cli_main(["topic", "show", str(topic), "--database-url", services.database_url])
    out = capsys.readouterr().out
    assert code == 0
    assert re.search(r"\] tool:probe__slow \[took \d+\.\d s\]\n", out), out
    assert "tool:searchMemory [took" not in out


@pytest.mark.parametrize(("ms", "text"), [(None, ""), (0, "0.0 s"), (412, "0.4 s"), (9949, "9.9 s"),
                                          (9950, "10 s"), (59_499, "59 s"), (125_000, "2 min 5 s")])
def test_elapsed_text(ms: int | None, text: str) -> None:
    fields = {f: None for f in MessageView.__dataclass_fields__}
    row = MessageView(**{**fields, "id": 1, "topic_id": 1, "seq": 1, "role": "tool", "content": "",  # type: ignore[arg-type]
                         "content_type": "text", "tool_name": "time__get_current_time", "tool_elapsed_ms": ms})
    assert row.elapsed_text == text
