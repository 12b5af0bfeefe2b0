"""Does a compaction run earn its call? (issue 28)

A summary replaces the covered turns in the next request. When the new summary is at
least as long as what it replaces, the run would make the request grow ("next request
9,312 → 9,581 tokens" on a 4-turn topic): such a run keeps the old summary and cursor
and says "nothing to gain". Message-count runs (CMP-13) are exempt: they summarize rows
the history limit already drops, to keep what they said, not to shrink the request.

The rule is checked twice. Before any summarizer call (walk37 #12: Compact now on a short
topic took 22.6 s on a local model to learn there was nothing to gain), against a
projection: the covered turns leave the request and a summary of the size a summarizer
writes for that much input (:func:`expected_summary_tokens`: the old summary plus about
half the new turns, at least :data:`SUMMARY_FLOOR`, never over the preset's output cap,
CMP-1: about 400 / 600 / 800 tokens) plus its wrapper and archive allowance takes their
place, never less than the old summary. The cap is a ceiling, not the expected size
(walk40: on a 2k-window model 6 short turns of 587 tokens were weighed against a summary
of the whole 600-token cap, so Compact now never compacted). Overflow rescues (CMP-11)
skip this first check: the provider said the request is too long, so the local projection
is not trusted there. After the calls the real summary's size is checked again.
"""

from __future__ import annotations

import math

from chathub_desktop.core.compaction import (
    TRIGGER_MESSAGE_COUNT,
    TRIGGER_OVERFLOW,
    CompactionTrigger,
)
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

#: The outcome's reason code for a run that kept the old state.
NOTHING_TO_GAIN = "nothing_to_gain"


#: Share of the new turns' tokens a summary of them is expected to take.
SUMMARY_SHARE = 0.5
#: Tokens a summary is expected to take however short the turns it covers.
SUMMARY_FLOOR = 80


def expected_summary_tokens(removed_tokens: int, old_summary_tokens: int, cap: int) -> int:
    """The tokens a summarizer is expected to write when it merges turns taking
    ``removed_tokens`` into a summary of ``old_summary_tokens`` (0: none): the old summary
    plus :data:`SUMMARY_SHARE` of the turns, at least :data:`SUMMARY_FLOOR`, at most the
    preset's output ``cap`` (CMP-1). Tokens throughout."""
    return min(cap, old_summary_tokens + max(SUMMARY_FLOOR, math.ceil(SUMMARY_SHARE * removed_tokens)))


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


#: The templates of the "nothing to gain" lines (issue 27: typed reasons, see ``core.reasons``).
TOO_SHORT = QT_TRANSLATE_NOOP("ServiceReasons", "nothing to gain: %1 %2 tokens of the next request and %3; "
                                                "nothing was summarized")
THESE_MESSAGES_TAKE = QT_TRANSLATE_NOOP("ServiceReasons", "these %1 messages take")
THIS_MESSAGE_TAKES = QT_TRANSLATE_NOOP("ServiceReasons", "this message takes")
SUMMARY_WOULD_GROW = QT_TRANSLATE_NOOP("ServiceReasons", "the summary would grow by about %1")
SUMMARY_OF_THEM = QT_TRANSLATE_NOOP("ServiceReasons", "a summary of them would take about %1")
SUMMARY_OF_IT = QT_TRANSLATE_NOOP("ServiceReasons", "a summary of it would take about %1")
NO_SMALLER = QT_TRANSLATE_NOOP("ServiceReasons", "nothing to gain: a summary of these %1 messages would not make "
                                                 "the next request smaller (%2 → %3 tokens); the old summary is kept")
NO_SMALLER_ONE = QT_TRANSLATE_NOOP("ServiceReasons", "nothing to gain: a summary of these %1 message would not "
                                                     "make the next request smaller (%2 → %3 tokens); the old "
                                                     "summary is kept")


def too_short_reason(covered: int, removed: int, summary_tokens: int, projected_summary: int) -> Reason:
    """The outcome of a run stopped before the summarizer: the ``covered`` messages
    take ``removed`` tokens of the next request, while the summary part would go from
    ``summary_tokens`` to ``projected_summary`` tokens (see :func:`too_short_message`)."""
    these = Reason(THESE_MESSAGES_TAKE, (str(covered),)) if covered != 1 else Reason(THIS_MESSAGE_TAKES)
    if summary_tokens > 0:
        cost = Reason(SUMMARY_WOULD_GROW, (f"{projected_summary - summary_tokens:,}",))
    else:
        cost = Reason(SUMMARY_OF_THEM if covered != 1 else SUMMARY_OF_IT, (f"{projected_summary:,}",))
    return Reason(TOO_SHORT, (these, f"{removed:,}", cost))


def too_short_message(covered: int, removed: int, summary_tokens: int, projected_summary: int) -> str:
    """The English of :func:`too_short_reason`, e.g. ``nothing to gain: these 8
    messages take 310 tokens of the next request and a summary of them would take about
    623; nothing was summarized``."""
    return too_short_reason(covered, removed, summary_tokens, projected_summary).english()


def nothing_to_gain_reason(covered: int, before: int, after: int) -> Reason:
    """The outcome of a run whose summary would not shrink the next request (``before``
    → ``after`` tokens; see :func:`nothing_to_gain_message`)."""
    return Reason(NO_SMALLER if covered != 1 else NO_SMALLER_ONE, (str(covered), f"{before:,}", f"{after:,}"))


def nothing_to_gain_message(covered: int, before: int, after: int) -> str:
    """The English of :func:`nothing_to_gain_reason`: ``nothing to gain: a summary of
    these 8 messages would not make the next request smaller (9,312 → 9,581 tokens); the
    old summary is kept``."""
    return nothing_to_gain_reason(covered, before, after).english()
