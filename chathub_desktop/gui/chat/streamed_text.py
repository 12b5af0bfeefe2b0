"""What the window keeps of a reply while it streams (stream50: a huge or endless reply
keeps the window fluid and its memory bounded).

A message is shown up to :data:`DISPLAY_LIMIT_CHARS` characters (the rest behind a
note; Copy message copies all of it once the reply is stored). So a streaming reply is
kept here only up to that limit, plus its length: each delta costs the window the size
of the delta, never the size of the reply, and the reply's whole text lives once, in the
chat service (which stores it).
"""

from __future__ import annotations

__all__ = ["DISPLAY_LIMIT_CHARS", "StreamedText"]

#: A message longer than this is shown cut with a note (characters); Copy message copies
#: all of it.
DISPLAY_LIMIT_CHARS = 100_000


class StreamedText:
    """The start of one streaming reply (at most ``keep`` characters) and its length.

    :meth:`add` is O(len(delta)); :meth:`shown` joins what is kept (at most ``keep``
    characters) once per call and keeps the joined string."""

    __slots__ = ("_keep", "_kept", "_parts", "chars")

    def __init__(self, keep: int = DISPLAY_LIMIT_CHARS) -> None:
        self._keep = keep
        self._parts: list[str] = []
        self._kept = 0
        #: Characters received so far, kept or not.
        self.chars = 0

    def add(self, text: str) -> None:
        """A delta arrived: count it, and keep what of it fits under the limit."""
        self.chars += len(text)
        room = self._keep - self._kept
        if room > 0:
            piece = text if len(text) <= room else text[:room]
            self._parts.append(piece)
            self._kept += len(piece)

    def shown(self) -> str:
        """The kept start of the reply (all of it while shorter than the limit)."""
        if len(self._parts) > 1:
            self._parts = ["".join(self._parts)]
        return self._parts[0] if self._parts else ""

    @property
    def cut(self) -> bool:
        """True once more arrived than is kept."""
        return self.chars > self._kept
