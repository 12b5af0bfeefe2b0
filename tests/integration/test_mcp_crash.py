"""kill -9 of a ``chat send`` while a server tool runs (issue 25, APP-8, CMP-19).

A real CLI process on an SQLite store calls the probe server's ``echo`` (answered) and
``slow`` (still running) in one round and is killed with SIGKILL. The store stays
sound (``PRAGMA integrity_check``), the MCP rows (server, tool list, approvals) are
whole, the server process does not outlive its parent, and the next start stores a
"closed before the tool finished" result for each open call, so the topic can be sent
again with every call followed by its result."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from chathub_desktop.core.mcp_config import McpServerConfig, ToolApproval
from chathub_desktop.core.messages import Role, ToolCall
from chathub_desktop.services.chat.process_identity import HOST, PROCESS_ID
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.topics.topic_service import INTERRUPTED_TOOL_RESULT
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.crash_harness import CliStore, rows

PROBE = str(Path(__file__).parents[1] / "fakes" / "mcp_probe_server.py")


def _processes_in(folder: Path) -> list[int]:
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


def _wait_for(check: object, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(0.02)


@pytest.mark.slow  # a crash test: real processes
def test_kill_9_during_a_tool_call_leaves_a_store_the_next_start_closes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "probe-cwd"
    folder.mkdir()
    with FakeVendor() as vendor:
        store = CliStore(tmp_path, {"CHAT_KEY": "sk-chat"})
        svc = open_services(store.url)
        svc.providers.add("Chat", "openai", vendor.base_url, api_key_env="CHAT_KEY")
        svc.assistants.create("Helper", provider="Chat", model="gpt-4o")
        svc.mcp.add(McpServerConfig.stdio("probe", sys.executable, (PROBE,),
                                          {"CHATHUB_ALLOW_TEST_DOUBLES": "1"}, cwd=str(folder)))
        svc.mcp.set_server_enabled("Helper", "probe", True)
        for tool in ("echo", "slow"):
            svc.mcp.set_approval("Helper", "probe", tool, ToolApproval.ALWAYS)
        topic = svc.topics.create("Helper").id
        svc.close()
        vendor.script(Reply(text_chunks=[], tool_calls=[
            ToolCall("c0", "probe__echo", json.dumps({"text": "first"})),
            ToolCall("c1", "probe__slow", json.dumps({"seconds": 60})),
            ToolCall("c2", "probe__echo", json.dumps({"text": "never run"}))]))
        proc = store.start("chat", "send", "--topic", str(topic), "run the tools")
        try:
            # c0's result is stored, so c1 (slow) is running in the server now
            _wait_for(lambda: rows(store, "SELECT 1 FROM message WHERE tool_call_id = 'c0'")
                      or proc.poll() is not None, 30, "the first result was never stored")
            assert proc.poll() is None, proc.communicate()
            server = _processes_in(folder)
            assert server  # the probe server is running the slow call
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.communicate(timeout=30)
        try:
            _wait_for(lambda: not _processes_in(folder), 5, "the server outlived its killed parent")
        finally:
            for pid in _processes_in(folder):  # only the probe server this test started
                os.kill(pid, signal.SIGKILL)

        assert store.integrity() == "ok"
        assert rows(store, "SELECT tool_call_id, content FROM message WHERE role = 'tool'") == [("c0", "first")]
        assert rows(store, "SELECT name FROM mcp_server") == [("probe",)]
        assert len(rows(store, "SELECT tool FROM assistant_mcp_tool")) == 2

        svc = open_services(store.url)  # the next start
        try:
            tools = [(m.tool_call_id, m.content) for m in svc.topics.messages(topic) if m.role == "tool"]
            assert tools == [("c0", "first"), ("c1", INTERRUPTED_TOOL_RESULT), ("c2", INTERRUPTED_TOOL_RESULT)]
            assert svc.topics.answer_interrupted_calls() == 0  # once only
            assert [v.approval for v in svc.mcp.assistant_tools("Helper") if v.tool in ("echo", "slow")] \
                == [ToolApproval.ALWAYS, ToolApproval.ALWAYS]
            svc.mcp.set_server_enabled("Helper", "probe", False)  # the send need not start it again
            vendor.script(Reply(text_chunks=["Sorry, the slow tool did not finish."]))
            monkeypatch.setenv("CHAT_KEY", "sk-chat")
            out = asyncio.run(svc.chat.send(topic, "what happened?"))
        finally:
            svc.close()
        assert out.status == "complete"
        sent: list[dict[str, Any]] = vendor.last_request.body["messages"]  # type: ignore[index, assignment]
        roles = [(m["role"], m.get("tool_call_id")) for m in sent]
        calling = next(i for i, m in enumerate(sent) if m.get("tool_calls"))
        assert roles[calling + 1:calling + 4] == [("tool", "c0"), ("tool", "c1"), ("tool", "c2")]


def test_only_calls_of_a_dead_process_get_the_closing_result(services: Services) -> None:
    """The start-up repair leaves alone a call a live process is running, an imported
    call (no sender), and a topic that ends in a plain reply; it answers only the
    missing calls of a dead process's round, after the results it did store."""
    services.assistants.create("A")
    dead = f"{HOST}:{2**22 + 12345}:0123456789ab"  # above pid_max: no such process

    def topic_with(sent_by: str | None, results: tuple[str, ...], tail: str | None = None) -> int:
        tid = services.topics.create("A").id
        services.chat.append_row(tid, role=Role.USER, content="go")
        services.chat.append_row(tid, role=Role.ASSISTANT, content="", sent_by_process=sent_by, tool_calls=[
            {"id": "k1", "name": "s__a", "arguments": "{}"}, {"id": "k2", "name": "s__b", "arguments": "{}"}])
        for r in results:
            services.chat.append_row(tid, role=Role.TOOL, content="ok", tool_call_id=r, tool_name="s__a")
        if tail:
            services.chat.append_row(tid, role=Role.ASSISTANT, content=tail)
        return tid

    killed = topic_with(dead, ("k1",))
    live = topic_with(PROCESS_ID, ())
    imported = topic_with(None, ())
    settled = topic_with(dead, ("k1", "k2"), tail="done")
    assert services.topics.answer_interrupted_calls() == 1

    def tools(tid: int) -> list[tuple[str | None, str]]:
        return [(m.tool_call_id, m.content) for m in services.topics.messages(tid) if m.role == "tool"]
    assert tools(killed) == [("k1", "ok"), ("k2", INTERRUPTED_TOOL_RESULT)]
    assert tools(live) == [] and tools(imported) == []
    assert tools(settled) == [("k1", "ok"), ("k2", "ok")]
