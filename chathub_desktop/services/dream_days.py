"""Try a dream on any past day (issue 14): the finished UTC days with activity that
Dream now offers, and the outcome line's list of the topics a dream read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time

from sqlalchemy import func, select

from chathub_desktop.services.assistant_service import AssistantService
from chathub_desktop.services.import_staging import visible_topics
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.models import Message, Topic

#: Titles named in a dream's outcome line; more are counted.
READ_TITLES_SHOWN = 5


@dataclass(frozen=True)
class ActiveDay:
    """A finished UTC day an assistant can dream over: ``topics`` with user/assistant
    messages that day and their ``messages`` count (the rows DRM-3 reads)."""

    day: date
    topics: int
    messages: int


def active_days(db: Database, assistant: int | str, today: date, limit: int = 60) -> list[ActiveDay]:
    """Days before ``today`` (UTC) on which ``assistant``'s visible topics have
    non-empty user/assistant messages, newest first, at most ``limit``. Raises
    ``NotFound`` for an unknown assistant."""
    with db.read() as s:
        a = AssistantService.row(s, assistant)
        if db.is_sqlite:  # stored as UTC text
            day_col = func.date(Message.created_at)
        else:
            day_col = func.date(func.timezone("UTC", Message.created_at))
        rows = s.execute(
            select(day_col.label("d"), func.count(func.distinct(Message.topic_id)), func.count(Message.id))
            .join(Topic, Topic.id == Message.topic_id)
            .where(Topic.assistant_id == a.id, visible_topics(), Topic.private.is_(False),
                   Message.role.in_(("user", "assistant")),
                   Message.content != "", Message.created_at < datetime.combine(today, time(), UTC))
            .group_by(day_col).order_by(day_col.desc()).limit(max(1, limit))
        ).all()
    return [ActiveDay(d if isinstance(d, date) else date.fromisoformat(str(d)), int(t), int(n))
            for d, t, n in rows]


def read_titles_note(titles: Sequence[str]) -> str:
    """``'; read “A”, “B” and 3 more'`` for a dream's outcome line (``""`` for none)."""
    if not titles:
        return ""
    shown = ", ".join(f"“{t}”" for t in titles[:READ_TITLES_SHOWN])
    more = len(titles) - READ_TITLES_SHOWN
    return f"; read {shown}" + (f" and {more} more" if more > 0 else "")
