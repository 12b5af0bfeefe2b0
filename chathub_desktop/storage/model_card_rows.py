"""The user's model card rows (NUM-2, CMP-4; issue 31: the queries live here). A card
belongs to one provider (``provider_id``) or to every provider (``None``). Each
function takes the caller's session."""

from __future__ import annotations

from types import EllipsisType

from sqlalchemy import select
from sqlalchemy.orm import Session

from chathub_desktop.storage.models import ModelCard, Provider

__all__ = ["all_cards", "card_row", "put_card"]


def card_row(s: Session, model: str, provider_id: int | None) -> ModelCard | None:
    """The card of ``model`` for provider ``provider_id`` (``None``: the every-provider
    card), or None."""
    owner = ModelCard.provider_id == provider_id if provider_id is not None else ModelCard.provider_id.is_(None)
    return s.scalar(select(ModelCard).where(ModelCard.model == model, owner))


def put_card(s: Session, model: str, provider_id: int | None, context_window: int, max_output: int | None,
             reasoning: bool, encoding: str | None | EllipsisType = ...) -> None:
    """Add or replace the card of ``model`` for ``provider_id`` in write session ``s``;
    ``encoding`` names its tokenizer (``...``: a stored card keeps its own)."""
    row = card_row(s, model, provider_id)
    if row is None:
        row = ModelCard(provider_id=provider_id, model=model, context_window=context_window)
        s.add(row)
    row.context_window, row.max_output, row.reasoning = context_window, max_output, reasoning
    if not isinstance(encoding, EllipsisType):
        row.encoding = encoding


def all_cards(s: Session) -> list[tuple[ModelCard, str | None]]:
    """Every card with its provider's name (``None``: every provider), by provider then model."""
    rows = s.execute(select(ModelCard, Provider.name).outerjoin(Provider, Provider.id == ModelCard.provider_id)
                     .order_by(Provider.name, ModelCard.model)).all()
    return [(card, name) for card, name in rows]
