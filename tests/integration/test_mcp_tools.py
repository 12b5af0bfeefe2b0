"""Tools from MCP servers in a real chat turn (issue 25, APP-11, MEM-7, CMP-19, TOK-1).

Real parts only: ``mcp-server-time`` from PyPI over stdio, the official SDK as the
client, the fake vendor over HTTP calling the tool in each wire format.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest

from chathub_desktop.core.mcp_config import McpServerConfig, ToolApproval
from chathub_desktop.core.messages import ToolCall
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.tools.mcp_tools import (
    ApprovalDecision,
    ApprovalRequest,
    fixed_approver,
)
from tests.fakes.vendor_server import FakeVendor, Reply

TIME_SERVER = str(Path(sys.executable).parent / "mcp-server-time")
TOOL = "time__get_current_time"


def time_config(tmp_path: Path) -> McpServerConfig:
    """The time server, started in its own folder so the test can find its process."""
    folder = tmp_path / "time-server"
    folder.mkdir(exist_ok=True)
    return McpServerConfig.stdio("time", TIME_SERVER, ("--local-timezone", "UTC"), cwd=str(folder))


def processes_in(folder: Path) -> list[int]:
    """Live processes whose working folder is ``folder`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if Path(os.readlink(entry / "cwd")) == folder:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def setup(svc: Services, vendor: FakeVendor, tmp_path: Path, kind: str = "openai") -> int:
    svc.providers.add("Fake", kind, vendor.base_url, api_key="sk-t")
    svc.assistants.create("Helper", provider="Fake", model="gpt-4o", instructions="Be brief.")
    svc.mcp.add(time_config(tmp_path))
    svc.mcp.set_server_enabled("Helper", "time", True)
    return svc.topics.create("Helper").id


@pytest.mark.parametrize(
    ("kind", "schema_of"),
    [("openai", lambda t: t["function"]["parameters"]),
     ("openai_responses", lambda t: t["parameters"]),
     ("anthropic", lambda t: t["input_schema"])],
)
def test_the_model_calls_a_time_server_tool_in_each_wire_format(
        services: Services, fake_vendor: FakeVendor, tmp_path: Path, kind: str, schema_of: object) -> None:
    """The server starts at the first send, its schema is posted, an Always tool runs,
    its full result is stored as a tool row and sent back to the model."""
    topic = setup(services, fake_vendor, tmp_path, kind)
    services.mcp.set_approval("Helper", "time", "get_current_time", ToolApproval.ALWAYS)
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("c1", TOOL, json.dumps({"timezone": "UTC"}))]),
        Reply(text_chunks=["It is late."]),
    )
    out = asyncio.run(services.chat.send(topic, "what time is it?"))
    assert out.text == "It is late."
    first = fake_vendor.requests[0].body
    assert first is not None
    posted = {(t.get("function") or t)["name"]: t for t in first["tools"]}  # type: ignore[union-attr,index]
    assert {TOOL, "time__convert_time"} <= set(posted)
    assert schema_of(posted[TOOL])["required"] == ["timezone"]  # type: ignore[operator]
    rows = services.topics.messages(topic)
    tool_rows = [m for m in rows if m.role == "tool"]
    assert [m.tool_name for m in tool_rows] == [TOOL]
    result = json.loads(tool_rows[0].content)
    assert result["timezone"] == "UTC" and "datetime" in result
    # sent in full (CMP-19): the stored text, as one JSON string, inside the next request
    assert json.dumps(tool_rows[0].content)[1:-1] in json.dumps(fake_vendor.requests[1].body)


def test_the_badge_counts_the_schemas_a_send_posts(
        services: Services, fake_vendor: FakeVendor, tmp_path: Path) -> None:
    """TOK-1: after the first connect the badge's Tools part carries the server's tools,
    and the plan that is sent lists the same tools."""
    topic = setup(services, fake_vendor, tmp_path)
    before = services.estimates.estimate(topic, "").parts.get("tools", 0)
    fake_vendor.script(Reply(text_chunks=["Hi."]))
    asyncio.run(services.chat.send(topic, "hello"))
    after = services.estimates.estimate(topic, "").parts["tools"]
    assert after > before
    names = {t["function"]["name"] for t in fake_vendor.last_request.body["tools"]}  # type: ignore[index]
    assert {TOOL, "time__convert_time"} <= names


def test_ask_without_anyone_to_ask_returns_an_error_to_the_model(
        services: Services, fake_vendor: FakeVendor, tmp_path: Path) -> None:
    topic = setup(services, fake_vendor, tmp_path)
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("c1", TOOL, json.dumps({"timezone": "UTC"}))]),
        Reply(text_chunks=["I could not check."]),
    )
    asyncio.run(services.chat.send(topic, "what time is it?"))
    tool_row = [m for m in services.topics.messages(topic) if m.role == "tool"][0]
    assert "needs the user's approval" in json.loads(tool_row.content)["error"]


def test_deny_returns_an_error_and_always_is_kept(
        services: Services, fake_vendor: FakeVendor, tmp_path: Path) -> None:
    """Deny: the model reads a clear tool error. Always: the call runs and the choice is
    kept for the assistant, so the next call is not asked about."""
    topic = setup(services, fake_vendor, tmp_path)
    asked: list[ApprovalRequest] = []

    class Recording:
        def __init__(self, decision: ApprovalDecision) -> None:
            self.decision = decision

        async def decide(self, request: ApprovalRequest) -> ApprovalDecision:
            asked.append(request)
            return self.decision

    call = Reply(text_chunks=[], tool_calls=[ToolCall("c1", TOOL, json.dumps({"timezone": "UTC"}))])
    services.mcp_tools.approver = Recording(ApprovalDecision.DENY)
    fake_vendor.script(call, Reply(text_chunks=["Denied."]))
    asyncio.run(services.chat.send(topic, "time?"))
    denied = [m for m in services.topics.messages(topic) if m.role == "tool"][-1]
    assert json.loads(denied.content) == {"error": "the user denied this call of get_current_time on time"}
    assert asked[-1].server == "time" and asked[-1].tool == "get_current_time"
    assert json.loads(asked[-1].arguments) == {"timezone": "UTC"}

    services.mcp_tools.approver = Recording(ApprovalDecision.ALWAYS)
    fake_vendor.script(call, Reply(text_chunks=["Ok."]), call, Reply(text_chunks=["Again."]))
    asyncio.run(services.chat.send(topic, "time?"))
    asyncio.run(services.chat.send(topic, "and now?"))
    assert len(asked) == 2  # the third call was not asked about
    views = {v.tool: v for v in services.mcp.assistant_tools("Helper")}
    assert views["get_current_time"].approval is ToolApproval.ALWAYS
    last_tool = [m for m in services.topics.messages(topic) if m.role == "tool"][-1]
    assert json.loads(last_tool.content)["timezone"] == "UTC"


def test_never_takes_the_tool_out_of_the_request(
        services: Services, fake_vendor: FakeVendor, tmp_path: Path) -> None:
    topic = setup(services, fake_vendor, tmp_path)
    asyncio.run(services.mcp.test("time"))
    services.mcp.set_approval("Helper", "time", "get_current_time", ToolApproval.NEVER)
    fake_vendor.script(Reply(text_chunks=["Hi."]))
    asyncio.run(services.chat.send(topic, "hello"))
    names = {t["function"]["name"] for t in fake_vendor.last_request.body["tools"]}  # type: ignore[index]
    assert TOOL not in names and "time__convert_time" in names


def test_mcp_write_after_a_server_result_is_untrusted(
        services: Services, fake_vendor: FakeVendor, tmp_path: Path) -> None:
    """MEM-7: a memory add in a turn whose recent history holds an MCP result is stored
    untrusted."""
    topic = setup(services, fake_vendor, tmp_path)
    services.mcp_tools.approver = fixed_approver(ApprovalDecision.ALLOW_ONCE)
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("c1", TOOL, json.dumps({"timezone": "UTC"}))]),
        Reply(text_chunks=[], tool_calls=[ToolCall("c2", "add", json.dumps({"text": "Lives in UTC"}))]),
        Reply(text_chunks=["Saved."]),
    )
    asyncio.run(services.chat.send(topic, "check the time and remember my zone"))
    view = {v.text: v for v in services.memory.entry_views("Helper")}["Lives in UTC"]
    assert view.origin == "agent" and view.trusted is False


def test_test_names_the_server_and_its_tools_and_a_failure_in_one_line(
        services: Services, tmp_path: Path) -> None:
    services.mcp.add(time_config(tmp_path))
    listed = asyncio.run(services.mcp.test("time"))
    assert listed.name == "mcp-time" and {t.name for t in listed.tools} == {"get_current_time", "convert_time"}
    assert services.mcp.get("time").server_name == "mcp-time"
    services.mcp.add(McpServerConfig.stdio("broken", sys.executable, (
        "-c", "import sys; sys.stderr.write('boom: missing API token\\n'); sys.exit(3)")))
    with pytest.raises(InvalidInput) as err:
        asyncio.run(services.mcp.test("broken"))
    assert "\n" not in str(err.value) and str(err.value).startswith("broken: ")
    assert "boom: missing API token" in str(err.value)
    services.mcp.add(McpServerConfig.stdio("nowhere", "no-such-mcp-command"))
    with pytest.raises(InvalidInput, match="'no-such-mcp-command' was not found on PATH"):
        asyncio.run(services.mcp.test("nowhere"))


def test_a_crashed_server_is_restarted_and_close_leaves_no_process(
        services: Services, fake_vendor: FakeVendor, tmp_path: Path) -> None:
    topic = setup(services, fake_vendor, tmp_path)
    services.mcp.set_approval("Helper", "time", "get_current_time", ToolApproval.ALWAYS)
    call = Reply(text_chunks=[], tool_calls=[ToolCall("c1", TOOL, json.dumps({"timezone": "UTC"}))])
    fake_vendor.script(call, Reply(text_chunks=["One."]))
    asyncio.run(services.chat.send(topic, "time?"))
    folder = tmp_path / "time-server"
    (pid,) = processes_in(folder)
    os.kill(pid, 9)
    clients = services.mcp.clients

    async def until_gone() -> None:
        while "time" in clients.running():
            await asyncio.sleep(0.05)

    asyncio.run(asyncio.wait_for(until_gone(), 10))
    fake_vendor.script(call, Reply(text_chunks=["Two."]))
    clients_retry = services.mcp.clients
    assert clients_retry is clients
    # within the back-off the model reads why; after it, the server starts again
    asyncio.run(services.chat.send(topic, "time again?"))
    first_after = [m for m in services.topics.messages(topic) if m.role == "tool"][-1]
    assert "restarting in" in first_after.content or json.loads(first_after.content).get("timezone") == "UTC"
    asyncio.run(asyncio.sleep(1.1))
    fake_vendor.script(call, Reply(text_chunks=["Three."]))
    asyncio.run(services.chat.send(topic, "and now?"))
    last = [m for m in services.topics.messages(topic) if m.role == "tool"][-1]
    assert json.loads(last.content)["timezone"] == "UTC"
    assert processes_in(folder)
    services.mcp.clients.close()
    assert processes_in(folder) == []


def test_servers_switches_and_approvals_on_postgresql(postgres_url: str, tmp_path: Path) -> None:
    """The same rows on a shared PostgreSQL store: a paste lands whole, a refused one
    writes nothing, approvals are kept per assistant and go with a removed server."""
    from chathub_desktop.services.container import open_services

    svc = open_services(postgres_url, tmp_path / "data")
    try:
        svc.assistants.create("Helper")
        svc.assistants.create("Other")
        svc.mcp.import_text(json.dumps({"mcpServers": {"time": {"command": TIME_SERVER}, "web": {
            "url": "https://mcp.example.test/mcp"}}}))
        with pytest.raises(InvalidInput, match="nothing was added"):
            svc.mcp.import_text(json.dumps({"mcpServers": {"new": {"command": "x"}, "web": {"command": "y"}}}))
        assert [s.config.name for s in svc.mcp.servers()] == ["time", "web"]
        asyncio.run(svc.mcp.test("time"))
        svc.mcp.set_server_enabled("Helper", "time", True)
        svc.mcp.set_approval("Helper", "time", "convert_time", ToolApproval.NEVER)
        assert svc.mcp.enabled_servers("Other") == set()
        states = {v.tool: v.approval for v in svc.mcp.assistant_tools("Helper")}
        assert states == {"get_current_time": ToolApproval.ASK, "convert_time": ToolApproval.NEVER}
        svc.mcp.remove("time")
        assert svc.mcp.assistant_tools("Helper") == [] and svc.mcp.enabled_servers("Helper") == set()
    finally:
        svc.close()
