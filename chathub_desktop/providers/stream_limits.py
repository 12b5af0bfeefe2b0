"""Size limits of what a provider may send (issue 32, APP-1): one SSE line, one SSE
event, the decompressed body of one answer, one reply, the model list, and how far a
compressed answer may expand.

Every limit is set well above what a real model sends and can be raised with an
environment variable (MB = 2^20 bytes; decimals allowed, e.g. ``0.5``). The reply limit
is also a setting of the window (``reply-limit-mb``, Settings → Providers → Largest reply,
stream50); the variable wins when set, and passing the limit names whichever set it. Past a limit the
request stops with a :class:`~chathub_desktop.providers.base.ProviderError` of kind
``TOO_LARGE`` whose one-line message names the limit and the variable; what arrived
before is kept by the caller.

========================  =====================================  =========
limit                     environment variable                   default
========================  =====================================  =========
one SSE line              ``CHATHUB_LIMIT_SSE_LINE_MB``          64 MB
one SSE event             ``CHATHUB_LIMIT_SSE_EVENT_MB``         64 MB
decompressed answer body  ``CHATHUB_LIMIT_BODY_MB``              1024 MB
one reply                 ``CHATHUB_LIMIT_REPLY_MB``             16 MB
model list (/models)      ``CHATHUB_LIMIT_MODEL_LIST_MB``        16 MB
decompression ratio       ``CHATHUB_LIMIT_INFLATE_RATIO``        500 ×
========================  =====================================  =========

A reply counts the UTF-8 bytes of its text, its reasoning and its tool-call arguments.
The ratio limit applies once an answer has expanded past :data:`RATIO_GRACE_BYTES`:
ordinary gzipped SSE expands about 75 times, a model stuck repeating one token about
257 times, a bomb of zeros about 1,026 times. Memory never depends on it (bodies are
inflated in 64 KB pieces); it ends a bomb early instead of at the body limit.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from chathub_desktop.core.app_settings import REPLY_LIMIT_ENV, REPLY_SETTING_LABEL
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.base import ErrorKind, ProviderError

MB = 1 << 20
#: Decoded bytes an answer may reach before the ratio limit applies (small bodies
#: compress far better than large ones).
RATIO_GRACE_BYTES = 1 * MB


class Limit(Enum):
    """One limit: its environment variable, its default, and what passing it means."""

    SSE_LINE = ("CHATHUB_LIMIT_SSE_LINE_MB", 64,
                QT_TRANSLATE_NOOP("ServiceReasons", "the provider sent an SSE line longer than the line limit"))
    SSE_EVENT = ("CHATHUB_LIMIT_SSE_EVENT_MB", 64,
                 QT_TRANSLATE_NOOP("ServiceReasons", "the provider sent an SSE event larger than the event limit"))
    BODY = ("CHATHUB_LIMIT_BODY_MB", 1024, QT_TRANSLATE_NOOP("ServiceReasons", "the provider's answer passed the body limit"))
    REPLY = (REPLY_LIMIT_ENV, 16, QT_TRANSLATE_NOOP("ServiceReasons", "the reply passed the reply limit"))
    MODEL_LIST = ("CHATHUB_LIMIT_MODEL_LIST_MB", 16, QT_TRANSLATE_NOOP("ServiceReasons", "the model list passed its limit"))
    INFLATE_RATIO = ("CHATHUB_LIMIT_INFLATE_RATIO", 500, QT_TRANSLATE_NOOP(
        "ServiceReasons", "the provider's compressed answer expanded past the decompression limit"))

    def __init__(self, env: str, default: float, words: str) -> None:
        self.env = env
        self.default = default
        self.words = words


def _setting(limit: Limit, environ: Mapping[str, str]) -> float:
    """The limit's value from ``environ`` (MB, or a ratio); its default when unset,
    unreadable, not finite or not positive."""
    raw = environ.get(limit.env, "").strip()
    try:
        value = float(raw) if raw else limit.default
    except ValueError:
        return limit.default
    return value if math.isfinite(value) and value > 0 else limit.default


def size_words(n: int) -> str:
    """``16 MB``, ``0.5 MB``, ``64 KB``: a byte count for a message (2^10 / 2^20 units)."""
    if n >= MB:
        return f"{n / MB:.4g} MB"
    return f"{n / 1024:.4g} KB"


@dataclass(frozen=True, slots=True)
class StreamLimits:
    """The limits in bytes (and the ratio as a factor). :meth:`from_env` reads them."""

    line_bytes: int = 64 * MB
    event_bytes: int = 64 * MB
    body_bytes: int = 1024 * MB
    reply_bytes: int = 16 * MB
    model_list_bytes: int = 16 * MB
    inflate_ratio: float = 500.0
    #: The reply limit comes from the window's setting (``reply-limit-mb``, stream50), so
    #: passing it names that setting rather than the environment variable.
    reply_from_setting: bool = False

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, *, reply_mb: int | None = None) -> StreamLimits:
        """The limits set in ``environ`` (``os.environ`` by default), defaults elsewhere.
        ``reply_mb``: the reply limit of the ``reply-limit-mb`` setting (MB), used unless
        ``CHATHUB_LIMIT_REPLY_MB`` is set (the variable wins, stream50)."""
        env = os.environ if environ is None else environ

        def size(limit: Limit) -> int:
            return max(1, int(_setting(limit, env) * MB))

        from_setting = reply_mb is not None and not env.get(Limit.REPLY.env, "").strip()
        return cls(
            line_bytes=size(Limit.SSE_LINE),
            event_bytes=size(Limit.SSE_EVENT),
            body_bytes=size(Limit.BODY),
            reply_bytes=max(1, reply_mb or 0) * MB if from_setting else size(Limit.REPLY),
            model_list_bytes=size(Limit.MODEL_LIST),
            inflate_ratio=_setting(Limit.INFLATE_RATIO, env),
            reply_from_setting=from_setting,
        )

    def value_words(self, limit: Limit) -> str:
        """The current value of ``limit`` in words (``16 MB``, ``500 times``)."""
        if limit is Limit.INFLATE_RATIO:
            return f"{self.inflate_ratio:g} times its compressed size"
        return size_words({
            Limit.SSE_LINE: self.line_bytes, Limit.SSE_EVENT: self.event_bytes,
            Limit.BODY: self.body_bytes, Limit.REPLY: self.reply_bytes,
            Limit.MODEL_LIST: self.model_list_bytes,
        }[limit])

    def message(self, limit: Limit) -> str:
        """One line: which limit was passed, its value, and how to raise it."""
        return self.reason(limit).english()

    def reason(self, limit: Limit) -> Reason:
        """:meth:`message` typed (issue 27): the limit's words and the frame are said in
        the window's language; the value and the variable's name stay as they are."""
        if limit is Limit.REPLY and self.reply_from_setting:
            return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "stopped: %1 of %2; raise “%3” in Settings → Providers"),
                          (Reason(limit.words), self.value_words(limit), Reason(REPLY_SETTING_LABEL)))
        if limit is Limit.INFLATE_RATIO:
            return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "stopped: %1 of %2 times its compressed size; set the "
                                                              "environment variable %3 to raise it"),
                          (Reason(limit.words), f"{self.inflate_ratio:g}", limit.env))
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "stopped: %1 of %2; set the environment variable %3 (in MB) "
                                                          "to raise it"),
                      (Reason(limit.words), self.value_words(limit), limit.env))

    def error(self, limit: Limit) -> ProviderError:
        """The ``TOO_LARGE`` :class:`ProviderError` for passing ``limit``."""
        return ProviderError(ErrorKind.TOO_LARGE, self.reason(limit))


def utf8_size(text: str) -> int:
    """UTF-8 bytes of ``text`` (lone surrogates counted as 3 bytes, as they are stored)."""
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


class ReplyMeter:
    """Counts one reply's bytes (text, reasoning, tool-call arguments) against
    :attr:`StreamLimits.reply_bytes`; :meth:`add` raises the ``TOO_LARGE`` error past it."""

    def __init__(self, limits: StreamLimits) -> None:
        self._limits = limits
        self.bytes = 0

    def add(self, text: str, extra: int = 0) -> None:
        """Count ``text`` plus ``extra`` bytes (what holding one more piece costs);
        :class:`ProviderError` (``TOO_LARGE``) once the reply passes its limit."""
        self.bytes += utf8_size(text) + extra
        if self.bytes > self._limits.reply_bytes:
            raise self._limits.error(Limit.REPLY)
