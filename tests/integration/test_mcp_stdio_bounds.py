"""What a stdio MCP server may write and how it is stopped (issues 25/32).

Real processes: the misbehaving servers of ``tests/fakes/mcp_stubborn_server.py`` under
``McpClients`` and its transport (``providers.mcp_stdio``); memory is read from the
kernel (``VmHWM``) in a process of its own, so only this case is measured.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from chathub_desktop.app_bootstrap import SHUTDOWN_TASKS_S
from chathub_desktop.core.mcp_config import McpServerConfig
from chathub_desktop.providers.mcp_stdio import MAX_LINE_BYTES
from chathub_desktop.services.tools.mcp_clients import McpClients, McpServerError
from tests.integration.test_mcp_tools import processes_in

STUBBORN = str(Path(__file__).parents[1] / "fakes" / "mcp_stubborn_server.py")
DOUBLES = {"CHATHUB_ALLOW_TEST_DOUBLES": "1"}
MIB = 1024 * 1024

# The app's side, in a process of its own: connect to the endless-line server, print the
# error and how far the process's peak resident memory rose (MiB). A data limit of 1 GiB
# turns an unbounded reader into a MemoryError instead of a machine out of memory.
DRIVER = """
import asyncio, json, os, resource, sys
from pathlib import Path
def peak_kib():  # VmHWM: this process image's own peak (ru_maxrss carries the forking parent's)
    return next(int(l.split()[1]) for l in Path("/proc/self/status").read_text().splitlines() if l.startswith("VmHWM"))
resource.setrlimit(resource.RLIMIT_DATA, (1024 ** 3, 1024 ** 3))
import mcp.client.session, mcp.client.stdio
import chathub_desktop.providers.mcp_stdio
from chathub_desktop.core.mcp_config import McpServerConfig
from chathub_desktop.services.tools.mcp_clients import McpClients, McpServerError
config = McpServerConfig.stdio("endless", sys.executable, (sys.argv[1], "--endless-line"),
                               {"CHATHUB_ALLOW_TEST_DOUBLES": "1"}, sys.argv[2])
clients = McpClients(path=lambda: os.environ.get("PATH", os.defpath))
before = peak_kib()
try:
    asyncio.run(clients.test(config))
    error = ""
except McpServerError as exc:
    error = str(exc)
grew = (peak_kib() - before) / 1024
clients.close()
print(json.dumps({"error": error, "grew_mib": grew}))
"""


def test_an_endless_line_is_refused_in_one_line_with_bounded_memory_and_the_server_gone(tmp_path: Path) -> None:
    """Issue 32 rule on stdio: a server writing a line that never ends costs the app at
    most about the 64 MB bound, the test fails with one line naming it, and the server's
    process is stopped."""
    folder = tmp_path / "endless-home"
    folder.mkdir()
    done = subprocess.run([sys.executable, "-c", DRIVER, STUBBORN, str(folder)], capture_output=True,
                          timeout=120, check=False, env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    out = json.loads(done.stdout.decode().splitlines()[-1])
    assert out["grew_mib"] < 2.5 * 64, out  # the bound plus one copy, not the whole stream
    assert out["error"] == "endless: the server wrote a line over 64 MB"
    assert MAX_LINE_BYTES == 64 * MIB
    assert processes_in(folder) == []


def test_a_server_that_ignores_stdin_close_and_sigterm_is_killed_within_the_quit_budget(tmp_path: Path) -> None:
    """Quit: stdin closes, 2 s later SIGTERM, 2 s after that SIGKILL to the process group,
    all inside the quit's budget for stopping tool servers; nothing is left running."""
    folder = tmp_path / "stubborn-home"
    folder.mkdir()
    config = McpServerConfig.stdio("stubborn", sys.executable, (STUBBORN, "--ignore-stdin-close"), DOUBLES,
                                   str(folder))
    clients = McpClients()
    try:
        listed = asyncio.run(clients.tools(config))
        assert [t.name for t in listed.tools] == ["echo"]
        assert clients.running() == ["stubborn"] and len(processes_in(folder)) == 1
    finally:
        clients.close(SHUTDOWN_TASKS_S)
    assert clients.running() == [] and processes_in(folder) == []


@pytest.mark.parametrize("limit", [1, 7, 64, 4096])
def test_a_line_one_byte_over_a_small_bound_is_refused(limit: int, tmp_path: Path) -> None:
    """The bound is on bytes per line, newline excluded: ``limit`` bytes pass (and fail
    only as JSON), ``limit + 1`` end the session with the reason."""
    folder = tmp_path / "bound-home"
    folder.mkdir()
    script = f"import sys; sys.stdout.write('y' * {limit + 1}); sys.stdout.flush(); sys.stdin.read()"
    config = McpServerConfig.stdio("tiny", sys.executable, ("-c", script), {}, str(folder))
    clients = McpClients(max_stdio_line_bytes=limit, start_timeout_s=30)
    try:
        with pytest.raises(McpServerError) as refused:
            asyncio.run(clients.test(config))
    finally:
        clients.close()
    assert str(refused.value) == f"tiny: the server wrote a line over {limit:,} bytes"
    assert processes_in(folder) == []


def test_a_quit_shorter_than_the_stop_sequence_still_leaves_no_server(tmp_path: Path) -> None:
    """The transport knows its server's process group: when quit's budget ends before
    the stop sequence does, quit kills the group."""
    folder = tmp_path / "short-home"
    folder.mkdir()
    config = McpServerConfig.stdio("stubborn", sys.executable, (STUBBORN, "--ignore-stdin-close"), DOUBLES,
                                   str(folder))
    clients = McpClients()
    try:
        asyncio.run(clients.tools(config))
        assert len(processes_in(folder)) == 1
    finally:
        clients.close(2.0)
    assert processes_in(folder) == []
