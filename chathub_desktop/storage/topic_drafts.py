"""Each topic's unsent composer draft (walk45 #1, migration 0029): read one assistant's,
write a batch. Each function takes the caller's session; writes run inside
``Database.write()``."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from chathub_desktop.storage.models import Topic, TopicDraft

__all__ = ["StoredDraft", "has_draft", "put_drafts", "topic_drafts"]

#: ``(topic id, the box's text, the long pastes beside it)``; an empty text and no
#: pastes is no draft.
StoredDraft = tuple[int, str, tuple[str, ...]]


def topic_drafts(s: Session, assistant_id: int) -> list[StoredDraft]:
    """The drafts of ``assistant_id``'s topics, by topic id. A ``pasted`` value that is
    not a list of texts (a row written by hand) reads as no pastes."""
    q = (select(TopicDraft.topic_id, TopicDraft.text, TopicDraft.pasted)
         .join(Topic, Topic.id == TopicDraft.topic_id).where(Topic.assistant_id == assistant_id)
         .order_by(TopicDraft.topic_id))
    out: list[StoredDraft] = []
    for tid, text, pasted in s.execute(q):
        pastes = tuple(pasted) if isinstance(pasted, list) and all(isinstance(p, str) for p in pasted) else ()
        out.append((int(tid), text if isinstance(text, str) else "", pastes))
    return out


def has_draft(s: Session, topic_id: int) -> bool:
    """Whether topic ``topic_id`` has a stored draft."""
    return s.get(TopicDraft, topic_id) is not None


def put_drafts(s: Session, drafts: Iterable[StoredDraft]) -> list[int]:
    """Store each draft in write session ``s`` (an empty one removes the row), flushed;
    a topic that is gone (deleted meanwhile, here or by another process) is skipped.
    Returns the topic ids written."""
    written: list[int] = []
    for topic_id, text, pasted in drafts:
        row = s.get(TopicDraft, topic_id)
        if not text and not pasted:
            if row is not None:
                s.delete(row)
                written.append(topic_id)
            continue
        if row is None:
            if s.get(Topic, topic_id) is None:
                continue
            s.add(TopicDraft(topic_id=topic_id, text=text, pasted=list(pasted)))
        else:
            row.text, row.pasted = text, list(pasted)
        written.append(topic_id)
    s.flush()
    return written
