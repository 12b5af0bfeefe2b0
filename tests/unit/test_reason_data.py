"""A typed reason stored beside a failed reply (issue 27, migration 0027): it comes back
the same from its stored data, and anything else in the column — a damaged row, a
hand-edited store, data past the bounds — reads as None (the row's English is shown),
never as an exception."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.reasons import MAX_DEPTH, MAX_PARTS, Reason, reason_data, reason_from_data

TEXT = st.text(max_size=40)
REASONS = st.recursive(
    st.builds(Reason, TEXT, st.tuples(), st.tuples()),
    lambda inner: st.builds(Reason, TEXT, st.lists(TEXT | inner, max_size=3).map(tuple),
                            st.lists(inner, max_size=2).map(tuple)),
    max_leaves=12,
)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.sampled_from(["t", "a", "n", "x"]), inner, max_size=4),
                    max_leaves=20)


@given(REASONS)
@settings(max_examples=150, deadline=None)
def test_a_stored_reason_comes_back_the_same(reason: Reason) -> None:
    back = reason_from_data(reason_data(reason))
    if back is not None:  # None only past the bounds
        assert back == reason and back.english() == reason.english()


@given(JSON)
@settings(max_examples=300, deadline=None)
def test_any_stored_data_reads_as_a_reason_or_none(data: Any) -> None:
    got = reason_from_data(data)
    assert got is None or isinstance(got, Reason)
    if got is not None:
        got.english()  # says itself without raising


def test_data_past_the_bounds_is_refused() -> None:
    nested: dict[str, object] = {"t": "%1"}
    for _ in range(MAX_DEPTH + 1):
        nested = {"t": "%1", "a": [nested]}
    assert reason_from_data(nested) is None
    assert reason_from_data({"t": "x", "a": ["v"] * (MAX_PARTS + 1)}) is None
    assert reason_from_data({"t": "x" * 5000}) is None
    assert reason_from_data({"t": "%1", "a": [3]}) is None and reason_from_data(["t"]) is None
    ok = Reason("HTTP %1 from %2", ("502 Bad Gateway", "api.example.com"), (Reason(" (an HTML error page)"),))
    assert reason_from_data(reason_data(ok)) == ok
