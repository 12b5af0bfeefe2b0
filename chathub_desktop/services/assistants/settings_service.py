"""Application settings (System Agent models, threshold compaction, …), read and written
through their declarations in :mod:`chathub_desktop.core.app_settings` (issue 31)."""

from __future__ import annotations

from typing import Any, TypeVar

from chathub_desktop.core.app_settings import (
    SETTINGS,
    ModelSetting,
    Setting,
    SettingRefused,
    declared,
)
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.input_rules import check_model_id
from chathub_desktop.storage.app_settings import setting_value, store_setting
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.provider_lookup import provider_named
from chathub_desktop.storage.session import Session

T = TypeVar("T")


class SettingsService:
    """Reads and writes the declared application settings (one ``app_setting`` row per key)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def value(self, setting: Setting[T]) -> T:
        """The typed value of ``setting`` (its default when unset). Blocking: one store read."""
        with self._db.read() as s:
            return setting_value(s, setting)

    def get(self, key: str) -> object:
        """:meth:`value` of the setting named ``key`` (the CLI's and tests' way in).
        Raises :class:`InvalidInput` for an unknown key."""
        return self.value(_declared(key))

    def set(self, setting: Setting[Any] | str, value: object) -> None:
        """Store ``value`` for ``setting`` (a declaration or its key); ``None`` resets it
        to the default. Text is parsed by the declaration (on/off words, whole numbers in
        range, ``PROVIDER/MODEL``); a model's id must pass the model id rule and its
        provider must be configured. Raises :class:`InvalidInput` (one line) and stores
        nothing when refused."""
        decl = _declared(setting) if isinstance(setting, str) else setting
        parsed = _parsed(decl, value)
        with self._db.write() as s:
            _check_provider(s, decl, parsed)
            store_setting(s, decl, parsed)

    def check(self, setting: Setting[Any] | str, value: object) -> object:
        """``value`` for ``setting`` as :meth:`set` would store it, without storing it
        (Settings → System Agent checks every field before it stores any). Raises
        :class:`InvalidInput` (one line). Blocking: one store read for a model setting."""
        decl = _declared(setting) if isinstance(setting, str) else setting
        parsed = _parsed(decl, value)
        with self._db.read() as s:
            _check_provider(s, decl, parsed)
        return parsed

    def all(self) -> dict[str, object]:
        """Every declared setting with its current value, by key (one read)."""
        with self._db.read() as s:
            return {key: setting_value(s, decl) for key, decl in SETTINGS.items()}


def _parsed(decl: Setting[Any], value: object) -> object:
    """``value`` parsed by ``decl`` (``None`` stays ``None``: the default); a model id
    checked by the model id rule. Raises :class:`InvalidInput`."""
    if value is None:
        return None
    try:
        parsed = decl.parse(value)
    except SettingRefused as exc:
        raise InvalidInput(exc.reason) from None
    if isinstance(decl, ModelSetting) and isinstance(parsed, str):
        provider, sep, model = parsed.partition("/")
        check_model_id(model if sep else provider)
    return parsed


def _check_provider(s: Session, decl: Setting[Any], parsed: object) -> None:
    """A ``PROVIDER/MODEL`` value must name a configured provider. Raises :class:`InvalidInput`."""
    if isinstance(decl, ModelSetting) and isinstance(parsed, str):
        provider, sep, _model = parsed.partition("/")
        if sep and provider_named(s, provider.strip()) is None:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "no provider named %1; add it first or pick one of the configured providers"),
                                          (repr(provider.strip()),)))


def _declared(key: str) -> Setting[Any]:
    try:
        return declared(key)
    except SettingRefused as exc:
        raise InvalidInput(exc.reason) from None
