"""Does a compaction run earn its call? (issue 28)

A summary replaces the covered turns in the next request. When the new summary is at
least as long as what it replaces, the run would make the request grow ("next request
9,312 → 9,581 tokens" on a 4-turn topic): such a run keeps the old summary and cursor
and says "nothing to gain". Message-count runs (CMP-13) are exempt: they summarize rows
the history limit already drops, to keep what they said, not to shrink the request.
"""

from __future__ import annotations

from chathub_desktop.core.compaction import TRIGGER_MESSAGE_COUNT

#: The outcome's reason code for a run that kept the old state.
NOTHING_TO_GAIN = "nothing_to_gain"


def projected_after(before: int, removed_tokens: int, summary_tokens: int, new_summary_tokens: int) -> int:
    """The next request's tokens after a run: ``before`` minus the covered rows it no
    longer sends (``removed_tokens``), with the summary part changed from
    ``summary_tokens`` to ``new_summary_tokens`` (all tokens)."""
    return before - removed_tokens + new_summary_tokens - summary_tokens


def earns_its_call(trigger: str, before: int, after: int) -> bool:
    """True when a run of ``trigger`` that brings the next request from ``before`` to
    ``after`` tokens should be kept: it makes the request smaller, or it is a
    message-count run (see the module docstring)."""
    return trigger == TRIGGER_MESSAGE_COUNT or after < before


def nothing_to_gain_message(covered: int, before: int, after: int) -> str:
    """The outcome line: ``nothing to gain: a summary of these 8 messages would not make
    the next request smaller (9,312 → 9,581 tokens); the old summary is kept``."""
    return (f"nothing to gain: a summary of these {covered} message{'s' if covered != 1 else ''} would not "
            f"make the next request smaller ({before:,} → {after:,} tokens); the old summary is kept")
