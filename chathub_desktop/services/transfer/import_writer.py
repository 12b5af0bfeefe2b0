"""Writes parsed conversations of an import as staged topics, then publishes them
(issue 10 "Nothing lost", APP-5): chunks of :data:`MESSAGE_CHUNK_ROWS` rows, each its
own short write transaction, into topics no listing shows
(:mod:`chathub_desktop.services.transfer.import_staging`), and one short final transaction that
makes them visible. Shared by every import format (issue 15)."""

from __future__ import annotations

from datetime import datetime

from chathub_desktop.core.imported_chat import ImportedConversation, ImportedMessage
from chathub_desktop.core.messages import TopicKind
from chathub_desktop.services.input_rules import MAX_TITLE_CHARS
from chathub_desktop.services.transfer.import_staging import StagingRun, end_run
from chathub_desktop.storage import import_rows
from chathub_desktop.storage.attachment_blobs import store_blobs_core
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.import_staging_rows import delete_topics

__all__ = ["MESSAGE_CHUNK_ROWS", "ImportWriter", "last_activity"]

MESSAGE_CHUNK_ROWS = 2000
"""Message rows buffered before one ``executemany`` (topics of the chunk go first); each
chunk is one write transaction of a few tens of milliseconds."""


def last_activity(conv: ImportedConversation) -> datetime | None:
    """An imported topic's last activity (its ``updated_at``, which the topic list dates
    and groups it by): its newest message's time, else the export's own update time, else
    None (issue 29, walk53 #8: ChatGPT's ``update_time`` moves when a chat is only
    opened or renamed, so "8 Jan 2024" stood over messages all of 7 Jan)."""
    times = [m.created_at for m in conv.messages if m.created_at]
    return max(times) if times else conv.updated_at


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
        #: The topics published (new ones in file order, then the continued ones), after :meth:`publish`.
        self.topic_ids: tuple[int, ...] = ()
        self.messages = 0
        self.updated = 0
        self.dropped = 0  # staged conversations another import published first
        self._inserts = import_rows.StagedInserts()

    def append(self, topic_id: int, conv: ImportedConversation) -> bool:
        """Stage the messages of ``conv`` that ``topic_id`` does not hold yet, to go after
        its last row at publish time, when the stored messages are all on ``conv``'s
        active branch (the conversation went on after the earlier export). False when
        nothing is new or the branch no longer contains what was imported."""
        with self._db.read() as s:
            stored = import_rows.stored_source_ids(s, topic_id)
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
            created = conv.created_at or first or self._now
            topic_rows.append(
                {
                    "assistant_id": self._assistant_id,
                    "title": " ".join(conv.title.split())[:MAX_TITLE_CHARS] or conv.title,  # one line, as a rename
                    "title_generated": True,  # the export named it: never retitled (APP-10)
                    "kind": TopicKind.REGULAR.value,
                    "source": self._run.source,  # staged: hidden until the run is published
                    "source_id": conv.source_id,
                    "created_at": created,
                    "updated_at": last_activity(conv) or created,
                }
            )
        with self._db.write_connection() as conn:
            ids = self._inserts.topics(conn, topic_rows)
            rows: list[dict[str, object]] = []
            for (conv, messages, target), topic_id, topic_row in zip(pending, ids, topic_rows, strict=True):
                fallback = topic_row["created_at"] if target is None else (conv.updated_at or self._now)
                rows.extend(self._row(topic_id, seq, m, fallback) for seq, m in enumerate(messages, start=1))
                if target is None:
                    self._staged[topic_id] = len(messages)
                else:
                    self._continuations[topic_id] = (target, len(messages), last_activity(conv) or self._now)
            store_blobs_core(conn, [a for _c, messages, _t in pending for m in messages for a in m.media])
            self._inserts.messages(conn, rows)

    def publish(self) -> None:
        """Make the run visible in ONE short write transaction: continued conversations
        get their new messages after their current last row, new topics become
        topics of the format's ``source``, and conversations another import published first
        are dropped (counted as skipped)."""
        a, src = self._assistant_id, self._run.source
        continued: list[int] = []
        with self._db.write_connection() as conn:
            gone: list[int] = []
            for staged, (target, rows, when) in self._continuations.items():
                gone.append(staged)
                if not import_rows.continue_topic(conn, staged, target, when):
                    self.dropped += 1  # deleted, or another import added them meanwhile
                    continue
                self.updated += 1
                self.messages += rows
                continued.append(target)
            delete_topics(conn, gone)  # the continuations' staged rows (moved or dropped)
            twins = import_rows.drop_twins(conn, a, src, self._source)
            self.dropped += len(twins)
            import_rows.publish_source(conn, a, src, self._source)
            end_run(conn, self._run)
        for tid in twins:
            self._staged.pop(tid, None)
        self.topics = len(self._staged)
        self.messages += sum(self._staged.values())
        self.topic_ids = (*self._staged, *continued)

