"""Does a compaction run earn its call? (issue 28)

A summary replaces the covered turns in the next request. When the new summary is at
least as long as what it replaces, the run would make the request grow ("next request
9,312 → 9,581 tokens" on a 4-turn topic): such a run keeps the old summary and cursor
and says "nothing to gain". Message-count runs (CMP-13) are exempt: they summarize rows
the history limit already drops, to keep what they said, not to shrink the request.

The rule is checked twice. Before any summarizer call (walk37 #12: Compact now on a short
topic took 22.6 s on a local model to learn there was nothing to gain), against the
planner's projection: the covered turns leave the request and a summary of the preset's
output cap (CMP-1: about 400 / 600 / 800 tokens) plus its wrapper and archive allowance
takes their place, never less than the old summary. A summarizer asked for up to that cap
writes about that much for short input, so turns no longer than that cannot shrink the
request. Overflow rescues (CMP-11) skip this first check: the provider said the request is
too long, so the local projection is not trusted there. After the calls the real
summary's size is checked again.
"""

from __future__ import annotations

from chathub_desktop.core.compaction import (
    TRIGGER_MESSAGE_COUNT,
    TRIGGER_OVERFLOW,
    CompactionTrigger,
)

#: The outcome's reason code for a run that kept the old state.
NOTHING_TO_GAIN = "nothing_to_gain"


def projected_after(before: int, removed_tokens: int, summary_tokens: int, new_summary_tokens: int) -> int:
    """The next request's tokens after a run: ``before`` minus the covered rows it no
    longer sends (``removed_tokens``), with the summary part changed from
    ``summary_tokens`` to ``new_summary_tokens`` (all tokens)."""
    return before - removed_tokens + new_summary_tokens - summary_tokens


def earns_its_call(trigger: CompactionTrigger, before: int, after: int) -> bool:
    """True when a run of ``trigger`` that brings the next request from ``before`` to
    ``after`` tokens should be kept: it makes the request smaller, or it is a
    message-count run (see the module docstring)."""
    return trigger == TRIGGER_MESSAGE_COUNT or after < before


def cannot_gain(trigger: CompactionTrigger, before: int, projected_after: int) -> bool:
    """True when a run of ``trigger`` should stop before any summarizer call: the
    planner's ``projected_after`` (tokens, the summary at its expected size, see the
    module docstring) is not below ``before`` (tokens). Never for message-count runs
    (CMP-13) nor overflow rescues (CMP-11)."""
    return trigger != TRIGGER_OVERFLOW and not earns_its_call(trigger, before, projected_after)


def too_short_message(covered: int, removed: int, summary_tokens: int, projected_summary: int) -> str:
    """The outcome line of a run stopped before the summarizer: the ``covered`` messages
    take ``removed`` tokens of the next request, while the summary part would go from
    ``summary_tokens`` to ``projected_summary`` tokens, e.g. ``nothing to gain: these 8
    messages take 310 tokens of the next request and a summary of them would take about
    623; nothing was summarized``."""
    these = f"these {covered} messages take" if covered != 1 else "this message takes"
    if summary_tokens > 0:
        cost = f"the summary would grow by about {projected_summary - summary_tokens:,}"
    else:
        cost = f"a summary of {'them' if covered != 1 else 'it'} would take about {projected_summary:,}"
    return f"nothing to gain: {these} {removed:,} tokens of the next request and {cost}; nothing was summarized"


def nothing_to_gain_message(covered: int, before: int, after: int) -> str:
    """The outcome line: ``nothing to gain: a summary of these 8 messages would not make
    the next request smaller (9,312 → 9,581 tokens); the old summary is kept``."""
    return (f"nothing to gain: a summary of these {covered} message{'s' if covered != 1 else ''} would not "
            f"make the next request smaller ({before:,} → {after:,} tokens); the old summary is kept")
