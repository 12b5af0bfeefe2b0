"""Storing a topic's model-written title (APP-10, issue 31)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from chathub_desktop.storage.models import Topic

__all__ = ["namable", "retitle_unless_renamed"]


def namable(s: Session, topic_id: int) -> bool:
    """Whether ``topic_id``'s first message may be sent to a naming model: it exists and
    is not private (issues 19, 28: a private topic's words go into no request but its
    own chat's; it keeps its first-words title)."""
    topic = s.get(Topic, topic_id)
    return topic is not None and not topic.private


def retitle_unless_renamed(s: Session, topic_id: int, title: str, expected: str) -> bool:
    """Set ``topic_id``'s title to ``title`` when it still reads ``expected`` (the
    first-words title); False, changing nothing, when the topic is gone or the user
    renamed it meanwhile (the user wins). Call inside ``Database.write()``."""
    topic = s.get(Topic, topic_id)
    if topic is None or topic.title != expected:
        return False
    topic.title = title
    return True
