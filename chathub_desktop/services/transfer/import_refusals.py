"""Why Import chats refused a file, as typed reasons (issue 27: the window says them in
its language, the CLI prints their English): what a file that is no export starts with,
"a ChatGPT export", an unreadable file, the keys found, and a parser's error in a
conversation. The file's name, figures and the parser's own words are data. Pure
helpers of :mod:`~chathub_desktop.services.transfer.chat_import`."""

from __future__ import annotations

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

__all__ = ["NOTHING", "an_export", "cannot_read", "describe_head", "first_line", "json_error_reason", "keys_note"]

_BINARY = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "is binary data, not JSON"))
#: The tail of a refused import (issue 27: typed, as its frame).
NOTHING = Reason(QT_TRANSLATE_NOOP("ServiceReasons", ". Nothing was imported."))


def describe_head(head: bytes) -> Reason:
    """What a file that is not a JSON array starts with, in words for the user."""
    try:
        text = head[:200].decode("utf-8")
    except UnicodeDecodeError:
        return _BINARY
    word = text.split(None, 1)[0] if text.split() else ""
    if word.rstrip(",]}") in ("null", "true", "false") or word[:1] in '"-0123456789':
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "holds a single JSON value (%1), not a list of conversations"),
                      (word[:20],))
    if any(not (c.isprintable() or c in "\r\n\t") for c in text):
        return _BINARY
    first = text.strip().splitlines()[0][:40] if text.strip() else ""
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "is not JSON (it starts with “%1”)"), (first,))


def an_export(what: str) -> Reason:
    """"a ChatGPT export", "an Open WebUI export", "a chat export" (the format's name as data)."""
    if what == "chat":
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a chat export"))
    if what[:1] in "AEIOU":
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "an %1 export"), (what,))
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a %1 export"), (what,))


def cannot_read(label: str, exc: OSError) -> Reason:
    """"cannot read NAME: why" (the system's own words for why)."""
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "cannot read %1: %2"), (label, str(exc.strerror or exc)))


def keys_note(keys: list[str], *, first_conversation: bool) -> Reason | str:
    """" (keys: a, b)" / " (the first conversation has keys: a, b)": the first eight
    keys found, or "" when there were none."""
    if not keys:
        return ""
    shown = ", ".join(keys[:8])
    if first_conversation:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", " (the first conversation has keys: %1)"), (shown,))
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", " (keys: %1)"), (shown,))


def first_line(exc: BaseException) -> str:
    """The first line of ``exc``'s message (its class name when it has none)."""
    text = exc.args[0] if exc.args else str(exc)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return (str(text).strip().splitlines() or [type(exc).__name__])[0]


def json_error_reason(label: str, exc: Exception, bytes_read: int | None, total: int, done: int,
                      what: str = "chat") -> Reason:
    """The one-line reason for a parser error: a number too large, text that is not
    UTF-8, or (anything else) JSON that is cut short or damaged (the format's name
    ``what``, the figures and the parser's own words are data)."""
    n = f"{done + 1:,}"
    detail = first_line(exc)
    if isinstance(exc, UnicodeDecodeError) or "invalid bytes in UTF8" in detail:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 holds text that is not valid UTF-8 in conversation %2 "
                                                          "(bytes that are no character); %3 is UTF-8"),
                      (label, n, an_export(what)), (NOTHING,))
    if "integer overflow" in detail or "floating point) overflow" in detail:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 holds a number too large to read in conversation %2 "
                                                          "(%3's numbers are times and counts)"),
                      (label, n, an_export(what)), (NOTHING,))
    if bytes_read is None:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not valid JSON (%2); the file may be truncated or "
                                                          "damaged"), (label, detail), (NOTHING,))
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not valid JSON after %2 of %3 bytes (%4); the file may be "
                                                      "truncated or damaged"),
                  (label, f"{bytes_read:,}", f"{total:,}", detail), (NOTHING,))
