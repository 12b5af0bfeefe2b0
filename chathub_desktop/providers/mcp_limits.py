"""The bound on what an MCP server may send in one answer (issue 25, the issue 32 rule),
in a module of its own so that reading it loads no HTTP client: ``services.tools.mcp_clients``
needs it at every start, CLI commands included, while ``providers.mcp_http`` (httpx2,
about 0.1 s of CPU to import) loads only when a Streamable HTTP server connects (issue 28)."""

from __future__ import annotations

MAX_HTTP_BODY_BYTES = 64 * 1024 * 1024
"""Largest non-SSE answer read from an MCP server (bytes): room for a result of
``mcp_clients.MAX_RESULT_CHARS`` characters as JSON; also the bound on one line a stdio
server writes."""
