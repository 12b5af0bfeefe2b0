"""The marks on memory items (MEM-7, REF-7, issue 18; issue 31: the queries live here):
each entry's provenance (origin, trusted) and the paused items of both documents, by
text hash, plus the recent tool messages the trust rule reads. Each function takes
the caller's session; writes run inside ``Database.write()``."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import datetime

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from chathub_desktop.core.memory_authors import EntryOrigin
from chathub_desktop.core.messages import Role
from chathub_desktop.storage.memory_history import Author, record_mark
from chathub_desktop.storage.models import MemoryPause, MemoryProvenance, Message

__all__ = ["drop_provenance", "entry_origin", "paused_hashes", "provenance_marks", "provenance_of", "provenance_rows", "put_provenance",
           "recent_tool_rows", "set_pause", "untrusted_hashes"]

#: The stored origin word → its :class:`EntryOrigin`.
_ORIGINS: dict[str, EntryOrigin] = {o.value: o for o in EntryOrigin}


def provenance_of(s: Session, assistant_id: int, text_hash: str) -> MemoryProvenance | None:
    """The provenance row of the assistant's entry with ``text_hash``, or None."""
    return s.scalar(select(MemoryProvenance).where(MemoryProvenance.assistant_id == assistant_id,
                                                   MemoryProvenance.text_hash == text_hash))


def provenance_rows(s: Session, assistant_id: int, hashes: Iterable[str] | None = None) -> dict[str, MemoryProvenance]:
    """The assistant's provenance rows by text hash (all, or those of ``hashes``)."""
    q = select(MemoryProvenance).where(MemoryProvenance.assistant_id == assistant_id)
    if hashes is not None:
        q = q.where(MemoryProvenance.text_hash.in_(list(hashes)))
    return {r.text_hash: r for r in s.scalars(q)}


def entry_origin(stored: str | None) -> EntryOrigin | None:
    """The stored origin word as an :class:`EntryOrigin`; None when unrecorded or not one
    the app writes (a row another version or a hand edit left)."""
    return _ORIGINS.get(stored) if stored is not None else None


def provenance_marks(s: Session, assistant_id: int) -> dict[str, tuple[EntryOrigin | None, bool]]:
    """Text hash → ``(origin, trusted)`` of every provenance row of the assistant: plain
    tuples, no ORM objects (10,000 rows load in a fraction of the time; issue 30)."""
    q = select(MemoryProvenance.text_hash, MemoryProvenance.origin, MemoryProvenance.trusted).where(
        MemoryProvenance.assistant_id == assistant_id)
    origins = _ORIGINS
    return {h: (origins.get(origin), bool(trusted)) for h, origin, trusted in s.execute(q)}


def put_provenance(s: Session, assistant_id: int, text_hash: str, *, origin: str, trusted: bool,
                   topic_id: int | None, now: datetime) -> None:
    """Record where the entry with ``text_hash`` came from (replacing an older record)."""
    row = provenance_of(s, assistant_id, text_hash)
    if row is None:
        s.add(MemoryProvenance(assistant_id=assistant_id, text_hash=text_hash, origin=origin, trusted=trusted,
                               topic_id=topic_id, created_at=now))
    else:
        row.origin, row.trusted, row.topic_id, row.created_at = origin, trusted, topic_id, now


def drop_provenance(s: Session, assistant_id: int, hashes: Collection[str]) -> None:
    """Drop the provenance of the entries with ``hashes`` (those a dream wrote stay)."""
    if hashes:
        s.execute(delete(MemoryProvenance).where(MemoryProvenance.assistant_id == assistant_id,
                                                 MemoryProvenance.text_hash.in_(list(hashes)),
                                                 MemoryProvenance.origin != EntryOrigin.DREAM.value))


def untrusted_hashes(s: Session, assistant_id: int) -> set[str]:
    """Text hashes of the assistant's entries marked untrusted."""
    return set(s.scalars(select(MemoryProvenance.text_hash).where(MemoryProvenance.assistant_id == assistant_id,
                                                                  MemoryProvenance.trusted.is_(False))))


def paused_hashes(s: Session, assistant_id: int, document: str) -> frozenset[str]:
    """Text hashes of the paused items of ``document`` (``fixed`` / ``dynamic``) (issue 18)."""
    return frozenset(s.scalars(select(MemoryPause.text_hash).where(
        MemoryPause.assistant_id == assistant_id, MemoryPause.document == document)))


def set_pause(s: Session, assistant_id: int, document: str, text_hash: str, paused: bool, now: datetime, *,
              body: str, author: Author) -> bool:
    """Record (or drop) the pause of one item in the write session ``s`` and, when that
    changes it, the history's row of ``author`` (``body``: the document as it stands,
    unchanged; walk55 #2: a pause left no trace). False when the item already was so."""
    row = s.scalar(select(MemoryPause).where(MemoryPause.assistant_id == assistant_id,
                                             MemoryPause.document == document, MemoryPause.text_hash == text_hash))
    if paused and row is None:
        s.add(MemoryPause(assistant_id=assistant_id, document=document, text_hash=text_hash, paused_at=now))
    elif not paused and row is not None:
        s.delete(row)
    else:
        return False
    record_mark(s, assistant_id, document, body, author, now)
    s.flush()
    return True


def recent_tool_rows(s: Session, topic_id: int, excluded: Collection[str], limit: int) -> list[tuple[str | None, str]]:
    """``(tool name, content type)`` of the topic's latest ``limit`` tool messages whose
    tool is not one of ``excluded``, oldest first."""
    rows = s.execute(
        select(Message.tool_name, Message.content_type)
        .where(Message.topic_id == topic_id, Message.role == Role.TOOL.value,
               or_(Message.tool_name.is_(None), Message.tool_name.not_in(list(excluded))))
        .order_by(Message.seq.desc()).limit(limit)
    ).all()
    return [(name, ctype) for name, ctype in reversed(rows)]
