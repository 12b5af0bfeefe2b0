"""The bound on an MCP server's HTTP answer (issue 25, issue 32 rule), over any chunking:
every byte passes up to the bound, one past it fails in one line and closes the stream."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.providers.mcp_http import BodyTooLarge, _BoundedStream


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


@settings(max_examples=200, deadline=None)
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
