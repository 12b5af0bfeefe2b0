"""Search everything (issue 14): the query's terms and a result's snippet. Pure, no I/O.

A query is split on whitespace into at most :data:`MAX_TERMS` terms (a double-quoted
run is one term, spaces kept); a result holds every term, case-insensitively, each at the
start of a word (polish52, :func:`starts_a_word`): "car" finds "car", "cars", "Car-sharing"
and "carrying", never "scar" or "arry" in "carrying". A term starting with a letter or digit
of a script written with spaces between words (:data:`WORD_CHARS`) must not follow such a
character; a term in Chinese, Japanese, Thai (no spaces) or starting with a symbol matches
anywhere. PostgreSQL checks it with a regular expression (:func:`word_start_regex`),
SQLite with :func:`holds_word` (an SQL function of the store's connections), behind their
trigram indexes. The
trigram index answers terms of three or more characters (:data:`TRIGRAM`); a shorter
term — one or two CJK characters, say — or one holding ``%``/``_`` is matched with a
``LIKE``/``ILIKE`` with ``ESCAPE`` instead (:func:`like_pattern`). Lengths are Python characters (code points).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import StrEnum

#: Characters of the shortest term the trigram index can look up.
TRIGRAM = 3
#: Most terms a query keeps, and most characters of the whole query.
MAX_TERMS = 8


class SearchMode(StrEnum):
    """How message search reads an SQLite store (issue 31): ``INDEX``, its full-text
    index (the default), or ``LIKE``, a plain scan of every message (the benchmark's
    baseline). PostgreSQL always uses its trigram index when there is one."""

    INDEX = "index"
    LIKE = "like"
MAX_QUERY_CHARS = 200
#: Characters of a snippet, and how many of them come before the first match.
SNIPPET_CHARS = 160
SNIPPET_LEAD = 50
ELLIPSIS = "…"

_TERM_RE = re.compile(r'"([^"]+)"|(\S+)')

#: A bracket-expression body (the same text for Python's ``re`` and PostgreSQL's regular
#: expressions) of the letters, digits and combining marks of the scripts written with
#: spaces between words: Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic, the Indic
#: scripts, Georgian, Hangul. A term starting with one of them matches at a word start
#: only; Chinese, Japanese and Thai run words together, so theirs match anywhere.
WORD_CHARS = ("0-9A-Za-z\u00aa\u00b5\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02af\u0300-\u036f"
              "\u0370-\u03ff\u0400-\u052f\u0531-\u0587\u0591-\u05f2\u0610-\u06ff\u0750-\u077f"
              "\u0900-\u0dff\u10a0-\u10ff\u1100-\u11ff\u1e00-\u1fff\u3130-\u318f\uac00-\ud7a3")
_WORD_CHAR = re.compile(f"[{WORD_CHARS}]")


def query_terms(query: str) -> list[str]:
    """The distinct terms of ``query`` in order (case-insensitively distinct), at most
    :data:`MAX_TERMS`, from its first :data:`MAX_QUERY_CHARS` characters; ``[]`` for a
    blank query."""
    terms: list[str] = []
    seen: set[str] = set()
    for quoted, bare in _TERM_RE.findall(query[:MAX_QUERY_CHARS]):
        term = (quoted or bare).strip()
        key = term.casefold()
        if term and key not in seen:
            seen.add(key)
            terms.append(term)
    return terms[:MAX_TERMS]


def index_terms(terms: list[str]) -> list[str]:
    """Terms the trigram index can look up: at least :data:`TRIGRAM` characters and none
    of ``LIKE``'s ``%``, ``_`` or the escape ``\\`` (the index's ``LIKE`` takes no
    ``ESCAPE``)."""
    return [t for t in terms if len(t) >= TRIGRAM and not any(c in t for c in "%_\\")]


def scan_terms(terms: list[str]) -> list[str]:
    """Terms the index cannot answer (:func:`index_terms`' complement): a ``LIKE`` with
    ``ESCAPE`` over the index's candidates, or over every message when no term is
    indexable."""
    indexed = set(index_terms(terms))
    return [t for t in terms if t not in indexed]


def like_pattern(term: str) -> str:
    """A ``LIKE ... ESCAPE '\\'`` pattern matching ``term`` anywhere (``%``, ``_`` and
    ``\\`` in the term are literal)."""
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def caseless(term: str) -> bool:
    """True when case cannot matter for ``term`` (CJK, digits, punctuation): a plain,
    case-sensitive ``LIKE`` finds what a case-insensitive match finds, far cheaper."""
    return term.lower() == term.upper()


def regex_literal(term: str) -> str:
    """A PostgreSQL regular expression (ARE) matching ``term`` literally: every
    character that is not a letter or digit is escaped with a backslash."""
    return "".join(c if c.isalnum() else f"\\{c}" for c in term)


def starts_a_word(term: str) -> bool:
    """True when ``term`` must match at the start of a word: its first character is a
    letter or digit of a script written with spaces (:data:`WORD_CHARS`)."""
    return bool(term) and _WORD_CHAR.match(term) is not None


def word_start_regex(term: str) -> str | None:
    """The regular expression (Python ``re`` and PostgreSQL alike, matched
    case-insensitively) of ``term`` at the start of a word: the text's start or a
    character outside :data:`WORD_CHARS`, then the literal term. ``None`` when the term
    matches anywhere (:func:`starts_a_word`)."""
    if not starts_a_word(term):
        return None
    return f"(^|[^{WORD_CHARS}]){regex_literal(term)}"


def _literal_in_python(term: str) -> str:
    """``term`` as a Python regular expression matching it literally, at a word start
    when :func:`starts_a_word` (a look-behind: the match is the term alone)."""
    literal = re.escape(term)
    return f"(?<![{WORD_CHARS}]){literal}" if starts_a_word(term) else literal


@functools.lru_cache(maxsize=64)
def _after_boundary(lowered_term: str) -> re.Pattern[str]:
    return re.compile(f"[^{WORD_CHARS}]{re.escape(lowered_term)}")


def holds_word(text: str, term: str) -> bool:
    """True when ``text`` holds ``term`` case-insensitively by the search's rule: at the
    start of a word (:func:`starts_a_word`: at the text's start or after a character
    outside :data:`WORD_CHARS`), else anywhere. SQLite calls it once per candidate row:
    both sides lower-cased once and one class-then-literal search (2.6 µs on a 300-character
    text with 15 mid-word hits, against 4.4 µs for a case-insensitive look-behind)."""
    low, want = text.lower(), term.lower()
    if not starts_a_word(term):
        return want in low
    return low.startswith(want) or _after_boundary(want).search(low) is not None


@dataclass(frozen=True, slots=True)
class Snippet:
    """A window of a matched text: ``text`` (whitespace runs shown as one space, an
    ellipsis where cut), ``spans``, the ``(start, end)`` character offsets in ``text``
    of every term occurrence, and ``code``, the spans that are code (a Markdown
    snippet's, :func:`markdown_snippet`); both sorted and not overlapping."""

    text: str
    spans: tuple[tuple[int, int], ...]
    code: tuple[tuple[int, int], ...] = ()


def _pattern(terms: list[str]) -> re.Pattern[str] | None:
    if not terms:
        return None
    alternatives = [_literal_in_python(t) for t in sorted(set(terms), key=len, reverse=True)]
    return re.compile("|".join(alternatives), re.IGNORECASE)


def snippet(text: str, terms: list[str], width: int = SNIPPET_CHARS) -> Snippet:
    """The part of ``text`` around its first match of any term: up to ``width``
    characters starting :data:`SNIPPET_LEAD` characters before the match, with the
    matches' spans. Without a match, the text's start."""
    return _cut(" ".join(text.split()), (), terms, width)


def markdown_snippet(markdown: str, terms: list[str], width: int = SNIPPET_CHARS) -> Snippet:
    """:func:`snippet` of ``markdown`` read as plain text
    (:func:`~chathub_desktop.core.markdown_text.plain_text`: no ``**``, backticks or
    fences), with its code spans; a long text is parsed around its first match only."""
    from chathub_desktop.core.markdown_text import plain_text

    pattern = _pattern(terms)
    first = pattern.search(markdown) if pattern else None
    plain = plain_text(markdown, first.start() if first else 0)
    return _cut(plain.text, plain.code, terms, width)


def _cut(flat: str, code: tuple[tuple[int, int], ...], terms: list[str], width: int) -> Snippet:
    """The snippet of the already flattened ``flat`` whose code spans are ``code``."""
    pattern = _pattern(terms)
    first = pattern.search(flat) if pattern else None
    start = max(0, first.start() - SNIPPET_LEAD) if first else 0
    end = min(len(flat), start + width)
    start = max(0, min(start, end - width))
    body = flat[start:end]
    lead = ELLIPSIS if start > 0 else ""
    tail = ELLIPSIS if end < len(flat) else ""
    spans: list[tuple[int, int]] = []
    if pattern:
        for m in pattern.finditer(body):
            if m.end() > m.start():
                spans.append((m.start() + len(lead), m.end() + len(lead)))
    shift = len(lead) - start
    shown = tuple((max(s, start) + shift, min(e, end) + shift) for s, e in code if s < end and e > start)
    return Snippet(lead + body + tail, tuple(spans), shown)


def holds_all(text: str, terms: list[str]) -> bool:
    """True when ``text`` holds every term, case-insensitively, each at a word start
    where :func:`starts_a_word` (the memory tab's rule, as the messages')."""
    return all(holds_word(text, t) for t in terms)


#: Least share of a query's characters (spaces aside) that are letters for the memory tab
#: to offer entries only similar in meaning (search53, walk52b #2: "range(1, 11)" listed
#: "Use metric units." as "≈ similar").
WORDS_SHARE = 0.75


def reads_as_words(query: str) -> bool:
    """True when ``query`` is mostly letters (any script): at least :data:`WORDS_SHARE` of
    its characters other than whitespace. Code, numbers and times ("range(1, 11)",
    "x**2", "12:30") are not: the embedding model places them near every short memory
    entry, so nothing it finds for them is one a user would call similar (measured in
    ``SearchService.search_memory``'s docstring)."""
    shown = [c for c in query if not c.isspace()]
    return bool(shown) and sum(c.isalpha() for c in shown) >= WORDS_SHARE * len(shown)


#: English function words (articles, prepositions, conjunctions, pronouns, auxiliaries):
#: a query made mostly of them carries no meaning to match (search53b, walk53b #3: "of
#: using the" listed "Use metric units." as similar). Question words are not among them
#: ("where does Ana live" is a question a user means).
STOP_WORDS = frozenset("""
a an the this that these those some any each every no of in on at to from by for with without about
into onto over under between through during before after above below up down out off as than then
and or but nor so yet if because while although though whether not
i me my mine we us our ours you your yours he him his she her hers it its they them their theirs
is am are was were be been being do does did doing have has had having will would shall should
can could may might must also just very too only there here
""".split())


def mostly_stop_words(query: str) -> bool:
    """True when at least two thirds of ``query``'s words (runs of letters, case-insensitive)
    are :data:`STOP_WORDS` — "of using the", "the", "is it" — so nothing found by meaning
    for it is one a user would call similar (search53b, walk53b #3). False for a question
    that also holds words of its own ("what kind of dog do I have": 4 of 7) and for a
    query with no stop words ("kilometres", "東京", "range(1, 11)")."""
    words = re.findall(r"[^\W\d_]+", query.lower())
    return bool(words) and 3 * sum(w in STOP_WORDS for w in words) >= 2 * len(words)


def telling_terms(terms: list[str]) -> list[str]:
    """``terms`` without the Latin ones of one or two characters ("a", "of", "to": they
    are in nearly every message), for the Search page's some-words hits (issue 29)."""
    return [t for t in terms if not (len(t) <= 2 and t.isascii())]


def terms_held(text: str, terms: list[str]) -> int:
    """How many of ``terms`` ``text`` holds, case-insensitively: an ASCII term made of
    letters and digits as a whole word ("use" is not in "because"), any other as a
    substring (CJK has no spaces between words)."""
    folded = text.casefold()
    return sum(bool(re.search(rf"(?<![^\W_]){re.escape(t.casefold())}(?![^\W_])", folded))
               if t.isascii() and t.isalnum() else t.casefold() in folded for t in terms)


#: BM25's term-frequency saturation and length normalization (the usual values).
BM25_K1 = 1.2
BM25_B = 0.75


def rank_score(text: str, terms: list[str], average_chars: float) -> float:
    """How well ``text`` matches (higher is better): BM25's term-frequency part summed
    over the terms — more occurrences count, with diminishing returns, and a shorter
    text (against ``average_chars``, the candidates' mean length in characters) counts
    more. Every candidate holds every term, so the terms' rarity (BM25's IDF) would
    scale every candidate alike and is left out."""
    folded = text.casefold()
    norm = BM25_K1 * (1 - BM25_B + BM25_B * len(text) / max(1.0, average_chars))
    score = 0.0
    for term in terms:
        tf = folded.count(term.casefold())
        score += tf * (BM25_K1 + 1) / (tf + norm) if tf else 0.0
    return score
