"""A topic as the topic list shows it (issue 29): :class:`ListedTopic`, one type for the
store's listing, the first page read without SQLAlchemy (``storage.first_page``) and the
window (``services.views.TopicView`` is this type). Nothing heavy is imported here: the
first page reads it before SQLAlchemy loads."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime

__all__ = ["ListedTopic"]


@dataclass(frozen=True, slots=True)
class ListedTopic:
    """A topic row for lists: ``message_count`` of its messages; times aware UTC."""

    id: int
    assistant_id: int
    title: str
    message_count: int
    created_at: datetime
    updated_at: datetime
    #: Listed first (issue 14).
    pinned: bool = False
    #: Hidden from the list unless "Show archived" (issue 14).
    archived: bool = False
    #: A private topic: no memory in its requests, never read by the dream (issue 19).
    private: bool = False
    #: Nobody has titled it yet (issue 27): ``title`` is the English "New topic" the CLI
    #: shows; the window says it in its language.
    untitled: bool = False

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict (ISO 8601 UTC times)."""
        d = asdict(self)
        d["created_at"] = self.created_at.isoformat()
        d["updated_at"] = self.updated_at.isoformat()
        return d
