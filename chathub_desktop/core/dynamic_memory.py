"""Dynamic memory: the dated dream-card document, its framing, escaping and retention
(DRM-8 … DRM-14, REF-8 … REF-16).

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
  days, oldest first (REF-11). It is framing only when the headings rebuild the card's
  span and the old bare ``[D]`` grammar does not also rebuild it (REF-14).
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
from functools import lru_cache

from chathub_desktop.core.memory_search import tokenize, utf16_len

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
_HEADING_LEN = 18


def _parse_date(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


@lru_cache(maxsize=512)
def _classify(tag: str) -> tuple[str, date | None, date | None]:
    if tag == "legacy":
        return "legacy", None, None
    if _DAY_TAG_RE.fullmatch(tag):
        d = _parse_date(tag)
        if d is not None:
            return "day", d, d
    m = _RANGE_TAG_RE.fullmatch(tag)
    if m:
        start, end = _parse_date(m.group(1)), _parse_date(m.group(2))
        if start is not None and end is not None and start <= end:
            return "range", start, end
    return "custom", None, None


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
    def kind(self) -> str:
        """``day``, ``range``, ``legacy`` or ``custom``."""
        return _classify(self.tag)[0]

    @property
    def day(self) -> date | None:
        """The UTC day of a single-day card, else None."""
        kind, start, _ = _classify(self.tag)
        return start if kind == "day" else None

    @property
    def span(self) -> tuple[date, date] | None:
        """``(first, last)`` day of a range card, else None."""
        kind, start, end = _classify(self.tag)
        if kind != "range" or start is None or end is None:
            return None
        return start, end

    @property
    def regenerable(self) -> bool:
        """True only for single-day cards (DRM-8: Regenerate is hidden elsewhere)."""
        return self.kind == "day"

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


def _editor_to_stored(visible: str) -> str:
    return _map_markers(visible, +1, dates=False)


def _stored_to_editor(stored: str) -> str:
    return _map_markers(stored, -1, dates=False)


def _defuse(stored: str) -> str:
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


def _normalize_payload(text: str) -> str:
    """REF-13 payload shape: a trailing ``\\r`` dropped from each line."""
    if "\r" not in text:
        return text
    return "\n".join(line[:-1] if line.endswith("\r") else line for line in text.split("\n"))


def frame_opaque(payload: str) -> str:
    """``payload`` (already stored form) in a valid opaque-v3 envelope, uncut (REF-13).

    A ``\\r`` ending a payload line is dropped first (the envelope cannot carry it).
    Result: header line, ``\\n``, payload."""
    payload = _normalize_payload(payload)
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


def _date_sections(rest: str) -> list[tuple[date, str]] | None:
    """The ``[date:D]`` sections of a v1 body (after its framing line), or None when the
    text is not cleanly dated: undated text before the first heading, an impossible date
    or days out of order."""
    sections: list[tuple[date, list[str]]] = []
    for line in rest.split("\n"):
        m = _DATE_HEADING_RE.fullmatch(line) if line.startswith("[date:") else None
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


def _bare_rebuilds(rest: str, span: tuple[date, date]) -> bool:
    """REF-14's old grammar: do bare ``[D]`` lines (no backslash) rebuild ``span``?"""
    days: list[date] = []
    for line in rest.split("\n"):
        m = _BARE_HEADING_RE.fullmatch(line) if line.startswith("[") else None
        if m is not None:
            d = _parse_date(m.group(1))
            if d is None or (days and d < days[-1]):
                return False
            days.append(d)
    return bool(days) and days[0] == span[0] and days[-1] == span[1]


def _v1_sections(rest: str, span: tuple[date, date]) -> list[tuple[date, str]] | None:
    sections = _date_sections(rest)
    if sections is None or sections[0][0] != span[0] or sections[-1][0] != span[1]:
        return None
    if _bare_rebuilds(rest, span):
        return None  # both grammars rebuild it: ambiguous, so opaque (REF-14)
    return sections


@dataclass(frozen=True, slots=True)
class _Shape:
    framing: str | None  # "v1", "v3" or None
    content: str  # after the framing (v1: the sections text; v3: the payload); else the body
    sections: tuple[tuple[date, str], ...] | None  # v1 only


def _crc_hex(payload: str) -> str:
    return f"{fnv1a32(payload.encode('utf-8')):08x}"


@lru_cache(maxsize=256)
def _shape(tag: str, body: str) -> _Shape:
    kind, start, end = _classify(tag)
    if kind == "range" and start is not None and end is not None:
        first = _first_line(body)
        if first is not None:
            line, rest = first
            if line.startswith("[overflow:v1]") and _V1_RE.fullmatch(line):
                sections = _v1_sections(rest, (start, end))
                if sections is not None:
                    return _Shape("v1", rest, tuple(sections))
            elif line.startswith("[overflow:opaque-v3 ") and (m := _V3_RE.fullmatch(line)):
                payload = _normalize_payload(rest)
                n = m.group(1)
                if len(n) <= 12 and int(n) == utf16_len(payload) and m.group(2) == _crc_hex(payload):
                    return _Shape("v3", payload, None)
    return _Shape(None, body, None)


def framing(card: Card) -> str | None:
    """``"v1"`` or ``"v3"`` when the card starts with real framing, else None (DRM-10).

    Only range cards are framed. v1: the first non-blank line is ``[overflow:v1]`` and the
    ``[date:]`` headings below rebuild exactly the tag's span (REF-14). v3: the first
    non-blank line is an ``opaque-v3`` header whose n and crc match the payload (REF-13).
    """
    return _shape(card.tag, card.body).framing


def is_opaque(card: Card) -> bool:
    """True for a range card that cannot be split into dated sections (REF-13/14)."""
    return card.kind == "range" and framing(card) != "v1"


def visible_body(card: Card) -> str:
    """The editor / Copy text of ``card`` (DRM-8, DRM-10, DRM-12, REF-15).

    Real framing (see :func:`framing`) and any blank lines before it are hidden; every
    other line is shown, a literal ``[overflow:v1]`` or a failing v3 line included. One
    backslash is removed from marker-shaped lines that have one, except ``[date:…]``
    lines, shown as stored. A v3 payload's line-final ``\\r`` are not shown."""
    return _stored_to_editor(_shape(card.tag, card.body).content)


def _compose(escaped: str, framed: str | None, span: tuple[date, date] | None, cap: int | None) -> str:
    """Stored body from escaped text, re-framed like the original card, within ``cap``."""
    if framed == "v1" and span is not None:
        text = escaped if cap is None else cut_to_cap(escaped, cap - len(V1_LINE))
        if _v1_sections(text, span) is not None:
            return V1_LINE + text
        framed = "v3"  # the edit no longer rebuilds the span: keep it hidden as opaque
    if framed == "v3":
        return frame_opaque(escaped) if cap is None else _fit_opaque(escaped, cap, tail=False)
    return escaped if cap is None else cut_to_cap(escaped, cap)


def stored_body(visible: str, *, keep_framing_of: Card | None = None) -> str:
    """The stored body for editor text ``visible`` (the inverse of :func:`visible_body`).

    One backslash is added to marker-shaped lines other than ``[date:…]`` (those are kept
    as typed), so nothing the user types becomes framing (REF-15). With
    ``keep_framing_of`` a card whose framing is real, the result is framed again: v1 when
    the text still rebuilds that card's span, otherwise a fresh opaque-v3 envelope.
    ``visible_body(Card(tag, stored_body(v, keep_framing_of=card))) == v`` (except a v3
    payload's line-final ``\\r``). No cap is applied (see :func:`replace_body`)."""
    escaped = _editor_to_stored(visible)
    if keep_framing_of is None:
        return escaped
    return _compose(escaped, framing(keep_framing_of), keep_framing_of.span, None)


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


def _fit_opaque(payload: str, cap: int, *, tail: bool) -> str:
    """An opaque-v3 body of at most ``cap`` characters holding the head (REF-9 cut) or the
    newest tail (REF-13) of ``payload``. The payload gets ``cap`` minus the envelope
    header for its actual length (a prefix or suffix never needs a longer ``n``)."""
    payload = _normalize_payload(payload)
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
    return _fit_opaque(escape_body(payload), RANGE_CARD_MAX, tail=False)


def _check_keep(keep: int) -> None:
    if isinstance(keep, bool) or not isinstance(keep, int) or not KEEP_MIN <= keep <= KEEP_MAX:
        raise ValueError(f"keep must be an integer {KEEP_MIN}..{KEEP_MAX}, not {keep!r}")


def document_cap(keep: int) -> int:
    """DRM-13: the whole rendered document's cap, headers included: ``keep × 3200 + 6400``
    characters. Raises ``ValueError`` for ``keep`` outside 1..90."""
    _check_keep(keep)
    return keep * SINGLE_CARD_MAX + RANGE_CARD_MAX


# --- near duplicates (REF-16, DRM-14) --------------------------------------------------


def jaccard(a: str, b: str) -> float:
    """Jaccard similarity of the REF-3 token sets of ``a`` and ``b`` (0.0 when both are empty)."""
    ta, tb = tokenize(a), tokenize(b)
    union = len(ta | tb)
    return len(ta & tb) / union if union else 0.0


def is_near_duplicate(body: str, cards: Sequence[Card]) -> bool:
    """REF-16 / DRM-14: True when ``body`` (a new card's text) has Jaccard similarity ≥ 0.8
    with the visible body of any card, over REF-3 tokens (lowercased ASCII words, CJK /
    kana / Hangul bigrams). A body equal to a card's visible text after trimming also
    counts; a body with no text never does."""
    tokens = tokenize(body)
    plain = body.strip()
    if not plain:
        return False
    for card in cards:
        visible = visible_body(card)
        if visible.strip() == plain:
            return True
        other = tokenize(visible)
        union = len(tokens | other)
        if union and len(tokens & other) >= NEAR_DUPLICATE_JACCARD * union:
            return True
    return False


# --- editing (DRM-8, REF-17) -----------------------------------------------------------


def _card_cap(card: Card) -> int | None:
    kind = card.kind
    return SINGLE_CARD_MAX if kind == "day" else RANGE_CARD_MAX if kind == "range" else None


def append_day_card(cards: Sequence[Card], day: date, body: str) -> list[Card]:
    """``cards`` plus a new single-day card for ``day`` (DRM-3), placed before the first
    single-day card of a later day (so a dream over an older day keeps cards in date
    order), else last.

    ``body`` is the model's text: trimmed, escaped (:func:`escape_body`) and cut to
    SINGLE_CARD_MAX (REF-9). Raises ``ValueError`` when ``day`` already has a single-day
    card or the body is blank."""
    if any(c.day == day for c in cards):
        raise ValueError(f"{day.isoformat()} already has a dream card")
    text = body.strip()
    if not text:
        raise ValueError("a dream card cannot be empty")
    new = Card(day_tag(day), cut_to_cap(escape_body(text), SINGLE_CARD_MAX))
    at = next((i for i, c in enumerate(cards) if c.day is not None and c.day > day), len(cards))
    return [*cards[:at], new, *cards[at:]]


def replace_day_card(cards: Sequence[Card], day: date, body: str) -> list[Card]:
    """Regenerate (REF-17): replace the body of ``day``'s single-day card with the model's
    new ``body`` (trimmed, escaped, cut to SINGLE_CARD_MAX); nothing else changes.
    Raises ``ValueError`` when there is no such card or the body is blank."""
    text = body.strip()
    if not text:
        raise ValueError("a dream card cannot be empty")
    out = list(cards)
    for i, card in enumerate(out):
        if card.day == day:
            out[i] = Card(card.tag, cut_to_cap(escape_body(text), SINGLE_CARD_MAX))
            return out
    raise ValueError(f"{day.isoformat()} has no single-day card")


def replace_body(cards: Sequence[Card], index: int, visible: str) -> list[Card]:
    """The user's edit of card ``index`` (0-based) to editor text ``visible`` (DRM-8).

    Stored via :func:`stored_body` (framing kept, REF-15) and cut (REF-9): a single-day
    card to SINGLE_CARD_MAX, a range card to RANGE_CARD_MAX framing included; legacy and
    custom cards are not cut here (the document cap still applies). Raises
    ``IndexError`` for an index outside ``0..len(cards)-1``."""
    if not 0 <= index < len(cards):
        raise IndexError(f"no card at index {index}")
    card = cards[index]
    body = _compose(_editor_to_stored(visible), framing(card), card.span, _card_cap(card))
    out = list(cards)
    out[index] = Card(card.tag, body)
    return out


def delete_card(cards: Sequence[Card], index: int) -> list[Card]:
    """``cards`` without card ``index`` (0-based); the rest renumber on render (DRM-8).
    Raises ``IndexError`` for an index out of range."""
    if not 0 <= index < len(cards):
        raise IndexError(f"no card at index {index}")
    return [c for i, c in enumerate(cards) if i != index]


def is_no_changes(answer: str) -> bool:
    """True when a model answer is exactly the ``NO_CHANGES`` sentinel (trimmed) (REF-17)."""
    return answer.strip() == NO_CHANGES


# --- retention (DRM-9, DRM-11, REF-10, REF-11, REF-13) ---------------------------------


@dataclass(frozen=True, slots=True)
class FoldPlan:
    """What a fold merges (DRM-9, REF-10).

    - ``folded``: the oldest single-day cards beyond Keep N, oldest first.
    - ``existing_range``: the current range card (the one ending last), or None.
    - ``span``: first and last day over ``existing_range`` and ``folded``.
    """

    folded: tuple[Card, ...]
    existing_range: Card | None
    span: tuple[date, date]

    def material(self) -> str:
        """Text for the re-summary: the existing range's visible text, then each folded day
        as ``[date:D]`` + its visible body, oldest first, one blank line between parts."""
        parts = [] if self.existing_range is None else [visible_body(self.existing_range)]
        parts += [f"[date:{_card_day(c).isoformat()}]\n{visible_body(c)}" for c in self.folded]
        return "\n\n".join(parts)


def _card_day(card: Card) -> date:
    d = card.day
    if d is None:
        raise ValueError(f"card [{card.tag}] is not a single-day card")
    return d


def _card_span(card: Card) -> tuple[date, date]:
    s = card.span
    if s is None:
        raise ValueError(f"card [{card.tag}] is not a range card")
    return s


def plan_retention(cards: Sequence[Card], keep: int) -> FoldPlan | None:
    """The fold Keep N asks for, or None when there are at most ``keep`` single-day cards
    (DRM-7, DRM-9). The oldest days (by date, then document order) beyond ``keep`` fold;
    with several range cards the one ending last is the product's. Raises
    ``ValueError`` for ``keep`` outside 1..90."""
    _check_keep(keep)
    days = sorted((c for c in cards if c.kind == "day"), key=_card_day)
    if len(days) <= keep:
        return None
    folded = tuple(days[: len(days) - keep])
    ranges = [(_card_span(c)[1], i, c) for i, c in enumerate(cards) if c.kind == "range"]
    existing = max(ranges, key=lambda r: (r[0], r[1]))[2] if ranges else None
    firsts = [_card_day(c) for c in folded]
    lasts = list(firsts)
    if existing is not None:
        firsts.append(_card_span(existing)[0])
        lasts.append(_card_span(existing)[1])
    return FoldPlan(folded, existing, (min(firsts), max(lasts)))


def _render_sections(sections: Sequence[tuple[date, str]]) -> str:
    return "\n\n".join(f"[date:{d.isoformat()}]\n{text}" for d, text in sections)


def _fit_sections(sections: Sequence[tuple[date, str]], budget: int) -> list[tuple[date, str]]:
    """Sections rendered within ``budget`` characters (REF-11): drop the oldest days while
    the newer ones leave no room, then shorten the oldest remaining (REF-9 cut)."""
    secs = list(sections)
    sizes = [_HEADING_LEN + len(t) for _, t in secs]
    total = sum(sizes) + 2 * max(0, len(secs) - 1)
    while secs and total > budget:
        rest = total - sizes[0] - (2 if len(secs) > 1 else 0)
        room = budget - rest - (2 if len(secs) > 1 else 0) - _HEADING_LEN
        if room >= 1 and len(secs[0][1]) > 0:
            d, text = secs[0]
            secs[0] = (d, _cut_clean(text, room))
            return secs
        secs.pop(0)
        sizes.pop(0)
        total = rest
    return secs


def _cut_clean(text: str, cap: int) -> str:
    """:func:`cut_to_cap`, minus a cut-off last line that reads as an unescaped marker (a
    partial line must not turn into a heading or framing)."""
    out = cut_to_cap(text, cap)
    if len(out) < len(text) and text[len(out)] != "\n":
        nl = out.rfind("\n")
        last = out[nl + 1 :]
        if last.startswith("[") and _MARKER_RE.fullmatch(last):
            out = out[: max(nl, 0)]
    return out


def _merge_days(sections: Sequence[tuple[date, str]]) -> list[tuple[date, str]]:
    out: list[tuple[date, str]] = []
    for d, text in sorted(sections, key=lambda s: s[0]):
        if out and out[-1][0] == d:
            out[-1] = (d, out[-1][1] + "\n\n" + text)
        else:
            out.append((d, text))
    return out


def concat_fold_body(plan: FoldPlan) -> str:
    """The fallback range body when no re-summary is usable (DRM-9, DRM-11, REF-11, REF-13).

    Splittable (or no) existing range: ``[overflow:v1]`` then ``[date:D]`` + body per day
    (existing sections and folded days, oldest first, one blank line between days, a day
    present twice merged), at most RANGE_CARD_MAX: the oldest days are dropped first,
    then the oldest remaining is shortened. Folded bodies get a backslash on unescaped
    marker lines so they stay text. If days were dropped, the headings' first day is
    later than ``plan.span``'s; :func:`apply_fold` then tags the card by its headings so
    the framing still rebuilds it (REF-14).

    Opaque existing range: an opaque-v3 envelope whose payload is the newest tail of the
    old content (REF-13 35% rule) then the folded days as ``[date:D]`` sections; the new
    days get the room first, then the old tail."""
    days = [(_card_day(c), _defuse(c.body)) for c in plan.folded]
    old = plan.existing_range
    if old is None or framing(old) == "v1":
        existing = [] if old is None else [(d, _defuse(t)) for d, t in _shape(old.tag, old.body).sections or ()]
        sections = _fit_sections(_merge_days(existing + days), RANGE_CARD_MAX - len(V1_LINE))
        return V1_LINE + _render_sections(sections)
    content = _normalize_payload(_shape(old.tag, old.body).content).rstrip("\n")
    budget = RANGE_CARD_MAX - V3_HEADER_MAX
    new = _render_sections(_fit_sections(_merge_days(days), budget))
    room = budget - len(new) - (2 if new else 0)
    tail = keep_tail(content, room)
    payload = tail + "\n\n" + new if tail and new else tail or new
    return frame_opaque(payload)


def _age_order(cards: Sequence[Card]) -> list[int]:
    """Indexes in REF-10 order: legacy, custom, range cards by start, single days by date."""
    def key(i: int) -> tuple[int, date, int]:
        card = cards[i]
        kind = card.kind
        if kind == "range":
            return 2, _card_span(card)[0], i
        if kind == "day":
            return 3, _card_day(card), i
        return (0 if kind == "legacy" else 1), date.min, i

    return sorted(range(len(cards)), key=key)


def _remove_each(cards: list[Card], drop: Sequence[Card]) -> None:
    for card in drop:
        for i, c in enumerate(cards):
            if c == card:
                del cards[i]
                break
        else:
            raise ValueError(f"the fold plan is stale: card [{card.tag}] is not in the document")


def _fold_tag(plan: FoldPlan, range_body: str) -> str:
    first = _first_line(range_body)
    if first is not None and _V1_RE.fullmatch(first[0]):
        sections = _date_sections(first[1])
        if sections and plan.span[0] <= sections[0][0] and sections[-1][0] <= plan.span[1]:
            return range_tag(sections[0][0], sections[-1][0])
    return range_tag(*plan.span)


def apply_fold(cards: Sequence[Card], plan: FoldPlan, range_body: str) -> list[Card]:
    """The document after folding ``plan`` into one range card with ``range_body`` (stored
    form, e.g. from :func:`opaque_body` or :func:`concat_fold_body`) (DRM-9, REF-10).

    Order: legacy cards, custom cards, other range cards, the new range card, then the
    kept single-day cards by date (renumbered 1..n on render). The tag is
    ``plan.span`` as ``D1..D2``, narrowed to the first..last ``[date:]`` heading of a v1
    concatenation that dropped its oldest days. Raises ``ValueError`` for a blank or
    over-cap ``range_body`` or a plan whose cards are no longer in ``cards``."""
    if not range_body.strip():
        raise ValueError("a range card cannot be empty")
    if len(range_body) > RANGE_CARD_MAX:
        raise ValueError(f"a range card holds at most {RANGE_CARD_MAX} characters, not {len(range_body)}")
    rest = list(cards)
    _remove_each(rest, plan.folded)
    if plan.existing_range is not None:
        _remove_each(rest, [plan.existing_range])
    new = Card(_fold_tag(plan, range_body), range_body)
    legacy = [c for c in rest if c.kind == "legacy"]
    custom = [c for c in rest if c.kind == "custom"]
    ranges = [c for c in rest if c.kind == "range"]
    days = sorted((c for c in rest if c.kind == "day"), key=_card_day)
    return [*legacy, *custom, *ranges, new, *days]


def apply_retention(cards: Sequence[Card], keep: int) -> list[Card]:
    """Keep N without a model (DRM-7 form save): fold by :func:`concat_fold_body` when
    needed, then :func:`enforce_document_cap`."""
    plan = plan_retention(cards, keep)
    out = list(cards) if plan is None else apply_fold(cards, plan, concat_fold_body(plan))
    return enforce_document_cap(out, keep)


def _shrink(card: Card, budget: int) -> Card | None:
    """``card`` with a stored body of at most ``budget`` characters, None when nothing fits."""
    if budget <= 0:
        return None
    if card.kind != "range":
        text = cut_to_cap(card.body, budget)
        return Card(card.tag, text) if text.strip() else None
    shape = _shape(card.tag, card.body)
    if shape.framing == "v1" and shape.sections is not None:
        defused = [(d, _defuse(t)) for d, t in shape.sections]
        sections = _fit_sections(defused, budget - len(V1_LINE))
        if not sections:
            return None
        return Card(range_tag(sections[0][0], sections[-1][0]), V1_LINE + _render_sections(sections))
    if budget <= V3_HEADER_MAX:
        return None
    body = _fit_opaque(shape.content, budget, tail=True)
    return Card(card.tag, body) if body[body.index("\n") + 1 :].strip() else None


def enforce_document_cap(cards: Sequence[Card], keep: int) -> list[Card]:
    """``cards`` shortened so :func:`render_document` fits :func:`document_cap` (DRM-13).

    Cards are shortened oldest first in REF-10 order (legacy, custom, range, single days
    by date); a card that cannot keep any text is removed. Day, legacy and custom bodies
    keep their head (REF-9 cut); a v1 range drops its oldest days (its tag follows the
    kept headings); an opaque range keeps its newest tail in a v3 envelope (REF-13).
    Raises ``ValueError`` for ``keep`` outside 1..90."""
    cap = document_cap(keep)
    out: list[Card | None] = list(cards)
    rendered = len(render_document(cards))
    for i in _age_order(cards):
        if rendered <= cap:
            break
        card = out[i]
        assert card is not None
        out[i] = _shrink(card, len(card.body) - (rendered - cap))
        rendered = len(render_document([c for c in out if c is not None]))
    return [c for c in out if c is not None]
