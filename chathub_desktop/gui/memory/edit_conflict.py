"""What became of a card being edited in place when the memory changed elsewhere (MEM-3,
DRM-8; issues 10 and 30, walk57 #2): the same, changed (and to what) or gone — found in
the newer document so the editor can show the newer text beside the user's draft and
let the user choose, instead of reopening over a card whose newer text nobody sees. The
version check of the write itself is the service's (one write transaction): this only
says which entry the next, informed save is meant for.

Pure functions on the services' views; the words the editor says are :mod:`.card_notice`'s."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from chathub_desktop.services.dream.dream_service import CardView
from chathub_desktop.services.memory.memory_service import MemoryEntryView

__all__ = ["EditBase", "Fate", "Found", "find_card", "find_entry"]


class Fate(enum.Enum):
    """What the newer document did to the card being edited (MEM-3)."""

    UNCHANGED = "unchanged"  # the same text (perhaps renumbered): the draft replaces it as meant
    CHANGED = "changed"  # another text in its place: saving the draft overwrites that one
    DELETED = "deleted"  # gone (deleted, or merged away): the draft has nothing to replace


@dataclass(frozen=True, slots=True)
class EditBase:
    """What an in-place edit of a fixed entry is made on (MEM-3): the document's
    ``version`` token, the entry's ``number`` and ``text`` there, and every entry text of
    that document (``texts``: an entry at the same number whose text was one of them moved
    there; it is not the edited entry rewritten)."""

    version: str
    number: int
    text: str
    texts: frozenset[str]

    @classmethod
    def of(cls, version: str, number: int, text: str, entries: Sequence[MemoryEntryView]) -> EditBase:
        """The base for entry ``number`` (``text``) of ``entries``, read at ``version``."""
        return cls(version, number, text, frozenset(v.text for v in entries))


@dataclass(frozen=True, slots=True)
class Found:
    """The edited card in the newer document: its ``fate``, and for UNCHANGED / CHANGED
    its ``number`` and ``text`` there (DELETED: 0 and "")."""

    fate: Fate
    number: int = 0
    text: str = ""


def find_entry(base: EditBase, entries: Sequence[MemoryEntryView]) -> Found:
    """Entry ``base`` in ``entries`` (a newer read, MEM-3): still there by its text
    (UNCHANGED, wherever it is now); else the entry at its number when that holds a text
    the old document did not have (CHANGED: rewritten in place); else DELETED — an entry
    that only moved up into its number is never taken for it, so an informed save can
    never land on another entry."""
    for v in entries:
        if v.text == base.text:
            return Found(Fate.UNCHANGED, v.number, v.text)
    if 0 < base.number <= len(entries):
        v = entries[base.number - 1]
        if v.number == base.number and v.text not in base.texts:
            return Found(Fate.CHANGED, v.number, v.text)
    return Found(Fate.DELETED)


def find_card(tag: str, text: str, cards: Sequence[CardView]) -> Found:
    """Dream card ``tag`` (showing ``text`` when opened) in ``cards`` (a newer read,
    DRM-8): a card is its day, so found by its tag — the same text (UNCHANGED), another
    (CHANGED), or no card for that day any more (DELETED: deleted, or merged into a range
    card)."""
    for c in cards:
        if c.tag == tag:
            return Found(Fate.UNCHANGED if c.text == text else Fate.CHANGED, c.number, c.text)
    return Found(Fate.DELETED)
