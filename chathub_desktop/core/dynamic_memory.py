"""Dynamic memory: editing, near duplicates, caps and retention of the dream-card
document (DRM-7 … DRM-14, REF-9 … REF-16), over the card grammar of
:mod:`chathub_desktop.core.dynamic_cards` (whose public names are re-exported here, so
``dynamic_memory`` is the one module callers import).

Pure functions over immutable :class:`Card` values, no I/O; lengths are characters.

Caps (DRM-13) hold after every write: :func:`enforce_caps` first cuts each card to its
own cap — a single-day card to 3,200 characters by the REF-9 cut, a dated range card to
6,400 by dropping its oldest days (REF-11), an opaque range card to 6,400 by keeping its
newest tail in an opaque-v3 envelope (REF-13) — and writes dated ranges of an older
grammar in the current layout (REF-14); then the whole document to N × 3,200 + 6,400,
oldest content first (REF-10 order).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from chathub_desktop.core.dynamic_cards import (
    CARD_TARGET_TOKENS,
    EN_DASH_SEPARATOR,
    HEADING_LEN,
    KEEP_DEFAULT,
    KEEP_MAX,
    KEEP_MIN,
    NEAR_DUPLICATE_JACCARD,
    NO_CHANGES,
    RANGE_CARD_MAX,
    SINGLE_CARD_MAX,
    SUMMARY_BODY_MAX,
    V1_LINE,
    V3_HEADER_MAX,
    Card,
    CardKind,
    CardShape,
    card_shape,
    check_keep,
    compose_body,
    copy_text,
    cut_to_cap,
    day_tag,
    defuse,
    document_cap,
    editor_to_stored,
    escape_body,
    fit_opaque,
    fnv1a32,
    frame_opaque,
    framing,
    in_current_layout,
    is_marker_line,
    is_opaque,
    keep_tail,
    normalize_payload,
    opaque_body,
    parse_document,
    range_tag,
    render_document,
    render_sections,
    stored_body,
    v1_days,
    visible_body,
)
from chathub_desktop.core.memory_documents import DYNAMIC, FIXED
from chathub_desktop.core.memory_repeats import Repeat
from chathub_desktop.core.memory_search import tokenize

__all__ = [
    "CARD_TARGET_TOKENS", "EN_DASH_SEPARATOR", "KEEP_DEFAULT", "KEEP_MAX", "KEEP_MIN",
    "NEAR_DUPLICATE_JACCARD", "NO_CHANGES", "RANGE_CARD_MAX", "SINGLE_CARD_MAX", "SUMMARY_BODY_MAX",
    "V1_LINE", "V3_HEADER_MAX", "Card", "CardShape", "CardsChange", "FoldMethod", "FoldPlan", "append_day_card", "apply_fold",
    "apply_retention", "cap_card", "concat_fold_body", "copy_text", "cut_to_cap", "day_tag",
    "delete_card", "document_cap", "enforce_caps", "escape_body", "fnv1a32", "frame_opaque",
    "framing", "in_current_layout", "is_near_duplicate", "is_no_changes", "is_opaque", "jaccard",
    "keep_tail", "near_duplicate_of", "opaque_body", "parse_document", "plan_retention", "range_tag",
    "render_document", "replace_body", "replace_day_card", "stored_body", "visible_body",
]

class CardsChange(StrEnum):
    """What a change to the dream cards does, as its preview plans it (DRM-7, DRM-8,
    issue 18): Clear them all, Keep N (fold the oldest), or a dream's new day card."""

    CLEAR = "clear"
    KEEP = "keep"
    DREAM = "dream"


# --- near duplicates (REF-16, DRM-14) --------------------------------------------------


def jaccard(a: str, b: str) -> float:
    """Jaccard similarity of the REF-3 token sets of ``a`` and ``b`` (0.0 when both are empty)."""
    ta, tb = tokenize(a), tokenize(b)
    union = len(ta | tb)
    return len(ta & tb) / union if union else 0.0


def near_duplicate_of(body: str, cards: Sequence[Card], fixed_texts: Iterable[str] = ()) -> Repeat | None:
    """What ``body`` (a new card's text) nearly repeats (REF-16, DRM-14), as a
    :class:`Repeat` (kind ``near``): the first card (numbered from 1) whose visible body,
    else the first fixed entry text (numbered from 1 in ``fixed_texts``), has Jaccard
    similarity ≥ 0.8 with it over REF-3 tokens (lowercased ASCII words, CJK / kana /
    Hangul bigrams); else None. Text equal after trimming counts too; a body with no text
    never repeats anything."""
    plain = body.strip()
    if not plain:
        return None
    tokens = tokenize(body)

    def near(text: str) -> bool:
        if text.strip() == plain:
            return True
        other = tokenize(text)
        union = len(tokens | other)
        return bool(union) and len(tokens & other) >= NEAR_DUPLICATE_JACCARD * union

    for n, card in enumerate(cards, 1):
        if near(visible := visible_body(card)):
            return Repeat(DYNAMIC, n, visible)
    size = len(tokens)
    for n, text in enumerate(fixed_texts, 1):
        # Jaccard ≥ 0.8 needs |other| ≥ 0.8 × |tokens|, and a text has at most one token
        # per character: shorter entries are skipped without tokenizing them.
        if 5 * len(text) < 4 * size:
            continue
        if near(text):
            return Repeat(FIXED, n, text)
    return None


def is_near_duplicate(body: str, cards: Sequence[Card], fixed_texts: Iterable[str] = ()) -> bool:
    """True when :func:`near_duplicate_of` finds a card or fixed entry ``body`` repeats
    (REF-16, DRM-14)."""
    return near_duplicate_of(body, cards, fixed_texts) is not None


# --- editing (DRM-8, REF-17) -----------------------------------------------------------


def _card_cap(card: Card) -> int | None:
    kind = card.kind
    return SINGLE_CARD_MAX if kind == CardKind.DAY else RANGE_CARD_MAX if kind == CardKind.RANGE else None


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
    body = compose_body(editor_to_stored(visible), framing(card), card.span, _card_cap(card))
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


class FoldMethod(StrEnum):
    """How a fold made its range card (DRM-9, REF-12): re-summarized by the History
    Compress model (``model``) or the folded cards' text joined (``concatenated``);
    stored in ``dream_proposal.fold_how``."""

    MODEL = "model"
    CONCATENATED = "concatenated"


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
    check_keep(keep)
    days = sorted((c for c in cards if c.kind == CardKind.DAY), key=_card_day)
    if len(days) <= keep:
        return None
    folded = tuple(days[: len(days) - keep])
    ranges = [(_card_span(c)[1], i, c) for i, c in enumerate(cards) if c.kind == CardKind.RANGE]
    existing = max(ranges, key=lambda r: (r[0], r[1]))[2] if ranges else None
    firsts = [_card_day(c) for c in folded]
    lasts = list(firsts)
    if existing is not None:
        firsts.append(_card_span(existing)[0])
        lasts.append(_card_span(existing)[1])
    return FoldPlan(folded, existing, (min(firsts), max(lasts)))


def _fit_sections(sections: Sequence[tuple[date, str]], budget: int) -> list[tuple[date, str]]:
    """Sections rendered (:func:`render_sections`) within ``budget`` characters (REF-11):
    whole oldest days are dropped until the rest fits; only when the newest day alone is
    still too long is its text shortened (REF-9 cut). The newest day is always kept
    unless ``budget`` cannot hold even its heading line (then ``[]``)."""
    secs = list(sections)
    sizes = [HEADING_LEN + len(t) for _, t in secs]
    total = sum(sizes) + 2 * max(0, len(secs) - 1)
    while len(secs) > 1 and total > budget:
        total -= sizes.pop(0) + 2
        secs.pop(0)
    if secs and total > budget:
        if budget < HEADING_LEN:
            return []
        d, text = secs[0]
        secs[0] = (d, _cut_clean(text, budget - HEADING_LEN))
    return secs


def _cut_clean(text: str, cap: int) -> str:
    """:func:`cut_to_cap`, minus a cut-off last line that reads as an unescaped marker (a
    partial line must not turn into a heading or framing)."""
    out = cut_to_cap(text, cap)
    if len(out) < len(text) and text[len(out)] != "\n":
        nl = out.rfind("\n")
        last = out[nl + 1 :]
        if is_marker_line(last):
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
    days = [(_card_day(c), defuse(c.body)) for c in plan.folded]
    old = plan.existing_range
    if old is None or framing(old) == "v1":
        existing = [] if old is None else [(d, defuse(t)) for d, t in card_shape(old.tag, old.body).sections or ()]
        sections = _fit_sections(_merge_days(existing + days), RANGE_CARD_MAX - len(V1_LINE))
        return V1_LINE + render_sections(sections)
    content = normalize_payload(card_shape(old.tag, old.body).content).rstrip("\n")
    budget = RANGE_CARD_MAX - V3_HEADER_MAX
    new = render_sections(_fit_sections(_merge_days(days), budget))
    room = budget - len(new) - (2 if new else 0)
    tail = keep_tail(content, room)
    payload = tail + "\n\n" + new if tail and new else tail or new
    return frame_opaque(payload)


def _age_order(cards: Sequence[Card]) -> list[int]:
    """Indexes in REF-10 order: legacy, custom, range cards by start, single days by date."""
    def key(i: int) -> tuple[int, date, int]:
        card = cards[i]
        kind = card.kind
        if kind == CardKind.RANGE:
            return 2, _card_span(card)[0], i
        if kind == CardKind.DAY:
            return 3, _card_day(card), i
        return (0 if kind == CardKind.LEGACY else 1), date.min, i

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
    days = v1_days(range_body)
    if days is not None and plan.span[0] <= days[0] and days[1] <= plan.span[1]:
        return range_tag(*days)
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
    legacy = [c for c in rest if c.kind == CardKind.LEGACY]
    custom = [c for c in rest if c.kind == CardKind.CUSTOM]
    ranges = [c for c in rest if c.kind == CardKind.RANGE]
    days = sorted((c for c in rest if c.kind == CardKind.DAY), key=_card_day)
    return [*legacy, *custom, *ranges, new, *days]


def apply_retention(cards: Sequence[Card], keep: int) -> list[Card]:
    """Keep N without a model (DRM-7 form save): fold by :func:`concat_fold_body` when
    needed, then :func:`enforce_caps`."""
    cards = [cap_card(c) for c in cards]  # an oversized card must not crowd out the fold
    plan = plan_retention(cards, keep)
    out = list(cards) if plan is None else apply_fold(cards, plan, concat_fold_body(plan))
    return enforce_caps(out, keep)


def cap_card(card: Card) -> Card:
    """``card`` within its own DRM-13 cap, in the current layout.

    - single day: body cut to :data:`SINGLE_CARD_MAX` (3,200) by the REF-9 cut;
    - dated range (any grammar :func:`framing` reads as ``v1``): written as
      ``[overflow:v1]`` + ``[date:]`` sections (REF-11, REF-14); over
      :data:`RANGE_CARD_MAX` (6,400, framing included) its oldest days are dropped
      first, and only a newest day that alone is too long is shortened; the tag is
      narrowed to the kept days;
    - opaque range over 6,400: the newest tail of its text in an opaque-v3 envelope
      (REF-13), like a fold into it;
    - legacy and custom cards, and cards within their cap, are returned as they are."""
    kind = card.kind
    if kind == CardKind.DAY:
        body = cut_to_cap(card.body, SINGLE_CARD_MAX)
        return card if body == card.body else Card(card.tag, body)
    if kind != CardKind.RANGE:
        return card
    card = in_current_layout(card)
    if len(card.body) <= RANGE_CARD_MAX:
        return card
    shape = card_shape(card.tag, card.body)
    if shape.framing == "v1" and shape.sections is not None:
        sections = _fit_sections([(d, defuse(t)) for d, t in shape.sections], RANGE_CARD_MAX - len(V1_LINE))
        return Card(range_tag(sections[0][0], sections[-1][0]), V1_LINE + render_sections(sections))
    return Card(card.tag, fit_opaque(shape.content, RANGE_CARD_MAX, tail=True))


def enforce_caps(cards: Sequence[Card], keep: int) -> list[Card]:
    """DRM-13 after any write: every card within its own cap (:func:`cap_card`), then the
    whole rendered document within :func:`document_cap` ``(keep)`` = N × 3,200 + 6,400
    characters, headers included (:func:`enforce_document_cap`). Raises ``ValueError``
    for ``keep`` outside 1..90."""
    check_keep(keep)
    return enforce_document_cap([cap_card(c) for c in cards], keep)


def _shrink(card: Card, budget: int) -> Card | None:
    """``card`` with a stored body of at most ``budget`` characters, None when nothing fits."""
    if budget <= 0:
        return None
    if card.kind != CardKind.RANGE:
        text = cut_to_cap(card.body, budget)
        return Card(card.tag, text) if text.strip() else None
    shape = card_shape(card.tag, card.body)
    if shape.framing == "v1" and shape.sections is not None:
        defused = [(d, defuse(t)) for d, t in shape.sections]
        sections = _fit_sections(defused, budget - len(V1_LINE))
        if not sections:
            return None
        return Card(range_tag(sections[0][0], sections[-1][0]), V1_LINE + render_sections(sections))
    if budget <= V3_HEADER_MAX:
        return None
    body = fit_opaque(shape.content, budget, tail=True)
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
