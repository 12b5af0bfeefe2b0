"""Finding assistant rows (issue 31: the queries live here): by id or name, and all of
them. Each takes the caller's session."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from chathub_desktop.storage.models import Assistant

__all__ = ["all_assistants", "assistant_row"]


def assistant_row(s: Session, ref: int | str) -> Assistant | None:
    """The assistant with id ``ref`` (an int) or name ``ref`` (exact match), or None."""
    return s.get(Assistant, ref) if isinstance(ref, int) else s.scalar(select(Assistant).where(Assistant.name == ref))


def all_assistants(s: Session) -> list[Assistant]:
    """Every assistant, by name."""
    return list(s.scalars(select(Assistant).order_by(Assistant.name)))
