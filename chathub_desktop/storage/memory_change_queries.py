"""Reads and the Revert write behind memory History (issue 18, issue 31; MEM-2, DRM-15).

:mod:`chathub_desktop.storage.memory_history` records the changes; these functions list
them, find one, count the later ones and put a document body back; the dream reads and
writes the dynamic document through :func:`dynamic_row` / :func:`add_dynamic`. Each takes the
caller's session (reads in ``Database.read()``, :func:`put_back` in ``Database.write()``).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import LargeBinary, cast, func, select
from sqlalchemy.orm import Session

from chathub_desktop.storage import memory_history as mh
from chathub_desktop.storage.models import (
    DynamicMemoryDocument,
    FixedMemoryDocument,
    MemoryChange,
    Topic,
)

__all__ = ["add_dynamic", "change_of", "current_body", "dynamic_row", "fixed_body_bytes", "later_changes",
           "newest_changes", "put_back", "topic_title"]


def newest_changes(s: Session, assistant_id: int, limit: int) -> list[MemoryChange]:
    """The assistant's recorded changes, newest first, at most ``limit``."""
    return list(s.scalars(select(MemoryChange).where(MemoryChange.assistant_id == assistant_id)
                          .order_by(MemoryChange.id.desc()).limit(limit)))


def change_of(s: Session, assistant_id: int, change_id: int) -> MemoryChange | None:
    """Change ``change_id`` when it belongs to ``assistant_id``, else None."""
    row = s.get(MemoryChange, change_id)
    return row if row is not None and row.assistant_id == assistant_id else None


def current_body(s: Session, assistant_id: int, document: str) -> str:
    """The stored body of the assistant's ``document`` (``mh.FIXED`` / ``mh.DYNAMIC``);
    ``""`` when it has none yet."""
    row = (s.get(FixedMemoryDocument, assistant_id) if document == mh.FIXED
           else s.get(DynamicMemoryDocument, assistant_id))
    return row.body if row is not None else ""


def fixed_body_bytes(s: Session, assistant_id: int) -> bytes:
    """The stored fixed-memory body as its UTF-8 bytes (``b""`` when none). A reader that
    only needs to know whether the body changed hashes these instead of a decoded ``str``:
    a 3-million-character memory took ~4.5 ms to decode with the interpreter lock held,
    the window's thread waiting (issue 30). PostgreSQL converts with ``convert_to`` (its
    text → bytea cast would read backslashes as escapes)."""
    column = FixedMemoryDocument.body
    raw = (cast(column, LargeBinary) if s.get_bind().dialect.name == "sqlite"
           else func.convert_to(column, "UTF8", type_=LargeBinary))
    return bytes(s.scalar(select(raw).where(FixedMemoryDocument.assistant_id == assistant_id)) or b"")


def later_changes(s: Session, change: MemoryChange) -> int:
    """How many changes of the same document's text were recorded after ``change`` (a
    pause, which leaves the text as it is, is not one a revert overwrites)."""
    return int(s.scalar(select(func.count()).select_from(MemoryChange).where(
        MemoryChange.assistant_id == change.assistant_id, MemoryChange.document == change.document,
        MemoryChange.id > change.id, MemoryChange.before_version != MemoryChange.after_version)) or 0)


def topic_title(s: Session, topic_id: int) -> str | None:
    """The title of topic ``topic_id``, None when it is gone."""
    topic = s.get(Topic, topic_id)
    return topic.title if topic is not None else None


def put_back(s: Session, assistant_id: int, document: str, body: str, now: datetime) -> None:
    """Store ``body`` as the assistant's ``document`` at ``now`` (UTC); dynamic memory
    keeps the replaced body as its backup (DRM-15). The store records the change when
    the session flushes."""
    if document == mh.FIXED:
        doc = s.get(FixedMemoryDocument, assistant_id)
        if doc is None:
            s.add(FixedMemoryDocument(assistant_id=assistant_id, body=body, updated_at=now))
        else:
            doc.body, doc.updated_at = body, now
    else:
        dyn = s.get(DynamicMemoryDocument, assistant_id)
        if dyn is None:
            s.add(DynamicMemoryDocument(assistant_id=assistant_id, body=body, backup_body="", updated_at=now))
        else:
            dyn.backup_body, dyn.body, dyn.updated_at = dyn.body, body, now


def dynamic_row(s: Session, assistant_id: int) -> DynamicMemoryDocument | None:
    """The assistant's dynamic-memory document row, or None when it has none yet (inside
    ``Database.write()`` the write lock is held, so this read is current)."""
    return s.get(DynamicMemoryDocument, assistant_id)


def add_dynamic(s: Session, assistant_id: int, body: str, now: datetime) -> None:
    """Add the assistant's first dynamic-memory document ``body`` at ``now`` (UTC)."""
    s.add(DynamicMemoryDocument(assistant_id=assistant_id, body=body, backup_body="", updated_at=now))
