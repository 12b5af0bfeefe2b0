"""Topic titles (APP-10): the fallback title from a message's first words, and the
clean-up of a title a naming model wrote."""

from __future__ import annotations

import re

MAX_TITLE_CHARS = 60
MAX_TITLE_WORDS = 8
DEFAULT_TITLE = "New topic"


def title_from_text(text: str) -> str:
    """First words of ``text`` (at most 8 words / 60 characters, ``…`` when cut);
    ``"New topic"`` for blank text."""
    words = text.split()
    if not words:
        return DEFAULT_TITLE
    title = " ".join(words[:MAX_TITLE_WORDS])
    cut = len(words) > MAX_TITLE_WORDS
    if len(title) > MAX_TITLE_CHARS:
        title = title[:MAX_TITLE_CHARS].rstrip()
        cut = True
    return f"{title}…" if cut else title


def clean_model_title(raw: str) -> str | None:
    """Tidy a naming model's answer: first non-empty line, quotes/markdown/trailing
    period stripped, cut to 60 characters. ``None`` when nothing usable remains."""
    for line in raw.splitlines():
        line = re.sub(r"^(title\s*:\s*)", "", line.strip(), flags=re.IGNORECASE)
        for _ in range(2):  # quotes around a trailing period, or a period after quotes
            line = line.strip().strip("*#`\"'“”‘’ ").rstrip(".")
        if line:
            return line[:MAX_TITLE_CHARS].rstrip()
    return None
