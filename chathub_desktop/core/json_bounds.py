"""Bounds for JSON read from outside: nesting depth and the length of one string (APP-5).

Pure, no I/O. A JSON parser builds what it reads: a file of 200,000 nested ``[``
costs a streaming parser gigabytes (every level keeps its path), and one 300 MB string
is built whole before anything can look at it. :class:`JsonScanner` looks at the raw
bytes *before* they reach the parser, piece by piece, and stops at the first byte that
crosses a bound, so the parser never sees it:

- depth: ``[`` and ``{`` outside strings, counted as they open;
- one string's length in bytes as written in the file (escapes included), so the
  caller can name its size before the parser builds it.

Brackets and quotes inside strings do not count; a string may span pieces. The scanner
does not validate JSON (the parser does that); on input that is not JSON its counts
are meaningless but still bounded.

:func:`check_json_text` does the same for a whole text already in memory (the model
catalog, small files).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import accumulate, count
from operator import sub

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError

__all__ = [
    "PIECE_BYTES",
    "JsonBoundsError",
    "JsonLimits",
    "JsonScanner",
    "check_json_text",
    "megabytes",
    "replace_lone_surrogate_escapes",
]

#: The scanner looks at this many bytes at a time; a string wholly inside one piece is
#: never longer, so only strings spanning pieces need counting (bytes).
PIECE_BYTES = 64 * 1024

_NOT_SYNTAX = bytes(sorted(set(range(256)) - set(b'[]{}"')))
# An escaped backslash or quote, paired left to right as a JSON reader pairs them.
_ESCAPE = re.compile(rb'\\[\\"]')
# opening brackets → 2, closing → 0: the depth after item i is sum(mapped[:i+1]) - (i+1)
_STEP = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")
_QUOTE = ord('"')
# An escape of a UTF-16 surrogate that has no partner: a high one not followed by a low
# one, or a low one not preceded by a high one. It starts with the literal \\u, so the
# regex engine skips ahead quickly; whether its backslash is itself escaped is checked
# on each (rare) match.
_HEX2 = rb"[0-9a-fA-F]{2}"
_LONE_SURROGATE = re.compile(
    rb"\\u[dD](?:[89abAB]" + _HEX2 + rb"(?!\\u[dD][c-fC-F]" + _HEX2 + rb")"
    rb"|[c-fC-F]" + _HEX2 + rb"(?<!\\u[dD][89abAB]" + _HEX2 + rb"\\u[dD][c-fC-F]" + _HEX2 + rb"))")
_ANY_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")


def megabytes(n: int) -> str:
    """``n`` bytes as ``"12.3 MB"`` (MiB, one decimal) for messages."""
    return f"{n / (1024 * 1024):,.1f} MB"


@dataclass(frozen=True, slots=True)
class JsonLimits:
    """``max_depth``: deepest nesting of arrays/objects accepted (the top level is 1);
    ``max_string_bytes``: longest string, in bytes as written (at least
    :data:`PIECE_BYTES`)."""

    max_depth: int
    max_string_bytes: int

    def __post_init__(self) -> None:
        if self.max_depth < 1 or self.max_string_bytes < PIECE_BYTES:
            raise ValueError("max_depth must be ≥ 1 and max_string_bytes ≥ PIECE_BYTES")


class JsonBoundsError(ReasonError):
    """The JSON crosses a bound. ``kind`` is ``"depth"`` or ``"string"``; ``offset`` the
    byte offset (0-based) where the bound was crossed (for a string: where it starts);
    ``limit`` the bound. ``str(exc)`` is a one-line, user-facing English phrase such as
    ``"nests JSON more than 64 levels deep (at byte 1,234)"``; ``reason`` the same typed
    (issue 27: the window says it in its language)."""

    def __init__(self, kind: str, offset: int, limit: int, reason: Reason) -> None:
        super().__init__(reason)
        self.kind = kind
        self.offset = offset
        self.limit = limit


class JsonScanner:
    """Incremental bounds check over the bytes of one JSON document (see the module doc).

    Call :meth:`feed` with each block of bytes in order, *before* handing it to the
    parser. It raises :class:`JsonBoundsError` (``kind="depth"``) as soon as nesting
    exceeds the limit. A string over the limit does not raise at once: it sets
    :attr:`long_string_at` (the byte where it starts) so the caller can go on feeding
    to measure it (:attr:`string_bytes` grows until :attr:`in_string` turns false),
    then call :meth:`string_error`.
    """

    def __init__(self, limits: JsonLimits) -> None:
        self.limits = limits
        self.offset = 0  # bytes fed so far
        self.depth = 0
        self.in_string = False
        self.string_bytes = 0  # bytes of the current (or last) string that spans pieces
        self.long_string_at: int | None = None
        self._string_start = 0
        self._escape = False  # the previous piece ended inside a string on a backslash

    def feed(self, data: bytes) -> None:
        """Scan ``data`` (the next bytes of the document). Raises
        :class:`JsonBoundsError` for nesting deeper than ``limits.max_depth``."""
        for start in range(0, len(data), PIECE_BYTES):
            self._piece(data[start:start + PIECE_BYTES])

    def string_error(self) -> JsonBoundsError:
        """The error for the over-long string seen (:attr:`long_string_at` not None):
        its size when the string ended, else "more than" what was measured."""
        at = self.long_string_at or 0
        size = megabytes(self.string_bytes)
        measured: str | Reason = size if not self.in_string else Reason(QT_TRANSLATE_NOOP("ServiceReasons", "more than %1"), (size,))
        return JsonBoundsError("string", at, self.limits.max_string_bytes, Reason(
            QT_TRANSLATE_NOOP("ServiceReasons", "holds a text of %1 (at byte %2)"), (measured, f"{at:,}"),
            (Reason(QT_TRANSLATE_NOOP("ServiceReasons", "; the limit is %1 per text"), (megabytes(self.limits.max_string_bytes),)),)))

    def _piece(self, piece: bytes) -> None:
        if not piece:
            return
        was_in_string, was_escape = self.in_string, self._escape
        # Neutralise escapes (same length, so offsets and lengths hold): after this every
        # quote left is a string delimiter. Backslash pairs go left to right, as a JSON
        # reader pairs them; a piece without a backslash is left as it is.
        work = piece
        if self._escape:  # it escapes a quote or a backslash only, as inside one piece
            if work[:1] in (b'"', b"\\"):
                work = b"_" + work[1:]
            self._escape = False
        if b"\\" in work:
            work = _ESCAPE.sub(b"__", work)
            if work.endswith(b"\\"):
                self._escape = True
                work = work[:-1] + b"_"
        # Only brackets and quotes matter: drop every other byte first (one C pass), so the
        # split below works on a few kilobytes, not the whole piece (issue 15).
        parts = work.translate(None, _NOT_SYNTAX).split(b'"')
        # parts alternate outside / inside strings, starting inside if a string was open
        brackets = b"".join(parts[1::2] if was_in_string else parts[0::2])
        if brackets:
            steps = brackets.translate(_STEP)
            peak = max(map(sub, accumulate(steps), count(1)))
            if self.depth + peak > self.limits.max_depth:
                raise self._depth_error(piece, was_in_string, was_escape)
            self.depth += sum(steps) - len(steps)
        quotes = len(parts) - 1
        if was_in_string:
            if quotes:  # the open string closes in this piece
                self._grow(work.index(b'"') + 1)
            else:
                self._grow(len(piece))
        self.in_string = was_in_string != (quotes % 2 == 1)
        if self.in_string and (quotes or not was_in_string):
            # a string opens in this piece and runs past it
            tail = len(work) - work.rindex(b'"')
            self._string_start = self.offset + len(piece) - tail
            self.string_bytes = 0
            self._grow(tail)
        self.offset += len(piece)

    def _grow(self, n: int) -> None:
        self.string_bytes += n
        if self.long_string_at is None and self.string_bytes > self.limits.max_string_bytes:
            self.long_string_at = self._string_start

    def _depth_error(self, piece: bytes, in_string: bool, escape: bool) -> JsonBoundsError:
        """Find the byte where nesting crosses the limit (only on the error path)."""
        depth = self.depth
        at = self.offset
        for i, c in enumerate(piece):
            if in_string:
                if escape:
                    escape = False
                elif c == 0x5C:
                    escape = True
                elif c == _QUOTE:
                    in_string = False
            elif c == _QUOTE:
                in_string = True
            elif c in b"[{":
                depth += 1
                if depth > self.limits.max_depth:
                    at = self.offset + i
                    break
            elif c in b"]}":
                depth -= 1
        limit = self.limits.max_depth
        return JsonBoundsError("depth", at, limit, Reason(
            QT_TRANSLATE_NOOP("ServiceReasons", "nests JSON more than %1 levels deep (at byte %2)"), (str(limit), f"{at:,}")))


def replace_lone_surrogate_escapes(data: bytes) -> tuple[bytes, int]:
    """``data`` (JSON bytes) with every escape of a lone UTF-16 surrogate (``\\ud800``
    without its partner) rewritten as ``\\ufffd``, and how many were. The length does
    not change. An escape cut at the end of ``data`` is not seen: hand this function
    whole escapes (the caller keeps the last bytes back when they hold a backslash)."""
    if _ANY_SURROGATE.search(data) is None:
        return data, 0
    replaced = 0

    def fix(m: re.Match[bytes]) -> bytes:
        nonlocal replaced
        run = 0  # backslashes right before this one: an odd run escapes it (literal text)
        while m.start() - run > 0 and data[m.start() - run - 1] == 0x5C:
            run += 1
        if run % 2:
            return m.group()
        replaced += 1
        return b"\\ufffd"

    return _LONE_SURROGATE.sub(fix, data), replaced


def check_json_text(text: str, limits: JsonLimits) -> None:
    """Check a whole JSON text (any size) against ``limits`` before ``json.loads``.
    Raises :class:`JsonBoundsError` (depth, or a string over the limit with its size)."""
    scanner = JsonScanner(limits)
    scanner.feed(text.encode("utf-8", "surrogatepass"))
    if scanner.long_string_at is not None:
        raise scanner.string_error()
