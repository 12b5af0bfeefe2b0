"""Topic listings, message pages and the streaming-reply sweeps (APP-8, APP-10, issue 14,
issue 32; the last turn Regenerate replaces; issue 31: the queries live here). Each function takes the caller's session;
writes run inside ``Database.write()``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, inspect, select, update
from sqlalchemy.orm import Session, defer
from sqlalchemy.orm.attributes import set_committed_value

from chathub_desktop.core.messages import MessageStatus, Role, TopicKind
from chathub_desktop.storage.import_staging_rows import visible_topics
from chathub_desktop.storage.message_records import MessageRecord, message_record
from chathub_desktop.storage.models import Message, Topic, TopicCompaction, TopicDraft

__all__ = ["foreign_streams", "last_message", "last_user_message", "mark_interrupted", "message_count", "message_page",
           "message_position", "message_row", "recallable_from", "TopicFacts", "topic_facts", "remove_message", "rows_after", "streaming_claims", "tail_head", "topic_listing",
           "TopicRecord", "add_topic", "delete_if_untouched", "delete_topic", "topic_maker", "topic_record", "untitled_among", "unused_window_topics",
           "update_topic"]


@dataclass(frozen=True, slots=True)
class TopicRecord:
    """One stored topic, as its ``topic`` row holds it: ``kind`` a ``TopicKind`` value,
    ``source``/``source_id`` an imported conversation's origin (None: made here),
    ``model``/``model_provider_id`` the topic's own model choice (None: the assistant's,
    issue 14), times UTC."""

    id: int
    assistant_id: int
    title: str
    title_generated: bool
    kind: str
    source: str | None
    source_id: str | None
    pinned: bool
    archived: bool
    private: bool
    model: str | None
    model_provider_id: int | None
    created_at: datetime
    updated_at: datetime
    #: The conversation's first words as an import stored them (None: none).
    snippet: str | None = None
    #: Nobody has titled it yet (issue 27): ``title`` is then the English "New topic".
    untitled: bool = False


#: The settable column names of a topic (everything but its id).
TOPIC_COLUMNS: frozenset[str] = frozenset(c.key for c in inspect(Topic).column_attrs) - {"id"}


def _topic_record(t: Topic) -> TopicRecord:
    return TopicRecord(t.id, t.assistant_id, t.title, bool(t.title_generated), t.kind, t.source, t.source_id,
                       bool(t.pinned), bool(t.archived), bool(t.private), t.model, t.model_provider_id,
                       t.created_at, t.updated_at, t.snippet, bool(t.untitled))


def topic_record(s: Session, topic_id: int) -> TopicRecord | None:
    """Topic ``topic_id`` as a :class:`TopicRecord`, or None when there is no such topic."""
    t = s.get(Topic, topic_id)
    return None if t is None else _topic_record(t)


def untitled_among(s: Session, ids: Sequence[int]) -> set[int]:
    """Those of topics ``ids`` nobody has titled yet (issue 27)."""
    if not ids:
        return set()
    return set(s.scalars(select(Topic.id).where(Topic.id.in_(list(ids)), Topic.untitled.is_(True))))


def add_topic(s: Session, *, assistant_id: int, title: str, title_generated: bool, private: bool,
              untitled: bool = False, made_by: str | None = None) -> TopicRecord:
    """Add a topic of assistant ``assistant_id`` in write session ``s`` (flushed: its id
    and times are set) and return it; ``untitled``: nobody titled it (issue 27);
    ``made_by``: the window process whose New topic made it (``Topic.made_by``)."""
    t = Topic(assistant_id=assistant_id, title=title, title_generated=title_generated, private=private,
              untitled=untitled, made_by=made_by)
    s.add(t)
    s.flush()
    return _topic_record(t)


def update_topic(s: Session, topic_id: int, changes: dict[str, object]) -> TopicRecord:
    """Set ``changes`` (names from :data:`TOPIC_COLUMNS`) on topic ``topic_id`` in write
    session ``s`` and return it. ``KeyError`` for an unknown id or field name."""
    t = s.get(Topic, topic_id)
    if t is None:
        raise KeyError(topic_id)
    for key, value in changes.items():
        if key not in TOPIC_COLUMNS:
            raise KeyError(key)
        setattr(t, key, value)
    s.flush()
    return _topic_record(t)


def delete_topic(s: Session, topic_id: int) -> None:
    """Delete topic ``topic_id`` and its messages (the rows cascade) in write session
    ``s``, flushed; no-op when it is gone."""
    t = s.get(Topic, topic_id)
    if t is not None:
        s.delete(t)
        s.flush()


def delete_if_untouched(s: Session, topic_id: int, *, drop_draft: bool = False) -> bool:
    """Delete topic ``topic_id`` in write session ``s`` when nothing of it is the user's:
    no message, no compaction, a default title (never renamed nor titled), not pinned,
    archived or private, no own model, no unsent draft (issue 28, walk42 #3, walk45 #1).
    ``drop_draft``: its stored draft is deleted first (the caller knows it was emptied).
    True when deleted."""
    if drop_draft and (d := s.get(TopicDraft, topic_id)) is not None:
        s.delete(d)
        s.flush()
    t = s.get(Topic, topic_id)
    if (t is None or t.title_generated or t.pinned or t.archived or t.private or t.model is not None
            or t.model_provider_id is not None or message_count(s, topic_id)
            or s.get(TopicCompaction, topic_id) is not None or s.get(TopicDraft, topic_id) is not None):
        return False
    s.delete(t)
    s.flush()
    return True


def unused_window_topics(s: Session) -> list[tuple[int, str, datetime]]:
    """``(id, made_by, created_at)`` of the topics a window's New topic made
    (``Topic.made_by`` set) that nobody titled and that hold no message and no draft: the
    ones a window that ended without quitting may have left (session 51). The rest of
    :func:`delete_if_untouched`'s rule is checked when one is deleted."""
    used = select(Message.id).where(Message.topic_id == Topic.id).correlate(Topic).exists()
    drafted = select(TopicDraft.topic_id).where(TopicDraft.topic_id == Topic.id).correlate(Topic).exists()
    q = select(Topic.id, Topic.made_by, Topic.created_at).where(
        Topic.made_by.is_not(None), Topic.untitled.is_(True), ~used, ~drafted).order_by(Topic.id)
    return [(tid, str(by), at) for tid, by, at in s.execute(q)]


def topic_maker(s: Session, topic_id: int) -> tuple[str | None, datetime] | None:
    """``(made_by, created_at)`` of topic ``topic_id`` (``Topic.made_by``; None: no such
    topic)."""
    row = s.execute(select(Topic.made_by, Topic.created_at).where(Topic.id == topic_id)).first()
    return None if row is None else (row[0], row[1])


def message_count(s: Session, topic_id: int) -> int:
    """How many messages topic ``topic_id`` holds."""
    return s.scalar(select(func.count()).select_from(Message).where(Message.topic_id == topic_id)) or 0


def topic_listing(s: Session, assistant_id: int | None, *, archived: bool) -> list[tuple[Any, ...]]:
    """``(id, assistant_id, title, message count, created_at, updated_at, pinned,
    archived, private, untitled)`` of the visible topics (never a running import's staged rows),
    one assistant's or all; archived ones only with ``archived``; pinned first, then
    most recently active. The count runs over the (topic_id, seq) index per topic."""
    n = select(func.count()).where(Message.topic_id == Topic.id).correlate(Topic).scalar_subquery()
    q = (select(Topic.id, Topic.assistant_id, Topic.title, n, Topic.created_at, Topic.updated_at,
                Topic.pinned, Topic.archived, Topic.private, Topic.untitled).where(visible_topics()))
    if assistant_id is not None:
        q = q.where(Topic.assistant_id == assistant_id)
    if not archived:
        q = q.where(Topic.archived.is_(False))
    q = q.order_by(Topic.pinned.desc(), Topic.updated_at.desc(), Topic.id.desc())
    return [tuple(r) for r in s.execute(q)]


def message_page(s: Session, topic_id: int, offset: int, limit: int | None) -> list[MessageRecord]:
    """The topic's messages in order from position ``offset`` (0-based), at most ``limit``."""
    q = select(Message).where(Message.topic_id == topic_id).order_by(Message.seq).offset(offset)
    if limit is not None:
        q = q.limit(limit)
    return [message_record(m) for m in s.scalars(q)]


def foreign_streams(s: Session, topic_id: int, process_id: str) -> list[int]:
    """Ids of the topic's replies marked streaming by a process other than ``process_id``
    (or by none)."""
    return list(s.scalars(select(Message.id).where(
        Message.topic_id == topic_id, Message.status == MessageStatus.STREAMING.value,
        Message.sent_by_process.is_(None) | (Message.sent_by_process != process_id))))


def streaming_claims(s: Session) -> list[tuple[int, str | None, datetime]]:
    """``(id, sent_by_process, created_at)`` of every reply marked streaming."""
    return [(mid, by, at) for mid, by, at in s.execute(
        select(Message.id, Message.sent_by_process, Message.created_at)
        .where(Message.status == MessageStatus.STREAMING.value))]


def mark_interrupted(s: Session, ids: Sequence[int], now: datetime) -> None:
    """Mark messages ``ids`` interrupted at ``now`` (their history version moves)."""
    s.execute(update(Message).where(Message.id.in_(ids))
              .values(status=MessageStatus.INTERRUPTED.value, edited_at=now))


def last_user_message(s: Session, topic_id: int) -> MessageRecord | None:
    """The topic's latest user message in view, or None."""
    return _record(s.scalar(select(Message).where(Message.topic_id == topic_id, Message.role == Role.USER.value)
                            .order_by(Message.seq.desc()).limit(1)))


def rows_after(s: Session, topic_id: int, seq: int) -> list[tuple[int, int]]:
    """``(id, seq)`` of the topic's messages in view after position ``seq``, in order."""
    return [(mid, mseq) for mid, mseq in s.execute(
        select(Message.id, Message.seq).where(Message.topic_id == topic_id, Message.seq > seq).order_by(Message.seq))]


def tail_head(s: Session, topic_id: int, seq: int) -> tuple[int, Role | None, str]:
    """``(messages, first role, first text)`` of the topic's messages in view from
    position ``seq`` on (``(0, None, "")`` when there are none). Raises ``ValueError``
    for a role word :class:`Role` does not have."""
    count = s.scalar(select(func.count(Message.id)).where(Message.topic_id == topic_id, Message.seq >= seq))
    first = s.execute(select(Message.role, Message.content).where(Message.topic_id == topic_id, Message.seq >= seq)
                      .order_by(Message.seq).limit(1)).first()
    return int(count or 0), (Role(first[0]) if first else None), (first[1] if first else "")


def last_message(s: Session, topic_id: int) -> MessageRecord | None:
    """The topic's last message in view, or None."""
    return _record(s.scalar(select(Message).where(Message.topic_id == topic_id).order_by(Message.seq.desc()).limit(1)))


def _record(row: Message | None) -> MessageRecord | None:
    return None if row is None else message_record(row)


@dataclass(frozen=True, slots=True)
class TopicFacts:
    """What the tools check of a topic: its ``assistant_id``, whether it is ``private``
    (issue 19) and its ``kind`` (a ``TopicKind`` value, CMP-16, MEM-4)."""

    assistant_id: int
    private: bool
    kind: str


def topic_facts(s: Session, topic_id: int) -> TopicFacts | None:
    """Topic ``topic_id``'s :class:`TopicFacts`, or None when there is no such topic."""
    topic = s.get(Topic, topic_id)
    return None if topic is None else TopicFacts(topic.assistant_id, bool(topic.private), topic.kind)


def recallable_from(s: Session, topic_id: int) -> bool:
    """Whether the recall tools may run from topic ``topic_id``: it exists, is a regular
    chat and is not private (issue 19)."""
    topic = s.get(Topic, topic_id)
    return topic is not None and not topic.private and topic.kind == TopicKind.REGULAR


def message_row(s: Session, message_id: int) -> MessageRecord | None:
    """Message ``message_id`` as a :class:`MessageRecord`, or None (change it with
    ``topic_repository.update_reply``)."""
    return _record(s.get(Message, message_id))


def message_start(s: Session, message_id: int, chars: int) -> tuple[MessageRecord, int | None] | None:
    """Message ``message_id`` holding only its first ``chars`` characters of text, with
    its whole length when it is longer (else None); None when there is no such row. Only
    that start leaves the store (huge52: showing a stored 16 MB reply read it whole,
    16 MB in SQLite and 16 MB here at once). The length is a second query: one query
    asking both had SQLite load the text twice."""
    row = s.get(Message, message_id, options=[defer(Message.content)])
    if row is None:
        return None
    this = Message.id == message_id
    start = s.scalar(select(func.substr(Message.content, 1, chars + 1)).where(this)) or ""
    length = None
    if len(start) > chars:
        length, start = s.scalar(select(func.length(Message.content)).where(this)), start[:chars]
    set_committed_value(row, "content", start)
    return message_record(row), length


def message_position(s: Session, message_id: int) -> tuple[int, int] | None:
    """``(topic id, seq)`` of message ``message_id``, or None when there is no such row."""
    row = s.get(Message, message_id)
    return (row.topic_id, row.seq) if row is not None else None


def remove_message(s: Session, message_id: int) -> bool:
    """Delete message ``message_id`` (write session); False when there was none."""
    row = s.get(Message, message_id)
    if row is None:
        return False
    s.delete(row)
    return True
