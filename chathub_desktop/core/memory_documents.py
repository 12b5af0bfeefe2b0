"""The two memory documents (MEM-2, DRM-1; issue 31: one vocabulary each): the fixed
document the owner and the model edit, and the dynamic document the dream writes.

A leaf of ``core``, so the memory tools and the guard that vets their calls both name
the documents by this enum without importing each other.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["DYNAMIC", "FIXED", "MemoryDocument"]


class MemoryDocument(StrEnum):
    """The two memory documents (MEM-2, DRM-1): what ``memory_change.document``,
    ``memory_provenance.document`` and ``memory_pause.document`` store, and the readMemory
    ``source`` values searchMemory hits carry (REF-3)."""

    FIXED = "fixed"
    DYNAMIC = "dynamic"


FIXED, DYNAMIC = MemoryDocument.FIXED, MemoryDocument.DYNAMIC
