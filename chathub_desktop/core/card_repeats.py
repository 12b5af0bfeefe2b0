"""Does a model's card repeat itself? (issue 30, walk42 #2: a regenerated card of ten
near-identical lines — "The user asks about their style, which was requested…" — was
offered as a card). Pure text functions, beside :mod:`~chathub_desktop.core.prompt_echo`.

A line *repeats* when its REF-3 tokens (list marker dropped) have Jaccard similarity
≥ 0.8 with another line's (REF-16's near-duplicate rule, applied among a card's own
lines). A card repeats itself when at least :data:`REPEAT_SHARE` of its lines with words
repeat and it has at least :data:`MIN_LINES` of them. Bounded: only the first
:data:`MAX_LINES` lines are compared (a card is at most 6,400 characters, DRM-13).
"""

from __future__ import annotations

import re

from chathub_desktop.core.dynamic_memory import NEAR_DUPLICATE_JACCARD
from chathub_desktop.core.memory_search import tokenize

__all__ = ["MAX_LINES", "MIN_LINES", "REPEAT_SHARE", "repeated_lines"]

#: Share of a card's lines with words that, repeating, make the whole card a repeat.
REPEAT_SHARE = 0.5
#: Fewer lines with words than this are never judged (two similar lines can be a card).
MIN_LINES = 3
#: Lines compared at most (pairs grow with the square of the lines).
MAX_LINES = 200

_MARKER_RE = re.compile(r"^\s*(?:[-*+•]|[0-9]+[.)])\s*")


def repeated_lines(body: str) -> tuple[int, int] | None:
    """``(repeating, lines)`` when ``body`` (a card's text) repeats itself — ``repeating``
    of its ``lines`` with words nearly repeat another of its lines (REF-16 Jaccard ≥ 0.8,
    or equal token sets) and that is at least :data:`REPEAT_SHARE` of them — else None
    (also for fewer than :data:`MIN_LINES` lines with words)."""
    sets = [t for line in body.split("\n")[:MAX_LINES] if (t := tokenize(_MARKER_RE.sub("", line)))]
    if len(sets) < MIN_LINES:
        return None
    repeating = 0
    for i, a in enumerate(sets):
        for j, b in enumerate(sets):
            if i != j and len(a & b) >= NEAR_DUPLICATE_JACCARD * len(a | b):
                repeating += 1
                break
    return (repeating, len(sets)) if repeating >= REPEAT_SHARE * len(sets) else None
