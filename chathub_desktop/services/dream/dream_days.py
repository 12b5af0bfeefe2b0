"""Try a dream on any past day (issue 14): the finished UTC days with activity that
Dream now offers, and the outcome line's list of the topics a dream read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time

from chathub_desktop.core.reasons import Reason
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.dream.dream_reasons import read_titles_note as titles_note
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.dream_rows import day_activity

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
        rows = day_activity(s, a.id, datetime.combine(today, time(), UTC), max(1, limit), sqlite=db.is_sqlite)
    return [ActiveDay(d, t, n) for d, t, n in rows]


def read_titles_note(titles: Sequence[str]) -> str:
    """``'; read “A”, “B” and 3 more'`` for a dream's outcome line (``""`` for none):
    the English of :func:`read_titles_notes`."""
    return "".join(r.english() for r in read_titles_notes(titles))


def read_titles_notes(titles: Sequence[str]) -> tuple[Reason, ...]:
    """The titles a dream read as a typed note (issue 27), the first
    :data:`READ_TITLES_SHOWN` named."""
    return titles_note(titles, READ_TITLES_SHOWN)
