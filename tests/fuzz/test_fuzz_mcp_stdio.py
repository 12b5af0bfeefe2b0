"""Fuzz: what a stdio MCP server writes (issues 25/32). The line splitter hands back
exactly the lines written, holds no more than its bound and refuses a longer line in
one line; the line parser turns any bytes into a message or an error value, never a
crash (``providers.mcp_stdio``)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.providers.mcp_stdio import LineBuffer, LineTooLong, parse_line
from tests.fuzz.harness import fuzz_settings
from tests.fuzz.hostile_inputs import mutated

pytestmark = pytest.mark.fuzz

_STREAM = st.lists(st.binary(max_size=40) | st.sampled_from([b"\n", b"\n\n", b"x" * 50, b"\r\n"]), max_size=30)
_REQUEST = json.dumps({"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "t", "inputSchema": {}}]}}).encode()


@fuzz_settings(400)
@given(chunks=_STREAM, limit=st.integers(min_value=1, max_value=64))
def test_lines_come_back_whole_or_the_stream_is_refused_in_one_line(chunks: list[bytes], limit: int) -> None:
    data = b"".join(chunks)
    *complete, rest = data.split(b"\n")
    too_long = any(len(line) > limit for line in (*complete, rest))
    buffer = LineBuffer(limit)
    got: list[bytes] = []
    try:
        for chunk in chunks:
            got += buffer.feed(chunk)
    except LineTooLong as exc:
        assert too_long and str(exc) == f"the server wrote a line over {limit:,} bytes"
        assert got == complete[:len(got)]
        return
    assert not too_long and got == complete


@fuzz_settings(300)
@given(line=st.binary(max_size=300) | mutated(_REQUEST))
def test_any_line_parses_to_a_message_or_an_error_value(line: bytes) -> None:
    parsed = parse_line(line)
    assert isinstance(parsed, Exception) or parsed.message is not None


def test_a_deeply_nested_line_is_an_error_value() -> None:
    assert isinstance(parse_line(b"[" * 100_000 + b"]" * 100_000), Exception)
