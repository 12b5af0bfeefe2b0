"""POST a JSON body and iterate the Server-Sent Events of the answer (APP-1).

Shared by the three wire clients. The response lives inside ``async with
client.stream(...)``, so closing or cancelling the generator closes the connection
(STYLE.md trap: qasync installs no async-generator finalizer — callers wrap this in
``contextlib.aclosing``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Mapping
from typing import ClassVar, TypeVar, cast

import httpx

from chathub_desktop.core.base_urls import url_host
from chathub_desktop.core.overflow import BODY_SCAN_CHARS
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.base import ChatRequest, ErrorKind, ProviderError, StreamActivity
from chathub_desktop.providers.bounded_body import (
    ACCEPT_ENCODING,
    BoundedDecoder,
    SSEEvent,
    SSEParser,
)
from chathub_desktop.providers.errors import (
    error_from_exception,
    error_from_redirect,
    error_from_response,
    error_from_stream_payload,
    html_page_title,
    parse_error_fields,
    redact,
)
from chathub_desktop.providers.stream_limits import Limit, ReplyMeter, StreamLimits

T = TypeVar("T")

#: Error bodies are read up to this many bytes (they are small; a runaway one is cut).
MAX_ERROR_BODY_BYTES = 64 * 1024
#: After a stream's last event, what is left of the body is read up to this many bytes
#: and seconds, so the connection goes back to the pool for the next request (keep-alive);
#: past either it is closed, as before.
DRAIN_BYTES = 64 * 1024
DRAIN_S = 0.5


@contextlib.asynccontextmanager
async def _closing_body(
    response: httpx.Response, body: AsyncGenerator[T, None]
) -> AsyncIterator[AsyncGenerator[T, None]]:
    """Iterate ``body`` (an iterator over ``response``'s body) and, however the block
    ends — done, error, cancellation, or the consumer closing the stream early — close
    the response and run ``body`` to its end.

    httpx reads a body through a chain of nested async generators (``aiter_raw`` →
    httpcore's ``PoolByteStream`` → ``HTTP11ConnectionByteStream``). ``aclose()`` on the outer one closes only that one:
    the inner ones stay suspended until they are collected, and httpcore's then awaits
    the connection close inside ``GeneratorExit`` ("async generator ignored
    GeneratorExit", anyio cancel-scope errors, or a task on a loop that is gone; issue
    9). So the response is closed first, then ``body`` is pulled once more: what was
    already buffered comes out, then the closed connection raises, and that error passes
    up through every generator of the chain, which all end with it. Nothing more is read
    from the server.
    """
    try:
        yield body
    finally:
        try:
            await response.aclose()
        finally:
            await _run_to_end(body)


async def _run_to_end(body: AsyncGenerator[T, None]) -> None:
    """Drain ``body`` whose response is closed (see :func:`_closing_body`); its closing
    error is expected and dropped. Cancellation propagates."""
    try:
        while True:
            await body.__anext__()
    except StopAsyncIteration:
        pass
    except Exception:  # noqa: BLE001 - the closed stream's error ends the drain
        pass
    finally:
        await body.aclose()


async def _drain(body: AsyncGenerator[bytes, None]) -> None:
    """Read the rest of ``body`` (raw bytes after the stream's last event) until it ends,
    :data:`DRAIN_BYTES` are read or :data:`DRAIN_S` pass. A body read to its end lets
    httpcore keep the connection for the next request; anything else leaves it to be
    closed (:func:`_closing_body`). Cancellation propagates."""
    read = 0
    try:
        async with asyncio.timeout(DRAIN_S):
            async for chunk in body:
                read += len(chunk)
                if read > DRAIN_BYTES:
                    return
    except (TimeoutError, httpx.HTTPError):
        return


async def read_body(response: httpx.Response, decoder: BoundedDecoder) -> bytes:
    """The body of ``response`` (opened with ``client.stream``) decoded by ``decoder`` in
    bounded pieces, up to its limit: raises its ``TOO_LARGE`` / ``BAD_RESPONSE``
    :class:`ProviderError`, or stops where a cutting decoder cut. The response and its
    body generators are closed on every path (:func:`_closing_body`)."""
    chunks: list[bytes] = []
    raw = cast(AsyncGenerator[bytes, None], response.aiter_raw())  # an async generator
    async with _closing_body(response, raw) as body:
        async for chunk in body:
            chunks.extend(decoder.feed(chunk))
            if decoder.cut:
                break
    return b"".join(chunks)


async def _read_limited(response: httpx.Response, limits: StreamLimits) -> str:
    """The start of an error body, cut at :data:`MAX_ERROR_BODY_BYTES`; ``""`` when its
    encoding is one the app does not read or its compressed data is damaged."""
    try:
        decoder = BoundedDecoder(response.headers.get("content-encoding", ""), limits,
                                 max_bytes=MAX_ERROR_BODY_BYTES, limit=None)
        return (await read_body(response, decoder)).decode("utf-8", errors="replace")
    except ProviderError:
        await response.aclose()
        return ""


def _error_for_non_sse_body(body: str, status: int, secret: str | None) -> ProviderError:
    """A 2xx answer that is not an event stream: a JSON error (MiniMax answers HTTP 200
    with ``base_resp.status_code`` ≠ 0) or something we cannot read (BAD_RESPONSE)."""
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError):
        payload = None
    if isinstance(payload, Mapping):
        message, err_type, code = parse_error_fields(payload)
        if message or err_type or payload.get("error") is not None:
            return error_from_stream_payload(
                payload, raw=body, status=status, secret=secret, default_kind=ErrorKind.BAD_REQUEST
            )
    title = html_page_title(body)
    expected = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "expected a streamed (text/event-stream) answer"))
    return ProviderError(
        ErrorKind.BAD_RESPONSE,
        expected.with_notes(Reason(QT_TRANSLATE_NOOP("ServiceReasons", " but got an HTML page: %1"), (title,)))
        if title else expected,
        status=status,
        body=redact(body[:BODY_SCAN_CHARS], secret),
    )


#: Failures before any byte of the answer that a dropped keep-alive connection causes:
#: the server closed an idle pooled connection as the request went out on it.
_STALE_CONNECTION_ERRORS = (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)


async def _open_response(
    stack: contextlib.AsyncExitStack,
    client: httpx.AsyncClient,
    url: str,
    body: Mapping[str, object],
    headers: Mapping[str, str] | None,
) -> httpx.Response:
    """Send the POST and return its response (headers read, body not), closed with ``stack``.

    A request that fails before any byte of the answer with a dropped connection
    (:data:`_STALE_CONNECTION_ERRORS`: "Server disconnected without sending a
    response", a reset or broken pipe) is sent once more on a new connection: servers
    close idle keep-alive connections (llama.cpp after 5 s) and the close can cross our
    next request on the wire (issue 28, keep-alive). A second failure is raised as is."""
    def request() -> contextlib.AbstractAsyncContextManager[httpx.Response]:
        return client.stream("POST", url, json=dict(body), headers=dict(headers or {}))

    try:
        return await stack.enter_async_context(request())
    except _STALE_CONNECTION_ERRORS:
        pass  # once more, on a new connection
    return await stack.enter_async_context(request())


async def post_sse(
    client: httpx.AsyncClient,
    url: str,
    body: Mapping[str, object],
    *,
    headers: Mapping[str, str] | None = None,
    secret: str | None = None,
    activity: StreamActivity | None = None,
    limits: StreamLimits | None = None,
    is_last: Callable[[SSEEvent], bool] | None = None,
) -> AsyncGenerator[SSEEvent, None]:
    """POST ``body`` as JSON to ``url`` and yield each SSE event of the answer.

    Raises :class:`ProviderError`: a non-2xx status is classified from its body and
    headers (:func:`~chathub_desktop.providers.errors.error_from_response`: an HTML page
    by its title, ``Retry-After``); a redirect names where it points
    (:func:`~chathub_desktop.providers.errors.error_from_redirect`); a 2xx non-SSE body
    becomes an in-band error or BAD_RESPONSE; transport failures (timeouts, refused or
    dropped connections) are classified by
    :func:`~chathub_desktop.providers.errors.error_from_exception`, naming ``url``. The
    body is decoded and split in bounded memory (``providers.bounded_body``); past a
    line, event, body or decompression limit of ``limits`` (``StreamLimits.from_env()``
    by default) the request stops with ``TOO_LARGE`` (issue 32). ``secret`` (the API
    key) is scrubbed from every message. ``activity`` is touched when the request starts
    and at every event and comment (keep-alive pings too), so a watcher can tell a silent
    server (issue 12). Cancellation propagates unchanged and closes the connection.
    When the consumer closes the stream right after an event ``is_last`` says ends the
    answer (OpenAI's ``[DONE]``), the rest of the body is read first (:func:`_drain`,
    bounded) so the next request of the same client reuses the connection (issue 28).
    """
    limits = limits or StreamLimits.from_env()
    if activity is not None:
        activity.touch()
    try:
        async with contextlib.AsyncExitStack() as stack:
            response = await _open_response(stack, client, url, body, headers)
            if activity is not None:
                activity.touch()
            if response.status_code >= 400:
                text = await _read_limited(response, limits)
                raise error_from_response(
                    response.status_code,
                    text,
                    reason=response.reason_phrase,
                    secret=secret,
                    headers=response.headers,
                    url=url,
                )
            if 300 <= response.status_code < 400:
                raise error_from_redirect(response.status_code, response.headers.get("location"),
                                          reason=response.reason_phrase, secret=secret)
            content_type = response.headers.get("content-type", "")
            if "text/event-stream" not in content_type.lower():
                text = await _read_limited(response, limits)
                raise _error_for_non_sse_body(text, response.status_code, secret)
            decoder = BoundedDecoder(response.headers.get("content-encoding", ""), limits,
                                     max_bytes=limits.body_bytes, limit=Limit.BODY)
            parser = SSEParser(limits)
            raw = cast(AsyncGenerator[bytes, None], response.aiter_raw())  # an async generator
            async with _closing_body(response, raw) as chunks:
                async for chunk in chunks:
                    for piece in decoder.feed(chunk):
                        comments = parser.comments
                        for event in parser.feed(piece):
                            if activity is not None:
                                activity.touch()
                            try:
                                yield event
                            except GeneratorExit:
                                if is_last is not None and is_last(event):
                                    await _drain(chunks)
                                raise
                        if activity is not None and parser.comments != comments:
                            activity.touch()
    except httpx.HTTPError as exc:
        raise error_from_exception(exc, secret=secret, url=url) from None


def event_type(event: SSEEvent) -> str | None:
    """The ``type`` field of an event's JSON data, else its ``event:`` name, else None
    (data that is not JSON has no type)."""
    try:
        data = json.loads(event.data)
    except (ValueError, RecursionError):
        data = None
    if isinstance(data, Mapping) and isinstance(data.get("type"), str):
        return str(data["type"])
    return event.event


def decode_event_data(event: SSEEvent, *, secret: str | None = None) -> object:
    """``json.loads`` of the event's data; malformed JSON → ProviderError(BAD_RESPONSE)."""
    try:
        return json.loads(event.data)
    except (ValueError, RecursionError):  # RecursionError: nesting too deep (issue 12)
        raise ProviderError(
            ErrorKind.BAD_RESPONSE,
            Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the provider sent a stream event that is not JSON")),
            body=redact(event.data[:BODY_SCAN_CHARS], secret),
        ) from None


class SSEChatClient:
    """Plumbing the three wire-protocol clients share: the ``httpx.AsyncClient``, the
    endpoint URL (``base_url`` + :attr:`ENDPOINT`), request headers carrying the API key,
    the SSE request itself, :attr:`activity` (when the provider last sent data, issue
    12), and closing.

    Subclasses set :attr:`ENDPOINT`, may override :meth:`_auth_headers` /
    :meth:`_protocol_headers`, and implement ``build_body`` and ``stream``.
    ``extra_headers`` come after the protocol headers; the key header always wins.
    ``limits`` bound every answer (``StreamLimits.from_env()`` when not given; issue 32).
    """

    ENDPOINT: ClassVar[str] = ""

    def __init__(
        self,
        http: httpx.AsyncClient,
        base_url: str,
        api_key: str | None = None,
        *,
        extra_headers: Mapping[str, str] | None = None,
        owns_http: bool = True,
        limits: StreamLimits | None = None,
    ) -> None:
        self._http = http
        #: The stream limits every request of this client keeps to (issue 32).
        self.limits = limits or StreamLimits.from_env()
        self._url = base_url.rstrip("/") + self.ENDPOINT
        self._api_key = api_key
        self._headers = {
            "Accept": "text/event-stream",
            "Accept-Encoding": ACCEPT_ENCODING,
            **self._protocol_headers(),
            **dict(extra_headers or {}),
            **(self._auth_headers(api_key) if api_key else {}),
        }
        self._owns_http = owns_http
        self.activity = StreamActivity(url_host(self._url))

    def _protocol_headers(self) -> dict[str, str]:
        """Headers every request of this protocol carries (none by default)."""
        return {}

    def _auth_headers(self, api_key: str) -> dict[str, str]:
        """How the key is sent: ``Authorization: Bearer`` by default."""
        return {"Authorization": f"Bearer {api_key}"}

    def build_body(self, request: ChatRequest) -> dict[str, object]:
        """The JSON body for ``request`` (each protocol defines it)."""
        raise NotImplementedError

    def _events(self, request: ChatRequest) -> AsyncGenerator[SSEEvent, None]:
        """The SSE events answering ``request`` (see :func:`post_sse`)."""
        return post_sse(
            self._http,
            self._url,
            self.build_body(request),
            headers=self._headers,
            secret=self._api_key,
            activity=self.activity,
            limits=self.limits,
            is_last=self._is_last,
        )

    def _is_last(self, event: SSEEvent) -> bool:
        """True for the event that ends an answer, after which a client stops reading
        (none by default: the other protocols read to the body's end)."""
        return False

    def _meter(self) -> ReplyMeter:
        """A fresh count of one reply's bytes against :attr:`limits` (issue 32)."""
        return ReplyMeter(self.limits)

    async def aclose(self) -> None:
        """Close the ``httpx.AsyncClient`` if this client owns it."""
        if self._owns_http:
            await self._http.aclose()
