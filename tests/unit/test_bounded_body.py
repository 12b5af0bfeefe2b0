"""The bounded decoder and SSE parser that read every provider answer (issue 32).

Examples from the SSE grammar (line ends, comments, fields, BOM), the limits each with
its message, and fuzz tests: any split of a stream gives the same events, and any bytes
end in events or one ``TOO_LARGE`` error with the memory held bounded by the limits.
"""

from __future__ import annotations

import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.providers.base import ErrorKind, ProviderError
from chathub_desktop.providers.bounded_body import PIECE_BYTES, BoundedDecoder, SSEEvent, SSEParser
from chathub_desktop.providers.stream_limits import Limit, StreamLimits
from tests.fuzz.harness import fuzz_settings

SMALL = StreamLimits(line_bytes=100, event_bytes=150, body_bytes=10_000, reply_bytes=100, inflate_ratio=50)


def _events(data: bytes, limits: StreamLimits = SMALL, splits: list[int] | None = None) -> list[SSEEvent]:
    parser = SSEParser(limits)
    cuts = sorted({0, len(data), *(s % (len(data) + 1) for s in splits or [])})
    out: list[SSEEvent] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        out.extend(parser.feed(data[a:b]))
    return out


def test_sse_grammar() -> None:
    """CR LF, CR and LF all end lines; a comment is no event; data lines join with LF; one
    space after the colon is dropped; ``event`` names it, ``message`` when unnamed; a
    leading BOM is ignored; an event left without its blank line is not dispatched."""
    data = (b"\xef\xbb\xbfdata: a\r\ndata:b\r\revent: ping\n: keep-alive\ndata: {}\n\nid: 7\ndata: x\r\n\r\n"
            b"data: cut")
    assert _events(data) == [SSEEvent("a\nb"), SSEEvent("{}", "ping"), SSEEvent("x", "message", "7")]


def test_each_limit_says_which_and_how_to_raise_it() -> None:
    """The line, event, body and ratio limits each stop with their own line."""
    with pytest.raises(ProviderError) as line:
        _events(b"data: " + b"x" * 200)
    assert line.value.kind is ErrorKind.TOO_LARGE
    assert line.value.message == ("stopped: the provider sent an SSE line longer than the line limit of "
                                  "0.09766 KB; set the environment variable CHATHUB_LIMIT_SSE_LINE_MB (in MB) "
                                  "to raise it")
    with pytest.raises(ProviderError, match="SSE event larger than the event limit"):
        _events(b"data: " + b"x" * 80 + b"\ndata: " + b"y" * 80 + b"\n\n")
    with pytest.raises(ProviderError, match="passed the body limit"):
        list(BoundedDecoder("", SMALL, max_bytes=SMALL.body_bytes, limit=Limit.BODY).feed(b"z" * 10_001))
    bomb = zlib.compress(bytes(4 << 20))
    with pytest.raises(ProviderError, match="expanded past the decompression limit of 50 times"):
        list(BoundedDecoder("deflate", SMALL, max_bytes=1 << 30, limit=Limit.BODY).feed(bomb))


def test_decompression_runs_in_bounded_pieces() -> None:
    """A 64 MB gzip bomb fed whole comes out in pieces of at most 64 KB, and the ratio
    bound ends it after about a megabyte."""
    z = zlib.compressobj(9, zlib.DEFLATED, 31)
    bomb = b"".join(z.compress(bytes(1 << 20)) for _ in range(64)) + z.flush()
    decoder = BoundedDecoder("gzip", StreamLimits(), max_bytes=1 << 40, limit=Limit.BODY)
    sizes: list[int] = []
    with pytest.raises(ProviderError, match="decompression limit of 500 times"):
        sizes.extend(len(p) for p in decoder.feed(bomb))
    assert max(sizes) <= PIECE_BYTES and decoder.decoded_bytes < 2 << 20


def test_error_bodies_are_cut_not_refused() -> None:
    """With no limit named, a body is cut at ``max_bytes``; unknown encodings are refused."""
    decoder = BoundedDecoder("gzip", StreamLimits(), max_bytes=1000, limit=None)
    assert b"".join(decoder.feed(zlib.compress(b"A" * 5000, wbits=31))) == b"A" * 1000 and decoder.cut
    with pytest.raises(ProviderError, match="compressed its answer as 'br'"):
        BoundedDecoder("br", StreamLimits(), max_bytes=1, limit=None)


@pytest.mark.parametrize("wbits", [zlib.MAX_WBITS, -zlib.MAX_WBITS])
def test_deflate_wrapped_or_raw(wbits: int) -> None:
    """``deflate`` comes zlib-wrapped or raw; both read the same."""
    z = zlib.compressobj(6, zlib.DEFLATED, wbits)
    data = z.compress(b"data: hi\n\n" * 100) + z.flush()
    decoder = BoundedDecoder("deflate", StreamLimits(), max_bytes=1 << 20, limit=Limit.BODY)
    assert b"".join(b"".join(decoder.feed(data[i:i + 7])) for i in range(0, len(data), 7)) == b"data: hi\n\n" * 100


_LINES = st.lists(st.sampled_from([b"data: a", b"data:b", b"event: e", b": c", b"id: 1", b"retry: 5", b"",
                                   b"data: \xc3\xa9", b"x", b"data"]), max_size=30)


@fuzz_settings(200)
@given(lines=_LINES, eol=st.sampled_from([b"\n", b"\r\n", b"\r"]), splits=st.lists(st.integers(0, 10_000),
                                                                                    max_size=8))
def test_any_split_gives_the_same_events(lines: list[bytes], eol: bytes, splits: list[int]) -> None:
    """The events of a stream do not depend on how the network cut it into chunks."""
    data = eol.join(lines) + eol
    assert _events(data, StreamLimits(), splits) == _events(data, StreamLimits())


@fuzz_settings(200)
@given(data=st.binary(max_size=2000), splits=st.lists(st.integers(0, 3000), max_size=8))
def test_any_bytes_give_events_or_one_limit_error(data: bytes, splits: list[int]) -> None:
    """Arbitrary bytes: events, or a TOO_LARGE error; never another exception, and the
    parser never holds more than a line limit plus one chunk."""
    parser = SSEParser(SMALL)
    cuts = sorted({0, len(data), *(s % (len(data) + 1) for s in splits)})
    try:
        for a, b in zip(cuts, cuts[1:], strict=False):
            list(parser.feed(data[a:b]))
            assert len(parser._buf) <= SMALL.line_bytes
    except ProviderError as exc:
        assert exc.kind is ErrorKind.TOO_LARGE


@fuzz_settings(100)
@given(data=st.binary(max_size=3000), encoding=st.sampled_from(["gzip", "deflate", "x-gzip", "gzip, deflate"]))
def test_damaged_compressed_bytes_are_one_bad_response(data: bytes, encoding: str) -> None:
    """Bytes that are not what the header says: pieces or one BAD_RESPONSE/TOO_LARGE error."""
    decoder = BoundedDecoder(encoding, SMALL, max_bytes=SMALL.body_bytes, limit=Limit.BODY)
    try:
        for piece in decoder.feed(data):
            assert len(piece) <= PIECE_BYTES
    except ProviderError as exc:
        assert exc.kind in (ErrorKind.BAD_RESPONSE, ErrorKind.TOO_LARGE)


def test_limits_from_the_environment() -> None:
    """MB values (decimals allowed); unreadable or non-positive values keep the default."""
    limits = StreamLimits.from_env({"CHATHUB_LIMIT_REPLY_MB": "0.5", "CHATHUB_LIMIT_SSE_LINE_MB": "-1",
                                    "CHATHUB_LIMIT_BODY_MB": "lots", "CHATHUB_LIMIT_INFLATE_RATIO": "1000"})
    assert (limits.reply_bytes, limits.line_bytes, limits.body_bytes, limits.inflate_ratio) == (
        512 * 1024, 64 << 20, 1024 << 20, 1000.0)


def test_anthropic_usage_keeps_only_the_fields_it_reads() -> None:
    """A hostile ``usage`` with endless invented keys, event after event, is not kept:
    only the four counts the reply stores are folded in."""
    from chathub_desktop.providers.anthropic_messages import _collect_usage

    into: dict[str, int] = {}
    for n in range(3):
        _collect_usage(into, {"output_tokens": n, **{f"junk_{n}_{i}": i for i in range(1000)}})
    _collect_usage(into, {"input_tokens": 7, "cache_read_input_tokens": 2, "cache_creation_input_tokens": 1})
    assert into == {"output_tokens": 2, "input_tokens": 7, "cache_read_input_tokens": 2,
                    "cache_creation_input_tokens": 1}
