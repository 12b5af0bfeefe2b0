"""The bounds on an MCP server's HTTP answer (issue 25, issue 32 rule): over any
chunking every byte passes up to the bound and one past it fails in one line and closes
the stream; a compressed answer is inflated once, in bounded pieces, its inflated size
bounded and its expansion ratio too."""

from __future__ import annotations

import asyncio
import zlib
from collections.abc import AsyncIterator

import httpx2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.providers.mcp_http import (
    BodyTooLarge,
    BoundedTransport,
    EventStreamTooLarge,
    _BoundedStream,
)
from tests.cases import cases
from tests.fakes.hostile_bodies import gzip_bomb, gzip_of


class _Chunks:
    """An answer body arriving as ``chunks`` (what the HTTP connection hands on)."""

    def __init__(self, chunks: list[bytes]) -> None:
        self.chunks = chunks
        self.closed = False

    def __aiter__(self) -> AsyncIterator[bytes]:
        return self._gen()

    async def _gen(self) -> AsyncIterator[bytes]:
        for c in self.chunks:
            yield c

    async def aclose(self) -> None:
        self.closed = True


@settings(max_examples=cases(200), deadline=None)
@given(st.lists(st.binary(max_size=64), max_size=20), st.integers(min_value=0, max_value=700))
def test_bytes_pass_up_to_the_bound_and_one_more_fails(chunks: list[bytes], limit: int) -> None:
    inner = _Chunks(chunks)
    bounded = _BoundedStream(inner, limit)  # type: ignore[arg-type]

    async def read() -> bytes:
        return b"".join([c async for c in bounded])

    total = sum(map(len, chunks))
    if total <= limit:
        assert asyncio.run(read()) == b"".join(chunks)
    else:
        with pytest.raises(BodyTooLarge, match=rf"^the server's answer is larger than {limit:,} bytes$"):
            asyncio.run(read())
        assert inner.closed


def _client(body: bytes, kind: str, encoding: str = "", *, limit: int = 1 << 20,
            ratio: float = 500.0) -> httpx2.AsyncClient:
    """A client whose every answer is ``body`` with these headers, through the bounds."""
    def answer(request: httpx2.Request) -> httpx2.Response:
        headers = {"content-type": kind, **({"content-encoding": encoding} if encoding else {})}
        return httpx2.Response(200, headers=headers, stream=httpx2.ByteStream(body))

    return httpx2.AsyncClient(transport=BoundedTransport(limit, httpx2.MockTransport(answer), ratio=ratio))


async def _read(client: httpx2.AsyncClient) -> tuple[bytes, httpx2.Headers]:
    async with client, client.stream("POST", "http://mcp.test/mcp") as response:
        return b"".join([c async for c in response.aiter_bytes()]), response.headers


@settings(max_examples=cases(100), deadline=None)
@given(st.binary(max_size=5000), st.sampled_from(["gzip", "deflate", "gzip, gzip"]),
       st.sampled_from(["application/json", "text/event-stream"]))
def test_a_compressed_answer_arrives_decoded_once(data: bytes, encoding: str, kind: str) -> None:
    """Issue 32 rule: the transport inflates (in bounded pieces) and drops the header, so
    the SDK gets the server's bytes exactly, never inflated a second time."""
    body = data
    for name in reversed([n.strip() for n in encoding.split(",")]):
        body = gzip_of(body) if name == "gzip" else zlib.compress(body)
    got, headers = asyncio.run(_read(_client(body, kind, encoding)))
    assert got == data
    assert "content-encoding" not in headers


def test_a_compressed_json_answer_is_bounded_after_inflating() -> None:
    """The 64 MB bound counts what the answer inflates to, not what crossed the wire:
    with the ratio bound raised out of the way, 4 MB of zeros sent as 4 KB stop at a
    1 MB bound, in one line."""
    bomb = b"".join(gzip_bomb(4 << 20)())
    with pytest.raises(BodyTooLarge, match=r"^the server's answer is larger than 1,048,576 bytes$"):
        asyncio.run(_read(_client(bomb, "application/json", "gzip", ratio=1e9)))


@pytest.mark.parametrize("kind", ["application/json", "text/event-stream"])
def test_a_gzip_bomb_stops_at_the_ratio_bound_naming_its_variable(kind: str) -> None:
    """Past 1 MB inflated, an answer may grow at most ``ratio`` times what was sent; the
    error says how to raise it, and an event stream's is the kind the SDK reports."""
    bomb = b"".join(gzip_bomb(16 << 20)())
    expected = EventStreamTooLarge if kind == "text/event-stream" else BodyTooLarge
    with pytest.raises(expected, match=r"^the server's compressed answer expanded past 500 times its size; "
                                       r"set the environment variable CHATHUB_LIMIT_INFLATE_RATIO to raise it$"):
        asyncio.run(_read(_client(bomb, kind, "gzip", limit=64 << 20)))


def test_an_encoding_the_app_does_not_read_is_refused_in_one_line() -> None:
    """A server answering in an encoding it was not offered (``br``) is refused, not
    read raw or inflated without a bound."""
    with pytest.raises(httpx2.DecodingError, match=r"^the server compressed its answer as 'br', "):
        asyncio.run(_read(_client(b"\x1b\x00", "application/json", "br")))
