"""Fuzz: probe derivation over any turn text and the stored probe report read back from
any JSON value (issue 26). Derivation stays bounded and deterministic; a malformed report
is None, never an exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.core import summary_probes as sp
from tests.fuzz.harness import fuzz_settings
from tests.fuzz.hostile_inputs import mutated

pytestmark = pytest.mark.fuzz

_PIECES = st.sampled_from(["src/a.py", "a/b/c", "1,234", "3.5", "42", " decided to use ", " need to ", ". ", "\n",
                           "~/x/y.toml", "../../", "//", "1,2,3", "9" * 30, "使用", "\u202e", "\x00"])
_TEXT = st.lists(st.text(max_size=30) | _PIECES, max_size=40).map("".join)
_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=40),
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                                    max_size=6),
                       max_leaves=20)
_REPORT = json.dumps(sp.report_to_json(sp.ProbeReport(
    (sp.ProbeAnswer(sp.Probe(sp.ProbeCategory.FILES, "q?", "a/b.py"), "a/b.py", "UNKNOWN"),),
    "Summ/m", "2026-12-02T14:00:00+00:00", 2, True, "0" * 16))).encode()


@fuzz_settings(150)
@given(turns=st.lists(_TEXT, max_size=6), limit=st.integers(-5, 50))
def test_derivation_is_bounded_and_deterministic(turns: list[str], limit: int) -> None:
    probes = sp.derive_probes(turns, limit)
    assert probes == sp.derive_probes(turns, limit)
    assert len(probes) <= max(1, min(limit, sp.MAX_PROBES))
    for p in probes:
        assert 0 < len(p.expected) <= sp.MAX_EXPECTED_CHARS
        assert any(p.expected in t for t in turns)


def test_huge_turns_are_scanned_within_bounds() -> None:
    """A megabyte of candidates per turn: only TURN_SCAN_CHARS of each, TOTAL_SCAN_CHARS in all."""
    turns = ["see a/b.py and 12 then " * 50_000] * 20
    probes = sp.derive_probes(turns, 8)
    assert [p.expected for p in probes] == ["a/b.py", "12"]


@fuzz_settings(150)
@given(value=_VALUES)
def test_any_json_value_reads_back_as_a_report_or_none(value: object) -> None:
    report = sp.report_from_json(value)
    assert report is None or isinstance(report, sp.ProbeReport)


@fuzz_settings(150)
@given(data=mutated(_REPORT))
def test_mutated_stored_reports(data: bytes) -> None:
    try:
        value = json.loads(data)
    except ValueError:
        return
    report = sp.report_from_json(value)
    assert report is None or len(report.answers) <= sp.MAX_PROBES
