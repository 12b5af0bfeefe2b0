"""Probe questions from covered turns and their scoring (issue 26: "Check a summary before
trusting it"; Factory's categories: files and paths, decisions, open tasks, numbers)."""

from __future__ import annotations

from chathub_desktop.core import summary_probes as sp
from chathub_desktop.core.summary_probes import ProbeCategory as C

TURNS = [
    "Please put the config in src/app/config.toml and keep the timeout at 1,500 ms.",
    "We decided to use PostgreSQL for the store. You still need to migrate the invoices table.",
]


def test_one_probe_per_category_in_turn_with_the_answer_blanked() -> None:
    probes = sp.derive_probes(TURNS, 4)
    assert [(p.category, p.expected) for p in probes] == [
        (C.FILES, "src/app/config.toml"), (C.DECISIONS, "PostgreSQL"), (C.TASKS, "migrate"), (C.NUMBERS, "1,500")]
    assert probes[1].question == 'Which choice completes this line from the conversation: "We decided to use ___"?'
    assert all(p.expected not in p.question for p in probes)


def test_derivation_is_deterministic_bounded_and_without_repeats() -> None:
    assert sp.derive_probes(TURNS, 2) == sp.derive_probes(TURNS, 2)
    assert len(sp.derive_probes(TURNS * 5, 99)) <= sp.MAX_PROBES
    assert len({p.expected for p in sp.derive_probes(TURNS * 5, 8)}) == len(sp.derive_probes(TURNS * 5, 8))
    assert sp.derive_probes(["hello there", "1 2 3", "in 2026"], 4) == ()  # lone digits and years say little


def test_containment_scoring() -> None:
    assert sp.contains("It is `1500` ms", "1,500")
    assert not sp.contains("15000", "1,500")
    assert sp.contains("The file is `src/app/config.toml`.", "src/app/config.toml")
    assert not sp.contains("3.115", "3.11")
    assert not sp.contains("anything", "")
    probe = sp.Probe(C.NUMBERS, "q", "42")
    assert sp.ProbeAnswer(probe, "42", "UNKNOWN").lost
    assert not sp.ProbeAnswer(probe, "UNKNOWN", "UNKNOWN").lost  # not answerable from the turns: no verdict
    assert not sp.ProbeAnswer(probe, "42", "about 42").lost


def test_report_round_trip_and_verdict() -> None:
    p = sp.Probe(C.FILES, "q?", "a/b.py")
    report = sp.ProbeReport((sp.ProbeAnswer(p, "a/b.py", "UNKNOWN"),), "Summ/m", "2026-12-02T14:00:00+00:00", 2,
                            True, sp.summary_digest("s"))
    assert sp.report_from_json(sp.report_to_json(report)) == report
    assert report.verdict() == "The summary lost 1 of 1 answerable probes: files 'a/b.py'."
    assert sp.report_from_json({"probes": "x"}) is None
    assert sp.report_from_json({"probes": [{"category": "nope"}], "requests": 1}) is None
    assert sp.report_from_json([]) is None
