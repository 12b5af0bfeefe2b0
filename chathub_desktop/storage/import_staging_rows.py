"""SQL for the staged topics of a running chat import (issue 10 "Nothing lost",
issue 31). ``services.transfer.import_staging`` explains the scheme; here are its names and
queries: the ``Topic.source`` / ``app_setting`` prefixes, the visibility condition
every topic listing uses, the run registry and the chunked delete.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import ColumnElement, delete, not_, or_, select
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from chathub_desktop.storage.first_page import STAGED_PREFIX
from chathub_desktop.storage.models import AppSetting, Message, Topic

__all__ = [
    "REGISTRY_PREFIX",
    "STAGED_PREFIX",
    "delete_topics",
    "drop_registration",
    "register",
    "registrations",
    "staged_topic_ids",
    "visible_topics",
]

#: ``app_setting`` key prefix of a registered run; the run id follows.
REGISTRY_PREFIX = "import-staging:"


def visible_topics() -> ColumnElement[bool]:
    """SQL condition true for every topic except the staged rows of a running import."""
    return or_(Topic.source.is_(None), not_(Topic.source.startswith(STAGED_PREFIX, autoescape=True)))


def register(s: Session, key: str, info: dict[str, object]) -> None:
    """Add the run registration ``key`` holding ``info`` (call in ``Database.write()``)."""
    s.add(AppSetting(key=key, value=info))


def drop_registration(conn: Connection, key: str) -> None:
    """Delete the run registration ``key`` (no-op when absent)."""
    conn.execute(delete(AppSetting).where(AppSetting.key == key))


def registrations(s: Session) -> list[tuple[str, object]]:
    """``(key, stored value)`` of every registered run."""
    return [(k, v) for k, v in s.execute(select(AppSetting.key, AppSetting.value)
                                         .where(AppSetting.key.startswith(REGISTRY_PREFIX, autoescape=True)))]


def staged_topic_ids(conn: Connection, source: str, assistant_id: int | None, limit: int) -> list[int]:
    """At most ``limit`` ids of topics whose source is ``source`` (of ``assistant_id``
    only, when given)."""
    q = select(Topic.id).where(Topic.source == source)
    if assistant_id is not None:
        q = q.where(Topic.assistant_id == assistant_id)
    return list(conn.execute(q.limit(limit)).scalars())


def delete_topics(conn: Connection, ids: Sequence[int]) -> None:
    """Delete the topics ``ids`` with their messages (500 per statement)."""
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        conn.execute(delete(Message).where(Message.topic_id.in_(chunk)))
        conn.execute(delete(Topic).where(Topic.id.in_(chunk)))
