"""What a memory export reads and a memory import replaces (MEM-2, issue 15, issue 18;
issue 31: the queries live here): both documents, the entries' provenance and the
paused marks of one assistant. Each function takes the caller's session; the writes
run inside ``Database.write()``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from sqlalchemy import delete, insert, select
from sqlalchemy.orm import Session

from chathub_desktop.storage.models import (
    DynamicMemoryDocument,
    FixedMemoryDocument,
    MemoryPause,
    MemoryProvenance,
)

__all__ = ["memory_state", "replace_pauses", "replace_provenance"]


def memory_state(s: Session, assistant_id: int) -> tuple[str, str, list[tuple[str, str, bool, datetime]],
                                                          frozenset[tuple[str, str]]]:
    """``(fixed body, dynamic body, provenance rows (text hash, origin, trusted,
    created_at), paused (document, text hash) pairs)``; bodies are ``""`` when absent."""
    fixed = s.scalar(select(FixedMemoryDocument.body).where(FixedMemoryDocument.assistant_id == assistant_id))
    dynamic = s.scalar(select(DynamicMemoryDocument.body).where(DynamicMemoryDocument.assistant_id == assistant_id))
    records = [(h, o, t, c) for h, o, t, c in s.execute(
        select(MemoryProvenance.text_hash, MemoryProvenance.origin, MemoryProvenance.trusted,
               MemoryProvenance.created_at).where(MemoryProvenance.assistant_id == assistant_id))]
    paused = frozenset((d, h) for d, h in s.execute(
        select(MemoryPause.document, MemoryPause.text_hash).where(MemoryPause.assistant_id == assistant_id)))
    return fixed or "", dynamic or "", records, paused


def replace_provenance(s: Session, assistant_id: int, rows: Sequence[Mapping[str, object]]) -> None:
    """Replace the assistant's provenance rows with ``rows`` (dicts of ``text_hash``,
    ``origin``, ``trusted``, ``created_at``) in one bulk insert (150,000 in seconds)."""
    s.execute(delete(MemoryProvenance).where(MemoryProvenance.assistant_id == assistant_id))
    if rows:
        s.execute(insert(MemoryProvenance), [{"assistant_id": assistant_id, **r} for r in rows])


def replace_pauses(s: Session, assistant_id: int, document: str, hashes: Iterable[str], now: datetime) -> None:
    """Replace the paused marks of the assistant's ``document`` (``fixed``/``dynamic``)
    with ``hashes``, paused at ``now``."""
    s.execute(delete(MemoryPause).where(MemoryPause.assistant_id == assistant_id, MemoryPause.document == document))
    rows = [{"assistant_id": assistant_id, "document": document, "text_hash": h, "paused_at": now} for h in hashes]
    if rows:
        s.execute(insert(MemoryPause), rows)
