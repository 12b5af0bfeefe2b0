"""searchMemory and readMemory for the model (MEM-5, REF-3, REF-4, REF-5).

Pure, no I/O. Units:

- Snippet lengths (REF-4) are Python characters (code points).
- readMemory offsets and page sizes (REF-5) are **UTF-16 code units**, the unit the
  web product's offsets use: a character outside the BMP (most emoji) counts 2, and
  a page never ends between the two halves of such a character. Following
  ``next_offset`` from 0 reassembles the text exactly.

Search cost: :class:`MemoryIndex` tokenizes every entry once and keeps an inverted
index (token → entry positions), so a query costs its tokens' posting lists, not a
scan of the whole memory. Build it once per memory version and reuse it.
"""

from __future__ import annotations

import heapq
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol


class MemoryHitKind(StrEnum):
    """Which document a Search → Memory hit is from: a fixed memory entry or a dream
    card (the word ``search --json`` prints as its ``kind``)."""

    MEMORY = "memory"
    DREAM = "dream"


#: Hits returned when the caller gives no limit, and the most ever returned (REF-3).
DEFAULT_LIMIT = 5
MAX_LIMIT = 10

#: REF-4: entries up to this many characters come back whole; longer ones as a window
#: of this many characters, starting this many characters before the match.
SNIPPET_CHARS = 500
SNIPPET_LEAD_CHARS = 80

#: REF-5: page size in UTF-16 code units.
PAGE_UNITS = 7800

ELLIPSIS = "…"

# CJK ideographs (incl. extensions and compatibility forms), kana, Hangul (REF-3).
_CJK = (
    "\u1100-\u11ff"  # Hangul Jamo
    "\u3040-\u309f"  # Hiragana
    "\u30a0-\u30ff"  # Katakana
    "\u3130-\u318f"  # Hangul compatibility Jamo
    "\u31f0-\u31ff"  # Katakana phonetic extensions
    "\u3400-\u4dbf"  # CJK extension A
    "\u4e00-\u9fff"  # CJK unified ideographs
    "\ua960-\ua97f"  # Hangul Jamo extended A
    "\uac00-\ud7af"  # Hangul syllables
    "\ud7b0-\ud7ff"  # Hangul Jamo extended B
    "\uf900-\ufaff"  # CJK compatibility ideographs
    "\uff66-\uff9f"  # half-width katakana
    "\U00020000-\U0003134f"  # CJK extensions B..G
)
_TOKEN_RE = re.compile(f"[0-9a-z]+|[{_CJK}]+")
_CJK_START = re.compile(f"[{_CJK}]")


def tokenize(text: str) -> frozenset[str]:
    """The REF-3 token set of ``text``.

    Lowercased; each ASCII ``[0-9a-z]`` run is one word token; each run of CJK / kana /
    Hangul characters yields its overlapping character bigrams (a run of one character
    yields that character). Everything else separates tokens.
    """
    out: set[str] = set()
    for run in _TOKEN_RE.findall(text.lower()):
        if len(run) == 1 or run[0] <= "z":
            out.add(run)
        else:
            out.update(run[i : i + 2] for i in range(len(run) - 1))
    return frozenset(out)


def matches_filter(text: str, query: str) -> bool:
    """True when ``text`` holds every REF-3 token of ``query`` — the last one, still being
    typed, may be the start of a token (``metr`` finds ``metric``). An empty query (no
    tokens) matches everything. For the Memory page's filter box (issue 30)."""
    words = _TOKEN_RE.findall(query.lower())
    if not words:
        return True
    have = tokenize(text)
    *done, typing = words
    if not tokenize(" ".join(done)) <= have:
        return False
    last = tokenize(typing)
    if len(last) > 1 or typing[0] > "z":  # CJK bigrams: whole tokens only
        return last <= have
    return any(t.startswith(typing) for t in have)


class _Numbered(Protocol):
    @property
    def number(self) -> int: ...

    @property
    def text(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Hit:
    """One search hit: ``source`` ``"fixed"`` or ``"dynamic"``, the entry/card ``number``,
    ``score`` in (0, 1] (matched query tokens ÷ query tokens), ``overlap`` (matched
    token count) and the REF-4 ``snippet``."""

    source: str
    number: int
    score: float
    overlap: int
    snippet: str


def snippet(text: str, query: str) -> str:
    """The REF-4 snippet of ``text`` for ``query`` (lengths in characters).

    ≤ 500 characters: the whole text. Otherwise the query (trimmed, as one string,
    case-insensitive) is located; not found or starting before character 500 → the
    first 500 characters + ``…``; else ``…`` + 500 characters from 80 before the match
    + ``…`` when text remains after the window.
    """
    if len(text) <= SNIPPET_CHARS:
        return text
    q = query.strip()
    m = re.search(re.escape(q), text, re.IGNORECASE) if q else None
    if m is None or m.start() < SNIPPET_CHARS:
        return text[:SNIPPET_CHARS] + ELLIPSIS
    start = m.start() - SNIPPET_LEAD_CHARS
    end = start + SNIPPET_CHARS
    return ELLIPSIS + text[start:end] + (ELLIPSIS if end < len(text) else "")


class MemoryIndex:
    """Token index over fixed entries and dynamic (dream) cards for REF-3 search.

    Build once from the entries (any objects with ``number`` and ``text``), then call
    :meth:`search` for as many queries as needed. Memory use is about one set of
    token strings per entry plus the postings.
    """

    __slots__ = ("_items", "_postings")

    def __init__(
        self, fixed_entries: Iterable[_Numbered], dynamic_cards: Iterable[_Numbered] = ()
    ) -> None:
        # Items in rank order for ties: fixed before dynamic, then document order.
        self._items: list[tuple[str, int, str]] = [("fixed", e.number, e.text) for e in fixed_entries]
        self._items += [("dynamic", c.number, c.text) for c in dynamic_cards]
        postings: dict[str, list[int]] = {}
        for pos, (_, _, text) in enumerate(self._items):
            for tok in tokenize(text):
                bucket = postings.get(tok)
                if bucket is None:
                    postings[tok] = [pos]
                else:
                    bucket.append(pos)
        self._postings = postings

    def __len__(self) -> int:
        """Number of indexed entries and cards."""
        return len(self._items)

    def search(self, query: str, limit: int = DEFAULT_LIMIT) -> list[Hit]:
        """Hits for ``query``, best first (REF-3, REF-4).

        Score = matched query tokens ÷ query tokens; entries sharing no token are
        dropped; order by score, then overlap, then fixed before dynamic, then
        document order. ``limit`` is clamped to 1..10. A query without tokens → ``[]``.
        """
        limit = max(1, min(MAX_LIMIT, int(limit)))
        qtokens = tokenize(query)
        if not qtokens:
            return []
        counts: Counter[int] = Counter()
        postings = self._postings
        for tok in qtokens:
            bucket = postings.get(tok)
            if bucket is not None:
                counts.update(bucket)
        if not counts:
            return []
        # Same query → same denominator, so score order == overlap order; the key is
        # (-overlap, position) and position already encodes fixed-before-dynamic.
        best = heapq.nsmallest(limit, counts.items(), key=lambda kv: (-kv[1], kv[0]))
        n = len(qtokens)
        hits = []
        for pos, overlap in best:
            source, number, text = self._items[pos]
            hits.append(Hit(source, number, overlap / n, overlap, snippet(text, query)))
        return hits


def search(
    query: str,
    fixed_entries: Sequence[_Numbered],
    dynamic_cards: Sequence[_Numbered] = (),
    limit: int = DEFAULT_LIMIT,
) -> list[Hit]:
    """One-off REF-3 search (builds a :class:`MemoryIndex`; reuse an index for many queries)."""
    return MemoryIndex(fixed_entries, dynamic_cards).search(query, limit)


# --- readMemory pages (REF-5) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Page:
    """One readMemory page. Offsets in UTF-16 code units.

    ``text`` is the page; ``offset`` where it starts (after snapping off a split
    surrogate pair); ``next_offset`` where the next page starts, None on the last page;
    ``truncated`` is True exactly when ``next_offset`` is set; ``total`` is the
    whole text's length in UTF-16 code units.
    """

    text: str
    offset: int
    next_offset: int | None
    truncated: bool
    total: int


def utf16_len(text: str) -> int:
    """Length of ``text`` in UTF-16 code units (astral characters count 2)."""
    if not text or max(text) < "\U00010000":
        return len(text)
    return len(text.encode("utf-16-le")) // 2


def _is_high(units: bytes, index: int) -> bool:
    return 0xD8 <= units[2 * index + 1] <= 0xDB


def _is_low(units: bytes, index: int) -> bool:
    return 0xDC <= units[2 * index + 1] <= 0xDF


def read_page(text: str, offset: int = 0, page_chars: int = PAGE_UNITS) -> Page:
    """The page of ``text`` starting at UTF-16 offset ``offset``, at most ``page_chars``
    UTF-16 code units long (REF-5).

    An ``offset`` pointing at the second half of a surrogate pair is moved back one
    unit so the character is read whole. The end never splits a pair: it moves back
    one unit, or forward when the page would otherwise be empty. Raises ``ValueError``
    for ``offset`` < 0 or > the text length, or ``page_chars`` < 1.
    """
    if page_chars < 1:
        raise ValueError("page size must be at least 1")
    if max(text, default="\0") < "\U00010000":  # BMP only: code points == code units
        total = len(text)
        if offset < 0 or offset > total:
            raise ValueError(f"offset {offset} is outside 0..{total}")
        end = min(total, offset + page_chars)
        return Page(text[offset:end], offset, end if end < total else None, end < total, total)
    units = text.encode("utf-16-le")
    total = len(units) // 2
    if offset < 0 or offset > total:
        raise ValueError(f"offset {offset} is outside 0..{total}")
    if 0 < offset < total and _is_low(units, offset):
        offset -= 1
    end = min(total, offset + page_chars)
    if end < total and _is_high(units, end - 1):
        end = end - 1 if end - 1 > offset else end + 1
    page = units[2 * offset : 2 * end].decode("utf-16-le")
    return Page(page, offset, end if end < total else None, end < total, total)
