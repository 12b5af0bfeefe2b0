"""The history of memory documents (issue 18 "History"; MEM-2, MEM-3, DRM-8, DRM-15).

Every change of a ``fixed_memory_document`` or ``dynamic_memory_document`` body is
recorded by a ``before_flush`` listener on the store's write sessions
(:func:`install`), so it lands in the same transaction as the change and no write path
can forget it: the editor, the raw save, the model's tools, a dream card or fold, Keep N,
an import, Restore, Clear and Revert all go through it. The writer names itself with
:func:`authored` before it flushes; a write that did not is still recorded, as
``system`` ("unattributed write").

Storage is compact: the document *before* a change is stored (zlib-compressed UTF-8)
only when it is not the ``after`` of the previous row of the same document (the first
change, or after an unrecorded change). The document *after* is stored as a **delta**
against the row's own *before* — the common start and end it keeps, in characters, and
the text between (zlib) — or, every :data:`SNAPSHOT_EVERY` chained changes and whenever
a delta would not be smaller, in full. A 10,000-entry memory with one entry changed
thus costs a few dozen bytes and no compression of the whole document (issue 18: the
write stays within 10 % of its time). Reading a row walks back at most
:data:`SNAPSHOT_EVERY` rows to a full text and gives back the exact document.
Several flushes of one document in one transaction make one row. A pause or resume of
an item leaves the document as it is and is recorded by :func:`record_mark`, as a row
whose before and after are that document (walk55 #2). Retention (default
90 days or the last 500 changes per assistant, whichever keeps less; the
``memory-history-days`` / ``memory-history-changes`` settings) is applied in the same
write: the oldest rows go first, and the oldest kept row of each document gets its own
``before`` (the last dropped ``after``: copied when full, else that row's ``before``
with the dropped delta stacked on it, rebuilt in full past :data:`SNAPSHOT_EVERY`
stacked deltas), so it stays restorable and no kept delta loses its base.
"""

from __future__ import annotations

import hashlib
import struct
import zlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import LargeBinary, bindparam, delete, event, func, inspect, select, update
from sqlalchemy.orm import Session, sessionmaker

from chathub_desktop.core.app_settings import MEMORY_HISTORY_CHANGES, MEMORY_HISTORY_DAYS
from chathub_desktop.core.document_version import TOKEN_HEX, document_version
from chathub_desktop.core.memory_actions import ActionKind, ChangeAction
from chathub_desktop.core.memory_authors import ChangeAuthor
from chathub_desktop.core.memory_documents import MemoryDocument
from chathub_desktop.storage.models import (
    AppSetting,
    DynamicMemoryDocument,
    FixedMemoryDocument,
    MemoryChange,
    utcnow,
)

FIXED, DYNAMIC = MemoryDocument.FIXED, MemoryDocument.DYNAMIC
#: A recorded change (its row), as the history service names it (services use storage's
#: functions, not the ORM models).
Change = MemoryChange
#: Settings (APP settings table) and defaults of retention.
DAYS_SETTING, CHANGES_SETTING = MEMORY_HISTORY_DAYS.key, MEMORY_HISTORY_CHANGES.key
DEFAULT_DAYS, DEFAULT_CHANGES = MEMORY_HISTORY_DAYS.default, MEMORY_HISTORY_CHANGES.default
#: zlib level: 1 compresses Markdown about 3× at ~100 MB/s (the write must stay cheap).
_LEVEL = 1
_AUTHOR_KEY = "memory_author"
_PENDING_KEY = "memory_changes"


@dataclass(frozen=True)
class Author:
    """Who makes a change (issue 18): ``kind`` a :class:`~chathub_desktop.core.memory_authors.ChangeAuthor`; ``detail`` the
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
    """The document text of a stored ``before`` or full ``after``: :func:`pack` output, or
    a stack (a full text and the deltas that follow it, see :func:`_stacked`)."""
    if blob[:1] != bytes((_STACK,)):
        return zlib.decompress(blob).decode("utf-8")
    _, count, base_len = _STACK_HEAD.unpack_from(blob)
    pos = _STACK_HEAD.size + base_len
    text = unpack(blob[_STACK_HEAD.size:pos])
    for _ in range(count):
        (n,) = _LEN.unpack_from(blob, pos)
        pos += _LEN.size
        text = _apply(blob[pos:pos + n], text)
        pos += n
    return text


#: A chained ``after`` is stored in full at least every this many changes of a document,
#: so reading a row rebuilds it from at most this many deltas.
SNAPSHOT_EVERY = 16
#: First byte of a delta blob (a zlib stream, i.e. a full text, starts with 0x78); the
#: second byte is the chain depth (1..SNAPSHOT_EVERY), then ``>QQ`` kept start and end
#: lengths (characters of the base) and the zlib of the text between.
_DELTA = 0x01
_HEAD = struct.Struct(">BBQQ")
#: First byte of a stacked ``before`` (what pruning gives the oldest kept change when the
#: dropped ``after`` was a delta): ``>BBI`` kind, delta count, length of the full text
#: blob, that blob, then each delta as ``>I`` length and blob. Copying blobs instead of
#: compressing the whole document keeps a write at the retention limit cheap; a stack
#: is rebuilt as one full text past :data:`SNAPSHOT_EVERY` deltas.
_STACK = 0x02
_STACK_HEAD = struct.Struct(">BBI")
_LEN = struct.Struct(">I")
_STEP = 4096  # characters compared at a time when looking for the common start/end


def is_delta(blob: bytes) -> bool:
    """True when ``blob`` (a stored ``after``) is a delta against its row's ``before``."""
    return bool(blob) and blob[0] == _DELTA


def _depth(blob: bytes | None) -> int:
    """Chain depth of a stored ``after``: 0 for a full text (or none)."""
    return blob[1] if blob and blob[0] == _DELTA else 0


def _common_start(a: str, b: str, limit: int) -> int:
    """Length (characters) of the common start of ``a`` and ``b``, at most ``limit``:
    block compares (C memcmp), then halving inside the first block that differs."""
    i = 0
    while i < limit:
        j = min(i + _STEP, limit)
        if a[i:j] != b[i:j]:
            while j - i > 1:  # a[..i] equal, a[i:j] differs
                mid = (i + j) // 2
                if a[i:mid] == b[i:mid]:
                    i = mid
                else:
                    j = mid
            return i
        i = j
    return limit


def _common_end(a: str, b: str, limit: int) -> int:
    """Length (characters) of the common end of ``a`` and ``b``, at most ``limit``."""
    la, lb, n = len(a), len(b), 0
    while n < limit:
        m = min(n + _STEP, limit)
        if a[la - m:la - n] != b[lb - m:lb - n]:
            while m - n > 1:  # the last n equal, the last m differ
                mid = (n + m) // 2
                if a[la - mid:la - n] == b[lb - mid:lb - n]:
                    n = mid
                else:
                    m = mid
            return n
        n = m
    return limit


def _delta(before: str, after: str) -> tuple[int, int, str]:
    """``(kept start, kept end, text between)`` with ``after == before[:start] + between
    + before[len(before) - end:]`` (characters)."""
    shortest = min(len(before), len(after))
    start = _common_start(before, after, shortest)
    end = _common_end(before, after, shortest - start)
    return start, end, after[start:len(after) - end]


def _stacked(before: bytes, delta: bytes) -> bytes | None:
    """A stored ``before`` followed by a ``delta`` against it, as one stack (no
    compression), or ``None`` when the stack would hold more than :data:`SNAPSHOT_EVERY`
    deltas (then the caller stores the text in full)."""
    if before[:1] == bytes((_STACK,)):
        _, count, base_len = _STACK_HEAD.unpack_from(before)
        base, deltas = before[_STACK_HEAD.size:_STACK_HEAD.size + base_len], before[_STACK_HEAD.size + base_len:]
    else:
        count, base, deltas = 0, before, b""
    if count + 1 > SNAPSHOT_EVERY:
        return None
    return _STACK_HEAD.pack(_STACK, count + 1, len(base)) + base + deltas + _LEN.pack(len(delta)) + delta


def _pack_delta(depth: int, start: int, end: int, between: str) -> bytes:
    return _HEAD.pack(_DELTA, depth, start, end) + zlib.compress(between.encode("utf-8"), _LEVEL)


def _apply(blob: bytes, base: str) -> str:
    """The document a delta ``blob`` makes of ``base`` (its row's ``before``)."""
    _, _, start, end = _HEAD.unpack_from(blob)
    between = zlib.decompress(blob[_HEAD.size:]).decode("utf-8")
    return base[:start] + between + base[len(base) - end:]


def retention(s: Session) -> tuple[int, int]:
    """``(days, changes)`` the history keeps per assistant (settings or 90 / 500)."""
    rows = {k: v for k, v in s.execute(select(AppSetting.key, AppSetting.value)
                                       .where(AppSetting.key.in_((DAYS_SETTING, CHANGES_SETTING))))}
    return MEMORY_HISTORY_DAYS.stored(rows.get(DAYS_SETTING)), MEMORY_HISTORY_CHANGES.stored(rows.get(CHANGES_SETTING))


#: The last document this process recorded per ``(assistant, document)`` and its version
#: token: the *after* of one write is the *before* of the next, so its sha256 is not
#: computed twice (an equality test of two strings is a memcmp, far cheaper than a hash).
_LAST: dict[tuple[int, str], tuple[str, str]] = {}


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:TOKEN_HEX]


def _version(aid: int, document: str, text: str) -> str:
    """``document_version(text)``, free when ``text`` is the last document recorded here."""
    hit = _LAST.get((aid, document))
    return hit[1] if hit is not None and hit[0] == text else document_version(text)


def _remember(aid: int, document: str, text: str, version: str) -> None:
    if len(_LAST) >= 16 and (aid, document) not in _LAST:
        _LAST.pop(next(iter(_LAST)))
    _LAST[(aid, document)] = (text, version)


def record(s: Session, aid: int, document: str, before: str, after: str, author: Author | None,
           now: datetime | None = None) -> MemoryChange | None:
    """Record one change of ``document`` (``fixed`` / ``dynamic``) of assistant ``aid``
    from ``before`` to ``after`` in session ``s`` (inside the change's write) and apply
    retention. A second change of the same document in the same session extends the
    first row. Returns the row (None when ``before == after``).

    Kept cheap (issue 18: ≤ 10 % of a write on a 10,000-entry memory): ``after`` is
    stored as a delta against ``before`` (found by block compares, no diff), so the
    whole document is not compressed, except every :data:`SNAPSHOT_EVERY` changes or
    when the change rewrote most of it; no helper thread (on a busy machine waiting for
    one to be scheduled cost more than the work it took over); one prepared Core query
    reads the retention settings, the previous change's ``after_version`` (is
    ``before`` chained?) and chain depth, and the ids retention drops; the ``before``
    token is the last recorded ``after``'s when the text is the same (no second hash)."""
    if before == after:
        return None
    pending: dict[tuple[int, str], MemoryChange] = s.info.setdefault(_PENDING_KEY, {})
    row = pending.get((aid, document))
    if row is not None:  # a delta would need the first flush's before: store the text
        data = after.encode("utf-8")
        after_version = _digest(data)
        row.after = zlib.compress(data, _LEVEL)
        row.after_version, row.after_chars = after_version, len(after)
        _remember(aid, document, after, after_version)
        return row
    row = _add(s, aid, document, before, after, author or Author(
        ChangeAuthor.SYSTEM, None, ChangeAction(ActionKind.UNATTRIBUTED).english()), now)
    pending[(aid, document)] = row
    return row


def record_mark(s: Session, aid: int, document: str, body: str, author: Author,
                now: datetime | None = None) -> MemoryChange:
    """Record a change of a mark on ``document`` of assistant ``aid`` that leaves its
    text ``body`` as it is — a pause or resume (issue 18; walk55 #2: it left no trace) —
    in the write session ``s``, with retention as :func:`record`. Its row's ``before``
    and ``after`` are both ``body`` (equal version tokens tell such a row; its after is a
    delta of nothing, chained to the previous row when that one ended in ``body``), so
    the history lists it and a revert of a later change counts it out
    (:func:`is_mark`)."""
    return _add(s, aid, document, body, body, author, now, mark=True)


def is_mark(change: MemoryChange) -> bool:
    """True for a row :func:`record_mark` wrote (its document did not change)."""
    return change.before_version == change.after_version


def _add(s: Session, aid: int, document: str, before: str, after: str, who: Author,
         now: datetime | None, *, mark: bool = False) -> MemoryChange:
    """Add the row of one change (:func:`record`; ``mark``: of :func:`record_mark`, its
    ``before`` is its ``after``) and apply retention."""
    data = after.encode("utf-8")
    start, end, between = _delta(before, after)
    after_version = _digest(data)
    before_version = after_version if mark else _version(aid, document, before)
    now = now or utcnow()
    previous, previous_head, by_count, by_age = _state(s, aid, document, now)
    chained = previous == before_version
    depth = _depth(previous_head) + 1 if chained else 1  # 1: the base is this row's own before
    if 2 * len(between) < len(after) and depth <= SNAPSHOT_EVERY:  # else a delta saves little
        packed = _pack_delta(depth, start, end, between)
    else:
        packed = zlib.compress(data, _LEVEL)
    row = MemoryChange(
        assistant_id=aid, document=document, at=now, author=who.kind, author_detail=who.detail,
        action=who.action[:300], before=None if chained else pack(before), after=packed,
        before_version=before_version, after_version=after_version, before_chars=len(before),
        after_chars=len(after))
    s.add(row)
    _remember(aid, document, after, after_version)
    limit = max((x for x in (by_count, by_age) if x is not None), default=None)
    if limit is not None:
        _drop_through(s, aid, limit, row)
    return row


def _drops(keep: int) -> tuple[Any, Any]:
    """Scalar subqueries: the last id beyond the ``keep`` newest (counting the row being
    added) and the last id older than the bound ``cutoff`` (both bound to ``aid``)."""
    mc = MemoryChange
    mine = mc.assistant_id == bindparam("aid")
    by_count = select(mc.id).where(mine).order_by(mc.id.desc()).offset(keep - 1).limit(1).scalar_subquery()
    by_age = select(func.max(mc.id)).where(mine, mc.at < bindparam("cutoff")).scalar_subquery()
    return by_count, by_age


def _state_query() -> Any:
    """The query of :func:`_state` for the default retention, built once (building it
    cost as much as running it); bound ``aid``, ``doc`` and ``cutoff``."""
    mc = MemoryChange
    days_raw, keep_raw = (select(AppSetting.value).where(AppSetting.key == key).scalar_subquery()
                          for key in (DAYS_SETTING, CHANGES_SETTING))
    last = (select(mc.id).where(mc.assistant_id == bindparam("aid"), mc.document == bindparam("doc"))
            .order_by(mc.id.desc()).limit(1).scalar_subquery())
    previous = select(mc.after_version).where(mc.id == last).scalar_subquery()
    head = select(func.substr(mc.after, 1, _HEAD.size, type_=LargeBinary)).where(mc.id == last).scalar_subquery()
    return select(days_raw, keep_raw, previous, head, *_drops(DEFAULT_CHANGES))


_STATE: list[Any] = []  # the query of _state_query, once built


def _state(s: Session, aid: int, document: str,
           now: datetime) -> tuple[str | None, bytes | None, int | None, int | None]:
    """``(previous after_version of document, the first bytes of its after (for the
    chain depth), last id beyond the kept number counting the row being added, last id
    older than the kept days)``: one query that reads the retention settings with the
    answers for the default retention (the write must stay cheap); a second one only
    when a setting differs from its default."""
    if not _STATE:
        _STATE.append(_state_query())
    conn = s.connection()  # Core: the ORM layer around a plain select cost more than the query
    got = conn.execute(_STATE[0], {"aid": aid, "doc": document,
                                   "cutoff": now - timedelta(days=DEFAULT_DAYS)}).one()
    head = bytes(got[3]) if got[3] is not None else None
    days = MEMORY_HISTORY_DAYS.stored(got[0])
    keep = MEMORY_HISTORY_CHANGES.stored(got[1])
    if (days, keep) == (DEFAULT_DAYS, DEFAULT_CHANGES):
        return got[2], head, got[4], got[5]
    mine = conn.execute(select(*_drops(keep)), {"aid": aid, "cutoff": now - timedelta(days=days)}).one()
    return got[2], head, mine[0], mine[1]


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


def _drop_queries() -> tuple[Any, Any]:
    """``(first kept, last dropped)`` row of one document around the bound ``limit``
    (bound ``aid``, ``doc``), built once: ``(id, before is null)`` and ``(id, before, after)``."""
    mc = MemoryChange
    mine = (mc.assistant_id == bindparam("aid"), mc.document == bindparam("doc"))
    first = select(mc.id, mc.before.is_(None)).where(*mine, mc.id > bindparam("limit")).order_by(mc.id).limit(1)
    last = (select(mc.id, mc.before, mc.after).where(*mine, mc.id <= bindparam("limit"))
            .order_by(mc.id.desc()).limit(1))
    return first, last


_DROP: list[tuple[Any, Any]] = []  # the queries of _drop_queries, once built


def _drop_through(s: Session, aid: int, limit: int, adding: MemoryChange | None = None) -> int:
    """Delete ``aid``'s changes with id ≤ ``limit``; the oldest kept change of each
    document (``adding``, the row not flushed yet, when no stored one is kept) gets its
    own ``before`` first (the last dropped row's ``after``: its blob when full, else that
    row's before with the delta stacked on it (:func:`_stacked`), else rebuilt and
    compressed), so it stays revertible and the deltas after it keep their base."""
    mc = MemoryChange
    if not _DROP:
        _DROP.append(_drop_queries())
    first_q, last_q = _DROP[0]
    conn = s.connection()
    for document in (FIXED, DYNAMIC):
        where = {"aid": aid, "doc": document, "limit": limit}
        first = conn.execute(first_q, where).first()
        if first is not None:
            chained = bool(first[1])
        else:
            chained = adding is not None and adding.document == document and adding.before is None
        if not chained:  # nothing kept, or the oldest kept holds its own before
            continue
        last = conn.execute(last_q, where).first()
        if last is None:
            continue
        last_id, last_before, last_after = last
        if not is_delta(last_after):
            base = last_after
        else:  # stack the dropped delta on its stored before; rebuild the text when too deep
            stacked = _stacked(last_before, last_after) if last_before is not None else None
            base = stacked if stacked is not None else pack(
                _texts(s, aid, document, last_id, last_before, last_after)[1])
        if first is not None:
            s.execute(update(mc).where(mc.id == first[0]).values(before=base))
        elif adding is not None:
            adding.before = base
    done = s.execute(delete(mc).where(mc.assistant_id == aid, mc.id <= limit))
    return int(getattr(done, "rowcount", 0) or 0)


def documents(s: Session, change: MemoryChange) -> tuple[str, str]:
    """``(before, after)`` of a recorded change, exactly as they were: a chained
    ``before`` is the previous change's ``after``; a delta ``after`` is applied to the
    ``before``. Reads at most :data:`SNAPSHOT_EVERY` + 1 older rows of the document, in
    one query, only when the change's ``before`` is chained."""
    return _texts(s, change.assistant_id, change.document, change.id, change.before, change.after)


def _texts(s: Session, aid: int, document: str, change_id: int, before_blob: bytes | None,
           after_blob: bytes) -> tuple[str, str]:
    """:func:`documents` of the row ``change_id`` with these stored blobs."""
    if before_blob is not None:
        before = unpack(before_blob)
    else:
        mc = MemoryChange
        older = s.execute(select(mc.before, mc.after).where(
            mc.assistant_id == aid, mc.document == document, mc.id < change_id)
            .order_by(mc.id.desc()).limit(SNAPSHOT_EVERY + 1)).all()
        before = _after_at([(b, a) for b, a in older], 0)
    return before, _apply(after_blob, before) if is_delta(after_blob) else unpack(after_blob)


def _after_at(chain: list[tuple[bytes | None, bytes]], i: int) -> str:
    """The ``after`` of ``chain[i]`` (``chain``: ``(before, after)`` blobs of one
    document, newest first; ``""`` past its end): back to the first full text, then the
    deltas forward (at most :data:`SNAPSHOT_EVERY` of them)."""
    deltas: list[bytes] = []
    text = ""
    for before, after in chain[i:]:
        if not is_delta(after):
            text = unpack(after)
            break
        deltas.append(after)
        if before is not None:
            text = unpack(before)
            break
    for blob in reversed(deltas):
        text = _apply(blob, text)
    return text


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
