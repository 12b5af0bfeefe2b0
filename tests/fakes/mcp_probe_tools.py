"""The probe MCP server's tools, built with the official SDK, and a connector that runs
it in the test's own process over the SDK's in-memory streams (issue 25).

``probe_app()`` builds a fresh server (one per connect, as a new process would be):
``echo(text)``, ``slow(seconds)`` (for Stop and deadlines), ``big(chars)`` (a result of
that many characters), ``grow()`` (adds the tool ``grown`` and sends
``tools/list_changed``); ``probe_app(child=True)`` adds ``exit_now()`` (the process dies
mid-call), which only ``mcp_probe_server.py`` as a child process offers.

:class:`InProcessServers` is the ``McpConnector`` the unit tests give
``open_services``: a stored server whose name it knows is served in process, any other
through its own transport. Test double only: never imported by the product.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import Callable, Mapping
from typing import Any

from mcp.server.mcpserver import Context, MCPServer

from chathub_desktop.core.mcp_config import McpServerConfig

IN_PROCESS_PROBE = McpServerConfig.stdio("probe", sys.executable, ("-c", "raise SystemExit('served in process')"))
"""The stored config of the in-process probe (its command never runs: the connector
serves it); the tool rows and approvals name it ``probe`` as the child-process one."""


def probe_app(*, child: bool = False) -> MCPServer:
    """A new probe server (see the module doc); ``child``: with ``exit_now``."""
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

    def grown() -> str:
        """A tool that exists once ``grow`` ran."""
        return "grown"

    @app.tool()
    async def grow(ctx: Context) -> str:
        """Add the tool ``grown`` and tell the client its tool list changed."""
        app.add_tool(grown)
        await ctx.request_context.session.send_tool_list_changed()
        return "added grown"

    if child:
        @app.tool()
        def exit_now() -> str:
            """End the server process at once."""
            os._exit(7)

    return app


class InProcessServers:
    """``McpConnector`` serving the servers named in ``servers`` (name → a factory of a
    fresh SDK server) in this process; every other config uses its own transport.
    ``connects`` counts the sessions opened per name."""

    def __init__(self, servers: Mapping[str, Callable[[], MCPServer]] | None = None) -> None:
        self._servers = dict(servers or {"probe": probe_app})
        self.connects: dict[str, int] = {}

    def connect(self, config: McpServerConfig) -> contextlib.AbstractAsyncContextManager[tuple[Any, Any]] | None:
        """The in-memory streams of a new server for ``config.name``, or ``None``."""
        from mcp.client._memory import InMemoryTransport

        factory = self._servers.get(config.name)
        if factory is None:
            return None
        self.connects[config.name] = self.connects.get(config.name, 0) + 1
        return InMemoryTransport(factory())
