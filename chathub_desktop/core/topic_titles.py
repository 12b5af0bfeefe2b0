"""Topic titles (APP-10): the fallback title from a message's first words, and the
clean-up of a title a naming model wrote."""

from __future__ import annotations

import re

MAX_TITLE_CHARS = 60
MAX_TITLE_WORDS = 8
#: Most words a naming model's title may have (a longer line is an answer, not a title).
MAX_MODEL_TITLE_WORDS = 12
DEFAULT_TITLE = "New topic"
#: End punctuation dropped before the ``…`` of a cut title (Latin and CJK).
_CUT_END = ".,;:!?-–— 。，、；：！？"


_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_HEADING = re.compile(r"(?m)^\s{0,3}(#{1,6}|>+|[-*+]\s|\d+[.)]\s)\s*")
_MARKS = re.compile(r"(\*\*|__|~~|`+)")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])")


def plain_title(text: str) -> str:
    """``text`` without Markdown markup, for a title shown or generated (issue 14):
    links and images become their text; heading, quote and list markers at line starts,
    ``**``, ``__``, ``~~``, backticks and ``*emphasis*`` markers go; whitespace runs
    become one space. Text that is only markup is returned trimmed as it was."""
    plain = _LINK.sub(r"\1", text)
    plain = _HEADING.sub("", plain)
    plain = _MARKS.sub("", plain)
    plain = _EMPHASIS.sub(r"\1", plain)
    plain = " ".join(plain.split())
    return plain or " ".join(text.split())


def title_from_text(text: str) -> str:
    """First words of ``text`` without Markdown markup (:func:`plain_title`; at most 8
    words / 60 characters, ``…`` when cut, replacing the cut part's own end punctuation
    so no ``.…`` shows, walk42 #1); ``"New topic"`` for blank text."""
    words = plain_title(text).split() if text.strip() else []
    if not words:
        return DEFAULT_TITLE
    title = " ".join(words[:MAX_TITLE_WORDS])
    cut = len(words) > MAX_TITLE_WORDS
    if len(title) > MAX_TITLE_CHARS:
        title = title[:MAX_TITLE_CHARS].rstrip()
        cut = True
    return f"{title.rstrip(_CUT_END) or title}…" if cut else title


def clean_model_title(raw: str) -> str | None:
    """Tidy a naming model's answer: first non-empty line, quotes/markdown/trailing
    period stripped. ``None`` when nothing usable remains, or when the line is longer
    than a title (over 60 characters or 12 words: a small model answering the message
    instead of naming it, walk37 #4) — the first-words title then stays."""
    for line in raw.splitlines():
        line = re.sub(r"^(title\s*:\s*)", "", line.strip(), flags=re.IGNORECASE)
        for _ in range(2):  # quotes around a trailing period, or a period after quotes
            line = line.strip().strip("*#`\"'“”‘’ ").rstrip(".")
        line = plain_title(line) if line else line
        if line:
            return line if len(line) <= MAX_TITLE_CHARS and len(line.split()) <= MAX_MODEL_TITLE_WORDS else None
    return None
