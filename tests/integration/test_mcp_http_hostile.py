"""Hostile Streamable HTTP MCP servers on 127.0.0.1 (issue 32: "the same for … MCP HTTP
responses"): an endless SSE line, a gzip bomb as an event stream and as a JSON answer,
and a JSON answer that never ends each end Test with one line naming the bound, and the
app's process stays under 300 MB at its peak in each.

Real processes: ``tests/fakes/mcp_hostile_http.py`` serves the bodies; the app's side
runs ``McpClients.test`` on each in a process of its own (the peak read from the
kernel's ``VmHWM``, reset between servers through ``clear_refs``; a data limit of 1 GiB
turns an unbounded reader into an error instead of a machine out of memory).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HOSTILE = str(Path(__file__).parents[1] / "fakes" / "mcp_hostile_http.py")
ROOT = str(Path(__file__).parents[2])
PEAK_MB = 300

DRIVER = """
import asyncio, json, resource, sys
from pathlib import Path
def peak_mib():
    return next(int(l.split()[1]) for l in Path("/proc/self/status").read_text().splitlines()
                if l.startswith("VmHWM")) / 1024
resource.setrlimit(resource.RLIMIT_DATA, (1024 ** 3, 1024 ** 3))
from chathub_desktop.core.mcp_config import McpServerConfig
from chathub_desktop.services.tools.mcp_clients import McpClients, McpServerError
clients = McpClients(start_timeout_s=120)
out = {}
try:
    for mode in sys.argv[2:]:
        Path("/proc/self/clear_refs").write_text("5")  # the peak starts again from now
        try:
            asyncio.run(clients.test(McpServerConfig.http("hostile", f"{sys.argv[1]}/{mode}")))
            error = ""
        except McpServerError as exc:
            error = str(exc)
        out[mode] = {"error": error, "peak_mib": peak_mib()}
finally:
    clients.close()
print(json.dumps(out))
"""

RATIO = ("the server's compressed answer expanded past 500 times its size; "
         "set the environment variable CHATHUB_LIMIT_INFLATE_RATIO to raise it")
CASES = {
    "endless-sse-line": "hostile: SSE stream failed: Server-sent event exceeded the 67108864 byte limit.",
    "sse-gzip-bomb": f"hostile: SSE stream failed: {RATIO}",
    "json-gzip-bomb": f"hostile: Failed to parse JSON response: {RATIO}",
    "huge-json": "hostile: Failed to parse JSON response: the server's answer is larger than 67,108,864 bytes",
}


def test_hostile_mcp_http_answers_end_in_one_line_under_300_mb_each() -> None:
    env = {**os.environ, "CHATHUB_ALLOW_TEST_DOUBLES": "1", "PYTHONPATH": ROOT}
    env.pop("CHATHUB_LIMIT_INFLATE_RATIO", None)
    server = subprocess.Popen([sys.executable, HOSTILE, "0"], stdout=subprocess.PIPE, env=env)
    try:
        assert server.stdout is not None
        ready = server.stdout.readline().split()
        assert ready[:1] == [b"ready"], ready
        done = subprocess.run([sys.executable, "-c", DRIVER, f"http://127.0.0.1:{int(ready[1])}", *CASES],
                              capture_output=True, timeout=300, check=False, env=env)
    finally:
        server.kill()
        server.wait()
        assert server.stdout is not None
        server.stdout.close()
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    out = json.loads(done.stdout.decode().splitlines()[-1])
    assert {mode: got["error"] for mode, got in out.items()} == CASES
    assert all(got["peak_mib"] < PEAK_MB for got in out.values()), out
