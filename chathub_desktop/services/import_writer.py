"""Writes parsed conversations of an import as staged topics, then publishes them
(issue 10 "Nothing lost", APP-5): chunks of :data:`MESSAGE_CHUNK_ROWS` rows, each its
own short write transaction, into topics no listing shows
(:mod:`chathub_desktop.services.import_staging`), and one short final transaction that
makes them visible. Shared by every import format (issue 15)."""

from __future__ import annotations

from datetime import datetime
from typing import cast

from sqlalchemy import JSON, Table, bindparam, delete, func, insert, select, update
from sqlalchemy.engine import Connection

from chathub_desktop.core.imported_chat import ImportedConversation, ImportedMessage
from chathub_desktop.services.import_staging import StagingRun, end_run
from chathub_desktop.services.input_rules import MAX_TITLE_CHARS
from chathub_desktop.storage.attachment_blobs import store_blobs_core
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.models import Message, Topic

__all__ = ["MESSAGE_CHUNK_ROWS", "ImportWriter"]

MESSAGE_CHUNK_ROWS = 2000
"""Message rows buffered before one ``executemany`` (topics of the chunk go first); each
chunk is one write transaction of a few tens of milliseconds."""


class ImportWriter:
    """Buffers parsed conversations, writes them into staged topics of ``run`` with Core
    ``executemany`` (one write transaction per chunk) and publishes them at the end."""

    def __init__(self, db: Database, run: StagingRun, now: datetime, source: str) -> None:
        self._db = db
        self._source = source
        self._run = run
        self._assistant_id = run.assistant_id
        self._now = now
        # (conversation, its messages to write, the visible topic they continue or None)
        self._pending: list[tuple[ImportedConversation, list[ImportedMessage], int | None]] = []
        self._pending_rows = 0
        self._staged: dict[int, int] = {}  # staged new topic id -> its message rows
        self._continuations: dict[int, tuple[int, int, datetime]] = {}  # staged id -> (target, rows, updated)
        self.topics = 0
        self.messages = 0
        self.updated = 0
        self.dropped = 0  # staged conversations another import published first
        topic_table = cast(Table, Topic.__table__)
        self._topic_stmt = insert(topic_table).returning(
            topic_table.c.id, sort_by_parameter_order=True
        )
        # A JSON bind with none_as_null: rows without calls store SQL NULL (like the ORM
        # leaves an unset column), not the JSON text 'null'.
        self._message_stmt = insert(cast(Table, Message.__table__)).values(
            tool_calls=bindparam("tool_calls_json", type_=JSON(none_as_null=True)),
            attachments=bindparam("attachments_json", type_=JSON(none_as_null=True)),
        )

    def append(self, topic_id: int, conv: ImportedConversation) -> bool:
        """Stage the messages of ``conv`` that ``topic_id`` does not hold yet, to go after
        its last row at publish time, when the stored messages are all on ``conv``'s
        active branch (the conversation went on after the earlier export). False when
        nothing is new or the branch no longer contains what was imported."""
        with self._db.read() as s:
            stored = set(s.execute(select(Message.source_id).where(Message.topic_id == topic_id)).scalars())
        stored.discard(None)
        branch = {m.source_id for m in conv.messages}
        if not stored <= branch:  # the user switched branches: keep what was imported
            return False
        new = [m for m in conv.messages if m.source_id not in stored]
        if not new:
            return False
        self._buffer(conv, new, topic_id)
        return True

    @staticmethod
    def _row(topic_id: int, seq: int, m: ImportedMessage, fallback: object) -> dict[str, object]:
        return {
            "topic_id": topic_id,
            "seq": seq,
            "role": m.role.value,
            "content": m.content,
            "content_type": m.content_type,
            "tool_calls_json": [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in m.tool_calls]
            if m.tool_calls
            else None,
            "tool_call_id": m.tool_call_id,
            "tool_name": m.tool_name,
            "status": m.status.value,
            "model": m.model,
            "source_id": m.source_id,
            "created_at": m.created_at or fallback,
            "attachments_json": [a.meta() for a in m.media] or None,  # issue 14: the zip's images
        }

    def add(self, conv: ImportedConversation) -> None:
        """Stage ``conv`` as a new topic."""
        self._buffer(conv, list(conv.messages), None)

    def _buffer(self, conv: ImportedConversation, messages: list[ImportedMessage], target: int | None) -> None:
        self._pending.append((conv, messages, target))
        # image bytes weigh in too, so a chunk holds at most ~64 MB of them (issue 14)
        self._pending_rows += len(messages) + 1 + sum(a.size for m in messages for a in m.media) // 32768
        if self._pending_rows >= MESSAGE_CHUNK_ROWS:
            self.flush()

    def flush(self) -> None:
        """Write the buffered conversations as staged topics: one short write transaction."""
        if not self._pending:
            return
        pending, self._pending, self._pending_rows = self._pending, [], 0
        topic_rows = []
        for conv, _messages, _target in pending:
            first = next((m.created_at for m in conv.messages if m.created_at), None)
            last = next((m.created_at for m in reversed(conv.messages) if m.created_at), None)
            created = conv.created_at or first or self._now
            topic_rows.append(
                {
                    "assistant_id": self._assistant_id,
                    "title": " ".join(conv.title.split())[:MAX_TITLE_CHARS] or conv.title,  # one line, as a rename
                    "title_generated": True,  # the export named it: never retitled (APP-10)
                    "kind": "regular",
                    "source": self._run.source,  # staged: hidden until the run is published
                    "source_id": conv.source_id,
                    "created_at": created,
                    "updated_at": conv.updated_at or last or created,
                }
            )
        with self._db.write_connection() as conn:
            ids = conn.execute(self._topic_stmt, topic_rows).scalars().all()
            rows: list[dict[str, object]] = []
            for (conv, messages, target), topic_id, topic_row in zip(pending, ids, topic_rows, strict=True):
                fallback = topic_row["created_at"] if target is None else (conv.updated_at or self._now)
                rows.extend(self._row(topic_id, seq, m, fallback) for seq, m in enumerate(messages, start=1))
                if target is None:
                    self._staged[topic_id] = len(messages)
                else:
                    self._continuations[topic_id] = (target, len(messages), conv.updated_at or self._now)
            store_blobs_core(conn, [a for _c, messages, _t in pending for m in messages for a in m.media])
            if rows:
                conn.execute(self._message_stmt, rows)

    def publish(self) -> None:
        """Make the run visible in ONE short write transaction: continued conversations
        get their new messages after their current last row, new topics become
        topics of the format's ``source``, and conversations another import published first
        are dropped (counted as skipped)."""
        a, src = self._assistant_id, self._run.source
        with self._db.write_connection() as conn:
            gone: list[int] = []
            for staged, (target, rows, when) in self._continuations.items():
                alive = conn.execute(select(Topic.id).where(Topic.id == target)).first() is not None
                overlap = alive and conn.execute(
                    select(func.count()).select_from(Message).where(
                        Message.topic_id == target,
                        Message.source_id.in_(select(Message.source_id).where(Message.topic_id == staged)))
                ).scalar()
                if not alive or overlap:  # deleted, or another import added them meanwhile
                    gone.append(staged)
                    self.dropped += 1
                    continue
                last = conn.execute(select(func.max(Message.seq)).where(Message.topic_id == target)).scalar() or 0
                conn.execute(update(Message).where(Message.topic_id == staged)
                             .values(topic_id=target, seq=Message.seq + last))
                conn.execute(update(Topic).where(Topic.id == target).values(updated_at=when))
                gone.append(staged)
                self.updated += 1
                self.messages += rows
            _delete_topics(conn, gone)  # the continuations' staged rows (moved or dropped)
            visible = select(Topic.source_id).where(Topic.assistant_id == a, Topic.source == self._source)
            twins = list(conn.execute(select(Topic.id).where(
                Topic.assistant_id == a, Topic.source == src, Topic.source_id.in_(visible))).scalars())
            self.dropped += len(twins)
            _delete_topics(conn, twins)
            conn.execute(update(Topic).where(Topic.assistant_id == a, Topic.source == src).values(source=self._source))
            end_run(conn, self._run)
        for tid in twins:
            self._staged.pop(tid, None)
        self.topics = len(self._staged)
        self.messages += sum(self._staged.values())


def _delete_topics(conn: Connection, ids: list[int]) -> None:
    """Delete topics ``ids`` with their messages (500 per statement)."""
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        conn.execute(delete(Message).where(Message.topic_id.in_(chunk)))
        conn.execute(delete(Topic).where(Topic.id.in_(chunk)))
