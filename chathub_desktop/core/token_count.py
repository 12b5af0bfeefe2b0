"""The length rule of a long text's token count, and counting a text given in parts.

A counter (``tokens.counter.TokenCounter.count``) tokenizes a text exactly up to
:data:`EXACT_COUNT_CHARS` characters; past that it tokenizes the first
:data:`EXACT_COUNT_CHARS` and estimates the rest from its length (:func:`past_head`,
issue 32). :func:`count_parts` gives the same figure for the text ``"".join(parts)``
without joining it (issue 29: the badge counted a 16 MB stored reply through a whole
second copy of it), so the badge and the request keep one source for each figure (REF-26).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: Characters of one text counted token by token; the rest of a longer text is
#: estimated from its length (issue 32).
EXACT_COUNT_CHARS = 1_000_000


def past_head(head_tokens: int, length: int) -> int:
    """Tokens of a text of ``length`` characters (more than :data:`EXACT_COUNT_CHARS`)
    whose first :data:`EXACT_COUNT_CHARS` characters are ``head_tokens`` tokens: the head
    plus the rest at the head's tokens per character, rounded up (issue 32)."""
    return head_tokens + -(-(length - EXACT_COUNT_CHARS) * head_tokens // EXACT_COUNT_CHARS)


def count_parts(count: Callable[[str], int], parts: Sequence[str]) -> int:
    """``count("".join(parts))`` in tokens, joining at most :data:`EXACT_COUNT_CHARS`
    characters: a longer text is counted as its head (``count`` of its first
    :data:`EXACT_COUNT_CHARS` characters) and :func:`past_head` for the rest, which is
    what a counter following that rule returns for the whole text (issue 29)."""
    length = sum(map(len, parts))
    if length <= EXACT_COUNT_CHARS:
        return count("".join(parts))
    head: list[str] = []
    room = EXACT_COUNT_CHARS
    for part in parts:
        if room <= 0:
            break
        head.append(part[:room] if len(part) > room else part)
        room -= len(head[-1])
    text = "".join(head)
    head.clear()  # a sliced part is not kept beside the joined head while it is counted
    return past_head(count(text), length)
