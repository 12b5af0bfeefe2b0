"""Streamed deltas made storable (APP-3, ``core.stored_text.StreamText``): however a
vendor splits text into deltas (even inside a UTF-16 surrogate pair), the joined result
is the text itself, with only lone surrogates and NULs replaced by U+FFFD."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.core.stored_text import REPLACEMENT, StreamText, first_unstorable


def _utf16_units(text: str) -> str:
    """``text`` as a str of UTF-16 code units (what a JSON decoder gives per chunk)."""
    data = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(int.from_bytes(data[i:i + 2], "little")) for i in range(0, len(data), 2))


def _feed_all(chunks: list[str]) -> tuple[str, int]:
    t = StreamText()
    out = "".join(t.feed(c) for c in chunks) + t.flush()
    return out, t.replaced


@given(st.text(), st.lists(st.integers(min_value=0, max_value=200), max_size=8))
def test_any_split_of_valid_text_joins_back_to_it(text: str, cuts: list[int]) -> None:
    units = _utf16_units(text)
    points = sorted({c % (len(units) + 1) for c in cuts})
    chunks = [units[a:b] for a, b in zip([0, *points], [*points, len(units)], strict=True)]
    out, replaced = _feed_all(chunks)
    expected = text.replace("\x00", REPLACEMENT)
    assert out == expected and replaced == text.count("\x00")


@given(st.lists(st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0xDFFF)), max_size=6))
def test_the_result_is_always_storable(chunks: list[str]) -> None:
    out, _replaced = _feed_all(chunks)
    assert first_unstorable(out) is None


def test_a_split_pair_is_one_character_and_a_lone_one_is_replaced() -> None:
    assert _feed_all(["smile \ud83d", "\ude00 done"]) == ("smile \U0001f600 done", 0)
    assert _feed_all(["bad \ud83d here", "x\ude00", "end\ud83d"]) == ("bad \ufffd herex\ufffdend\ufffd", 3)
