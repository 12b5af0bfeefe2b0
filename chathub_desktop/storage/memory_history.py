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

import hashlib
import zlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, event, func, inspect, select
from sqlalchemy.orm import Session, sessionmaker

from chathub_desktop.core.document_version import TOKEN_HEX, document_version
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


def _int_setting(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else default


def retention(s: Session) -> tuple[int, int]:
    """``(days, changes)`` the history keeps per assistant (settings or 90 / 500)."""
    rows = {k: v for k, v in s.execute(select(AppSetting.key, AppSetting.value)
                                       .where(AppSetting.key.in_((DAYS_SETTING, CHANGES_SETTING))))}
    return _int_setting(rows.get(DAYS_SETTING), DEFAULT_DAYS), _int_setting(rows.get(CHANGES_SETTING), DEFAULT_CHANGES)


#: The version tokens of the last documents this process packed (the *after* of one write
#: is the *before* of the next: its sha256 is not computed twice).
_VERSIONS: dict[str, str] = {}


def _pack_versioned(text: str) -> tuple[bytes, str]:
    """``(pack(text), document_version(text))`` from one UTF-8 encoding."""
    data = text.encode("utf-8")
    version = hashlib.sha256(data).hexdigest()[:TOKEN_HEX]
    if len(_VERSIONS) >= 8:
        _VERSIONS.pop(next(iter(_VERSIONS)))
    _VERSIONS[text] = version
    return zlib.compress(data, _LEVEL), version


def _version(text: str) -> str:
    hit = _VERSIONS.get(text)
    return hit if hit is not None else document_version(text)


def record(s: Session, aid: int, document: str, before: str, after: str, author: Author | None,
           now: datetime | None = None) -> MemoryChange | None:
    """Record one change of ``document`` (``fixed`` / ``dynamic``) of assistant ``aid``
    from ``before`` to ``after`` in session ``s`` (inside the change's write) and apply
    retention. A second change of the same document in the same session extends the
    first row. Returns the row (None when ``before == after``).

    One query reads what the write needs: the retention settings, the previous change's
    ``after_version`` (is ``before`` chained?) and the ids retention drops."""
    if before == after:
        return None
    pending: dict[tuple[int, str], MemoryChange] = s.info.setdefault(_PENDING_KEY, {})
    row = pending.get((aid, document))
    packed, after_version = _pack_versioned(after)
    if row is not None:
        row.after, row.after_version, row.after_chars = packed, after_version, len(after)
        return row
    who = author or Author("system", None, "unattributed write")
    before_version = _version(before)
    now = now or utcnow()
    previous, by_count, by_age = _state(s, aid, document, now)
    row = MemoryChange(
        assistant_id=aid, document=document, at=now, author=who.kind, author_detail=who.detail,
        action=who.action[:300], before=None if previous == before_version else pack(before), after=packed,
        before_version=before_version, after_version=after_version, before_chars=len(before),
        after_chars=len(after))
    s.add(row)
    pending[(aid, document)] = row
    limit = max((x for x in (by_count, by_age) if x is not None), default=None)
    if limit is not None:
        _drop_through(s, aid, limit)
    return row


def _state(s: Session, aid: int, document: str, now: datetime) -> tuple[str | None, int | None, int | None]:
    """``(previous after_version of document, last id beyond the kept number counting
    the row being added, last id older than the kept days)`` in one query (with the
    retention settings as subqueries: the write must stay cheap)."""
    mc = MemoryChange
    mine = mc.assistant_id == aid
    days_raw, keep_raw = (select(AppSetting.value).where(AppSetting.key == key).scalar_subquery()
                          for key in (DAYS_SETTING, CHANGES_SETTING))
    previous = (select(mc.after_version).where(mine, mc.document == document)
                .order_by(mc.id.desc()).limit(1).scalar_subquery())
    settings_row = s.execute(select(days_raw, keep_raw, previous)).one()
    days = _int_setting(settings_row[0], DEFAULT_DAYS)
    keep = _int_setting(settings_row[1], DEFAULT_CHANGES)
    by_count = select(mc.id).where(mine).order_by(mc.id.desc()).offset(keep - 1).limit(1).scalar_subquery()
    by_age = select(func.max(mc.id)).where(mine, mc.at < now - timedelta(days=days)).scalar_subquery()
    got = s.execute(select(by_count, by_age)).one()
    return settings_row[2], got[0], got[1]


def prune(s: Session, aid: int, *, now: datetime | None = None) -> int:
    """Drop assistant ``aid``'s changes beyond the retention (:func:`retention`), oldest
    first (what every recorded change does in its write). Returns how many rows went."""
    days, keep = retention(s)
    mc = MemoryChange
    by_count = s.scalar(select(mc.id).where(mc.assistant_id == aid).order_by(mc.id.desc()).offset(keep).limit(1))
    by_age = s.scalar(select(func.max(mc.id)).where(mc.assistant_id == aid,
                                                    mc.at < (now or utcnow()) - timedelta(days=days)))
    limit = max((x for x in (by_count, by_age) if x is not None), default=None)
    return 0 if limit is None else _drop_through(s, aid, limit)


def _drop_through(s: Session, aid: int, limit: int) -> int:
    """Delete ``aid``'s changes with id ≤ ``limit``; the oldest kept change of each
    document gets its own ``before`` first, so it stays revertible."""
    mc = MemoryChange
    for document in (FIXED, DYNAMIC):
        first = s.scalar(select(mc).where(mc.assistant_id == aid, mc.document == document, mc.id > limit)
                         .order_by(mc.id).limit(1))
        if first is not None and first.before is None:
            first.before = s.scalar(select(mc.after).where(
                mc.assistant_id == aid, mc.document == document, mc.id <= limit).order_by(mc.id.desc()).limit(1))
    done = s.execute(delete(mc).where(mc.assistant_id == aid, mc.id <= limit))
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
