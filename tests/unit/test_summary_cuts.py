"""Where a summary is cut, the newest complete part survives (issue 24).

- REF-20 / CMP-4: when placeholders push the summary past its cap, a marker line plus the
  newest tail is kept — also when the summary is one line with no newline to cut at.
- CMP-5: a summary the provider stopped at its completion cap is still a summary: it is
  kept up to its last complete sentence or line; only one with nothing complete in it is
  empty (a failure).
"""

from __future__ import annotations

import pytest

from chathub_desktop.core import compaction as cc
from chathub_desktop.core.compaction_prompt import clean_summary, complete_part


def test_a_one_line_summary_keeps_its_newest_part_beside_the_placeholder() -> None:
    out = cc.append_placeholder("x" * 90 + " NEWEST", "[P]", max_chars=80)
    lines = out.split("\n")
    assert lines[0] == cc.SUMMARY_CUT_MARKER
    assert lines[-1] == "[P]"
    assert lines[1].endswith(" NEWEST") and set(lines[1][: -len(" NEWEST")]) == {"x"}
    assert len(out) <= 80


def test_a_many_line_summary_is_cut_at_a_line_start_and_keeps_its_newest_lines() -> None:
    summary = "\n".join(f"- fact {k}: " + "y" * 30 for k in range(400))  # about 16,800 characters
    out = cc.append_placeholder(summary, "[placeholder]")
    assert len(out) <= 12_000
    body = out.split("\n")
    assert body[0] == cc.SUMMARY_CUT_MARKER and body[-1] == "[placeholder]"
    assert body[1].startswith("- fact ")  # a whole line, not a cut one
    assert body[-2] == "- fact 399: " + "y" * 30


@pytest.mark.parametrize(("cut", "kept"), [
    ("The user plans a trip. They fly on May 3. Hotel is boo", "The user plans a trip. They fly on May 3."),
    ("- fact one\n- fact two\n- fact thr", "- fact one\n- fact two"),
    ("用户计划旅行。住在柏", "用户计划旅行。"),
    ("Done! Next is wh", "Done!"),
    ("Complete sentence.", "Complete sentence."),
])
def test_a_summary_cut_at_the_completion_cap_keeps_its_last_complete_sentence_or_line(cut: str, kept: str) -> None:
    assert complete_part(cut) == kept


@pytest.mark.parametrize("cut", ["half a sum", "", "   ", "version 3.5 of the"])
def test_a_cut_summary_with_nothing_complete_in_it_is_empty(cut: str) -> None:
    assert complete_part(cut) == ""


@pytest.mark.parametrize(("reply", "summary"), [
    ("<think>the user wants", ""),
    ("<summary>Plan A is agreed.</summary><thinking>now I should", "Plan A is agreed."),
    ("<summary>Plan A is agreed. <reasoning>maybe B", "Plan A is agreed."),
])
def test_reasoning_cut_before_its_closing_tag_never_enters_the_summary(reply: str, summary: str) -> None:
    """CMP-3: a reply cut inside a reasoning block drops that block, closed or not."""
    assert complete_part(clean_summary(reply)) == summary
