"""Application settings stored in the ``app_setting`` table (System Agent models etc.)."""

from __future__ import annotations

from sqlalchemy import select

from chathub_desktop.core.flags import parse_flag
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.input_rules import check_model_id
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.models import AppSetting, Provider

#: Settings the user may set, with their defaults (``PROVIDER/MODEL`` strings or None).
KNOWN_SETTINGS: dict[str, object] = {
    "topic-naming-model": None,
    "history-compress-model": "gpt-5-mini",
    # CMP-20: archive excerpts of earlier summaries under the summary block (on/off).
    "compaction-archives": False,
    # APP-4 / DRM-6: the desktop app's dream timer is paused (tray → Pause dreams; on/off).
    "dreams-paused": False,
    # NUM-1/3/6/8: the threshold compaction policy (off by default; the COMPACT_* and
    # DISABLE_AUTO_COMPACT environment variables override these, as in Numi Chat).
    "compact-enabled": False,
    "compact-buffer-tokens": 13_000,
    "compact-keep-recent": 12,
    "compact-max-failures": 3,
    # issue 12: seconds without any data from the provider before a reply shows
    # "no data from <host> for N s" with Stop and Retry (the stream keeps waiting).
    "stream-silence-seconds": 60,
}

#: Settings whose value is ``PROVIDER/MODEL`` (a bare model id is allowed for the summarizer).
_MODEL_SETTINGS = frozenset({"history-compress-model"})
#: Settings holding ``PROVIDER/MODEL`` whose model part follows the model id rule (issue 32).
_MODEL_ID_SETTINGS = frozenset({"history-compress-model", "topic-naming-model"})
_BOOL_SETTINGS = frozenset({"compaction-archives", "dreams-paused", "compact-enabled"})
#: Whole-number settings and their allowed range.
_INT_SETTINGS = {"compact-buffer-tokens": (0, 10_000_000), "compact-keep-recent": (1, 10_000),
                 "compact-max-failures": (1, 1_000), "stream-silence-seconds": (1, 3_600)}


class SettingsService:
    """Reads and writes application-wide settings (one row per key, JSON values)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def get(self, key: str) -> object:
        """Value of ``key`` (its default when unset). Raises :class:`InvalidInput` for unknown keys."""
        if key not in KNOWN_SETTINGS:
            raise InvalidInput(f"unknown setting {key!r}; known: {', '.join(sorted(KNOWN_SETTINGS))}")
        with self._db.read() as s:
            row = s.get(AppSetting, key)
            return KNOWN_SETTINGS[key] if row is None else row.value

    def set(self, key: str, value: object) -> None:
        """Store ``value`` for ``key`` (``None`` resets to the default). A
        ``history-compress-model`` value ``PROVIDER/MODEL`` must name a configured provider;
        ``compaction-archives``, ``dreams-paused`` and ``compact-enabled`` take on/off;
        ``compact-buffer-tokens`` (0–10,000,000), ``compact-keep-recent`` (1–10,000) and
        ``compact-max-failures`` (1–1,000) and ``stream-silence-seconds`` (1–3,600) take whole
        numbers. Raises :class:`InvalidInput`."""
        value = self.check(key, value)
        with self._db.write() as s:
            row = s.get(AppSetting, key)
            if value is None:
                if row is not None:
                    s.delete(row)
            elif row is None:
                s.add(AppSetting(key=key, value=value))
            else:
                row.value = value

    def check(self, key: str, value: object) -> object:
        """``value`` for ``key`` as :meth:`set` would store it, without storing it (the
        rules are :meth:`set`'s; Settings → System Agent checks every field before it
        stores any). Raises :class:`InvalidInput`."""
        if key not in KNOWN_SETTINGS:
            raise InvalidInput(f"unknown setting {key!r}; known: {', '.join(sorted(KNOWN_SETTINGS))}")
        if key in _MODEL_ID_SETTINGS and isinstance(value, str) and value.strip():
            check_model_id(value.strip().split("/", 1)[-1])
        if key in _MODEL_SETTINGS and value is not None:
            value = self._check_model(key, value)
        if key in _BOOL_SETTINGS and isinstance(value, str):
            flag = parse_flag(value)
            if flag is None:
                raise InvalidInput(f"{key} expects on/off, got {value!r}")
            value = flag
        if key in _INT_SETTINGS and value is not None:
            try:
                value = int(str(value).strip().replace(",", "").replace("_", ""))
            except ValueError:
                raise InvalidInput(f"{key} expects a whole number, got {value!r}") from None
            low, high = _INT_SETTINGS[key]
            if not low <= value <= high:
                raise InvalidInput(f"{key} must be between {low:,} and {high:,}, got {value:,}")
        return value

    def _check_model(self, key: str, value: object) -> str:
        text = str(value).strip()
        if not text or text.startswith("/") or text.endswith("/"):
            raise InvalidInput(f"{key} expects PROVIDER/MODEL, e.g. OpenAI/gpt-5-mini (got {value!r})")
        if "/" in text:
            provider = text.split("/", 1)[0].strip()
            with self._db.read() as s:
                if s.scalar(select(Provider.id).where(Provider.name == provider)) is None:
                    raise InvalidInput(
                        f"no provider named {provider!r}; add it first or pick one of the configured providers"
                    )
        return text

    def all(self) -> dict[str, object]:
        """Every known setting with its current value."""
        return {k: self.get(k) for k in KNOWN_SETTINGS}
