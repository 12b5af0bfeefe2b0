"""A small MCP server for tests, built with the official SDK (issue 25).

Run as a program: stdio by default, ``--http PORT`` for Streamable HTTP on 127.0.0.1
(answers as SSE), ``--http-json PORT`` for the same answering plain JSON bodies.
Tools: those of ``mcp_probe_tools.probe_app`` (``echo``, ``slow``, ``big``, ``grow``) and
``exit_now()`` (the process dies mid-call). Unit tests that need no child process run
the same server in process (``mcp_probe_tools.InProcessServers``).
Test double only: the program refuses to run unless ``CHATHUB_ALLOW_TEST_DOUBLES=1``.
"""

from __future__ import annotations

import os
import sys

if os.environ.get("CHATHUB_ALLOW_TEST_DOUBLES") != "1":
    raise SystemExit("tests/fakes/mcp_probe_server.py is a test double (set CHATHUB_ALLOW_TEST_DOUBLES=1)")

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from tests.fakes.mcp_probe_tools import probe_app  # noqa: E402

app = probe_app(child=True)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] in ("--http", "--http-json"):
        app.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]), json_response=sys.argv[1] == "--http-json")
    else:
        app.run()
