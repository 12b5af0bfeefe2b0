"""Reciprocal rank fusion for hybrid recall (issue 26)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.core.rank_fusion import fuse


def test_an_item_both_lists_rank_comes_before_items_only_one_ranks() -> None:
    # keyword: 1, 2, 3; meaning: 3, 4 → 3 is in both and wins
    assert fuse([1, 2, 3], [3, 4]) == [3, 1, 2, 4] or fuse([1, 2, 3], [3, 4])[0] == 3
    assert fuse([1, 2, 3], [3, 4])[0] == 3


def test_ties_keep_the_first_lists_order() -> None:
    assert fuse([10, 20], [30, 40]) == [10, 30, 20, 40]
    assert fuse([], []) == []
    with pytest.raises(ValueError):
        fuse([1], k=0)


@given(st.lists(st.lists(st.integers(0, 50), unique=True, max_size=20), max_size=4))
def test_fusion_keeps_every_id_once(rankings: list[list[int]]) -> None:
    out = fuse(*rankings)
    assert sorted(out) == sorted({i for r in rankings for i in r})
