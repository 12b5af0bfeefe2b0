"""What the token badge's estimate reads besides the request plan (TOK-*, REF-27;
issue 31: the queries live here): the chat models to warm up, the learned correction
factors, a topic's recent usage rows and its message totals. Each function takes the
caller's session."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from chathub_desktop.core.messages import Role
from chathub_desktop.storage.models import Assistant, CorrectionFactor, Message, Topic

__all__ = ["chat_models", "correction_rows", "put_correction", "topic_totals", "usage_rows"]


def chat_models(s: Session) -> set[str]:
    """Every assistant's and topic's chat model (``""`` for none set)."""
    models = {m or "" for m in s.scalars(select(Assistant.model))}
    return models | {m or "" for m in s.scalars(select(Topic.model).where(Topic.model.is_not(None)).distinct())}


def correction_rows(s: Session) -> list[tuple[int | None, str, float, int]]:
    """``(provider id, model, ratio, samples)`` of every learned correction factor."""
    return [(r.provider_id, r.model, r.ratio, r.samples) for r in s.scalars(select(CorrectionFactor))]


def put_correction(s: Session, provider_id: int | None, model: str, ratio: float, samples: int) -> None:
    """Store the correction factor of ``(provider_id, model)`` in write session ``s``."""
    owner = CorrectionFactor.provider_id.is_(None) if provider_id is None else CorrectionFactor.provider_id == provider_id
    stored = s.scalar(select(CorrectionFactor).where(owner, CorrectionFactor.model == model))
    if stored is None:
        s.add(CorrectionFactor(provider_id=provider_id, model=model, ratio=ratio, samples=samples))
    else:
        stored.ratio, stored.samples = ratio, samples


def usage_rows(s: Session, topic_id: int, limit: int) -> tuple[Any, ...]:
    """The topic's latest ``limit`` replies that reported usage, oldest first: ``(id, seq,
    status, input_tokens, cached_tokens, cache_write_tokens, sent_by_process, model,
    created_at, provider_id, error_kind, error)``."""
    return tuple(s.execute(
        select(Message.id, Message.seq, Message.status, Message.input_tokens, Message.cached_tokens,
               Message.cache_write_tokens, Message.sent_by_process, Message.model, Message.created_at,
               Message.provider_id, Message.error_kind, Message.error)
        .where(Message.topic_id == topic_id, Message.role == Role.ASSISTANT.value)
        .where((Message.input_tokens.is_not(None)) | (Message.cached_tokens.is_not(None))
               | (Message.cache_write_tokens.is_not(None)))
        .order_by(Message.seq.desc()).limit(limit)
    ).all())[::-1]


def topic_totals(s: Session, topic_id: int) -> tuple[int, int]:
    """``(messages, cached token counts summed)`` of the topic."""
    n, tokens = s.execute(select(func.count(Message.id), func.coalesce(func.sum(Message.token_count), 0))
                          .where(Message.topic_id == topic_id)).one()
    return int(n), int(tokens or 0)
