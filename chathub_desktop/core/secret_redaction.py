"""Likely secrets kept out of memory and summaries (issue 19).

Before text is stored as a memory entry, a dream card or a topic summary, every span
that looks like a credential is replaced by ``[redacted: KIND]`` and the kinds are
reported, so the user (or the model, in a tool result) sees what was taken out. Raw
messages are never touched: only what would be remembered.

This module holds the project's own patterns and the span arithmetic; a detector
library's findings come in as further :class:`Span` s (``services.memory.secret_scan``).
Own patterns (kind → shape):

- ``private-key``: a PEM ``-----BEGIN … PRIVATE KEY-----`` block (to its END line, or
  to the end of the text when cut off);
- ``anthropic-api-key`` ``sk-ant-…``; ``openai-api-key`` ``sk-…`` / ``sk-proj-…`` (at
  least 20 key characters holding a digit and a letter);
- ``aws-access-key-id`` ``AKIA…`` / ``ASIA…`` (20 characters);
- ``github-token`` ``ghp_…`` / ``github_pat_…``; ``slack-token`` ``xoxb-…``;
  ``stripe-key`` ``sk_live_…``; ``google-api-key`` ``AIza…``; ``jwt`` ``eyJ….eyJ….…``;
  ``bearer-token`` ``Bearer …``;
- ``password`` / ``api-key`` / ``token`` / ``secret``: the value of an assignment such as
  ``password=…``, ``api_key: "…"`` (the name is kept). After ``:`` a password value
  must hold a digit or a symbol, so prose like "password: somewhere safe" stays;
- ``password``: the password of a URL ``scheme://user:PASSWORD@host``.

Pure: no I/O. Lengths are Python characters.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

#: The text a redacted span becomes.
MARK = "[redacted: {kind}]"


@dataclass(frozen=True, slots=True)
class Span:
    """``text[start:end]`` looks like a secret of ``kind`` (characters)."""

    start: int
    end: int
    kind: str


@dataclass(frozen=True, slots=True)
class Redaction:
    """The text to store and the kinds taken out of it, one per redacted span (in text
    order; empty when nothing was)."""

    text: str
    kinds: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        """True when something was redacted."""
        return bool(self.kinds)

    def notice(self, what: str = "the text") -> str:
        """One line for people: ``"Redacted from the memory entry: 1 openai-api-key,
        2 password."`` (``""`` when nothing was)."""
        said = self.notice_reason(what)
        return "" if said is None else said.english()

    def notice_reason(self, what: str = "the text") -> Reason | None:
        """:meth:`notice` typed (issue 27: the window says it in its language): ``what``
        one of :data:`PLACES` (else shown as given); the counts and kinds are data.
        None when nothing was redacted."""
        if not self.kinds:
            return None
        listed = ", ".join(f"{n} {kind}" for kind, n in Counter(self.kinds).items())
        place = Reason(what) if what in PLACES else Reason("%1", (what,))
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "Redacted from %1: %2 (likely secrets are never remembered)."),
                      (place, listed))


#: The places a redaction notice names (what was stored without the secrets).
PLACES = frozenset((
    QT_TRANSLATE_NOOP("ServiceReasons", "the text"), QT_TRANSLATE_NOOP("ServiceReasons", "the memory entry"),
    QT_TRANSLATE_NOOP("ServiceReasons", "the memory"), QT_TRANSLATE_NOOP("ServiceReasons", "the dream card"),
    QT_TRANSLATE_NOOP("ServiceReasons", "the topic summary"), QT_TRANSLATE_NOOP("ServiceReasons", "the imported memory"),
))


_TAIL = r"(?![A-Za-z0-9_\-])"
_KEY_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
#: ``(kind, characters that may not come right before a match, pattern)``. Every pattern
#: starts with a literal, so a scan of ordinary text is quick; the boundary before a
#: match is checked in Python rather than by a leading look-behind (which would make the
#: regex engine try every position).
_PATTERNS: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    ("private-key", "", re.compile(
        r"-----BEGIN (?:[A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----"
        r"(?:[^-]|-(?!----END ))*?(?:-----END (?:[A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----|\Z)")),
    ("anthropic-api-key", _KEY_CHARS, re.compile(r"sk-ant-[A-Za-z0-9]{2,10}-[A-Za-z0-9_\-]{20,}" + _TAIL)),
    ("openai-api-key", _KEY_CHARS, re.compile(
        r"sk-(?!ant-)(?=[A-Za-z0-9_\-]*[0-9])(?=[A-Za-z0-9_\-]*[A-Za-z])[A-Za-z0-9_\-]{20,}" + _TAIL)),
    ("aws-access-key-id", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
     re.compile(r"A(?:KIA|SIA|BIA|CCA)[A-Z0-9]{16}(?![A-Z0-9])")),
    ("github-token", _KEY_CHARS, re.compile(
        r"g(?:h[pousr]_[A-Za-z0-9]{36,255}|ithub_pat_[A-Za-z0-9_]{22,255})(?![A-Za-z0-9_])")),
    ("slack-token", _KEY_CHARS, re.compile(r"xox[abposr]-[A-Za-z0-9\-]{10,}" + _TAIL)),
    ("stripe-key", _KEY_CHARS, re.compile(r"[sr]k_(?:live|test)_[A-Za-z0-9]{16,}(?![A-Za-z0-9_])")),
    ("google-api-key", _KEY_CHARS, re.compile(r"AIza[0-9A-Za-z_\-]{35}" + _TAIL)),
    ("jwt", _KEY_CHARS, re.compile(r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}")),
)
_BEARER = re.compile(r"earer[ \t]+([A-Za-z0-9._~+/\-]{20,}=*)")
# An assignment: a name ending in a secret word, ``=`` or ``:``, a value. Found from its
# separator: the name before it must match _ASSIGNED_NAME, the value after _VALUE.
_SEPARATOR = re.compile(r"[=:]")
_ASSIGNED_NAME = re.compile(
    r"(?:[a-z0-9]+[_\-]){0,3}(?:password|passwd|pwd|passphrase|api[_\-]?key|access[_\-]?key|access[_\-]?token|"
    r"auth[_\-]?token|refresh[_\-]?token|client[_\-]?secret|secret[_\-]?key|secret|token)")
_VALUE = re.compile(r"[ \t]*(\"[^\"\r\n]{4,200}\"|'[^'\r\n]{4,200}'|[^\s,;'\"]{4,200})")
_NAME_CHARS = frozenset(_KEY_CHARS)
_URL_PASSWORD = re.compile(r"://[^\s:/@]{1,100}:([^\s@/]{3,200})@")
_SYMBOL = re.compile(r"[0-9!@#$%^&*()+=?<>{}\[\]~|\\/]")


def _assignment_kind(name: str) -> str:
    low = name.lower()
    if any(w in low for w in ("pass", "pwd")):
        return "password"
    if "key" in low:
        return "api-key"
    if "token" in low:
        return "token"
    return "secret"


def own_spans(text: str) -> list[Span]:
    """Spans of ``text`` the project's own patterns take for secrets (see the module
    docstring), possibly overlapping; in no particular order."""
    spans = [Span(m.start(), m.end(), kind) for kind, before, rx in _PATTERNS for m in rx.finditer(text)
             if not (before and m.start() > 0 and text[m.start() - 1] in before)]
    spans.extend(Span(m.start(1), m.end(1), "bearer-token") for m in _BEARER.finditer(text)
                 if m.start() > 0 and text[m.start() - 1] in "Bb"
                 and (m.start() < 2 or text[m.start() - 2] not in _NAME_CHARS))
    spans.extend(_assignments(text))
    spans.extend(Span(m.start(1), m.end(1), "password") for m in _URL_PASSWORD.finditer(text))
    return spans


def _assignments(text: str) -> list[Span]:
    """The values of ``password=…``-style assignments (the name is kept)."""
    out: list[Span] = []
    for sep in _SEPARATOR.finditer(text):
        end = sep.start()
        while end > 0 and text[end - 1] in " \t":
            end -= 1
        start = end
        while start > 0 and text[start - 1] in _NAME_CHARS and end - start < 80:
            start -= 1
        name = text[start:end].lower()
        if not name or _ASSIGNED_NAME.fullmatch(name) is None:
            continue
        value = _VALUE.match(text, sep.end())
        if value is None:
            continue
        kind = _assignment_kind(name)
        raw = value.group(1)
        bare = raw.strip("\"'")
        if raw[0] in "\"'" and len(bare) < 4:
            continue
        if sep.group() == ":" and (kind != "password" or not _SYMBOL.search(bare)):
            continue  # "token: the coin", "password: somewhere safe" are prose
        if bare.startswith("[redacted:"):
            continue
        out.append(Span(value.start(1), value.end(1), kind))
    return out


def merge(spans: Iterable[Span]) -> list[Span]:
    """Overlapping or touching spans joined (the earliest-starting one's kind wins; at
    the same start the longer), sorted by start."""
    out: list[Span] = []
    for sp in sorted(spans, key=lambda s: (s.start, -s.end)):
        if sp.end <= sp.start:
            continue
        if out and sp.start <= out[-1].end:
            last = out[-1]
            if sp.end > last.end:
                out[-1] = Span(last.start, sp.end, last.kind)
            continue
        out.append(sp)
    return out


def apply(text: str, spans: Sequence[Span]) -> Redaction:
    """``text`` with every span (merged) replaced by ``[redacted: KIND]``."""
    merged = merge(spans)
    if not merged:
        return Redaction(text)
    parts: list[str] = []
    pos = 0
    for sp in merged:
        parts.append(text[pos:sp.start])
        parts.append(MARK.format(kind=sp.kind))
        pos = sp.end
    parts.append(text[pos:])
    return Redaction("".join(parts), tuple(sp.kind for sp in merged))


def redact(text: str, extra: Iterable[Span] = ()) -> Redaction:
    """:func:`apply` of the own patterns' spans plus ``extra`` (a library's)."""
    return apply(text, [*own_spans(text), *extra])
