"""Finding provider rows (issue 31): by id or name, by kind (what the topic namer
(APP-10) and the History Compress model (CMP-3) resolve their ``provider/model``
settings with), all of them, and a name's case-insensitive clash. Each takes the
caller's session."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.storage.models import Provider, Topic

__all__ = ["ProviderRecord", "provider_record", "add_provider", "all_providers", "delete_provider", "clear_topic_models", "first_provider_of_kind", "name_taken", "provider_named",
           "provider_row"]


@dataclass(frozen=True, slots=True)
class ProviderRecord:
    """What a request needs of a stored provider: its ``id``, ``name``, ``kind`` (a
    ``ProviderKind`` value), ``base_url`` and whether the user turned it on
    (``enabled``). No key: that lives elsewhere (APP-2)."""

    id: int
    name: str
    kind: str
    base_url: str
    enabled: bool = True


def provider_record(s: Session, provider_id: int) -> ProviderRecord | None:
    """Provider ``provider_id`` as a :class:`ProviderRecord`, or None when it is gone."""
    p = s.get(Provider, provider_id)
    return None if p is None else ProviderRecord(p.id, p.name, p.kind, p.base_url, p.enabled)


def provider_row(s: Session, ref: int | str) -> Provider | None:
    """The provider with id ``ref`` (an int) or name ``ref`` (exact match), or None."""
    return s.get(Provider, ref) if isinstance(ref, int) else provider_named(s, ref)


def all_providers(s: Session) -> list[Provider]:
    """Every provider, by name."""
    return list(s.scalars(select(Provider).order_by(Provider.name)))


def name_taken(s: Session, name: str) -> str | None:
    """The name of a provider called ``name`` ignoring case, or None."""
    return s.scalar(select(Provider.name).where(func.lower(Provider.name) == name.lower()))


def clear_topic_models(s: Session, provider_id: int) -> None:
    """Clear the own model of every topic on provider ``provider_id`` (they fall back to
    their assistant's model, issue 14), in write session ``s``."""
    s.execute(update(Topic).where(Topic.model_provider_id == provider_id).values(model=None, model_provider_id=None))


def provider_named(s: Session, name: str) -> Provider | None:
    """The provider called ``name`` (exact match), or None."""
    return s.scalar(select(Provider).where(Provider.name == name))


def first_provider_of_kind(s: Session, kind: ProviderKind) -> Provider | None:
    """The oldest configured provider of ``kind`` (lowest id), or None."""
    return s.scalar(select(Provider).where(Provider.kind == kind.value).order_by(Provider.id))


def add_provider(s: Session, *, name: str, kind: str, base_url: str, api_key_env: str | None,
                 key_in_keyring: bool, key_in_file: bool) -> Provider:
    """Add a provider row in write session ``s`` (flushed: its id is set) and return it.
    A duplicate name raises SQLAlchemy's ``IntegrityError`` at the flush."""
    row = Provider(name=name, kind=kind, base_url=base_url, api_key_env=api_key_env,
                   key_in_keyring=key_in_keyring, key_in_file=key_in_file)
    s.add(row)
    s.flush()
    return row


def delete_provider(s: Session, provider_id: int) -> None:
    """Delete provider ``provider_id`` in write session ``s`` (no-op when it is gone)."""
    row = s.get(Provider, provider_id)
    if row is not None:
        s.delete(row)
