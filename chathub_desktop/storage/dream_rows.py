"""Dream reads (DRM-2, DRM-3, DRM-6; issue 31: the queries live here): the assistants
with a schedule, a slot's scheduled run, an assistant's latest scheduled run, the
finished days with activity Dream now offers, a day's topics and excerpts, the
proposals waiting for review, and the conditional updates that claim a run and keep
its heartbeat (DRM-6: only the attempt that holds the run changes it). Each takes the caller's session."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, cast

from sqlalchemy import func, select, update
from sqlalchemy.engine import CursorResult
from sqlalchemy.orm import Session

from chathub_desktop.core.dream_schedule import DreamFrequency, DreamStatus
from chathub_desktop.core.dynamic_memory import FoldMethod
from chathub_desktop.core.messages import Role
from chathub_desktop.storage.import_staging_rows import visible_topics
from chathub_desktop.storage.models import Assistant, DreamProposal, DreamRun, Message, Topic

__all__ = ["StoredProposal", "StoredRun", "add_proposal", "add_run", "run_by_id", "day_activity", "day_excerpt_rows", "day_proposal", "day_topics",
           "latest_scheduled_run", "proposal_rows", "scheduled_assistants", "scheduled_run", "take_proposal",
           "update_run_if"]

#: The roles whose messages a dream reads (DRM-3): the chat itself, not tool rows.
_CHAT_ROLES = (Role.USER.value, Role.ASSISTANT.value)
_FOLD_METHODS = frozenset(m.value for m in FoldMethod)


@dataclass(frozen=True, slots=True)
class StoredProposal:
    """A dream card waiting for review (issue 19): its ``id``, the assistant, the UTC
    ``history_day`` it covers, the card ``body``, the proposed fold (``fold_body``,
    ``fold_how``, ``fold_key``: which cards it merges; None without one, or for a stored
    word :class:`FoldMethod` does not have) and ``created_at`` (UTC)."""

    id: int
    assistant_id: int
    history_day: date
    body: str
    fold_body: str | None
    fold_how: FoldMethod | None
    fold_key: str | None
    created_at: datetime


def _proposal(p: DreamProposal) -> StoredProposal:
    how = FoldMethod(p.fold_how) if p.fold_how in _FOLD_METHODS else None
    return StoredProposal(p.id, p.assistant_id, p.history_day, p.body, p.fold_body, how, p.fold_key, p.created_at)


def scheduled_assistants(s: Session) -> list[Assistant]:
    """Every assistant with memory on and a dream schedule not ``off``, by id."""
    return list(s.scalars(select(Assistant).where(Assistant.memory_enabled.is_(True),
                                                  Assistant.dream_frequency != DreamFrequency.OFF).order_by(Assistant.id)))


@dataclass(frozen=True, slots=True)
class StoredRun:
    """One ``dream_run`` row (DRM-6, REF-17): the attempt's ``status`` (its
    :class:`DreamStatus`), how many ``attempts`` were made, the last ``error``, and its UTC times."""

    id: int
    assistant_id: int
    history_day: date
    status: DreamStatus
    attempts: int
    error: str | None
    started_at: datetime
    finished_at: datetime | None
    next_retry_at: datetime | None
    heartbeat_at: datetime | None
    prior_stopped_at: datetime | None


def _stored_run(r: DreamRun | None) -> StoredRun | None:
    if r is None:
        return None
    return StoredRun(r.id, r.assistant_id, r.history_day, DreamStatus(r.status), r.attempts, r.error, r.started_at, r.finished_at,
                     r.next_retry_at, r.heartbeat_at, r.prior_stopped_at)


def run_by_id(s: Session, run_id: int) -> StoredRun | None:
    """Run ``run_id``, or None when there is none."""
    return _stored_run(s.get(DreamRun, run_id))


def add_run(s: Session, assistant_id: int, history_day: date, period_stamp: str, now: datetime) -> int:
    """Add the first attempt of a scheduled run, running since ``now`` (UTC), in write
    session ``s``; its id. A run of the same period already stored raises SQLAlchemy's
    ``IntegrityError`` (another process claimed it first)."""
    row = DreamRun(assistant_id=assistant_id, history_day=history_day, period_stamp=period_stamp, scheduled=True,
                   status=DreamStatus.RUNNING.value, attempts=1, started_at=now, heartbeat_at=now)
    s.add(row)
    s.flush()
    return row.id


def scheduled_run(s: Session, assistant_id: int, period_stamp: str) -> StoredRun | None:
    """The scheduled run of ``assistant_id`` for the slot ``period_stamp``, or None."""
    return _stored_run(s.scalar(select(DreamRun).where(
        DreamRun.assistant_id == assistant_id, DreamRun.period_stamp == period_stamp, DreamRun.scheduled.is_(True))))


def latest_scheduled_run(s: Session, assistant_id: int) -> StoredRun | None:
    """The scheduled run of ``assistant_id`` started last, or None."""
    return _stored_run(s.scalar(select(DreamRun).where(DreamRun.assistant_id == assistant_id,
                                                       DreamRun.scheduled.is_(True))
                                .order_by(DreamRun.started_at.desc(), DreamRun.id.desc()).limit(1)))


def day_activity(s: Session, assistant_id: int, before: datetime, limit: int, *,
                 sqlite: bool) -> list[tuple[date, int, int]]:
    """``(UTC day, topics, messages)`` with non-empty user/assistant messages in
    ``assistant_id``'s visible, non-private topics before ``before``, newest first, at
    most ``limit`` days. ``sqlite``: the store keeps times as UTC text."""
    day_col = func.date(Message.created_at) if sqlite else func.date(func.timezone("UTC", Message.created_at))
    rows = s.execute(
        select(day_col.label("d"), func.count(func.distinct(Message.topic_id)), func.count(Message.id))
        .join(Topic, Topic.id == Message.topic_id)
        .where(Topic.assistant_id == assistant_id, visible_topics(), Topic.private.is_(False),
               Message.role.in_(_CHAT_ROLES), Message.content != "", Message.created_at < before)
        .group_by(day_col).order_by(day_col.desc()).limit(limit)
    ).all()
    return [(d if isinstance(d, date) else date.fromisoformat(str(d)), int(t), int(n)) for d, t, n in rows]


def day_proposal(s: Session, assistant_id: int, day: date) -> int | None:
    """The id of ``assistant_id``'s proposal waiting for history day ``day``, or None."""
    return s.scalar(select(DreamProposal.id).where(DreamProposal.assistant_id == assistant_id,
                                                   DreamProposal.history_day == day))


def proposal_rows(s: Session, assistant_id: int | None) -> list[StoredProposal]:
    """Waiting proposals of ``assistant_id`` (None: every assistant's), oldest day first."""
    q = select(DreamProposal).order_by(DreamProposal.history_day, DreamProposal.id)
    if assistant_id is not None:
        q = q.where(DreamProposal.assistant_id == assistant_id)
    return [_proposal(p) for p in s.scalars(q)]


def add_proposal(s: Session, proposal: StoredProposal, *, same_id: bool = False) -> int:
    """Store ``proposal`` in write session ``s``; the new id. Its ``id`` is ignored unless
    ``same_id`` (a discarded proposal brought back, issue 30) and no row holds it."""
    keep = same_id and proposal.id > 0 and s.get(DreamProposal, proposal.id) is None
    row = DreamProposal(assistant_id=proposal.assistant_id, history_day=proposal.history_day, body=proposal.body,
                        fold_body=proposal.fold_body, fold_how=proposal.fold_how, fold_key=proposal.fold_key,
                        created_at=proposal.created_at)
    if keep:
        row.id = proposal.id
    s.add(row)
    s.flush()
    return row.id


def take_proposal(s: Session, proposal_id: int) -> StoredProposal | None:
    """Delete proposal ``proposal_id`` in write session ``s`` and return what it held;
    None when there is none."""
    row = s.get(DreamProposal, proposal_id)
    if row is None:
        return None
    out = _proposal(row)
    s.delete(row)
    return out


def day_topics(s: Session, assistant_id: int, start: datetime, end: datetime, limit: int) -> list[tuple[int, str]]:
    """``(id, title)`` of the assistant's visible, non-private topics with non-empty
    user/assistant messages in ``[start, end)``, latest activity first, at most ``limit``."""
    last = func.max(Message.created_at).label("last")
    return [(tid, title) for tid, title, _last in s.execute(
        select(Topic.id, Topic.title, last)
        .join(Message, Message.topic_id == Topic.id)
        .where(Topic.assistant_id == assistant_id, visible_topics(), Topic.private.is_(False),
               Message.role.in_(_CHAT_ROLES),
               Message.created_at >= start, Message.created_at < end, Message.content != "")
        .group_by(Topic.id, Topic.title).order_by(last.desc(), Topic.id.desc()).limit(limit))]


def day_excerpt_rows(s: Session, topic_id: int, start: datetime, end: datetime, limit: int) -> list[tuple[str, str]]:
    """``(role, content)`` of the topic's last ``limit`` user/assistant messages in
    ``[start, end)``, oldest first."""
    rows = s.execute(
        select(Message.role, Message.content)
        .where(Message.topic_id == topic_id, Message.role.in_(_CHAT_ROLES),
               Message.created_at >= start, Message.created_at < end)
        .order_by(Message.seq.desc()).limit(limit)).all()
    return [(r, c or "") for r, c in reversed(rows)]


def update_run_if(s: Session, run_id: int, status: DreamStatus, attempts: int, values: dict[str, Any]) -> bool:
    """Set ``values`` on run ``run_id`` only while it still has ``status`` and
    ``attempts`` (no other process took it over meanwhile); whether it did."""
    taken = cast("CursorResult[Any]", s.execute(
        update(DreamRun).where(DreamRun.id == run_id, DreamRun.status == status, DreamRun.attempts == attempts)
        .values(**values))).rowcount
    return bool(taken == 1)
