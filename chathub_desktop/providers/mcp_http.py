"""Bounds on the bodies a Streamable HTTP MCP server sends (issue 25, the issue 32 rule).

The SDK's HTTP transport caps each SSE event (1 MB by default) but reads a JSON answer
whole (``response.aread()``), and ``httpx2`` inflates a compressed body without a total.
:class:`BoundedTransport` wraps the HTTP client's transport and decodes every answer
itself, streamed through :class:`~chathub_desktop.providers.bounded_body.BoundedDecoder`
(gzip and deflate, at most 64 KB per step, the ``Content-Encoding`` header then
removed so nothing inflates it again):

- an answer that is not an event stream may carry at most ``limit`` decoded bytes;
- any compressed answer may expand at most ``ratio`` times (past 1 MB decoded, the
  providers' ``CHATHUB_LIMIT_INFLATE_RATIO``, 500 by default).

Past either, reading fails in one line, which the SDK turns into the error of that
request: :class:`BodyTooLarge` (an ``httpx2.StreamError``, what the SDK's JSON reading
reports) or, in an event stream, :class:`EventStreamTooLarge` (an ``httpx2.SSEError``,
what its SSE reading reports); the connection is closed;
damaged or unknown compression fails with ``httpx2.DecodingError``. Event streams have
no total (a long-lived stream) and are left to the SDK's per-event cap, which
``mcp_clients`` raises from the SDK's 1 MB to ``limit``, so a result of up to
``MAX_RESULT_CHARS`` arrives whole either way (CMP-19).
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator

import httpx2

from chathub_desktop.providers.base import ErrorKind, ProviderError
from chathub_desktop.providers.bounded_body import ACCEPT_ENCODING, BoundedDecoder
from chathub_desktop.providers.mcp_limits import MAX_HTTP_BODY_BYTES
from chathub_desktop.providers.stream_limits import Limit, StreamLimits

__all__ = ["MAX_HTTP_BODY_BYTES", "BodyTooLarge", "BoundedTransport", "EventStreamTooLarge", "mcp_http_client"]


class BodyTooLarge(httpx2.StreamError):
    """A server's answer passed a bound; ``str(exc)`` is one line."""


class EventStreamTooLarge(httpx2.SSEError):
    """A server's event stream expanded past the ratio bound; ``str(exc)`` is one line
    (an ``SSEError``: the SDK reports that kind for the request with its message)."""


class _BoundedStream(httpx2.AsyncByteStream):
    """``inner``'s bytes decoded from ``encoding`` (``""``: as they came), failing once
    more than ``limit`` decoded bytes have arrived or they expand past ``ratio``
    (:class:`EventStreamTooLarge` for an ``event_stream``, else :class:`BodyTooLarge`)."""

    def __init__(self, inner: httpx2.AsyncByteStream, limit: int, encoding: str = "",
                 ratio: float = StreamLimits().inflate_ratio, *, event_stream: bool = False) -> None:
        self._inner = inner
        self._too_large: type[Exception] = EventStreamTooLarge if event_stream else BodyTooLarge
        self._limit = limit
        self._ratio = ratio
        self._chunks: AsyncIterator[bytes] | None = None
        self._pieces: list[bytes] = []
        self._decoder: BoundedDecoder | None = None
        self._refused: Exception | None = None
        try:  # the decoder cuts the body past the bound: the cut is the signal
            self._decoder = BoundedDecoder(encoding, StreamLimits(inflate_ratio=ratio), max_bytes=limit, limit=None)
        except ProviderError as exc:  # an encoding it does not read: said on the first read
            self._refused = httpx2.DecodingError(_server_words(str(exc)))

    def __aiter__(self) -> AsyncIterator[bytes]:
        self._chunks = self._inner.__aiter__()
        return self

    async def __anext__(self) -> bytes:
        assert self._chunks is not None
        while not self._pieces:
            if self._refused is not None:
                await self.aclose()
                raise self._refused
            raw = await self._chunks.__anext__()
            self._pieces = self._decode(raw)
        return self._pieces.pop(0)

    def _decode(self, raw: bytes) -> list[bytes]:
        """The decoded pieces of ``raw``; a bound passed is kept in :attr:`_refused`
        after the pieces before it (so the reader gets all it may, then the reason)."""
        assert self._decoder is not None
        pieces: list[bytes] = []
        try:
            pieces.extend(self._decoder.feed(raw))
        except ProviderError as exc:
            if exc.kind is ErrorKind.TOO_LARGE:
                self._refused = self._too_large(
                    f"the server's compressed answer expanded past {self._ratio:g} times its size; "
                    f"set the environment variable {Limit.INFLATE_RATIO.env} to raise it")
            else:
                self._refused = httpx2.DecodingError(_server_words(str(exc)))
        if self._decoder.cut:
            self._refused = self._too_large(f"the server's answer is larger than {self._limit:,} bytes")
        return pieces

    async def aclose(self) -> None:
        """Close the inner iterator and stream (the connection goes back or is dropped)."""
        chunks, self._chunks = self._chunks, None
        closer = getattr(chunks, "aclose", None)  # an async generator's own close
        if closer is not None:
            await closer()
        await self._inner.aclose()


def _server_words(text: str) -> str:
    """A decoder's message about "the provider" said of the server."""
    return text.replace("the provider compressed", "the server compressed").replace("the provider's", "the server's")


class BoundedTransport(httpx2.AsyncBaseTransport):
    """``inner`` (default: a plain ``httpx2.AsyncHTTPTransport``) decoding every answer
    itself: a non-SSE body bounded to ``limit`` decoded bytes, any compressed body to
    ``ratio`` times its size (see the module doc)."""

    def __init__(self, limit: int = MAX_HTTP_BODY_BYTES, inner: httpx2.AsyncBaseTransport | None = None,
                 ratio: float | None = None) -> None:
        self._limit = limit
        self._ratio = StreamLimits.from_env().inflate_ratio if ratio is None else ratio
        self._inner = inner or httpx2.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        """Send ``request``; the answer's body comes decoded and bounded."""
        request.headers["Accept-Encoding"] = ACCEPT_ENCODING  # what BoundedDecoder reads
        response = await self._inner.handle_async_request(request)
        kind = response.headers.get("content-type", "").lower()
        encoding = response.headers.get("content-encoding", "")
        events = kind.startswith("text/event-stream")
        if encoding or not events:
            assert isinstance(response.stream, httpx2.AsyncByteStream)
            response.stream = _BoundedStream(response.stream, sys.maxsize if events else self._limit, encoding,
                                             self._ratio, event_stream=events)
            for name in ("content-encoding", "content-length"):  # the body is now decoded
                if encoding and name in response.headers:
                    del response.headers[name]
        return response

    async def aclose(self) -> None:
        """Close the inner transport (its connection pool)."""
        await self._inner.aclose()


def mcp_http_client(headers: dict[str, str], limit: int = MAX_HTTP_BODY_BYTES,
                    auth: httpx2.Auth | None = None) -> httpx2.AsyncClient:
    """The HTTP client for one Streamable HTTP MCP server: ``headers`` on every request,
    the SDK's own timeouts (30 s to connect or write, 300 s between reads) and every
    answer decoded and bounded (:class:`BoundedTransport`: ``limit`` decoded bytes for a
    non-SSE body, the inflate ratio for a compressed one); ``auth``: the server's OAuth
    flow (``services.tools.mcp_oauth``). The caller closes it (``async with``)."""
    return httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30.0, read=300.0),
                              transport=BoundedTransport(limit), auth=auth)
