"""Attachment bytes in ``attachment_blob`` (issue 14): content-addressed writes, loads of
only the hashes a request needs, and a bounded sweep of blobs no message refers to.

Every function takes an open session; writes must run inside ``Database.write()`` (the
write transaction that takes the store lock first).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from sqlalchemy import Text, cast, delete, insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from chathub_desktop.core.attachments import Attachment, attachments_of
from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.request_assembly import AssemblyInput, HistoryMessage, window_start
from chathub_desktop.storage.models import AttachmentBlob, Message, MessageBranch

#: Hashes checked per sweep (a topic with more attachments leaves the rest to the next).
SWEEP_LIMIT = 500


def store_blobs(s: Session, attachments: Iterable[Attachment]) -> int:
    """Store the bytes of each loaded attachment once (a hash already stored is kept);
    returns how many rows were added. Raises ``ValueError`` for an attachment without
    bytes or whose bytes do not hash to its ``sha256``."""
    from chathub_desktop.core.attachments import sha256_hex

    added = 0
    seen: set[str] = set()
    for a in attachments:
        if a.data is None:
            raise ValueError(f"attachment {a.name} has no bytes to store")
        if sha256_hex(a.data) != a.sha256:
            raise ValueError(f"attachment {a.name}: bytes do not match their hash")
        if a.sha256 in seen or s.get(AttachmentBlob, a.sha256) is not None:
            continue
        seen.add(a.sha256)
        s.add(AttachmentBlob(sha256=a.sha256, mime=a.mime, data=a.data))
        added += 1
    s.flush()
    return added


def store_blobs_core(conn: Connection, attachments: Sequence[Attachment]) -> int:
    """:func:`store_blobs` on a Core connection inside a write transaction (the import
    writer's): hashes already stored are skipped; returns how many rows were added."""
    fresh: dict[str, Attachment] = {a.sha256: a for a in attachments if a.data is not None}
    if not fresh:
        return 0
    have = set(conn.execute(select(AttachmentBlob.sha256).where(AttachmentBlob.sha256.in_(sorted(fresh)))).scalars())
    rows = [{"sha256": sha, "mime": a.mime, "data": a.data, "created_at": utcnow()}
            for sha, a in fresh.items() if sha not in have]
    if rows:
        conn.execute(insert(AttachmentBlob), rows)
    return len(rows)


def load_blobs(s: Session, hashes: Iterable[str]) -> dict[str, bytes]:
    """``sha256 → bytes`` for the stored ones among ``hashes`` (one query)."""
    wanted = sorted(set(hashes))
    if not wanted:
        return {}
    return {sha: bytes(data) for sha, data in s.execute(
        select(AttachmentBlob.sha256, AttachmentBlob.data).where(AttachmentBlob.sha256.in_(wanted)))}


def with_data(s: Session, attachments: Sequence[Attachment], *, kinds: frozenset[str] | None = None
              ) -> tuple[Attachment, ...]:
    """``attachments`` with their bytes loaded (those of ``kinds`` only, when given); a
    blob that is missing leaves that attachment unloaded."""
    need = [a.sha256 for a in attachments if a.data is None and (kinds is None or a.kind in kinds)]
    blobs = load_blobs(s, need)
    return tuple(a.with_data(blobs[a.sha256]) if a.sha256 in blobs and a.data is None else a
                 for a in attachments)


def topic_hashes(s: Session, topic_id: int) -> set[str]:
    """Hashes the messages of ``topic_id`` refer to, in view and in its stashed versions."""
    out: set[str] = set()
    for value in s.scalars(select(Message.attachments).where(Message.topic_id == topic_id)):
        out.update(a.sha256 for a in attachments_of(value))
    for refs in s.scalars(select(MessageBranch.attachment_refs).where(MessageBranch.topic_id == topic_id,
                                                                      MessageBranch.attachment_refs.is_not(None))):
        out.update((refs or "").split())
    return out


def sweep(s: Session, candidates: Iterable[str]) -> int:
    """Delete the blobs among ``candidates`` (at most :data:`SWEEP_LIMIT`) that no stored
    message, in view or in a stashed version (``message_branch.attachment_refs``), refers
    to any more; returns how many were deleted. Call it in the write
    transaction that removed the messages, after they are flushed."""
    wanted = sorted(set(candidates))[:SWEEP_LIMIT]
    if not wanted:
        return 0
    s.flush()
    text = cast(Message.attachments, Text)
    used = {sha for sha in wanted
            if s.scalar(select(Message.id).where(text.contains(sha)).limit(1))
            or s.scalar(select(MessageBranch.id).where(MessageBranch.attachment_refs.contains(sha)).limit(1))}
    orphans = [sha for sha in wanted if sha not in used]
    if orphans:
        s.execute(delete(AttachmentBlob).where(AttachmentBlob.sha256.in_(orphans)))
    return len(orphans)


def sweep_recent(s: Session) -> int:
    """:func:`sweep` over the :data:`SWEEP_LIMIT` newest blobs (after a cancelled import
    deleted the staged messages that referred to them); returns how many were deleted."""
    newest = s.scalars(select(AttachmentBlob.sha256).order_by(AttachmentBlob.created_at.desc())
                       .limit(SWEEP_LIMIT)).all()
    return sweep(s, newest)


def hydrate(s: Session, inp: AssemblyInput) -> AssemblyInput:
    """``inp`` with the bytes of every attachment it will post loaded — the history rows
    from the limit's window start on and the pinned rows — in one query, so a long topic
    loads only what its request carries (issue 14). Rows without attachments are kept
    as they are."""
    start = window_start(inp.history, inp.history_limit)
    rows = [h for h in inp.history[start:] if h.sendable and h.message.attachments] + \
        [h for h in inp.pinned if h.message.attachments]
    need = {a.sha256 for h in rows for a in h.message.attachments if a.data is None}
    if not need:
        return inp
    blobs = load_blobs(s, need)

    def loaded(h: HistoryMessage) -> HistoryMessage:
        if not h.message.attachments:
            return h
        atts = tuple(a.with_data(blobs[a.sha256]) if a.data is None and a.sha256 in blobs else a
                     for a in h.message.attachments)
        return replace(h, message=replace(h.message, attachments=atts))

    history = tuple(inp.history[:start]) + tuple(loaded(h) for h in inp.history[start:])
    return replace(inp, history=history, pinned=tuple(loaded(h) for h in inp.pinned))
