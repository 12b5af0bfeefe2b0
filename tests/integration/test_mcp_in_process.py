"""An MCP server in the test's own process (issue 25's "in-process server for unit
tests"): ``McpClients`` takes an ``McpConnector`` through its constructor, and the
SDK-built probe server answers over the SDK's in-memory streams, no child process."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from chathub_desktop.services.tools.mcp_clients import McpClients
from tests.fakes.mcp_probe_tools import IN_PROCESS_PROBE, InProcessServers


def _children() -> list[str]:
    """Our child processes' pids (Linux ``/proc``)."""
    me = str(os.getpid())
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == me:
            found.append(stat.parent.name)
    return found


def test_an_in_process_server_lists_and_answers_without_a_child_process() -> None:
    connector = InProcessServers()
    clients = McpClients(connector=connector, path=lambda: "")
    before = set(_children())
    try:
        listed = asyncio.run(clients.tools(IN_PROCESS_PROBE))
        result = asyncio.run(clients.call(IN_PROCESS_PROBE, "echo", {"text": "hello"}))
        tested = asyncio.run(clients.test(IN_PROCESS_PROBE))
        assert set(_children()) <= before  # the config's command never ran
        assert clients.running() == ["probe"]
    finally:
        clients.close()
    assert listed.name == "probe" and {t.name for t in listed.tools} == {"echo", "slow", "big", "grow"}
    assert result.text == "hello" and not result.is_error
    assert tested.tools == listed.tools
    assert connector.connects == {"probe": 2}  # the running session and Test's own one
