"""Finding a provider row by its name or kind (issue 31): what the topic namer
(APP-10) and the History Compress model (CMP-3) resolve their ``provider/model``
settings with. Each takes the caller's ``Database.read()`` session."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.storage.models import Provider

__all__ = ["first_provider_of_kind", "provider_named"]


def provider_named(s: Session, name: str) -> Provider | None:
    """The provider called ``name`` (exact match), or None."""
    return s.scalar(select(Provider).where(Provider.name == name))


def first_provider_of_kind(s: Session, kind: ProviderKind) -> Provider | None:
    """The oldest configured provider of ``kind`` (lowest id), or None."""
    return s.scalar(select(Provider).where(Provider.kind == kind.value).order_by(Provider.id))
