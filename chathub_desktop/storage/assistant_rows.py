"""The assistant repository (APP-9, CMP-1, MEM-1, DRM-1/2/7; issue 31: the queries live
here): find an assistant by id or name, list them, add, change and delete one, each
inside the caller's ``Database.read()`` / ``Database.write()`` session and returning
plain :class:`AssistantRecord` values, never ORM rows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

from chathub_desktop.storage.models import Assistant

__all__ = [
    "AssistantRecord",
    "COLUMNS",
    "add_assistant",
    "all_assistants",
    "assistant_record",
    "delete_assistant",
    "update_assistant",
]


@dataclass(frozen=True, slots=True)
class AssistantRecord:
    """One stored assistant, as its ``assistant`` row holds it (stored words unchanged:
    ``compact_preset``, ``dream_frequency``, ``reasoning_effort`` are the column's text),
    plus ``provider_name`` (None: no provider). Token counts in tokens, watermark a
    fraction, ``dream_time_utc`` ``HH:MM``, ``created_at`` UTC, ``avatar`` an emoji or
    one or two letters (None: the initial), ``card_language`` a
    ``core.card_language`` value word (None: the conversation's language, issue 27)."""

    id: int
    name: str
    provider_id: int | None
    provider_name: str | None
    model: str
    instructions: str
    input_template: str
    max_tokens: int | None
    max_tokens_enabled: bool
    temperature: float | None
    top_p: float | None
    reasoning_effort: str | None
    thinking_budget: int | None
    history_limit_enabled: bool
    history_limit: int
    summarize_history: bool
    compact_preset: str
    auto_compact: bool
    high_watermark: float
    probe_summaries: bool
    memory_enabled: bool
    memory_budget_tokens: int
    topic_snippets: bool
    dream_frequency: str
    dream_time_utc: str
    dream_weekday: int
    keep_dream_cards: int
    dream_review: bool
    recall_topics: bool
    created_at: datetime
    avatar: str | None = None
    card_language: str | None = None


#: The settable column names of an assistant (everything but its id).
COLUMNS: frozenset[str] = frozenset(c.key for c in inspect(Assistant).column_attrs) - {"id"}


def _record(a: Assistant) -> AssistantRecord:
    return AssistantRecord(
        id=a.id, name=a.name, provider_id=a.provider_id,
        provider_name=a.provider.name if a.provider is not None else None,
        model=a.model, instructions=a.instructions, input_template=a.input_template,
        max_tokens=a.max_tokens, max_tokens_enabled=a.max_tokens_enabled,
        temperature=a.temperature, top_p=a.top_p, reasoning_effort=a.reasoning_effort,
        thinking_budget=a.thinking_budget, history_limit_enabled=a.history_limit_enabled,
        history_limit=a.history_limit, summarize_history=a.summarize_history,
        compact_preset=a.compact_preset, auto_compact=a.auto_compact, high_watermark=a.high_watermark,
        probe_summaries=a.probe_summaries, memory_enabled=a.memory_enabled,
        memory_budget_tokens=a.memory_budget_tokens, topic_snippets=a.topic_snippets,
        dream_frequency=a.dream_frequency, dream_time_utc=a.dream_time_utc, dream_weekday=a.dream_weekday,
        keep_dream_cards=a.keep_dream_cards, dream_review=a.dream_review, recall_topics=a.recall_topics,
        created_at=a.created_at, avatar=a.avatar, card_language=a.card_language,
    )


def _row(s: Session, ref: int | str) -> Assistant | None:
    return s.get(Assistant, ref) if isinstance(ref, int) else s.scalar(select(Assistant).where(Assistant.name == ref))


def assistant_record(s: Session, ref: int | str) -> AssistantRecord | None:
    """The assistant with id ``ref`` (an int) or name ``ref`` (exact match), or None."""
    row = _row(s, ref)
    return None if row is None else _record(row)


def all_assistants(s: Session) -> list[AssistantRecord]:
    """Every assistant, by name."""
    return [_record(a) for a in s.scalars(select(Assistant).order_by(Assistant.name))]


def add_assistant(s: Session, fields: Mapping[str, object]) -> AssistantRecord:
    """Add an assistant with ``fields`` (names from :data:`COLUMNS`; the rest take their
    defaults) in write session ``s`` and return it. A duplicate name raises the
    storage ``IntegrityError`` at the flush; an unknown field name, ``TypeError``."""
    row = Assistant(**fields)
    s.add(row)
    s.flush()
    s.refresh(row)
    return _record(row)


def update_assistant(s: Session, assistant_id: int, changes: Mapping[str, object]) -> AssistantRecord:
    """Set ``changes`` (names from :data:`COLUMNS`) on assistant ``assistant_id`` in write
    session ``s`` and return it as stored. ``KeyError`` for an unknown id or field name; a
    duplicate name raises the storage ``IntegrityError`` at the flush."""
    row = s.get(Assistant, assistant_id)
    if row is None:
        raise KeyError(assistant_id)
    for key, value in changes.items():
        if key not in COLUMNS:
            raise KeyError(key)
        setattr(row, key, value)
    s.flush()
    s.refresh(row)
    return _record(row)


def delete_assistant(s: Session, assistant_id: int) -> None:
    """Delete assistant ``assistant_id`` with its topics and memory (the rows cascade) in
    write session ``s``; no-op when it is gone."""
    row = s.get(Assistant, assistant_id)
    if row is not None:
        s.delete(row)
