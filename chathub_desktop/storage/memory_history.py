"""The history of memory documents (issue 18 "History"; MEM-2, MEM-3, DRM-8, DRM-15).

Every change of a ``fixed_memory_document`` or ``dynamic_memory_document`` body is
recorded by a ``before_flush`` listener on the store's write sessions
(:func:`install`), so it lands in the same transaction as the change and no write path
can forget it: the editor, the raw save, the model's tools, a dream card or fold, Keep N,
an import, Restore, Clear and Revert all go through it. The writer names itself with
:func:`authored` before it flushes; a write that did not is still recorded, as
``system`` ("unattributed write").

Storage is compact: each row holds the document *after* the change (zlib-compressed
UTF-8); the document *before* is stored only when it is not the ``after`` of the
previous row of the same document (the first change, or after an unrecorded change).
Several flushes of one document in one transaction make one row. Retention (default
90 days or the last 500 changes per assistant, whichever keeps less; the
``memory-history-days`` / ``memory-history-changes`` settings) is applied in the same
write: the oldest rows go first, and the oldest kept row of each document gets its own
``before`` so it stays restorable.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, event, func, inspect, select
from sqlalchemy.orm import Session, sessionmaker

from chathub_desktop.core.document_version import document_version
from chathub_desktop.storage.models import (
    AppSetting,
    DynamicMemoryDocument,
    FixedMemoryDocument,
    MemoryChange,
    utcnow,
)

FIXED, DYNAMIC = "fixed", "dynamic"
#: ``MemoryChange.author`` values.
AUTHORS = ("owner", "model", "dream", "import", "revert", "system")
#: Settings (APP settings table) and defaults of retention.
DAYS_SETTING, CHANGES_SETTING = "memory-history-days", "memory-history-changes"
DEFAULT_DAYS, DEFAULT_CHANGES = 90, 500
#: zlib level: 1 compresses Markdown about 3× at ~100 MB/s (the write must stay cheap).
_LEVEL = 1
_AUTHOR_KEY = "memory_author"
_PENDING_KEY = "memory_changes"


@dataclass(frozen=True)
class Author:
    """Who makes a change (issue 18): ``kind`` one of :data:`AUTHORS`; ``detail`` the
    topic id (model), history day (dream), file name (import) or reverted change id
    (revert); ``action`` a one-line description (``"edited entry #3"``)."""

    kind: str
    detail: str | None = None
    action: str = ""


def authored(s: Session, author: Author) -> None:
    """Name the author of the memory writes this session flushes from now on."""
    s.info[_AUTHOR_KEY] = author


def pack(text: str) -> bytes:
    """A document as stored in the history (zlib of its UTF-8 bytes)."""
    return zlib.compress(text.encode("utf-8"), _LEVEL)


def unpack(blob: bytes) -> str:
    """The document text of :func:`pack` output."""
    return zlib.decompress(blob).decode("utf-8")


def _setting(s: Session, key: str, default: int) -> int:
    row = s.get(AppSetting, key)
    value = row.value if row is not None else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else default


def retention(s: Session) -> tuple[int, int]:
    """``(days, changes)`` the history keeps per assistant (settings or 90 / 500)."""
    return _setting(s, DAYS_SETTING, DEFAULT_DAYS), _setting(s, CHANGES_SETTING, DEFAULT_CHANGES)


def _previous_after(s: Session, aid: int, document: str) -> str | None:
    """The ``after_version`` of the latest recorded change of this document."""
    return s.scalar(select(MemoryChange.after_version).where(
        MemoryChange.assistant_id == aid, MemoryChange.document == document)
        .order_by(MemoryChange.id.desc()).limit(1))


def record(s: Session, aid: int, document: str, before: str, after: str, author: Author | None,
           now: datetime | None = None) -> MemoryChange | None:
    """Record one change of ``document`` (``fixed`` / ``dynamic``) of assistant ``aid``
    from ``before`` to ``after`` in session ``s`` (inside the change's write) and apply
    retention. A second change of the same document in the same session extends the
    first row. Returns the row (None when ``before == after``)."""
    if before == after:
        return None
    pending: dict[tuple[int, str], MemoryChange] = s.info.setdefault(_PENDING_KEY, {})
    row = pending.get((aid, document))
    after_version = document_version(after)
    if row is not None:
        row.after, row.after_version, row.after_chars = pack(after), after_version, len(after)
        return row
    who = author or Author("system", None, "unattributed write")
    before_version = document_version(before)
    chained = _previous_after(s, aid, document) == before_version
    row = MemoryChange(
        assistant_id=aid, document=document, at=now or utcnow(), author=who.kind, author_detail=who.detail,
        action=who.action[:300], before=None if chained else pack(before), after=pack(after),
        before_version=before_version, after_version=after_version, before_chars=len(before),
        after_chars=len(after))
    s.add(row)
    pending[(aid, document)] = row
    prune(s, aid, now=now, pending=1)
    return row


def prune(s: Session, aid: int, *, now: datetime | None = None, pending: int = 0) -> int:
    """Drop assistant ``aid``'s changes beyond the retention (:func:`retention`), oldest
    first; the oldest kept change of each document keeps its own ``before``. ``pending``:
    rows added to ``s`` but not flushed yet (they count towards the kept number).
    Returns how many rows were dropped."""
    days, keep = retention(s)
    cutoff = (now or utcnow()) - timedelta(days=days)
    by_count = s.scalar(select(MemoryChange.id).where(MemoryChange.assistant_id == aid)
                        .order_by(MemoryChange.id.desc()).offset(max(0, keep - pending)).limit(1))
    by_age = s.scalar(select(func.max(MemoryChange.id)).where(MemoryChange.assistant_id == aid,
                                                              MemoryChange.at < cutoff))
    limit = max((x for x in (by_count, by_age) if x is not None), default=None)
    if limit is None:
        return 0
    for document in (FIXED, DYNAMIC):
        first = s.scalar(select(MemoryChange).where(
            MemoryChange.assistant_id == aid, MemoryChange.document == document, MemoryChange.id > limit)
            .order_by(MemoryChange.id).limit(1))
        if first is not None and first.before is None:
            first.before = s.scalar(select(MemoryChange.after).where(
                MemoryChange.assistant_id == aid, MemoryChange.document == document, MemoryChange.id <= limit)
                .order_by(MemoryChange.id.desc()).limit(1))
    done = s.execute(delete(MemoryChange).where(MemoryChange.assistant_id == aid, MemoryChange.id <= limit))
    return int(getattr(done, "rowcount", 0) or 0)


def documents(s: Session, change: MemoryChange) -> tuple[str, str]:
    """``(before, after)`` of a recorded change (a chained ``before`` is the previous
    change's ``after``)."""
    after = unpack(change.after)
    if change.before is not None:
        return unpack(change.before), after
    prev = s.scalar(select(MemoryChange.after).where(
        MemoryChange.assistant_id == change.assistant_id, MemoryChange.document == change.document,
        MemoryChange.id < change.id).order_by(MemoryChange.id.desc()).limit(1))
    return (unpack(prev) if prev is not None else ""), after


_DOCS: dict[type, str] = {FixedMemoryDocument: FIXED, DynamicMemoryDocument: DYNAMIC}


def _old_body(s: Session, obj: Any) -> str:
    """The stored body of ``obj`` (its old value was not loaded before the change)."""
    table = type(obj)
    with s.no_autoflush:
        stored = s.scalar(select(table.body).where(table.assistant_id == obj.assistant_id))
    return stored or ""


def _before_flush(s: Session, _ctx: object, _instances: object) -> None:
    author = s.info.get(_AUTHOR_KEY)
    for obj in list(s.new):
        document = _DOCS.get(type(obj))
        if document is not None:
            record(s, obj.assistant_id, document, "", obj.body or "", author)
    for obj in list(s.dirty):
        document = _DOCS.get(type(obj))
        if document is None or not s.is_modified(obj, include_collections=False):
            continue
        hist = inspect(obj).attrs.body.history
        if not hist.has_changes():
            continue
        before = str(hist.deleted[0] or "") if hist.deleted else _old_body(s, obj)
        record(s, obj.assistant_id, document, before, obj.body or "", author)


def _after_end(s: Session, _transaction: object) -> None:
    s.info.pop(_PENDING_KEY, None)
    s.info.pop(_AUTHOR_KEY, None)


def install(sessions: sessionmaker[Session]) -> None:
    """Record memory changes in every session ``sessions`` makes (the store's writes)."""
    event.listen(sessions, "before_flush", _before_flush)
    event.listen(sessions, "after_commit", lambda s: _after_end(s, None))
    event.listen(sessions, "after_rollback", lambda s: _after_end(s, None))
