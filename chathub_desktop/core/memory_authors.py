"""Who writes memory (issue 31: one vocabulary each): the provenance ``origin`` a fixed
entry is stored with (REF-7: the owner, the dream, or the model as an agent) and the
author the memory history records for a change (issue 18)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["AUTHORS", "ORIGINS", "ChangeAuthor", "EntryOrigin"]


class EntryOrigin(StrEnum):
    """Where a fixed-memory entry came from (``memory_provenance.origin``, REF-7)."""

    OWNER = "owner"
    DREAM = "dream"
    AGENT = "agent"


class ChangeAuthor(StrEnum):
    """Who made a recorded memory change (``memory_change.author``, issue 18)."""

    OWNER = "owner"
    MODEL = "model"
    DREAM = "dream"
    IMPORT = "import"
    REVERT = "revert"
    SYSTEM = "system"  # a write no service attributed


#: The stored origin words, in the order files and messages list them.
ORIGINS: tuple[str, ...] = tuple(o.value for o in EntryOrigin)
#: The stored author words.
AUTHORS: tuple[str, ...] = tuple(a.value for a in ChangeAuthor)
