"""A typed reason stored beside a failed reply (issue 27, migration 0027): it comes back
the same from its stored data, and anything else in the column — a damaged row, a
hand-edited store, data past the bounds — reads as None (the row's English is shown),
never as an exception."""

from __future__ import annotations

from datetime import date
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.reasons import (
    MAX_DEPTH,
    MAX_PARTS,
    Day,
    Reason,
    reason_data,
    reason_from_data,
)

TEXT = st.text(max_size=40)
DAYS = st.builds(Day, st.dates(min_value=date(1, 1, 1), max_value=date(9999, 12, 31)))
REASONS = st.recursive(
    st.builds(Reason, TEXT, st.tuples(), st.tuples()),
    lambda inner: st.builds(Reason, TEXT, st.lists(TEXT | DAYS | inner, max_size=3).map(tuple),
                            st.lists(inner, max_size=2).map(tuple)),
    max_leaves=12,
)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.sampled_from(["t", "a", "n", "d", "x"]), inner, max_size=4),
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


def test_a_day_is_stored_as_iso_and_read_back_within_bounds() -> None:
    """Issue 30: a day among a reason's values is stored as ``{"d": ISO}`` and comes back a
    :class:`Day` (the CLI's English keeps the ISO date); anything else under "d" is refused."""
    added = Reason("Added card #%1 for %2", ("2", Day(date(2026, 12, 1))))
    assert added.english() == "Added card #2 for 2026-12-01"
    assert reason_data(added) == {"t": "Added card #%1 for %2", "a": ["2", {"d": "2026-12-01"}]}
    assert reason_from_data(reason_data(added)) == added
    for bad in ({"d": "2026-13-01"}, {"d": "2026-12-01T00:00"}, {"d": 20261201}, {"d": "2026-12-01", "x": 1},
                {"d": "x" * 5000}):
        assert reason_from_data({"t": "for %1", "a": [bad]}) is None
