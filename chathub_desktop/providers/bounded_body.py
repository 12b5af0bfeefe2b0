"""Reading a provider's answer in bounded memory (issue 32): decompression streamed in
pieces of at most :data:`PIECE_BYTES` with a ratio bound, and Server-Sent Events split
into lines and events with a size bound on each.

Both are pure byte machines (``feed`` → pieces / events), driven by ``sse_stream`` over
``httpx``'s raw body (``Response.aiter_raw``): nothing ever inflates or joins a whole
body. The SSE grammar is the WHATWG one: lines end in CR LF, LF or CR; ``data``,
``event`` and ``id`` fields; a blank line dispatches the event; ``:`` starts a comment.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.base import ErrorKind, ProviderError
from chathub_desktop.providers.stream_limits import RATIO_GRACE_BYTES, Limit, StreamLimits

#: The most bytes one decompression step produces.
PIECE_BYTES = 64 * 1024
#: ``Accept-Encoding`` the clients send: the encodings :class:`BoundedDecoder` reads.
ACCEPT_ENCODING = "gzip, deflate"
_EOL = re.compile(rb"\r\n|\r|\n")


class _Inflater:
    """One gzip or deflate layer, inflating at most :data:`PIECE_BYTES` per step."""

    def __init__(self, name: str) -> None:
        self._name = name
        #: Input bytes inflated so far (what is still waiting in the tail is not counted).
        self.consumed = 0
        self._z: zlib._Decompress | None = None
        if name in ("gzip", "x-gzip"):
            self._z = zlib.decompressobj(zlib.MAX_WBITS | 16)

    def pieces(self, data: bytes) -> Iterator[bytes]:
        if self._z is None:  # deflate: zlib-wrapped, or raw as some servers send it
            if not data:
                return
            wrapped = len(data) >= 2 and data[0] & 0x0F == 8 and (data[0] << 8 | data[1]) % 31 == 0
            self._z = zlib.decompressobj(zlib.MAX_WBITS if wrapped else -zlib.MAX_WBITS)
        z = self._z
        while not z.eof:
            try:
                out = z.decompress(data, PIECE_BYTES)
            except zlib.error as exc:
                raise ProviderError(ErrorKind.BAD_RESPONSE, Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "the provider's %1-compressed answer is damaged (%2)"), (self._name, str(exc)))
                ) from None
            self.consumed += len(data) - len(z.unconsumed_tail)
            data = z.unconsumed_tail
            if out:
                yield out
            if not data and len(out) < PIECE_BYTES:
                return


class BoundedDecoder:
    """Decodes a body sent with ``Content-Encoding: content_encoding`` (identity, gzip,
    x-gzip, deflate, or a comma-separated chain of them).

    :meth:`feed` takes raw bytes as they arrive and yields decoded pieces of at most
    :data:`PIECE_BYTES` (identity pieces as they came). ``max_bytes`` bounds the decoded
    total; past it ``limit`` names the error raised, or with ``limit=None`` the body is
    simply cut there (:attr:`cut` becomes True). Past :data:`RATIO_GRACE_BYTES` decoded,
    decoded ÷ raw bytes inflated so far must stay within ``limits.inflate_ratio``. Raises
    :class:`ProviderError`: ``BAD_RESPONSE`` for an encoding it does not read or damaged
    data, ``TOO_LARGE`` past a limit.
    """

    def __init__(self, content_encoding: str, limits: StreamLimits, *, max_bytes: int,
                 limit: Limit | None) -> None:
        names = [n.strip().lower() for n in content_encoding.split(",") if n.strip()]
        unknown = [n for n in names if n not in ("identity", "gzip", "x-gzip", "deflate")]
        if unknown:
            raise ProviderError(ErrorKind.BAD_RESPONSE, Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "the provider compressed its answer as %1, which the app does not read "
                                  "(it asks for gzip or deflate)"), (repr(unknown[0][:40]),)))
        # the header lists encodings in the order applied: undo them last to first
        self._layers = [_Inflater(n) for n in reversed(names) if n != "identity"]
        self._limits = limits
        self._max = max_bytes
        self._limit = limit
        self.raw_bytes = 0
        self.decoded_bytes = 0
        self.cut = False

    def feed(self, raw: bytes) -> Iterator[bytes]:
        """Decoded pieces of ``raw`` (see the class docstring)."""
        if self.cut:
            return
        self.raw_bytes += len(raw)
        for piece in self._through(raw, 0):
            room = self._max - self.decoded_bytes
            if len(piece) > room:
                if self._limit is not None:
                    raise self._limits.error(self._limit)
                self.cut = True
                if room:
                    self.decoded_bytes += room
                    yield piece[:room]
                return
            self.decoded_bytes += len(piece)
            if (self._layers and self.decoded_bytes > RATIO_GRACE_BYTES
                    and self.decoded_bytes > self._limits.inflate_ratio * max(1, self._layers[0].consumed)):
                raise self._limits.error(Limit.INFLATE_RATIO)
            yield piece

    def _through(self, data: bytes, depth: int) -> Iterator[bytes]:
        if depth == len(self._layers):
            if data:
                yield data
            return
        for piece in self._layers[depth].pieces(data):
            yield from self._through(piece, depth + 1)


@dataclass(frozen=True, slots=True)
class SSEEvent:
    """One Server-Sent Event: its ``event`` name (``message`` when the stream named
    none), its ``data`` (data lines joined by ``\\n``) and its ``id``."""

    data: str
    event: str = "message"
    id: str = ""


class SSEParser:
    """Splits decoded bytes into :class:`SSEEvent` values, bounding each line by
    ``limits.line_bytes`` and each event by ``limits.event_bytes`` (``TOO_LARGE``
    :class:`ProviderError` past either). Memory held: one partial line plus one event."""

    def __init__(self, limits: StreamLimits) -> None:
        self._limits = limits
        self._buf = bytearray()
        self._skip_lf = False
        self._first = True
        self._data: list[str] = []
        self._event = ""
        self._id = ""
        self._fields = False
        self._event_bytes = 0
        #: Comment lines seen (``: ping`` keep-alives).
        self.comments = 0

    def feed(self, chunk: bytes) -> Iterator[SSEEvent]:
        """The events completed by ``chunk`` (decoded body bytes, any split)."""
        if self._skip_lf and chunk[:1] == b"\n":
            chunk = chunk[1:]
        self._skip_lf = False
        limit = self._limits.line_bytes
        if b"\n" not in chunk and b"\r" not in chunk:  # a line still arriving
            self._buf += chunk
            if len(self._buf) > limit:
                raise self._limits.error(Limit.SSE_LINE)
            return
        data = bytes(self._buf) + chunk if self._buf else chunk
        if b"\r" in data:
            self._skip_lf = data.endswith(b"\r")  # its LF may open the next chunk
            lines = _EOL.split(data)
        else:
            lines = data.split(b"\n")
        self._buf = bytearray(lines.pop())
        for line in lines:
            if len(line) > limit:
                raise self._limits.error(Limit.SSE_LINE)
            event = self._line(line)
            if event is not None:
                yield event
        if len(self._buf) > limit:
            raise self._limits.error(Limit.SSE_LINE)

    def _line(self, raw: bytes) -> SSEEvent | None:
        if self._first:
            self._first = False
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        if not raw:
            return self._dispatch()
        if raw[:1] == b":":
            self.comments += 1
            return None
        self._event_bytes += len(raw)
        if self._event_bytes > self._limits.event_bytes:
            raise self._limits.error(Limit.SSE_EVENT)
        name, sep, value = raw.partition(b":")
        if sep and value[:1] == b" ":
            value = value[1:]
        text = value.decode("utf-8", errors="replace")
        if name == b"data":
            self._data.append(text)
        elif name == b"event":
            self._event = text
        elif name == b"id":
            if "\0" not in text:
                self._id = text
        elif name != b"retry":
            return None
        self._fields = True
        return None

    def _dispatch(self) -> SSEEvent | None:
        event = (SSEEvent("\n".join(self._data), self._event or "message", self._id)
                 if self._fields else None)
        self._data, self._event, self._fields, self._event_bytes = [], "", False, 0
        return event
