"""Is a model's answer its prompt echoed back? (issue 28, walk40: after ↻ SmolLM2-135M's
new dream card was the prompt's rules and headings, not a card). Pure text functions.

A line of the answer *echoes* the prompt when, ignoring case, list markers, spaces and
punctuation, it is a whole line of the prompt (a framing heading such as
``Conversations on 2026-12-02:`` or ``## Conversation 1: Lisbon (excerpt)``, a rule, an
excerpt line) or when most of its word triples come from the prompt's instruction text
(a rule paraphrased with a word changed). An answer echoes the prompt when at least
:data:`ECHO_SHARE` of its lines do, or when what is left is only lead-ins (lines ending
in a colon, Markdown headings).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Share of an answer's non-blank lines that, echoed, make the whole answer an echo.
ECHO_SHARE = 0.5
#: Share of a line's word triples found in the instruction text that make it an echo.
TRIPLE_SHARE = 0.6

_KEY_RE = re.compile(r"[\W_]+", re.UNICODE)
_MARKER_RE = re.compile(r"(?:[-*+•]|[0-9]+[.)])\s+")
_WORD_RE = re.compile(r"\w+", re.UNICODE)


def _key(line: str) -> str:
    """``line`` without a list marker, case, spaces and punctuation."""
    bare = line.strip()
    m = _MARKER_RE.match(bare)
    return _KEY_RE.sub("", bare[m.end() if m else 0:]).casefold()


def _triples(text: str) -> set[tuple[str, ...]]:
    words = [w.casefold() for w in _WORD_RE.findall(text)]
    return {tuple(words[i:i + 3]) for i in range(len(words) - 2)}


def _lead_in(line: str) -> bool:
    bare = line.strip()
    return bare.endswith((":", "：")) or bare.startswith("#")


def _keys(texts: Sequence[str]) -> set[str]:
    return {k for text in texts for line in text.split("\n") if (k := _key(line))}


def _own_lines(answer: str, instructions: str, prompt: Sequence[str],
               known: Sequence[str]) -> tuple[list[str], int]:
    """The non-blank lines of ``answer`` that do not echo, and how many lines echo."""
    prompt_keys = _keys(prompt) - _keys(known)
    taught = _triples(instructions)
    own: list[str] = []
    echoed = 0
    for line in answer.split("\n"):
        key = _key(line)
        if not key:
            continue
        triples = _triples(line)
        if key in prompt_keys or (triples and len(triples & taught) >= TRIPLE_SHARE * len(triples)):
            echoed += 1
        else:
            own.append(line)
    return own, echoed


def echoes_prompt(answer: str, instructions: str, prompt: Sequence[str], known: Sequence[str] = ()) -> bool:
    """True when ``answer`` is its prompt echoed back rather than an answer. A line
    echoes when it repeats a whole line of any text in ``prompt`` (ignoring case, list
    markers, spaces and punctuation) or takes at least :data:`TRIPLE_SHARE` of its word
    triples from ``instructions`` (the system prompt). The answer echoes when at least
    :data:`ECHO_SHARE` of its non-blank lines do, or when every line that does not is a
    lead-in (ends in a colon, or a Markdown heading). Lines of ``known`` texts (memory the
    prompt shows as already known) are not echoes: repeating them is a near-duplicate,
    judged elsewhere. An empty answer is not an echo (it is refused as empty elsewhere)."""
    own, echoed = _own_lines(answer, instructions, prompt, known)
    total = len(own) + echoed
    return total > 0 and (echoed >= ECHO_SHARE * total or all(_lead_in(line) for line in own))
