"""Does a model's card repeat itself? (issue 30, walk42 #2: a regenerated card of ten
near-identical lines — "The user asks about their style, which was requested…" — was
offered as a card). Pure text functions, beside :mod:`~chathub_desktop.core.prompt_echo`.

A line *repeats* when its REF-3 tokens (list marker dropped) have Jaccard similarity
≥ 0.8 with another line's (REF-16's near-duplicate rule, applied among a card's own
lines). A card repeats itself when at least :data:`REPEAT_SHARE` of its lines with words
repeat and it has at least :data:`MIN_LINES` of them. Bounded: only the first
:data:`MAX_LINES` lines are compared (a card is at most 6,400 characters, DRM-13).

A card *degenerates* (walk50 #2: SmolLM2's card for 1 May said "They asked the user to
process their thoughts, and asked another." about twenty times in one paragraph, then
copied "User: ok" lines from its input) when, across lines, at least
:data:`SENTENCE_REPEAT_SHARE` of its sentences nearly repeat an earlier one, or at least
:data:`NGRAM_REPEAT_SHARE` of its word 4-grams (CJK: character 4-grams) occur earlier.
Transcript lines ("User: …", "Assistant: …", "用户：…", "ユーザー: …") are the input
copied back, not a card: :func:`without_transcript_lines` drops them.
"""

from __future__ import annotations

import re

from chathub_desktop.core.dynamic_memory import NEAR_DUPLICATE_JACCARD
from chathub_desktop.core.memory_search import tokenize

__all__ = ["MAX_LINES", "MIN_LINES", "REPEAT_SHARE", "degenerate", "repeated_lines", "without_transcript_lines"]

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


#: Share of sentences nearly repeating an earlier one that makes a card degenerate.
SENTENCE_REPEAT_SHARE = 0.4
#: Share of repeated 4-grams that makes a card degenerate.
NGRAM_REPEAT_SHARE = 0.5
#: Fewer sentences / 4-grams than these are never judged (a short card can be terse).
MIN_SENTENCES = 5
MIN_NGRAMS = 40
#: Sentences compared at most (pairs grow with the square).
MAX_SENTENCES = 300

_TRANSCRIPT_RE = re.compile(r"^\s*(?:[-*>]\s*)?(?:\*\*)?(?:user|assistant|human|ai|system|用户|用戶|助手|ユーザー|"
                            r"アシスタント)(?:\*\*)?\s*[:：]", re.IGNORECASE)
_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])|\n+")
_WORD_RE = re.compile(r"[0-9a-z]+|[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def without_transcript_lines(body: str) -> str:
    """``body`` without the lines that copy the day's transcript back ("User: ok",
    "Assistant: Hey!", "用户：…", "ユーザー: …"), trimmed; the other lines as they are."""
    return "\n".join(line for line in body.split("\n") if not _TRANSCRIPT_RE.match(line)).strip()


def _sentence_share(body: str) -> float:
    sets = [t for part in _SENTENCE_RE.split(body)[:MAX_SENTENCES] if (t := tokenize(part))]
    if len(sets) < MIN_SENTENCES:
        return 0.0
    repeating = sum(any(len(a & b) >= NEAR_DUPLICATE_JACCARD * len(a | b) for b in sets[:i])
                    for i, a in enumerate(sets))
    return repeating / len(sets)


def _ngram_share(body: str) -> float:
    words = _WORD_RE.findall(body.lower())
    grams = [tuple(words[i:i + 4]) for i in range(len(words) - 3)]
    if len(grams) < MIN_NGRAMS:
        return 0.0
    return 1 - len(set(grams)) / len(grams)


def degenerate(body: str) -> bool:
    """``body`` (a card, transcript lines already dropped) mostly repeats itself: its
    sentences nearly repeat earlier ones (share ≥ :data:`SENTENCE_REPEAT_SHARE`) or its
    4-grams do (share ≥ :data:`NGRAM_REPEAT_SHARE`). English and CJK alike; bounded."""
    return _sentence_share(body) >= SENTENCE_REPEAT_SHARE or _ngram_share(body) >= NGRAM_REPEAT_SHARE
