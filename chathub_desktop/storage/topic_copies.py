"""SQL of topic export and import (issue 14 "Export / import a topic", issue 31):
a topic's messages in order, its model's provider name, the topic an export was
already imported as, and the insert of an imported topic with its messages. Each takes
the caller's session (reads in ``Database.read()``, :func:`insert_topic` in
``Database.write()``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from chathub_desktop.storage.message_records import MessageRecord, message_record
from chathub_desktop.storage.models import Message, Provider, Topic
from chathub_desktop.storage.topic_rows import TopicRecord, topic_record

__all__ = ["detached_copy", "imported_as", "insert_topic", "messages_in_order", "provider_name"]


def detached_copy(s: Session, topic_id: int) -> tuple[TopicRecord, list[MessageRecord], str | None] | None:
    """Topic ``topic_id``, its messages in order and its model's provider name (None:
    none), as frozen records that stay readable after the session ends (an export reads
    them outside the transaction); None when there is no such topic."""
    topic = topic_record(s, topic_id)
    if topic is None:
        return None
    return topic, messages_in_order(s, topic_id), provider_name(s, topic.model_provider_id)


def messages_in_order(s: Session, topic_id: int) -> list[MessageRecord]:
    """``topic_id``'s messages in ``seq`` order."""
    return [message_record(m) for m in
            s.scalars(select(Message).where(Message.topic_id == topic_id).order_by(Message.seq))]


def provider_name(s: Session, provider_id: int | None) -> str | None:
    """The name of provider ``provider_id``; None for None or a deleted provider."""
    provider = s.get(Provider, provider_id) if provider_id is not None else None
    return provider.name if provider is not None else None


def imported_as(s: Session, assistant_id: int, source: str, source_id: str) -> int | None:
    """Id of the assistant's topic imported from ``source`` with origin ``source_id``,
    None when there is none."""
    return s.scalar(select(Topic.id).where(Topic.assistant_id == assistant_id, Topic.source == source,
                                           Topic.source_id == source_id))


def insert_topic(s: Session, topic: Mapping[str, object], messages: Sequence[Mapping[str, object]]) -> int:
    """Insert a topic of ``topic``'s columns and its ``messages`` (column dicts,
    numbered ``seq`` 1, 2, … in order); the new topic's id. Call inside
    ``Database.write()``."""
    row = Topic(**topic)
    s.add(row)
    s.flush()
    s.add_all(Message(topic_id=row.id, seq=i, **m) for i, m in enumerate(messages, 1))
    s.flush()
    return row.id
