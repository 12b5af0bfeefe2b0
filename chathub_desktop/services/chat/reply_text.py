"""A streaming reply's text as it grows, in bounded memory (huge51, issue 29).

Providers send a reply as thousands of small deltas (a few characters each from a real
model). Kept as one Python string each, a 16 MB reply cost its text about 13 times
over (a ``str`` object is 49 bytes before its first character) and a list entry per
delta; :class:`ReplyText` joins the deltas into chunks of about :data:`CHUNK_CHARS`
characters as they come, so the text costs about its own size, and hands the whole text
out once, as one string (:meth:`ReplyText.whole`), dropping its chunks as it does.
"""

from __future__ import annotations

__all__ = ["CHUNK_CHARS", "ReplyText"]

#: Characters a chunk holds before the deltas after it start a new one (64 K: a 16 MB
#: reply is about 256 chunks; joining one costs about 20 µs).
CHUNK_CHARS = 1 << 16


class ReplyText:
    """The text of one reply so far, as chunks of about :data:`CHUNK_CHARS` characters.

    :meth:`add` is O(len(delta)) amortized; :attr:`chars` is the length so far."""

    __slots__ = ("_chunks", "_tail", "_tail_chars", "chars")

    def __init__(self) -> None:
        self._chunks: list[str] = []
        self._tail: list[str] = []
        self._tail_chars = 0
        #: Characters of text so far.
        self.chars = 0

    def add(self, text: str) -> None:
        """Append ``text`` (a delta)."""
        self._tail.append(text)
        self._tail_chars += len(text)
        self.chars += len(text)
        if self._tail_chars >= CHUNK_CHARS:
            self._chunks.append("".join(self._tail))
            self._tail.clear()
            self._tail_chars = 0

    def pieces(self) -> list[str]:
        """The text so far as a list of pieces (a snapshot to join elsewhere: a
        checkpoint joins it on a store worker)."""
        return [*self._chunks, *self._tail]

    def whole(self) -> str:
        """The text so far as one string, kept as the only chunk from now on (the chunks
        it was made of are dropped: the text is held once)."""
        pieces = self.pieces()
        self._chunks.clear()
        self._tail.clear()
        self._tail_chars = 0
        text = "".join(pieces)
        del pieces
        if text:
            self._chunks.append(text)
        return text
