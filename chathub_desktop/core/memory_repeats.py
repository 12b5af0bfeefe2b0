"""What a text repeats in memory, as data (REF-16, DRM-14, issue 30).

A dream card that nearly repeats a card or a fixed entry is not added (DRM-14); a pasted
fact or a Merge's file entry that repeats a fixed entry comes unticked with that entry
named. :class:`Repeat` is that finding: which document, the entry's number and text, and
how it is repeated, whether that entry is paused (not sent to the model) and whether the
"entry" is an earlier line of the same paste or file rather than memory. The CLI prints its English (``fixed memory #2 “Prefers metric
units”``); the window says the same :class:`~chathub_desktop.core.reasons.Reason` in
its language. Pure: no Qt, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from chathub_desktop.core.memory_documents import FIXED, MemoryDocument
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

__all__ = ["NAMED_CHARS", "Repeat", "RepeatKind"]

#: Characters of the repeated entry's text a name quotes (the rest elided with "…").
NAMED_CHARS = 60


class RepeatKind(StrEnum):
    """How a text repeats an entry (issue 30): the same text up to case and spacing
    (``exact``), nearly (``near``: REF-16, or so in another voice) or every word of it
    already in the entry, which says more (``covered``)."""

    EXACT = "exact"
    NEAR = "near"
    COVERED = "covered"


@dataclass(frozen=True, slots=True)
class Repeat:
    """The entry a text repeats: a fixed entry (``document`` FIXED) or a dream card
    (DYNAMIC), its ``number`` (from 1, in document order), its ``text`` and the ``kind``
    of repeat; ``paused``: that entry is paused (MEM-7, not sent to the model);
    ``earlier``: it is an earlier line of the same paste or file, not yet in memory
    (``number`` then counts the paste's facts or the file's entries; issue 30, walk55b)."""

    document: MemoryDocument
    number: int
    text: str
    kind: RepeatKind = RepeatKind.NEAR
    paused: bool = False
    earlier: bool = False

    @property
    def exact(self) -> bool:
        """The same text up to case and spacing: never added again."""
        return self.kind == RepeatKind.EXACT

    def place_reason(self) -> Reason:
        """The entry by number: ``fixed memory #2`` / ``card #3`` (a dream's refusal, DRM-14)."""
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "fixed memory #%1") if self.document == FIXED
                      else QT_TRANSLATE_NOOP("ServiceReasons", "card #%1"), (str(self.number),))

    def reason(self) -> Reason:
        """The entry by number and text, quoted and cut to :data:`NAMED_CHARS`: ``fixed
        memory #2 “Prefers metric units”``, with `` (paused)`` after a paused one (a row's
        "nearly repeats …", issue 30); an :attr:`earlier` line by its text only:
        ``“Plays the viola” above``."""
        text = " ".join(self.text.split())
        if len(text) > NAMED_CHARS:
            text = text[:NAMED_CHARS - 1] + "…"
        if self.earlier:
            return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "“%1” above"), (text,))
        named = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "fixed memory #%1 “%2”") if self.document == FIXED
                       else QT_TRANSLATE_NOOP("ServiceReasons", "card #%1 “%2”"), (str(self.number), text))
        return named.with_notes(Reason(QT_TRANSLATE_NOOP("ServiceReasons", " (paused)"))) if self.paused else named

    def english(self) -> str:
        """:meth:`reason` in English (the CLI's and the logs')."""
        return self.reason().english()
