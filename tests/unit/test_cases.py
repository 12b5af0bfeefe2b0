"""The property tests' case counts are halved in CI and full by hand (tests/cases.py)."""

from __future__ import annotations

import pytest

from tests.cases import cases


def test_ci_draws_half_of_each_full_count_but_never_fewer_than_ten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CHATHUB_PROPERTY_SCALE", raising=False)
    assert [cases(n) for n in (300, 120, 25, 15, 8)] == [150, 60, 12, 10, 8]


def test_the_full_counts_by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHATHUB_PROPERTY_SCALE", "1")
    assert [cases(n) for n in (300, 120, 25)] == [300, 120, 25]
    monkeypatch.setenv("CHATHUB_PROPERTY_SCALE", "4")
    assert cases(300) == 1200
