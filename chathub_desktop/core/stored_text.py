"""Characters no store can keep, found and replaced the same way on every engine (APP-3, APP-5).

Pure, no I/O. PostgreSQL refuses a NUL character in text (``DataError``) and neither
SQLite nor PostgreSQL can encode a lone UTF-16 surrogate (``"\\ud800"`` in JSON decodes
to one; Python strings can hold it, UTF-8 cannot). Outside data is therefore either
refused (:func:`first_unstorable`) or has these characters replaced, visibly, by
U+FFFD (:func:`replace_unstorable`), so SQLite and PostgreSQL store the same text.
"""

from __future__ import annotations

import re

__all__ = ["REPLACEMENT", "describe_unstorable", "first_unstorable", "replace_unstorable"]

#: What an unstorable character becomes: U+FFFD REPLACEMENT CHARACTER (shown as �).
REPLACEMENT = "\ufffd"

# In a Python str a surrogate code point is always lone: JSON pairs are combined.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def first_unstorable(text: str) -> int | None:
    """Index (characters) of the first NUL or lone surrogate in ``text``, else None."""
    if "\x00" not in text:
        if text.isascii():
            return None
        # Without NUL only a surrogate is unstorable, and it is exactly what UTF-8 cannot
        # encode: the C encoder finds it about 3 times faster than the regex (issue 15).
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            return exc.start
        return None
    m = _UNSTORABLE.search(text)
    return m.start() if m else None


def describe_unstorable(char: str) -> str:
    """``"a NUL character"`` or ``"a lone UTF-16 surrogate (U+D800)"`` for messages."""
    return "a NUL character" if char == "\x00" else f"a lone UTF-16 surrogate (U+{ord(char):04X})"


def replace_unstorable(text: str) -> tuple[str, int]:
    """``text`` with every NUL and lone surrogate replaced by :data:`REPLACEMENT`, and how
    many were replaced (0: ``text`` itself is returned)."""
    if first_unstorable(text) is None:
        return text, 0
    return _UNSTORABLE.subn(REPLACEMENT, text)
