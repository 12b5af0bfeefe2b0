"""The JSON bounds scanner and unstorable text (APP-5, issue 12): depth and one string's
length are found exactly as a JSON reader would count them, however the bytes are cut
into blocks; NUL and lone surrogates are found and replaced by U+FFFD."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.json_bounds import (
    PIECE_BYTES,
    JsonBoundsError,
    JsonLimits,
    JsonScanner,
    check_json_text,
    replace_lone_surrogate_escapes,
)
from chathub_desktop.core.stored_text import REPLACEMENT, first_unstorable, replace_unstorable
from tests.cases import cases


def reference(data: bytes) -> tuple[int, int, bool]:
    """(deepest nesting, longest string in bytes with its quotes, ends inside a string),
    one byte at a time as a JSON reader goes (a backslash outside strings escapes a
    quote or backslash, as the scanner treats it; valid JSON has none there)."""
    depth = peak = longest = current = 0
    in_string = escape = outside_escape = False
    for c in data:
        if outside_escape:
            outside_escape = False
            if c in b'"\\':
                continue
        if in_string:
            current += 1
            if escape:
                escape = False
            elif c == 0x5C:
                escape = True
            elif c == 0x22:
                in_string = False
                longest = max(longest, current)
        elif c == 0x5C:
            outside_escape = True
        elif c == 0x22:
            in_string, current = True, 1
        elif c in b"[{":
            depth += 1
            peak = max(peak, depth)
        elif c in b"]}":
            depth -= 1
    return peak, max(longest, current if in_string else 0), in_string


def feed_in_blocks(scanner: JsonScanner, data: bytes, cuts: list[int]) -> None:
    pos = 0
    for cut in sorted(cuts) + [len(data)]:
        scanner.feed(data[pos:cut])
        pos = max(pos, cut)


_BYTES = st.lists(st.sampled_from(list(b'[]{}"\\ax:,')), max_size=400).map(bytes)


@settings(max_examples=cases(400), deadline=None)
@given(data=_BYTES, limit=st.integers(1, 12), cuts=st.lists(st.integers(0, 400), max_size=6))
def test_depth_is_refused_exactly_when_nesting_exceeds_the_limit(data: bytes, limit: int, cuts: list[int]) -> None:
    peak, _, in_string = reference(data)
    scanner = JsonScanner(JsonLimits(limit, PIECE_BYTES))
    try:
        feed_in_blocks(scanner, data, cuts)
    except JsonBoundsError as exc:
        assert exc.kind == "depth" and peak > limit and "levels deep" in str(exc)
    else:
        assert peak <= limit and scanner.in_string == in_string


@settings(max_examples=cases(40), deadline=None)
@given(sizes=st.lists(st.integers(0, 200_000), min_size=1, max_size=3), escapes=st.booleans(),
       cuts=st.lists(st.integers(0, 600_000), max_size=8), limit=st.sampled_from([PIECE_BYTES, 100_000, 150_000]))
def test_a_string_over_the_limit_is_seen_across_blocks(sizes: list[int], escapes: bool, cuts: list[int],
                                                       limit: int) -> None:
    chunk = b'\\"\\\\' if escapes else b"ab"
    data = json.dumps({"k": 1}).encode()[:-1] + b"".join(
        b', "s%d": "' % i + chunk * (n // 2) + b'"' for i, n in enumerate(sizes)) + b"}"
    _, longest, _ = reference(data)
    scanner = JsonScanner(JsonLimits(8, limit))
    feed_in_blocks(scanner, data, cuts)
    assert (scanner.long_string_at is not None) == (longest > limit)
    if scanner.long_string_at is not None:
        assert data[scanner.long_string_at:scanner.long_string_at + 1] == b'"'


def test_brackets_inside_strings_do_not_count() -> None:
    check_json_text(json.dumps(["[" * 1000, {"a": "{{{{" * 500}]), JsonLimits(3, PIECE_BYTES))
    with pytest.raises(JsonBoundsError, match="more than 3 levels deep"):
        check_json_text("[[[[1]]]]", JsonLimits(3, PIECE_BYTES))


def test_the_error_names_the_size_of_a_long_string() -> None:
    with pytest.raises(JsonBoundsError, match=r"holds a text of 2\.0 MB \(at byte 1\); the limit is 1\.0 MB"):
        check_json_text('["' + "x" * (2 * 1024 * 1024 - 2) + '"]', JsonLimits(4, 1024 * 1024))


@pytest.mark.parametrize(("text", "position"), [("abc", None), ("a\x00b", 1), ("x\ud800", 1),
                                                 ("\udfff", 0), ("😀 ok", None), ("é\x00", 1)])
def test_unstorable_characters_are_found(text: str, position: int | None) -> None:
    assert first_unstorable(text) == position


def test_unstorable_characters_are_replaced_visibly_and_counted() -> None:
    assert replace_unstorable("a\x00b\ud800c") == (f"a{REPLACEMENT}b{REPLACEMENT}c", 2)
    assert replace_unstorable("plain 😀") == ("plain 😀", 0)
    assert replace_unstorable("a\x00")[0].encode("utf-8")  # storable now


_CHARS = st.lists(st.sampled_from(["a", "\\", '"', "\ud800", "\udbff", "\udc00", "\udfff", "😀", "é", "u"]),
                  max_size=30).map("".join)


@settings(max_examples=cases(300), deadline=None)
@given(text=_CHARS)
def test_lone_surrogate_escapes_become_the_replacement_character(text: str) -> None:
    """Written as a JSON export writes it (\\uXXXX escapes), every lone surrogate reads
    back as U+FFFD; everything else, escaped backslashes included, reads back unchanged."""
    assume_no_pairs = all(not ("\ud800" <= a <= "\udbff" and "\udc00" <= b <= "\udfff")
                          for a, b in zip(text, text[1:], strict=False))
    if not assume_no_pairs:
        return
    fixed, n = replace_lone_surrogate_escapes(json.dumps(text).encode())
    expected, count = replace_unstorable(text)
    assert json.loads(fixed) == expected and n == count


def test_a_stream_event_nested_too_deep_is_a_bad_response_not_a_traceback() -> None:
    """A vendor's SSE event of deep JSON: json.loads raises RecursionError, which must
    become the same BAD_RESPONSE error as any event that is not JSON."""
    from chathub_desktop.providers.bounded_body import SSEEvent
    from chathub_desktop.providers.errors import ErrorKind, ProviderError
    from chathub_desktop.providers.sse_stream import decode_event_data

    with pytest.raises(ProviderError) as info:
        decode_event_data(SSEEvent(data="[" * 100_000 + "]" * 100_000))
    assert info.value.kind is ErrorKind.BAD_RESPONSE


@pytest.mark.parametrize(("data", "cut", "peak"), [(b"\\[[", 1, 2), (b"\\][[", 1, 1), (b'"a\\', 3, 0)])
def test_a_backslash_at_the_end_of_a_block_escapes_only_a_quote_or_a_backslash(data: bytes, cut: int,
                                                                                 peak: int) -> None:
    """Found by the property above in CI: a block ending on a backslash outside a string
    hid the next block's first bracket (so ``\\[[`` passed a depth limit of 1)."""
    assert reference(data)[0] == peak
    scanner = JsonScanner(JsonLimits(1, PIECE_BYTES))
    if peak > 1:
        with pytest.raises(JsonBoundsError):
            feed_in_blocks(scanner, data, [cut])
    else:
        feed_in_blocks(scanner, data, [cut])
        assert scanner.in_string == reference(data)[2]
