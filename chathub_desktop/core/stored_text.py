"""Characters no store can keep, found and replaced the same way on every engine (APP-3, APP-5).

Pure, no I/O. PostgreSQL refuses a NUL character in text (``DataError``) and neither
SQLite nor PostgreSQL can encode a lone UTF-16 surrogate (``"\\ud800"`` in JSON decodes
to one; Python strings can hold it, UTF-8 cannot). Outside data is therefore either
refused (:func:`first_unstorable`) or has these characters replaced, visibly, by
U+FFFD (:func:`replace_unstorable`), so SQLite and PostgreSQL store the same text.
"""

from __future__ import annotations

import re

__all__ = ["REPLACEMENT", "StreamText", "describe_unstorable", "first_unstorable", "replace_unstorable"]

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


_HIGH = range(0xD800, 0xDC00)


class StreamText:
    """Streamed text deltas made storable, one stream at a time (a provider that counts
    in UTF-16 may split an emoji's surrogate pair over two deltas, each valid JSON).

    :meth:`feed` returns the storable text of a delta: a high surrogate left over from
    the previous delta is joined with this one, a pair is combined into its character, a
    trailing high surrogate is held back for the next delta, and any other lone
    surrogate or NUL becomes :data:`REPLACEMENT`. :meth:`flush` ends the stream: a held
    surrogate becomes :data:`REPLACEMENT` (``""`` when none). ``replaced`` counts the
    replacements."""

    def __init__(self) -> None:
        self._held = ""
        self.replaced = 0

    def feed(self, delta: str) -> str:
        """The storable text of ``delta`` (characters), possibly ``""`` when all of it is held."""
        text = self._held + delta
        self._held = ""
        if first_unstorable(text) is None:
            return text
        if text and ord(text[-1]) in _HIGH:
            text, self._held = text[:-1], text[-1]
        before = text.count(REPLACEMENT)
        text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")  # pairs combine
        text, n = replace_unstorable(text)  # NUL
        self.replaced += text.count(REPLACEMENT) - before
        return text

    def flush(self) -> str:
        """What is still held, as :data:`REPLACEMENT` (``""`` when nothing is)."""
        if not self._held:
            return ""
        self._held = ""
        self.replaced += 1
        return REPLACEMENT
