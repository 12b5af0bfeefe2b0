"""Reads the request planner needs besides a topic's rows (issue 9, issue 31): the
topic's stored compaction state, from the caller's ``Database.read()`` session as plain
values (app settings: ``storage.app_settings``)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from chathub_desktop.storage.models import TopicCompaction

__all__ = ["PlanCompaction", "plan_compaction"]


@dataclass(frozen=True, slots=True)
class PlanCompaction:
    """A topic's stored compaction state as the planner reads it: the running
    ``summary``, the ``model`` that wrote it (None: none yet), the ``cursor_message_id``
    it covers up to (None: nothing folded), the ``archives`` (``{str: str}`` dicts,
    oldest first) and whether the user edited the summary."""

    summary: str
    model: str | None
    cursor_message_id: int | None
    archives: tuple[dict[str, str], ...]
    summary_edited: bool


def plan_compaction(s: Session, topic_id: int) -> PlanCompaction | None:
    """``topic_id``'s :class:`PlanCompaction`, or None when it was never compacted."""
    state = s.get(TopicCompaction, topic_id)
    if state is None:
        return None
    archives = tuple(dict(a) for a in (state.archives or ()) if isinstance(a, dict))
    return PlanCompaction(state.summary, state.model, state.cursor_message_id, archives,
                          bool(state.summary_edited))
