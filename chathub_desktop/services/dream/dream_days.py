"""Try a dream on any past day (issue 14): the finished UTC days with activity that
Dream now offers, and the outcome line's list of the topics a dream read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.reasons import Reason
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.dream.dream_reasons import read_titles_note as titles_note
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.dream_rows import day_activity, proposal_rows
from chathub_desktop.storage.memory_change_queries import current_body
from chathub_desktop.storage.memory_history import DYNAMIC

#: Titles named in a dream's outcome line; more are counted.
READ_TITLES_SHOWN = 5


@dataclass(frozen=True)
class ActiveDay:
    """A finished UTC day an assistant can dream over: ``topics`` with user/assistant
    messages that day and their ``messages`` count (the rows DRM-3 reads)."""

    day: date
    topics: int
    messages: int
    #: Already dreamt: a card covers the day (its own, or the range card it is folded
    #: into) or a proposal for it waits for review; Dream now would refuse it (walk40 #6).
    dreamt: bool = False
    #: False for today (UTC): it has messages but is not over, so it cannot be dreamt yet
    #: (walk42 #4: the picker said "every day already has a card" instead).
    finished: bool = True


def _dreamt(cards: Sequence[dm.Card], proposed: set[date], day: date) -> bool:
    """True when ``day`` has a card, is on or before the range card's end, or has a
    proposal (the days a dream over it refuses)."""
    return day in proposed or any(c.day == day or (c.span is not None and day <= c.span[1]) for c in cards)


def active_days(db: Database, assistant: int | str, today: date, limit: int = 60, *,
                include_today: bool = False) -> list[ActiveDay]:
    """Days before ``today`` (UTC) on which ``assistant``'s visible topics have
    non-empty user/assistant messages, newest first, at most ``limit``, each marked
    ``dreamt`` when it already has a card or a proposal; with ``include_today``, today
    too when it has messages, marked not ``finished``. Raises ``NotFound`` for an
    unknown assistant."""
    end = today + timedelta(days=1) if include_today else today
    with db.read() as s:
        a = AssistantService.row(s, assistant)
        rows = day_activity(s, a.id, datetime.combine(end, time(), UTC), max(1, limit), sqlite=db.is_sqlite)
        cards = dm.parse_document(current_body(s, a.id, DYNAMIC) or "")
        proposed = {p.history_day for p in proposal_rows(s, a.id)}
    return [ActiveDay(d, t, n, _dreamt(cards, proposed, d), d < today) for d, t, n in rows]


def read_titles_note(titles: Sequence[str]) -> str:
    """``'; read “A”, “B” and 3 more'`` for a dream's outcome line (``""`` for none):
    the English of :func:`read_titles_notes`."""
    return "".join(r.english() for r in read_titles_notes(titles))


def read_titles_notes(titles: Sequence[str]) -> tuple[Reason, ...]:
    """The titles a dream read as a typed note (issue 27), the first
    :data:`READ_TITLES_SHOWN` named."""
    return titles_note(titles, READ_TITLES_SHOWN)
