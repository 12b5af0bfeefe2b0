"""The rows the recall tools read (issue 26, APP-12): an assistant's recent topics.

Functions take an open session and return ``core.recall_tools`` dataclasses. A
private topic is never read; nor is the asking topic, a topic without messages, or
a topic whose ``source`` starts with ``hidden_prefix`` (a running import's staged rows).
"""

from __future__ import annotations

from sqlalchemy import exists, func, select
from sqlalchemy.orm import Session

from chathub_desktop.core.recall_tools import RecentTopic
from chathub_desktop.storage.models import Message, Topic, TopicCompaction

__all__ = ["recent_topics"]


def recent_topics(s: Session, assistant_id: int, exclude_topic: int, limit: int,
                  hidden_prefix: str) -> list[RecentTopic]:
    """Up to ``limit`` of ``assistant_id``'s public topics other than ``exclude_topic``,
    latest activity first (``Topic.updated_at``, ties by id), each with its compaction
    summary, else its dream snippet (DRM-1), else ``""``."""
    has_messages = exists().where(Message.topic_id == Topic.id)
    rows = s.execute(
        select(Topic.id, Topic.title, Topic.updated_at, Topic.snippet, TopicCompaction.summary)
        .outerjoin(TopicCompaction, TopicCompaction.topic_id == Topic.id)
        .where(Topic.assistant_id == assistant_id, Topic.id != exclude_topic, Topic.private.is_(False),
               (Topic.source.is_(None)) | (func.substr(Topic.source, 1, len(hidden_prefix)) != hidden_prefix),
               has_messages)
        .order_by(Topic.updated_at.desc(), Topic.id.desc())
        .limit(limit)
    )
    return [RecentTopic(r.id, r.title, r.updated_at, (r.summary or "").strip() or (r.snippet or ""))
            for r in rows]
