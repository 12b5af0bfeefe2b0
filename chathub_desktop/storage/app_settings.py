"""The ``app_setting`` rows of the declared application settings (issue 31): typed reads
and writes through :mod:`chathub_desktop.core.app_settings`. Each function takes the
caller's session, so a read shares its transaction and a write its lock."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from chathub_desktop.core.app_settings import Setting
from chathub_desktop.storage.models import AppSetting

__all__ = ["raw_values", "setting_value", "store_setting"]

T = TypeVar("T")


def setting_value(s: Session, setting: Setting[T]) -> T:
    """The typed value of ``setting`` (its default when unset or no longer valid)."""
    row = s.get(AppSetting, setting.key)
    return setting.stored(None if row is None else row.value)


def raw_values(s: Session, settings: Iterable[Setting[Any]]) -> dict[str, object]:
    """Stored JSON value of each of ``settings`` that has a row, by key (unset ones are
    left out): for readers that refuse a bad stored value rather than fall back."""
    return {st.key: row.value for st in settings if (row := s.get(AppSetting, st.key)) is not None}


def store_setting(s: Session, setting: Setting[T], value: T | None) -> None:
    """Store ``value`` (already parsed by ``setting``) in a write session; ``None``
    deletes the row, so the default applies again."""
    row = s.get(AppSetting, setting.key)
    if value is None:
        if row is not None:
            s.delete(row)
    elif row is None:
        s.add(AppSetting(key=setting.key, value=value))
    else:
        row.value = value
