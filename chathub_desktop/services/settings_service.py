"""Application settings stored in the ``app_setting`` table (System Agent models etc.)."""

from __future__ import annotations

from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.models import AppSetting

#: Settings the user may set, with their defaults (``PROVIDER/MODEL`` strings or None).
KNOWN_SETTINGS: dict[str, object] = {
    "topic-naming-model": None,
    "history-compress-model": "gpt-5-mini",
}


class SettingsService:
    """Reads and writes application-wide settings (one row per key, JSON values)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def get(self, key: str) -> object:
        """Value of ``key`` (its default when unset). Raises :class:`InvalidInput` for unknown keys."""
        if key not in KNOWN_SETTINGS:
            raise InvalidInput(f"unknown setting {key!r}; known: {', '.join(sorted(KNOWN_SETTINGS))}")
        with self._db.sessions() as s:
            row = s.get(AppSetting, key)
            return KNOWN_SETTINGS[key] if row is None else row.value

    def set(self, key: str, value: object) -> None:
        """Store ``value`` for ``key`` (``None`` resets to the default)."""
        if key not in KNOWN_SETTINGS:
            raise InvalidInput(f"unknown setting {key!r}; known: {', '.join(sorted(KNOWN_SETTINGS))}")
        with self._db.transaction() as s:
            row = s.get(AppSetting, key)
            if value is None:
                if row is not None:
                    s.delete(row)
            elif row is None:
                s.add(AppSetting(key=key, value=value))
            else:
                row.value = value

    def all(self) -> dict[str, object]:
        """Every known setting with its current value."""
        return {k: self.get(k) for k in KNOWN_SETTINGS}
