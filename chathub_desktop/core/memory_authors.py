"""Who writes memory (issue 31: one vocabulary each): the provenance ``origin`` a fixed
entry is stored with (REF-7: the owner, the dream, or the model as an agent) and the
author the memory history records for a change (issue 18)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["AUTHORS", "ORIGINS", "ChangeAuthor", "EntriesAdded", "EntryOrigin"]


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


#: The stored action of :class:`EntriesAdded`, both plural forms (rows written before
#: issue 30 say "1 entries").
_ADDED = re.compile(r"added (\d+) entr(?:y|ies) from (.+)", re.S)


@dataclass(frozen=True)
class EntriesAdded:
    """The history's action of a pasted import (issue 30, MEM-7): ``count`` entries added
    from ``source`` (e.g. ``"Claude"``). Stored as its English line (the CLI prints it);
    the Memory page says it in the interface language with the count's plural form."""

    count: int
    source: str

    def english(self) -> str:
        """The stored action: ``added 1 entry from Claude`` / ``added 3 entries from Claude``."""
        return f"added {self.count} {'entry' if self.count == 1 else 'entries'} from {self.source}"

    @staticmethod
    def read(action: str) -> EntriesAdded | None:
        """The action :meth:`english` stored, or None for any other action."""
        m = _ADDED.fullmatch(action)
        return EntriesAdded(int(m.group(1)), m.group(2)) if m else None
