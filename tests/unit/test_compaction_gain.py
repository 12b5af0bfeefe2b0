"""The nothing-to-gain rule (issue 28) and how the window words it."""

from __future__ import annotations

from types import SimpleNamespace

from chathub_desktop.core import compaction_gain as cg


def test_a_run_that_grows_the_request_does_not_earn_its_call() -> None:
    after = cg.projected_after(9_312, removed_tokens=310, summary_tokens=0, new_summary_tokens=579)
    assert after == 9_581
    assert not cg.earns_its_call("manual", 9_312, after)
    assert not cg.earns_its_call("token_threshold", 9_312, 9_312)  # equal is no gain either
    assert cg.earns_its_call("manual", 9_312, 9_311)
    assert cg.earns_its_call("message_count", 9_312, after)  # keeps what the limit drops (CMP-13)


def test_only_manual_and_token_runs_stop_before_the_summarizer() -> None:
    """walk37 #12: the projection (summary at the preset's cap) is not below the
    estimate → no summarizer call; message-count (CMP-13) and overflow (CMP-11) runs
    always go on."""
    assert cg.cannot_gain("manual", 9_312, 9_581)
    assert cg.cannot_gain("token_threshold", 9_312, 9_312)
    assert not cg.cannot_gain("manual", 9_312, 9_000)
    assert not cg.cannot_gain("message_count", 9_312, 9_581)
    assert not cg.cannot_gain("overflow", 9_312, 9_581)


def test_the_early_stop_says_what_the_turns_and_the_summary_weigh() -> None:
    assert cg.too_short_message(8, 310, 0, 623) == (
        "nothing to gain: these 8 messages take 310 tokens of the next request and a summary of them "
        "would take about 623; nothing was summarized")
    assert cg.too_short_message(1, 150, 500, 700) == (
        "nothing to gain: this message takes 150 tokens of the next request and the summary would "
        "grow by about 200; nothing was summarized")
    from chathub_desktop.gui.context.compaction_controller import outcome_text

    out = SimpleNamespace(status="nothing_eligible", message=cg.too_short_message(8, 310, 0, 623),
                          before_tokens=9_312, after_tokens=9_312, why=None)
    assert outcome_text(out).startswith("Nothing to gain: these 8 messages take 310 tokens")


def test_the_window_says_nothing_to_gain() -> None:
    from chathub_desktop.gui.context.compaction_controller import outcome_text

    out = SimpleNamespace(status="nothing_eligible", message=cg.nothing_to_gain_message(8, 9_312, 9_581),
                          before_tokens=9_312, after_tokens=9_312, why=None)
    assert outcome_text(out) == ("Nothing to gain: a summary of these 8 messages would not make the next "
                                 "request smaller (9,312 → 9,581 tokens); the old summary is kept")


def test_a_summary_is_expected_at_about_half_its_turns_never_over_the_cap() -> None:
    """walk40: the expected summary is not the preset's whole cap (CMP-1 is a ceiling)."""
    assert cg.expected_summary_tokens(587, 0, 600) == 294
    assert cg.expected_summary_tokens(40, 0, 600) == cg.SUMMARY_FLOOR  # however short the turns
    assert cg.expected_summary_tokens(587, 500, 600) == 600  # the old summary grows to the cap at most
    assert cg.expected_summary_tokens(5_000, 0, 400) == 400
