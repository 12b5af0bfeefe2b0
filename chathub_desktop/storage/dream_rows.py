"""Dream reads (DRM-2, DRM-3, DRM-6; issue 31: the queries live here): the assistants
with a schedule, a slot's scheduled run, an assistant's latest scheduled run, the
finished days with activity Dream now offers, and the proposals waiting for review. Each takes the caller's session."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from chathub_desktop.storage.import_staging_rows import visible_topics
from chathub_desktop.storage.models import Assistant, DreamProposal, DreamRun, Message, Topic

__all__ = ["day_activity", "day_proposal", "latest_scheduled_run", "proposal_rows", "scheduled_assistants",
           "scheduled_run"]


def scheduled_assistants(s: Session) -> list[Assistant]:
    """Every assistant with memory on and a dream schedule not ``off``, by id."""
    return list(s.scalars(select(Assistant).where(Assistant.memory_enabled.is_(True),
                                                  Assistant.dream_frequency != "off").order_by(Assistant.id)))


def scheduled_run(s: Session, assistant_id: int, period_stamp: str) -> DreamRun | None:
    """The scheduled run of ``assistant_id`` for the slot ``period_stamp``, or None."""
    return s.scalar(select(DreamRun).where(DreamRun.assistant_id == assistant_id,
                                           DreamRun.period_stamp == period_stamp, DreamRun.scheduled.is_(True)))


def latest_scheduled_run(s: Session, assistant_id: int) -> DreamRun | None:
    """The scheduled run of ``assistant_id`` started last, or None."""
    return s.scalar(select(DreamRun).where(DreamRun.assistant_id == assistant_id, DreamRun.scheduled.is_(True))
                    .order_by(DreamRun.started_at.desc(), DreamRun.id.desc()).limit(1))


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
               Message.role.in_(("user", "assistant")), Message.content != "", Message.created_at < before)
        .group_by(day_col).order_by(day_col.desc()).limit(limit)
    ).all()
    return [(d if isinstance(d, date) else date.fromisoformat(str(d)), int(t), int(n)) for d, t, n in rows]


def day_proposal(s: Session, assistant_id: int, day: date) -> int | None:
    """The id of ``assistant_id``'s proposal waiting for history day ``day``, or None."""
    return s.scalar(select(DreamProposal.id).where(DreamProposal.assistant_id == assistant_id,
                                                   DreamProposal.history_day == day))


def proposal_rows(s: Session, assistant_id: int | None) -> list[DreamProposal]:
    """Waiting proposals of ``assistant_id`` (None: every assistant's), oldest day first."""
    q = select(DreamProposal).order_by(DreamProposal.history_day, DreamProposal.id)
    if assistant_id is not None:
        q = q.where(DreamProposal.assistant_id == assistant_id)
    return list(s.scalars(q))
