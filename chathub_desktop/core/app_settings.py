"""The application settings, each declared once: key, type, default, range and a help
line (issue 31, after Picard's option classes).

Stored values live in the ``app_setting`` table as JSON, one row per key; an absent row
means the default. Every reader and writer goes through a declaration here: the store
(``storage.app_settings``), ``SettingsService``, the CLI's ``settings`` command and the
Settings dialog. Pure data and parsing: no I/O.

Refusals are :class:`SettingRefused` (a :class:`ValueError`) with a one-line message
naming the key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from chathub_desktop.core.flags import parse_flag
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError

T = TypeVar("T")
E = TypeVar("E", bound=Enum)
#: The longest echo of a refused value in a message, characters.
_ECHO_CHARS = 60

#: A typed whole number: one optional sign, then ASCII digits ("¹" and "+-5" are refused:
#: ``str.isdigit`` let them through to ``int``, which raised).
_WHOLE = re.compile(r"[+-]?[0-9]+")


def _echo(value: object) -> str:
    """``repr(value)`` cut to :data:`_ECHO_CHARS` (a refusal stays one short line)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return "a number too large"
    text = repr(value)
    return text if len(text) <= _ECHO_CHARS else text[: _ECHO_CHARS - 1] + "…"


#: A value that is not a whole number (issue 27: typed; ``%1`` the key, ``%2`` the value).
_WHOLE_NUMBER = QT_TRANSLATE_NOOP("ServiceReasons", "%1 expects a whole number, got %2")


class SettingRefused(ReasonError):
    """An unknown key or a value its declaration does not accept; ``str(err)`` is one
    line, ``reason`` the same typed (issue 27)."""


@dataclass(frozen=True)
class Setting(Generic[T]):
    """One application setting: its store ``key``, ``default`` (the value while unset)
    and a one-line ``help``. Subclasses say how a value is read (:meth:`parse`)."""

    key: str
    default: T
    help: str

    def parse(self, value: object) -> T:
        """``value`` (typed, or the text a user typed) as this setting's type; raises
        :class:`SettingRefused` naming the key. ``None`` is the default."""
        raise NotImplementedError

    def stored(self, raw: object) -> T:
        """The typed value of a stored JSON ``raw`` (``None`` when the row is absent):
        the default when it is absent or no longer valid (a store written by hand or by
        an older version), so a reader never fails on it."""
        try:
            return self.parse(raw)
        except SettingRefused:
            return self.default

    def shown(self, value: T) -> str:
        """``value`` as the CLI prints it."""
        return str(value)


@dataclass(frozen=True)
class FlagSetting(Setting[bool]):
    """An on/off setting: ``True``/``False`` or an on/off word (:mod:`core.flags`)."""

    def parse(self, value: object) -> bool:
        """See :meth:`Setting.parse`."""
        if value is None:
            return self.default
        if isinstance(value, bool):
            return value
        flag = parse_flag(value) if isinstance(value, str) else None
        if flag is None:
            raise SettingRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 expects on/off, got %2"),
                                        (self.key, _echo(value))))
        return flag

    def shown(self, value: bool) -> str:
        """``on`` / ``off``."""
        return "on" if value else "off"


@dataclass(frozen=True)
class WholeSetting(Setting[int]):
    """A whole number from ``low`` to ``high`` (inclusive); typed text may carry ``,``
    or ``_`` digit separators."""

    low: int
    high: int

    def parse(self, value: object) -> int:
        """See :meth:`Setting.parse`."""
        if value is None:
            return self.default
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise SettingRefused(Reason(_WHOLE_NUMBER, (self.key, _echo(value))))
        if isinstance(value, str):
            text = value.strip().replace(",", "").replace("_", "")
            if not _WHOLE.fullmatch(text) or len(text) > 20:
                raise SettingRefused(Reason(_WHOLE_NUMBER, (self.key, _echo(value))))
            value = int(text)
        if not self.low <= value <= self.high:
            got = _echo(value) if abs(value) >= 10**20 else f"{value:,}"
            raise SettingRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be between %2 and %3, got %4"),
                                        (self.key, f"{self.low:,}", f"{self.high:,}", got)))
        return value


@dataclass(frozen=True)
class ChoiceSetting(Setting[E]):
    """One of the members of the enum ``choices``, stored as its value word (a window
    preference such as the theme or the send key); typed text is matched after
    stripping its blanks."""

    choices: type[E]

    def parse(self, value: object) -> E:
        """See :meth:`Setting.parse`."""
        if value is None:
            return self.default
        if isinstance(value, self.choices):
            return value
        word = value.strip() if isinstance(value, str) else None
        for choice in self.choices:
            if choice.value == word:
                return choice
        words = ", ".join(str(c.value) for c in self.choices)
        raise SettingRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 expects one of %2, got %3"),
                                    (self.key, words, _echo(value))))

    def shown(self, value: E) -> str:
        """The member's value word."""
        return str(value.value)


@dataclass(frozen=True)
class ModelSetting(Setting["str | None"]):
    """A System Agent model: ``PROVIDER/MODEL``, or a bare model id when ``bare_ok``.
    ``None`` is the default; blank text is "off" when ``optional``, else refused. The
    provider and the model id rules are checked by the service, which sees the store."""

    bare_ok: bool = False
    optional: bool = False

    def parse(self, value: object) -> str | None:
        """See :meth:`Setting.parse`. Text is stripped; a value starting or ending with
        ``/`` is refused."""
        if value is None:
            return self.default
        if not isinstance(value, str):
            raise SettingRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 expects PROVIDER/MODEL, got %2"),
                                        (self.key, _echo(value))))
        text = value.strip()
        if not text and self.optional:
            return None
        if not text or text.startswith("/") or text.endswith("/") or ("/" not in text and not self.bare_ok):
            raise SettingRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 expects PROVIDER/MODEL, e.g. "
                                                                             "OpenAI/gpt-5-mini (got %2)"),
                                        (self.key, _echo(value))))
        return text

    def shown(self, value: str | None) -> str:
        """The model, or ``(not set)``."""
        return "(not set)" if value is None else value


@dataclass(frozen=True)
class LanguageSetting(Setting["str | None"]):
    """A language the model is asked to write in, by name (``Japanese``, ``简体中文``):
    one line of at most :data:`LANGUAGE_MAX_CHARS` letters, spaces, ``-``, ``(`` and
    ``)``; blank (or ``None``) is the default ``None``: the model follows the material."""

    def parse(self, value: object) -> str | None:
        """See :meth:`Setting.parse`. Text is stripped, inner runs of spaces made one."""
        if value is None:
            return self.default
        if not isinstance(value, str):
            raise SettingRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 expects a language name, got %2"),
                                        (self.key, _echo(value))))
        text = " ".join(value.split())
        if not text:
            return None
        if len(text) > LANGUAGE_MAX_CHARS or not all(c.isalpha() or c in " -()" for c in text):
            raise SettingRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 expects a language name of at most %2 "
                                                                             "letters, e.g. Japanese (got %3)"),
                                        (self.key, str(LANGUAGE_MAX_CHARS), _echo(value))))
        return text

    def shown(self, value: str | None) -> str:
        """The language, or ``(the material's)``."""
        return "(the material's)" if value is None else value


#: The longest language name :class:`LanguageSetting` accepts, characters.
LANGUAGE_MAX_CHARS = 40
#: The model that names new topics (off while unset).
TOPIC_NAMING_MODEL = ModelSetting("topic-naming-model", None, "model that names new topics (PROVIDER/MODEL)",
                                  optional=True)
#: New topics are named by a model (APP-10): the topic-naming model when set, else the
#: topic's own chat model after its first reply, as ChatGPT and Claude do (walk29 #2).
TOPIC_NAMING = FlagSetting("topic-naming", True, "name new topics with a model (on/off)")
#: The History Compress model that writes summaries and dream cards (CMP-3).
HISTORY_COMPRESS_MODEL = ModelSetting(
    "history-compress-model", "gpt-5-mini",
    "model that writes summaries (PROVIDER/MODEL, or a bare model id)", bare_ok=True)
#: Archive excerpts of earlier summaries under the summary block (CMP-20).
COMPACTION_ARCHIVES = FlagSetting("compaction-archives", False, "archive excerpts under the summary (on/off)")
#: The desktop app's dream timer is paused (APP-4 / DRM-6).
DREAMS_PAUSED = FlagSetting("dreams-paused", False, "scheduled dreams are paused (on/off)")
#: Threshold compaction switch (NUM-1); ``COMPACT_ENABLED`` overrides it.
COMPACT_ENABLED = FlagSetting("compact-enabled", False, "threshold compaction (on/off)")
#: Tokens kept free below the window (NUM-3); ``COMPACT_BUFFER_TOKENS`` overrides it.
COMPACT_BUFFER_TOKENS = WholeSetting("compact-buffer-tokens", 13_000, "tokens kept free below the window",
                                     0, 10_000_000)
#: Non-system messages kept verbatim (NUM-6); ``COMPACT_KEEP_RECENT`` overrides it.
COMPACT_KEEP_RECENT = WholeSetting("compact-keep-recent", 12, "messages kept verbatim", 1, 10_000)
#: Failed summaries before the breaker opens (NUM-8); ``COMPACT_MAX_FAILURES`` overrides it.
COMPACT_MAX_FAILURES = WholeSetting("compact-max-failures", 3, "failed summaries before pausing", 1, 1_000)
#: Seconds without data before a reply says "no data from <host> for N s" (issue 12).
STREAM_SILENCE_SECONDS = WholeSetting("stream-silence-seconds", 60, "seconds of provider silence before a notice",
                                      1, 3_600)
#: The largest reply kept, MB (stream50): past it the reply stops and is stored cut at
#: the limit; ``CHATHUB_LIMIT_REPLY_MB`` wins when set (``providers.stream_limits``).
#: Its name as Settings → Providers shows it and the error of a cut reply names it, and
#: the environment variable that wins over it.
REPLY_SETTING_LABEL = QT_TRANSLATE_NOOP("ServiceReasons", "Largest reply")
REPLY_LIMIT_ENV = "CHATHUB_LIMIT_REPLY_MB"
REPLY_LIMIT_MB = WholeSetting("reply-limit-mb", 16, "largest reply kept, MB (CHATHUB_LIMIT_REPLY_MB wins when set)",
                              1, 1_024)
#: The language summaries and dream cards are written in (issue 27; unset: the
#: conversation's own, as the prompts have always said). The interface language never
#: changes what the model reads; only this does.
CARD_LANGUAGE = LanguageSetting("card-language", None, "language of summaries and dream cards (blank: the material's)")
#: Days of memory history kept per assistant.
MEMORY_HISTORY_DAYS = WholeSetting("memory-history-days", 90, "days of memory history kept", 1, 36_500)
#: Memory history changes kept per assistant.
MEMORY_HISTORY_CHANGES = WholeSetting("memory-history-changes", 500, "memory history changes kept", 1, 1_000_000)

#: Every declared setting by key, in the order the CLI lists them.
SETTINGS: Mapping[str, Setting[Any]] = {
    s.key: s for s in (
        TOPIC_NAMING, TOPIC_NAMING_MODEL, HISTORY_COMPRESS_MODEL, COMPACTION_ARCHIVES, DREAMS_PAUSED, COMPACT_ENABLED,
        COMPACT_BUFFER_TOKENS, COMPACT_KEEP_RECENT, COMPACT_MAX_FAILURES, STREAM_SILENCE_SECONDS, REPLY_LIMIT_MB,
        MEMORY_HISTORY_DAYS, MEMORY_HISTORY_CHANGES, CARD_LANGUAGE,
    )
}


def declared(key: str) -> Setting[Any]:
    """The declaration of ``key``; :class:`SettingRefused` ("unknown setting …; known: …")
    for any other key."""
    setting = SETTINGS.get(key)
    if setting is None:
        raise SettingRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "unknown setting %1; known: %2"),
                                    (repr(key), ", ".join(sorted(SETTINGS)))))
    return setting
