"""Dynamic memory cards: the dated dream-card document's grammar — cards, tags, parsing
and rendering, framing, escaping and the cutting primitives (DRM-8, DRM-10, DRM-12,
DRM-13, REF-8, REF-9, REF-13 … REF-15). Editing, near duplicates, caps and retention are
in :mod:`chathub_desktop.core.dynamic_memory`.

Pure functions over immutable :class:`Card` values, no I/O. Lengths and caps are Python
characters (code points); only the ``n=`` field of the opaque envelope counts **UTF-16
code units** (REF-13).

Document (REF-8). Each card is a header line ``#N [TAG]:`` followed by its body lines;
:func:`render_document` separates cards with one blank line and renumbers them 1..n.
Parsing ignores the written numbers. A body line that would itself read as a header
(``#3 [x]:``, after any leading backslashes) is written with one extra leading
backslash and read back without it, so any body survives a render/parse round trip.

Three forms of a card body:

- *conceptual* text: what a model wrote, or what a user means (:func:`escape_body`
  turns it into the stored form);
- *stored* text (``Card.body``): every marker-shaped line carries one more leading
  backslash than the conceptual text (REF-15), and a range card may start with a
  framing line (REF-13, REF-14);
- *visible* text (:func:`visible_body`): what the editor and Copy show: framing hidden,
  one backslash level removed, except on ``[date:YYYY-MM-DD]`` lines, which are shown
  as stored (an ordinary-text date line therefore reads ``\\[date:…]``, and a bare one
  in the editor stays a day heading when saved).

A *marker-shaped* line is: optional backslashes, then exactly ``[YYYY-MM-DD]``,
``[date:YYYY-MM-DD]``, ``[overflow:v1]``, ``[overflow:opaque-vD]`` or a v3 envelope
header ``[overflow:opaque-v3 n=… crc=…]`` (the last so that a typed envelope header can
never become framing), optionally followed by ``\\r``.

Range bodies come in two framed layouts:

- ``[overflow:v1]`` then dated sections ``[date:D]`` + text, one blank line between
  days, oldest first (REF-11). It is framing only when the ``[date:D]`` headings
  rebuild the card's span and the old bare ``[D]`` grammar does not also rebuild it
  (REF-14); over bare ``[D]`` headings it is the user's text. Older grammars of the
  same dated range without the ``[overflow:v1]`` line are read as dated sections too:
  bare ``[D]`` headings or ``[date:D]`` headings, when their headings alone rebuild the
  span; :func:`in_current_layout` writes them back in the current layout.
- ``[overflow:opaque-v3 n=<UTF-16 length> crc=<FNV-1a 32 of UTF-8, 8 hex>]`` then a
  payload that is not split into days (REF-13).

Anything else on a range card (no framing, a v1 line that does not rebuild the span, a
v3 line failing its check, ``[overflow:opaque-v1]`` / ``-v2``) is *opaque* text shown
as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from functools import lru_cache

from chathub_desktop.core.memory_search import utf16_len

#: DRM-13: a single-day card's stored body, in characters.
SINGLE_CARD_MAX = 3200
#: DRM-13: a range card's stored body, framing line included, in characters.
RANGE_CARD_MAX = 6400
#: DRM-7: Keep dream cards N (default, allowed range).
KEEP_DEFAULT, KEEP_MIN, KEEP_MAX = 14, 1, 90
#: REF-12 / REF-17: the sentinel a model answers when there is nothing to add.
NO_CHANGES = "NO_CHANGES"
#: REF-9: a new card aims at about this many tokens (a prompt hint, not enforced here).
CARD_TARGET_TOKENS = 800
#: REF-16: Jaccard similarity at or above this is a near duplicate.
NEAR_DUPLICATE_JACCARD = 0.8

#: REF-11: the first line of a concatenated range body (with its newline).
V1_LINE = "[overflow:v1]\n"
#: The longest opaque-v3 header line, newline included: a 5-digit ``n`` covers any
#: payload that fits in RANGE_CARD_MAX characters (≤ 12,800 UTF-16 units).
V3_HEADER_MAX = len("[overflow:opaque-v3 n=99999 crc=00000000]\n")
#: REF-12: the most characters a re-summary may have so that its opaque envelope fits
#: RANGE_CARD_MAX whatever its UTF-16 length (ask the model for at most this).
SUMMARY_BODY_MAX = RANGE_CARD_MAX - V3_HEADER_MAX

EN_DASH_SEPARATOR = " – "

_FNV_OFFSET = 0x811C9DC5
_FNV_PRIME = 0x01000193

_DATE = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
_DAY_TAG_RE = re.compile(_DATE)
_RANGE_TAG_RE = re.compile(f"({_DATE})\\.\\.({_DATE})")

# A card header line (REF-8); the tag never holds a line break.
_HEADER_CORE = r"#[0-9]+ \[[^\r\n]*\]:[ \t]*\r?"
_HEADER_RE = re.compile(r"#[0-9]+ \[([^\r\n]*)\]:[ \t]*\r?")
_HEADER_SHAPED_RE = re.compile(r"\\*" + _HEADER_CORE)

# REF-15 marker-shaped line: group 1 the backslashes, group 2 the bracket's inside.
_MARKER_RE = re.compile(
    r"(\\*)\[("
    + _DATE
    + r"|date:"
    + _DATE
    + r"|overflow:v1|overflow:opaque-v[0-9]+|overflow:opaque-v3 n=[0-9]+ crc=[0-9a-f]{8})\]\r?"
)

_V1_RE = re.compile(r"\[overflow:v1\]\r?")
_V3_RE = re.compile(r"\[overflow:opaque-v3 n=([0-9]+) crc=([0-9a-f]{8})\]\r?")
_DATE_HEADING_RE = re.compile(r"\[date:(" + _DATE + r")\]\r?")
_BARE_HEADING_RE = re.compile(r"\[(" + _DATE + r")\]\r?")

#: "[date:YYYY-MM-DD]\n": the length of a section heading line.
HEADING_LEN = 18


def is_marker_line(line: str) -> bool:
    """True for a marker-shaped line (REF-15): optional backslashes, then exactly
    ``[YYYY-MM-DD]``, ``[date:YYYY-MM-DD]``, ``[overflow:v1]``, ``[overflow:opaque-vD]`` or
    a v3 envelope header, optionally followed by ``\\r``."""
    return "[" in line and _MARKER_RE.fullmatch(line) is not None


def _parse_date(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


class CardKind(StrEnum):
    """What a dynamic-memory card's tag makes it (REF-8): one UTC ``day``, a ``range``
    of days, the ``legacy`` preamble or any other ``custom`` tag. Never stored: it is
    read off the tag."""

    DAY = "day"
    RANGE = "range"
    LEGACY = "legacy"
    CUSTOM = "custom"


@lru_cache(maxsize=512)
def _classify(tag: str) -> tuple[CardKind, date | None, date | None]:
    if tag == CardKind.LEGACY:
        return CardKind.LEGACY, None, None
    if _DAY_TAG_RE.fullmatch(tag):
        d = _parse_date(tag)
        if d is not None:
            return CardKind.DAY, d, d
    m = _RANGE_TAG_RE.fullmatch(tag)
    if m:
        start, end = _parse_date(m.group(1)), _parse_date(m.group(2))
        if start is not None and end is not None and start <= end:
            return CardKind.RANGE, start, end
    return CardKind.CUSTOM, None, None


@dataclass(frozen=True, slots=True)
class Card:
    """One dynamic-memory card (REF-8).

    - ``tag``: ``YYYY-MM-DD`` (one UTC day), ``YYYY-MM-DD..YYYY-MM-DD`` (a range, start
      ≤ end), ``legacy`` or any other single-line text (custom). A date that does not
      exist (``2024-02-30``) or a reversed range makes a custom tag.
    - ``body``: the *stored* body (REF-15 escape level, a range card's framing line).

    Raises ``ValueError`` for a tag containing ``\\n`` or ``\\r``.
    """

    tag: str
    body: str

    def __post_init__(self) -> None:
        if "\n" in self.tag or "\r" in self.tag:
            raise ValueError("a card tag must be a single line")

    @property
    def kind(self) -> CardKind:
        """``day``, ``range``, ``legacy`` or ``custom`` (:class:`CardKind`)."""
        return _classify(self.tag)[0]

    @property
    def day(self) -> date | None:
        """The UTC day of a single-day card, else None."""
        kind, start, _ = _classify(self.tag)
        return start if kind == CardKind.DAY else None

    @property
    def span(self) -> tuple[date, date] | None:
        """``(first, last)`` day of a range card, else None."""
        kind, start, end = _classify(self.tag)
        if kind != CardKind.RANGE or start is None or end is None:
            return None
        return start, end

    @property
    def regenerable(self) -> bool:
        """True only for single-day cards (DRM-8: Regenerate is hidden elsewhere)."""
        return self.kind == CardKind.DAY

    @property
    def display_tag(self) -> str:
        """The chip text: ``YYYY-MM-DD – YYYY-MM-DD`` (en dash, spaces) for a range, else the tag."""
        span = self.span
        if span is None:
            return self.tag
        return span[0].isoformat() + EN_DASH_SEPARATOR + span[1].isoformat()


def day_tag(day: date) -> str:
    """The tag of a single-day card: ``YYYY-MM-DD``."""
    return day.isoformat()


def range_tag(start: date, end: date) -> str:
    """The tag of a range card: ``YYYY-MM-DD..YYYY-MM-DD``; ``ValueError`` when start > end."""
    if start > end:
        raise ValueError(f"range start {start} is after its end {end}")
    return f"{start.isoformat()}..{end.isoformat()}"


# --- the document (REF-8) --------------------------------------------------------------


def parse_document(text: str) -> list[Card]:
    """The cards of a stored dynamic-memory document (REF-8).

    A header is a whole line ``#N [TAG]:`` (trailing spaces/tabs and ``\\r`` allowed);
    the body is every following line up to the next header, minus the one blank line
    that separates cards. Header-shaped body lines lose the one backslash
    :func:`render_document` added. Text before the first header becomes a ``legacy``
    card when it is not blank; a document with no header at all is one
    ``Card("legacy", text.strip("\\n"))``; ``""`` or whitespace gives ``[]``.
    """
    if not text.strip():
        return []
    lines = text.split("\n")
    heads = [i for i, line in enumerate(lines) if line.startswith("#") and _HEADER_RE.fullmatch(line)]
    if not heads:
        return [Card("legacy", text.strip("\n"))]
    cards: list[Card] = []
    preamble = "\n".join(lines[: heads[0]])
    if preamble.strip():
        cards.append(Card("legacy", preamble.strip("\n")))
    for k, start in enumerate(heads):
        m = _HEADER_RE.fullmatch(lines[start])
        assert m is not None
        last = k == len(heads) - 1
        body_lines = lines[start + 1 : len(lines) if last else heads[k + 1]]
        if not last and body_lines and body_lines[-1] in ("", "\r"):
            body_lines.pop()  # the blank line between cards
        cards.append(Card(m.group(1), "\n".join(_unshield(line) for line in body_lines)))
    return cards


def _shield(line: str) -> str:
    return "\\" + line if _HEADER_SHAPED_RE.fullmatch(line) else line


def _unshield(line: str) -> str:
    return line[1:] if line.startswith("\\") and _HEADER_SHAPED_RE.fullmatch(line) else line


def render_document(cards: Sequence[Card]) -> str:
    """The stored document: ``#N [tag]:\\n<body>`` per card, N = 1..n, cards joined by one
    blank line, no trailing newline; ``[]`` → ``""`` (REF-8).

    ``parse_document(render_document(cards)) == list(cards)`` for any bodies.
    """
    blocks = []
    for n, card in enumerate(cards, 1):
        body = card.body
        if "#" in body:
            body = "\n".join(_shield(line) for line in body.split("\n"))
        blocks.append(f"#{n} [{card.tag}]:\n{body}")
    return "\n\n".join(blocks)


# --- escaping (REF-15, DRM-12) ---------------------------------------------------------


def _map_markers(text: str, step: int, *, dates: bool, only_bare: bool = False) -> str:
    """Move marker-shaped lines by ``step`` backslashes (+1 or -1).

    ``dates``: also touch ``[date:…]`` lines; ``only_bare``: only lines with no backslash.
    A -1 step leaves lines without a backslash alone."""
    if "[" not in text:
        return text
    out = []
    for line in text.split("\n"):
        m = _MARKER_RE.fullmatch(line) if "[" in line else None
        if m is not None and (dates or not m.group(2).startswith("date:")):
            slashes = len(m.group(1))
            if step > 0 and (not only_bare or slashes == 0):
                line = "\\" + line
            elif step < 0 and slashes > 0:
                line = line[1:]
        out.append(line)
    return "\n".join(out)


def escape_body(text: str) -> str:
    """Conceptual text (a model's answer) → stored text: one more leading backslash on
    every marker-shaped line, ``[date:…]`` lines included (REF-15, DRM-12)."""
    return _map_markers(text, +1, dates=True)


def editor_to_stored(visible: str) -> str:
    """Editor text → stored text: one more backslash on marker-shaped lines other than
    ``[date:…]`` lines, which are kept as typed (REF-15)."""
    return _map_markers(visible, +1, dates=False)


def _stored_to_editor(stored: str) -> str:
    return _map_markers(stored, -1, dates=False)


def defuse(stored: str) -> str:
    """Give every marker-shaped line that has no backslash one, so a body dropped into a
    range card can never act as a heading or framing there (DRM-11, DRM-12)."""
    return _map_markers(stored, +1, dates=True, only_bare=True)


# --- framing (REF-13, REF-14, DRM-10) --------------------------------------------------


def fnv1a32(data: bytes) -> int:
    """32-bit FNV-1a of ``data`` (offset basis 0x811c9dc5, prime 0x01000193) (REF-13)."""
    h = _FNV_OFFSET
    for byte in data:
        h = ((h ^ byte) * _FNV_PRIME) & 0xFFFFFFFF
    return h


def _v3_header(payload: str) -> str:
    return f"[overflow:opaque-v3 n={utf16_len(payload)} crc={_crc_hex(payload)}]"


def normalize_payload(text: str) -> str:
    """REF-13 payload shape: a trailing ``\\r`` dropped from each line."""
    if "\r" not in text:
        return text
    return "\n".join(line[:-1] if line.endswith("\r") else line for line in text.split("\n"))


def frame_opaque(payload: str) -> str:
    """``payload`` (already stored form) in a valid opaque-v3 envelope, uncut (REF-13).

    A ``\\r`` ending a payload line is dropped first (the envelope cannot carry it).
    Result: header line, ``\\n``, payload."""
    payload = normalize_payload(payload)
    return _v3_header(payload) + "\n" + payload


def _first_line(body: str) -> tuple[str, str] | None:
    """The first line with non-whitespace text and everything after its newline."""
    pos = 0
    while True:
        nl = body.find("\n", pos)
        line = body[pos:] if nl < 0 else body[pos:nl]
        if line.strip():
            return line, ("" if nl < 0 else body[nl + 1 :])
        if nl < 0:
            return None
        pos = nl + 1


def _heading_sections(rest: str, grammar: str) -> list[tuple[date, str]] | None:
    """The dated sections of ``rest`` under one heading grammar (REF-11, REF-14), or None
    when the text is not cleanly dated: undated text before the first heading, an
    impossible date or days out of order.

    ``grammar`` ``"date"``: ``[date:D]`` heading lines; ``"bare"``: the old bare ``[D]``
    heading lines. Only lines without a backslash are headings (REF-15)."""
    rx, prefix = (_DATE_HEADING_RE, "[date:") if grammar == "date" else (_BARE_HEADING_RE, "[")
    sections: list[tuple[date, list[str]]] = []
    for line in rest.split("\n"):
        m = rx.fullmatch(line) if line.startswith(prefix) else None
        if m is not None:
            d = _parse_date(m.group(1))
            if d is None or (sections and d < sections[-1][0]):
                return None
            sections.append((d, []))
        elif sections:
            sections[-1][1].append(line)
        elif line.strip():
            return None
    if not sections:
        return None
    out = []
    for k, (d, lines) in enumerate(sections):
        if k < len(sections) - 1 and lines and lines[-1] in ("", "\r"):
            lines = lines[:-1]  # the blank line between days
        out.append((d, "\n".join(lines)))
    return out


def _loosely_rebuilds(rest: str, span: tuple[date, date], grammar: str) -> bool:
    """Do the heading lines of ``grammar`` alone (whatever text lies around them) rebuild
    ``span``: valid days in order, the first and last equal to its bounds (REF-14)?"""
    rx, prefix = (_DATE_HEADING_RE, "[date:") if grammar == "date" else (_BARE_HEADING_RE, "[")
    days: list[date] = []
    for line in rest.split("\n"):
        m = rx.fullmatch(line) if line.startswith(prefix) else None
        if m is not None:
            d = _parse_date(m.group(1))
            if d is None or (days and d < days[-1]):
                return False
            days.append(d)
    return bool(days) and days[0] == span[0] and days[-1] == span[1]


def _dated_sections(rest: str, span: tuple[date, date], grammar: str) -> list[tuple[date, str]] | None:
    """``rest``'s sections under ``grammar`` when they rebuild exactly ``span`` and the
    other grammar does not also rebuild it (that would be ambiguous: opaque, REF-14)."""
    sections = _heading_sections(rest, grammar)
    if sections is None or sections[0][0] != span[0] or sections[-1][0] != span[1]:
        return None
    if _loosely_rebuilds(rest, span, "bare" if grammar == "date" else "date"):
        return None
    return sections


def render_sections(sections: Sequence[tuple[date, str]]) -> str:
    """Dated sections in the REF-11 layout (without the framing line): ``[date:D]`` then
    the day's stored text, one blank line between days, in the given order."""
    return "\n\n".join(f"[date:{d.isoformat()}]\n{text}" for d, text in sections)


def v1_days(body: str) -> tuple[date, date] | None:
    """The first and last ``[date:]`` heading day of a body in the current layout
    (``[overflow:v1]`` first, then cleanly dated sections), whatever the card's tag; None
    for any other body."""
    first = _first_line(body)
    if first is None or not _V1_RE.fullmatch(first[0]):
        return None
    sections = _heading_sections(first[1], "date")
    return None if not sections else (sections[0][0], sections[-1][0])


@dataclass(frozen=True, slots=True)
class CardShape:
    """How a card's stored body reads (DRM-10, REF-13, REF-14).

    - ``framing``: ``"v1"`` for a dated range (in the current layout or an older grammar
      that rebuilds its span), ``"v3"`` for a valid opaque envelope, else None.
    - ``content``: what is shown (before one escape level is removed): a dated range's
      sections in the current layout, a v3 payload, or the whole body.
    - ``sections``: a dated range's ``(day, stored text)`` sections, oldest first.
    - ``current``: False for a dated range written in an older grammar (bare ``[D]``
      headings, or ``[date:]`` headings without the ``[overflow:v1]`` line): its stored
      body differs from the current layout ``[overflow:v1]`` + ``content``.
    """

    framing: str | None
    content: str
    sections: tuple[tuple[date, str], ...] | None
    current: bool = True


def _crc_hex(payload: str) -> str:
    return f"{fnv1a32(payload.encode('utf-8')):08x}"


def _older_grammar(sections: Sequence[tuple[date, str]]) -> CardShape:
    """A dated range read from an older grammar, in the current layout: every unescaped
    marker-shaped line of a day's text gets a backslash, so it stays text there."""
    defused = tuple((d, defuse(t)) for d, t in sections)
    return CardShape("v1", render_sections(defused), defused, current=False)


@lru_cache(maxsize=256)
def card_shape(tag: str, body: str) -> CardShape:
    """The :class:`CardShape` of a card with ``tag`` and stored ``body`` (cached).

    Only range cards are framed. Dated (REF-14): the first non-blank line is
    ``[overflow:v1]`` and the ``[date:]`` headings below rebuild exactly the tag's span
    (the current layout; bare ``[D]`` headings below it do not make it framing); or,
    without that line, the body is ``[date:]`` or bare ``[D]`` sections that rebuild the span. When
    both heading grammars rebuild the span the card is opaque. v3 (REF-13): the first
    non-blank line is an ``opaque-v3`` header whose n and crc match the payload."""
    kind, start, end = _classify(tag)
    if kind == CardKind.RANGE and start is not None and end is not None:
        span = (start, end)
        first = _first_line(body)
        if first is not None:
            line, rest = first
            if line.startswith("[overflow:v1]") and _V1_RE.fullmatch(line):
                # framing only over [date:] headings: bare [D] ones under it leave the
                # line (and the card) the user's text (REF-14, issue 24)
                sections = _dated_sections(rest, span, "date")
                if sections is not None:
                    return CardShape("v1", rest, tuple(sections))
            elif line.startswith("[overflow:opaque-v3 ") and (m := _V3_RE.fullmatch(line)):
                payload = normalize_payload(rest)
                n = m.group(1)
                if len(n) <= 12 and int(n) == utf16_len(payload) and m.group(2) == _crc_hex(payload):
                    return CardShape("v3", payload, None)
            elif line.startswith("["):
                for grammar in ("date", "bare"):
                    sections = _dated_sections(body, span, grammar)
                    if sections is not None:
                        return _older_grammar(sections)
    return CardShape(None, body, None)


def in_current_layout(card: Card) -> Card:
    """``card`` with a dated range written in an older grammar rewritten as
    ``[overflow:v1]`` + ``[date:]`` sections (REF-11, REF-14); any other card as it is."""
    shape = card_shape(card.tag, card.body)
    if shape.framing == "v1" and not shape.current:
        return Card(card.tag, V1_LINE + shape.content)
    return card


def framing(card: Card) -> str | None:
    """``"v1"`` or ``"v3"`` when the card starts with real framing, else None (DRM-10).

    Only range cards are framed. v1: the first non-blank line is ``[overflow:v1]`` and the
    ``[date:]`` headings below rebuild exactly the tag's span (REF-14). v3: the first
    non-blank line is an ``opaque-v3`` header whose n and crc match the payload (REF-13).
    """
    return card_shape(card.tag, card.body).framing


def is_opaque(card: Card) -> bool:
    """True for a range card that cannot be split into dated sections (REF-13/14)."""
    return card.kind == CardKind.RANGE and framing(card) != "v1"


def visible_body(card: Card) -> str:
    """The editor / Copy text of ``card`` (DRM-8, DRM-10, DRM-12, REF-15).

    Real framing (see :func:`framing`) and any blank lines before it are hidden; every
    other line is shown, a literal ``[overflow:v1]`` or a failing v3 line included. One
    backslash is removed from marker-shaped lines that have one, except ``[date:…]``
    lines, shown as stored. A v3 payload's line-final ``\\r`` are not shown."""
    return _stored_to_editor(card_shape(card.tag, card.body).content)


def compose_body(escaped: str, framed: str | None, span: tuple[date, date] | None, cap: int | None) -> str:
    """Stored body from escaped text, re-framed like the original card, within ``cap``."""
    if framed == "v1" and span is not None:
        text = escaped if cap is None else cut_to_cap(escaped, cap - len(V1_LINE))
        if _dated_sections(text, span, "date") is not None:
            return V1_LINE + text
        framed = "v3"  # the edit no longer rebuilds the span: keep it hidden as opaque
    if framed == "v3":
        return frame_opaque(escaped) if cap is None else fit_opaque(escaped, cap, tail=False)
    return escaped if cap is None else cut_to_cap(escaped, cap)


def stored_body(visible: str, *, keep_framing_of: Card | None = None) -> str:
    """The stored body for editor text ``visible`` (the inverse of :func:`visible_body`).

    One backslash is added to marker-shaped lines other than ``[date:…]`` (those are kept
    as typed), so nothing the user types becomes framing (REF-15). With
    ``keep_framing_of`` a card whose framing is real, the result is framed again: v1 when
    the text still rebuilds that card's span, otherwise a fresh opaque-v3 envelope.
    ``visible_body(Card(tag, stored_body(v, keep_framing_of=card))) == v`` (except a v3
    payload's line-final ``\\r``). No cap is applied (see :func:`replace_body`)."""
    escaped = editor_to_stored(visible)
    if keep_framing_of is None:
        return escaped
    return compose_body(escaped, framing(keep_framing_of), keep_framing_of.span, None)


def copy_text(cards: Sequence[Card]) -> str:
    """DRM-8 Copy: ``#N [display_tag]:\\n<visible body>`` per card, N = 1..n, joined by one
    blank line. Never contains a framing line."""
    return "\n\n".join(
        f"#{n} [{card.display_tag}]:\n{visible_body(card)}" for n, card in enumerate(cards, 1)
    )


# --- caps (REF-9, REF-13, DRM-13) ------------------------------------------------------


def cut_to_cap(text: str, cap: int) -> str:
    """``text`` cut to at most ``cap`` characters (REF-9).

    Within the first ``cap`` characters: when the last newline is at index ≥ 65% of
    ``cap``, cut before it; else when the last ``". "`` (its ``.`` within the cap) or
    ``"。"`` lies at ≥ 65%, keep through that stop; else a hard cut at ``cap``. Text
    within the cap is returned unchanged. Raises ``ValueError`` for ``cap`` < 0."""
    if cap < 0:
        raise ValueError("cap must be at least 0")
    if len(text) <= cap:
        return text
    floor = (13 * cap + 19) // 20  # ceil(0.65 * cap)
    nl = text.rfind("\n", 0, cap)
    if nl >= floor:
        return text[:nl]
    stop = max(text.rfind(". ", floor, cap + 1), text.rfind("。", floor, cap))
    if stop >= floor:
        return text[: stop + 1]
    return text[:cap]


def keep_tail(text: str, budget: int) -> str:
    """The newest (last) part of ``text`` within ``budget`` characters (REF-13).

    When the cut lands inside a line and a newline falls in the first 35% of the kept
    part, the partial first line is dropped. ``budget`` ≤ 0 → ``""``."""
    if budget <= 0:
        return ""
    if len(text) <= budget:
        return text
    start = len(text) - budget
    tail = text[start:]
    if text[start - 1] != "\n":
        nl = tail.find("\n")
        if 0 <= nl and 20 * nl < 7 * budget:
            tail = tail[nl + 1 :]
    return tail


def fit_opaque(payload: str, cap: int, *, tail: bool) -> str:
    """An opaque-v3 body of at most ``cap`` characters holding the head (REF-9 cut) or the
    newest tail (REF-13) of ``payload``. The payload gets ``cap`` minus the envelope
    header for its actual length (a prefix or suffix never needs a longer ``n``)."""
    payload = normalize_payload(payload)
    if tail:
        window = payload[max(0, len(payload) - cap) :]
        return frame_opaque(keep_tail(payload, cap - len(_v3_header(window)) - 1))
    return frame_opaque(cut_to_cap(payload, max(0, cap - len(_v3_header(payload[:cap])) - 1)))


def opaque_body(payload: str) -> str:
    """A re-summary ``payload`` (the model's text) as a range body in an opaque-v3 envelope
    (REF-13, REF-12): escaped (:func:`escape_body`), cut (REF-9) so the whole body,
    header line included, fits RANGE_CARD_MAX, then framed with
    ``[overflow:opaque-v3 n=<UTF-16 length> crc=<fnv1a32 of UTF-8, 8 hex>]``.

    A payload of at most :data:`SUMMARY_BODY_MAX` characters after escaping is never
    cut. ``opaque_body("hello")`` → ``"[overflow:opaque-v3 n=5 crc=4f9f2cab]\\nhello"``."""
    return fit_opaque(escape_body(payload), RANGE_CARD_MAX, tail=False)


def check_keep(keep: int) -> None:
    """Raise ``ValueError`` unless ``keep`` is an integer 1..90 (DRM-7)."""
    if isinstance(keep, bool) or not isinstance(keep, int) or not KEEP_MIN <= keep <= KEEP_MAX:
        raise ValueError(f"keep must be an integer {KEEP_MIN}..{KEEP_MAX}, not {keep!r}")


def document_cap(keep: int) -> int:
    """DRM-13: the whole rendered document's cap, headers included: ``keep × 3200 + 6400``
    characters. Raises ``ValueError`` for ``keep`` outside 1..90."""
    check_keep(keep)
    return keep * SINGLE_CARD_MAX + RANGE_CARD_MAX
