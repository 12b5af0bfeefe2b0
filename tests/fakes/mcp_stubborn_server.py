"""Stdio MCP servers that misbehave, for the transport's bounds (issues 25/32).

``--endless-line``: writes ``x`` to stdout forever and never a newline.
``--ignore-stdin-close``: the SDK-built probe server's ``echo``; it ignores SIGTERM, and
when its stdin closes it keeps running instead of exiting (only SIGKILL ends it).
Test double only: the program refuses to run unless ``CHATHUB_ALLOW_TEST_DOUBLES=1``.
"""

from __future__ import annotations

import os
import signal
import sys
import time

if os.environ.get("CHATHUB_ALLOW_TEST_DOUBLES") != "1":
    raise SystemExit("tests/fakes/mcp_stubborn_server.py is a test double (set CHATHUB_ALLOW_TEST_DOUBLES=1)")


def endless_line() -> None:
    """Write one line that never ends."""
    block = b"x" * 65536
    while True:
        sys.stdout.buffer.write(block)


def ignore_stdin_close() -> None:
    """Serve ``echo`` until stdin closes, then keep running; SIGTERM is ignored."""
    from mcp.server.mcpserver import MCPServer

    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    app = MCPServer("stubborn")

    @app.tool()
    def echo(text: str) -> str:
        """Return ``text``."""
        return text

    app.run()
    while True:
        time.sleep(60)


if __name__ == "__main__":
    endless_line() if sys.argv[1:] == ["--endless-line"] else ignore_stdin_close()
