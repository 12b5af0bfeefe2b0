"""Storing a topic's model-written title (APP-10, issue 31)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from chathub_desktop.storage.models import Topic

__all__ = ["retitle_unless_renamed"]


def retitle_unless_renamed(s: Session, topic_id: int, title: str, expected: str) -> bool:
    """Set ``topic_id``'s title to ``title`` when it still reads ``expected`` (the
    first-words title); False, changing nothing, when the topic is gone or the user
    renamed it meanwhile (the user wins). Call inside ``Database.write()``."""
    topic = s.get(Topic, topic_id)
    if topic is None or topic.title != expected:
        return False
    topic.title = title
    return True
