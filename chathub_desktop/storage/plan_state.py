"""Reads the request planner needs besides a topic's rows (issue 9, issue 31): the
topic's stored compaction state and app settings by key. Both take the caller's
``Database.read()`` session and return plain values."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy.orm import Session

from chathub_desktop.storage.models import AppSetting, TopicCompaction

__all__ = ["PlanCompaction", "plan_compaction", "setting_values"]


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


def setting_values(s: Session, keys: Iterable[str]) -> dict[str, object]:
    """Stored value of each of ``keys`` that has an ``app_setting`` row (absent keys
    are left out)."""
    return {k: row.value for k in keys if (row := s.get(AppSetting, k)) is not None}
