"""SQL of the import writer (issue 10 "Nothing lost", APP-5, issue 31): staged topics
and messages written with Core ``executemany``, and the statements that publish a run
(continued conversations moved after their topic's last row, twins dropped, staged
topics made visible). ``services.transfer.import_writer`` decides what goes where; these
functions take the connection of ``Database.write_connection()`` (or a read session).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import cast

from sqlalchemy import JSON, Table, bindparam, func, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from chathub_desktop.storage.import_staging_rows import delete_topics
from chathub_desktop.storage.models import Assistant, Message, Topic

__all__ = [
    "StagedInserts", "assistant_exists", "continue_topic", "drop_twins", "imported_topics", "publish_source",
    "stored_source_ids",
]


def assistant_exists(s: Session, assistant_id: int) -> bool:
    """Whether assistant ``assistant_id`` exists."""
    return s.execute(select(Assistant.id).where(Assistant.id == assistant_id)).first() is not None


def imported_topics(s: Session, assistant_id: int, source: str) -> dict[str, tuple[int, datetime]]:
    """Export id → ``(topic id, updated_at)`` of the assistant's visible topics imported
    from ``source`` (topics without an export id left out)."""
    return {sid: (tid, upd) for sid, tid, upd in s.execute(
        select(Topic.source_id, Topic.id, Topic.updated_at).where(
            Topic.assistant_id == assistant_id, Topic.source == source)) if sid is not None}


def stored_source_ids(s: Session, topic_id: int) -> set[str]:
    """The export ids of the messages ``topic_id`` holds (rows without one left out)."""
    ids = set(s.execute(select(Message.source_id).where(Message.topic_id == topic_id)).scalars())
    ids.discard(None)
    return cast(set[str], ids)


class StagedInserts:
    """The two prepared ``executemany`` inserts of staged rows: topics (returning their
    ids in parameter order) and messages (JSON columns bound with ``none_as_null``:
    rows without calls or attachments store SQL NULL, like the ORM leaves an unset
    column, not the JSON text ``null``). Message dicts carry ``tool_calls_json`` and
    ``attachments_json`` for those two columns."""

    def __init__(self) -> None:
        topic_table = cast(Table, Topic.__table__)
        self._topic_stmt = insert(topic_table).returning(topic_table.c.id, sort_by_parameter_order=True)
        self._message_stmt = insert(cast(Table, Message.__table__)).values(
            tool_calls=bindparam("tool_calls_json", type_=JSON(none_as_null=True)),
            attachments=bindparam("attachments_json", type_=JSON(none_as_null=True)),
        )

    def topics(self, conn: Connection, rows: Sequence[dict[str, object]]) -> list[int]:
        """Insert topic ``rows`` (column → value); their new ids, in order."""
        return list(conn.execute(self._topic_stmt, list(rows)).scalars().all())

    def messages(self, conn: Connection, rows: Sequence[dict[str, object]]) -> None:
        """Insert message ``rows`` (nothing for none)."""
        if rows:
            conn.execute(self._message_stmt, list(rows))


def continue_topic(conn: Connection, staged: int, target: int, when: datetime) -> bool:
    """Move staged topic ``staged``'s messages after ``target``'s last row and set
    ``target``'s ``updated_at`` to ``when``; False, moving nothing, when ``target`` is
    gone or already holds one of those messages (another import added them). The
    staged topic itself is left for :func:`delete_topics`."""
    alive = conn.execute(select(Topic.id).where(Topic.id == target)).first() is not None
    overlap = alive and conn.execute(
        select(func.count()).select_from(Message).where(
            Message.topic_id == target,
            Message.source_id.in_(select(Message.source_id).where(Message.topic_id == staged)))
    ).scalar()
    if not alive or overlap:
        return False
    last = conn.execute(select(func.max(Message.seq)).where(Message.topic_id == target)).scalar() or 0
    conn.execute(update(Message).where(Message.topic_id == staged).values(topic_id=target, seq=Message.seq + last))
    conn.execute(update(Topic).where(Topic.id == target).values(updated_at=when))
    return True


def drop_twins(conn: Connection, assistant_id: int, staged_source: str, source: str) -> list[int]:
    """Delete the staged topics (source ``staged_source``) whose export id a visible
    topic of ``source`` already has; their ids."""
    visible = select(Topic.source_id).where(Topic.assistant_id == assistant_id, Topic.source == source)
    twins = list(conn.execute(select(Topic.id).where(
        Topic.assistant_id == assistant_id, Topic.source == staged_source, Topic.source_id.in_(visible))).scalars())
    delete_topics(conn, twins)
    return twins


def publish_source(conn: Connection, assistant_id: int, staged_source: str, source: str) -> None:
    """Make the assistant's staged topics (``staged_source``) topics of ``source``."""
    conn.execute(update(Topic).where(Topic.assistant_id == assistant_id, Topic.source == staged_source)
                 .values(source=source))
