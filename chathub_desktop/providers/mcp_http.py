"""A bound on the bodies a Streamable HTTP MCP server sends (issue 25, the issue 32 rule).

The SDK's HTTP transport caps each SSE event (1 MB by default) but reads a JSON answer
whole (``response.aread()``). :class:`BoundedTransport` wraps the HTTP client's
transport: a response that is not an event stream may carry at most ``limit`` bytes;
past it, reading fails with :class:`BodyTooLarge` (an ``httpx2.StreamError``, which the
SDK turns into a JSON-RPC error for that request) and the connection is closed. Event
streams are left to the SDK's own per-event cap (a long-lived stream has no total),
which ``mcp_clients`` raises from the SDK's 1 MB to the same bound, so a result of up
to ``MAX_RESULT_CHARS`` arrives whole either way (CMP-19).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx2

from chathub_desktop.providers.mcp_limits import MAX_HTTP_BODY_BYTES

__all__ = ["MAX_HTTP_BODY_BYTES", "BodyTooLarge", "BoundedTransport", "mcp_http_client"]


class BodyTooLarge(httpx2.StreamError):
    """A server's answer passed the bound; ``str(exc)`` is one line."""


class _BoundedStream(httpx2.AsyncByteStream):
    """``inner``'s bytes, failing once more than ``limit`` have arrived."""

    def __init__(self, inner: httpx2.AsyncByteStream, limit: int) -> None:
        self._inner = inner
        self._limit = limit
        self._seen = 0
        self._chunks: AsyncIterator[bytes] | None = None

    def __aiter__(self) -> AsyncIterator[bytes]:
        self._chunks = self._inner.__aiter__()
        return self

    async def __anext__(self) -> bytes:
        assert self._chunks is not None
        chunk = await self._chunks.__anext__()
        self._seen += len(chunk)
        if self._seen > self._limit:
            await self.aclose()
            raise BodyTooLarge(f"the server's answer is larger than {self._limit:,} bytes")
        return chunk

    async def aclose(self) -> None:
        """Close the inner iterator and stream (the connection goes back or is dropped)."""
        chunks, self._chunks = self._chunks, None
        closer = getattr(chunks, "aclose", None)  # an async generator's own close
        if closer is not None:
            await closer()
        await self._inner.aclose()


class BoundedTransport(httpx2.AsyncBaseTransport):
    """``inner`` (default: a plain ``httpx2.AsyncHTTPTransport``) with every non-SSE
    response body bounded to ``limit`` bytes (see the module doc)."""

    def __init__(self, limit: int = MAX_HTTP_BODY_BYTES, inner: httpx2.AsyncBaseTransport | None = None) -> None:
        self._limit = limit
        self._inner = inner or httpx2.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        """Send ``request``; the answer's body is bounded unless it is an event stream."""
        response = await self._inner.handle_async_request(request)
        kind = response.headers.get("content-type", "").lower()
        if not kind.startswith("text/event-stream"):
            assert isinstance(response.stream, httpx2.AsyncByteStream)
            response.stream = _BoundedStream(response.stream, self._limit)
        return response

    async def aclose(self) -> None:
        """Close the inner transport (its connection pool)."""
        await self._inner.aclose()


def mcp_http_client(headers: dict[str, str], limit: int = MAX_HTTP_BODY_BYTES,
                    auth: httpx2.Auth | None = None) -> httpx2.AsyncClient:
    """The HTTP client for one Streamable HTTP MCP server: ``headers`` on every request,
    the SDK's own timeouts (30 s to connect or write, 300 s between reads) and every
    non-SSE body bounded to ``limit`` bytes (:class:`BoundedTransport`); ``auth``: the
    server's OAuth flow (``services.mcp_oauth``). The caller closes it (``async with``)."""
    return httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30.0, read=300.0),
                              transport=BoundedTransport(limit), auth=auth)
