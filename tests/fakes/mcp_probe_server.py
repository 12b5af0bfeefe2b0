"""A small MCP server for tests, built with the official SDK (issue 25).

Run as a program: stdio by default, ``--http PORT`` for Streamable HTTP on 127.0.0.1
(answers as SSE), ``--http-json PORT`` for the same answering plain JSON bodies.
Tools: ``echo(text)``, ``slow(seconds)`` (for Stop and deadlines), ``big(chars)``
(a result of that many characters), ``exit_now()`` (the process dies mid-call),
``grow()`` (adds the tool ``grown`` and sends ``tools/list_changed``).
Test double only: the program refuses to run unless ``CHATHUB_ALLOW_TEST_DOUBLES=1``.
"""

from __future__ import annotations

import asyncio
import os
import sys

if os.environ.get("CHATHUB_ALLOW_TEST_DOUBLES") != "1":
    raise SystemExit("tests/fakes/mcp_probe_server.py is a test double (set CHATHUB_ALLOW_TEST_DOUBLES=1)")

from mcp.server.mcpserver import Context, MCPServer  # noqa: E402

app = MCPServer("probe")


@app.tool()
def echo(text: str) -> str:
    """Return ``text``."""
    return text


@app.tool()
async def slow(seconds: float) -> str:
    """Wait ``seconds``, then say so."""
    await asyncio.sleep(seconds)
    return f"waited {seconds} s"


@app.tool()
def big(chars: int) -> str:
    """A result of ``chars`` characters."""
    return "x" * chars


@app.tool()
def exit_now() -> str:
    """End the server process at once."""
    os._exit(7)


def grown() -> str:
    """A tool that exists once ``grow`` ran."""
    return "grown"


@app.tool()
async def grow(ctx: Context) -> str:
    """Add the tool ``grown`` and tell the client its tool list changed."""
    app.add_tool(grown)
    await ctx.request_context.session.send_tool_list_changed()
    return "added grown"


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] in ("--http", "--http-json"):
        app.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]), json_response=sys.argv[1] == "--http-json")
    else:
        app.run()
