"""Split what another assistant says it remembers into memory entries (issue 15, MEM-2,
MEM-7, REF-16).

Pure: no I/O. The user asks ChatGPT or Claude "what do you remember about me" (or
copies a saved-memory list) and pastes the answer. :func:`split_facts` turns it into
one fact per entry; :func:`mark_duplicates` marks the facts already in memory, exactly,
nearly (REF-16: Jaccard ≥ 0.8 of the REF-3 token sets, via
:func:`chathub_desktop.core.dynamic_memory.near_duplicate_of`; or so once subject
words are left out and words stemmed) or covered (every such word, two at least, in one entry).

Splitting rules, line by line:

- a bullet (``-``, ``*``, ``+``, ``•``, ``·``, ``‣``, ``–``, ``—``) or a numbered line
  (``1.``, ``1)``, ``(1)``) starts one fact; an unmarked line right under it, indented,
  continues it;
- Markdown headings (and a line that is only bold text), code fences, horizontal
  rules, and unmarked lines that end with
  ``:`` (an introduction such as "Here's what I remember about you:") are not facts;
- any other line is prose: it is split into sentences (after ``.``, ``!``, ``?`` and a
  space unless a lower-case word or an abbreviation such as ``Dr.`` is involved, or
  after ``。！？``), each one fact;
- Markdown emphasis (``**``, ``__``) and a trailing ``;`` are removed, whitespace is
  collapsed (:func:`chathub_desktop.core.fixed_memory.clean_text`); facts shorter
  than :data:`MIN_FACT_CHARS` and word-for-word repeats within the paste are dropped
  (a near or covered repeat of an earlier fact is marked by :func:`mark_duplicates`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.dynamic_memory import NEAR_DUPLICATE_JACCARD, Card, near_duplicate_of
from chathub_desktop.core.memory_diff import DuplicateIndex, normalized
from chathub_desktop.core.memory_documents import FIXED
from chathub_desktop.core.memory_repeats import Repeat, RepeatKind
from chathub_desktop.core.memory_search import tokenize

__all__ = ["MAX_PASTE_CHARS", "MIN_FACT_CHARS", "PastedFact", "RepeatIndex", "fact_tokens", "mark_duplicates",
           "split_facts"]

MIN_FACT_CHARS = 3
"""Shorter pieces ("OK", "-") are not facts (characters)."""
MAX_PASTE_CHARS = 200_000
"""Most characters read from one paste; the rest is ignored (a memory answer is a few KB)."""

_MARK = re.compile(r"^\s*(?:[-*+•·‣–—]|\(?\d{1,3}[.)])\s+(.*)$")
_HEADING = re.compile(r"^\s*(?:#{1,6}\s|```|~~~|(?:[-*_]\s*){3,}$|(\*\*|__)[^*_\n]+\1\s*:?\s*$)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])")
_ABBREVIATIONS = frozenset({"mr.", "mrs.", "ms.", "dr.", "st.", "e.g.", "i.e.", "etc.", "vs.", "no.", "jr.", "sr."})
_EMPHASIS = re.compile(r"(\*\*|__)(.+?)\1")


@dataclass(frozen=True, slots=True)
class PastedFact:
    """One fact of a paste: ``text`` (clean, one line) and what it ``repeats`` in memory
    (a fixed entry or a dream card, exactly, nearly or covering it) or earlier in the
    paste (:attr:`Repeat.earlier`); None when new (issue 30)."""

    text: str
    repeats: Repeat | None = None


def _clean(piece: str) -> str:
    text = _EMPHASIS.sub(r"\2", piece)
    text = fm.clean_text(text).rstrip(";").strip()
    return text


def _sentences(line: str) -> list[str]:
    """``line`` cut after sentence ends; a piece starting lower-case, or following an
    abbreviation (``Dr.``, ``e.g.``), stays with the one before."""
    out: list[str] = []
    for piece in (p for p in _SENTENCE_END.split(line) if p.strip()):
        last = out[-1].rsplit(None, 1)[-1].casefold() if out else ""
        if out and (piece[:1].islower() or last in _ABBREVIATIONS):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


def split_facts(text: str) -> list[str]:
    """The facts of a pasted memory answer, in order (see the module docstring for the
    rules). ``text`` beyond :data:`MAX_PASTE_CHARS` characters is ignored."""
    facts: list[str] = []
    current: list[str] | None = None  # the bullet fact being continued
    in_fence = False

    def close() -> None:
        nonlocal current
        if current is not None:
            facts.append(" ".join(current))
            current = None

    for raw in text[:MAX_PASTE_CHARS].replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = raw.rstrip()
        if line.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
            close()
            continue
        if in_fence or not line.strip():
            close()
            continue
        if _HEADING.match(line):
            close()
            continue
        marked = _MARK.match(line)
        if marked:
            close()
            current = [marked.group(1)]
            continue
        if current is not None and raw[:1] in (" ", "\t"):
            current.append(line.strip())
            continue
        close()
        if line.rstrip().endswith(":"):
            continue  # an introduction, not a fact
        facts.extend(_sentences(line.strip()))
    close()
    out: list[str] = []
    seen: set[str] = set()
    for fact in facts:
        cleaned = _clean(fact)
        key = cleaned.casefold()
        if len(cleaned) >= MIN_FACT_CHARS and key not in seen and not cleaned.endswith(":"):
            seen.add(key)
            out.append(cleaned)
    return out


#: Words that only say who a pasted fact is about ("You prefer …", "The user prefers …")
#: or only link its words ("… is …", "has a …", and the pieces "You're" / "You've" /
#: "I'm" leave): left out before comparing (issue 30, walk55 #1). "had", "will" and "'d"
#: change what a fact says and stay.
_SUBJECT_WORDS = frozenset({"you", "your", "user", "users", "the", "a", "an", "is", "are", "am", "i", "my", "he",
                            "she", "they", "their", "have", "has", "re", "ve", "m"})
#: Fewer words than this are never "covered": "Vegetarian." says something else beside
#: "Partner is vegetarian" (issue 30).
MIN_COVERED_WORDS = 2
#: Endings after which a plural or 3rd person adds ``es`` (``boxes``, ``watches``).
_ES_AFTER = ("x", "z", "ch", "sh", "ss")


def _stem(word: str) -> str:
    """``word`` without a plural or 3rd-person ``s`` / ``es`` (``prefers`` → ``prefer``,
    ``boxes`` → ``box``, ``class`` stays); a CJK bigram stays as it is."""
    if len(word) <= 3 or word[-1] != "s" or word[0] > "z" or word.endswith("ss"):
        return word
    if word.endswith("es") and word[:-2].endswith(_ES_AFTER):
        return word[:-2]
    return word[:-1]


def fact_tokens(text: str) -> frozenset[str]:
    """REF-3 tokens of a fact without the words that only name its subject or link it
    (:data:`_SUBJECT_WORDS`), each ASCII word stemmed (:func:`_stem`): another assistant
    writes "You prefer metric units" where this one wrote "Prefers metric units" (issue 30)."""
    return frozenset(_stem(t) for t in tokenize(text) if t not in _SUBJECT_WORDS)


def _near_fixed(fact: str, fixed_texts: Sequence[str]) -> Repeat | None:
    """The first fixed entry (numbered from 1) whose :func:`fact_tokens` have Jaccard
    similarity ≥ 0.8 (REF-16's threshold) with ``fact``'s (near), else the first whose
    tokens hold all of ``fact``'s (covered), else None."""
    mine = fact_tokens(fact)
    if not mine:
        return None
    theirs = [fact_tokens(text) for text in fixed_texts]
    for n, other in enumerate(theirs, 1):
        if len(mine & other) >= NEAR_DUPLICATE_JACCARD * len(mine | other):
            return Repeat(FIXED, n, fixed_texts[n - 1], RepeatKind.NEAR)
    if len(mine) < MIN_COVERED_WORDS:
        return None
    for n, other in enumerate(theirs, 1):
        if mine <= other:
            return Repeat(FIXED, n, fixed_texts[n - 1], RepeatKind.COVERED)
    return None


def _loose(text: str) -> str:
    """``text`` as its :func:`fact_tokens`, one space apart (what :class:`RepeatIndex`
    compares for its second, looser look)."""
    return " ".join(sorted(fact_tokens(text)))


class RepeatIndex:
    """The paste's rule (:func:`mark_duplicates`) over many fixed entries at once, for a
    file import's Merge into a memory of 10,000 entries (issue 30): exact (equal after
    normalizing case and spacing), REF-16 near, near once subject words are left out
    and words stemmed — each look a :class:`DuplicateIndex` (prefix filtering), so a
    lookup compares only entries sharing a rare token — or covered (every stemmed word
    in one entry: only the entries holding the fact's rarest word are compared).
    :meth:`find` answers over the entries added so far, in the order added."""

    def __init__(self, vocabulary: Sequence[str] = ()) -> None:
        """``vocabulary``: the texts whose tokens order the indexes (rarest first)."""
        self._strict = DuplicateIndex(vocabulary)
        self._loose = DuplicateIndex([_loose(t) for t in vocabulary])
        self._texts: dict[int, str] = {}
        self._tokens: dict[int, frozenset[str]] = {}
        self._holding: dict[str, list[int]] = {}  # stemmed word -> entries holding it, in order

    def add(self, number: int, text: str) -> None:
        """Index ``text`` as fixed entry ``number`` (numbers added in increasing order)."""
        self._texts[number] = text
        self._strict.add(number, text)
        self._loose.add(number, _loose(text))
        tokens = fact_tokens(text)
        self._tokens[number] = tokens
        for t in tokens:
            self._holding.setdefault(t, []).append(number)

    def _covering(self, tokens: frozenset[str]) -> int | None:
        if len(tokens) < MIN_COVERED_WORDS:
            return None
        rarest = min(tokens, key=lambda t: (len(self._holding.get(t, ())), t))
        return next((n for n in self._holding.get(rarest, ()) if tokens <= self._tokens[n]), None)

    def find(self, text: str) -> Repeat | None:
        """The fixed entry ``text`` repeats first among the entries added (exact, near or
        covered, :class:`Repeat`), None when none."""
        n = self._strict.find(text)
        if n is None:
            loose = _loose(text)
            n = self._loose.find(loose) if loose else None
        if n is None:
            n = self._covering(fact_tokens(text))
            return Repeat(FIXED, n, self._texts[n], RepeatKind.COVERED) if n is not None else None
        same = normalized(self._texts[n]) == normalized(text)
        return Repeat(FIXED, n, self._texts[n], RepeatKind.EXACT if same else RepeatKind.NEAR)


def mark_duplicates(facts: Iterable[str], fixed_texts: Sequence[str], cards: Sequence[Card] = (),
                    paused: Collection[int] = ()) -> list[PastedFact]:
    """Each fact with what it repeats (:class:`Repeat`) among the fixed entries
    ``fixed_texts`` (numbered from 1; those numbered in ``paused`` are paused, and said
    so) and the dream ``cards``: exact (same text ignoring case and spacing), near
    (REF-16), near once the words naming its subject are left out and words are stemmed
    (:func:`fact_tokens`), or covered (all those words in one fixed entry); else, by the
    same rule (:class:`RepeatIndex`), an earlier new fact of the paste (``earlier``,
    numbered among the facts: "You play the viola." then "Plays the viola", walk55b);
    else ``None`` (issue 30)."""
    facts = list(facts)
    exact = {" ".join(t.split()).casefold(): n for n, t in enumerate(fixed_texts, 1)}
    earlier = RepeatIndex(facts)
    out = []
    for i, fact in enumerate(facts, 1):
        n = exact.get(" ".join(fact.split()).casefold())
        found = (Repeat(FIXED, n, fixed_texts[n - 1], RepeatKind.EXACT) if n is not None
                 else near_duplicate_of(fact, cards, fixed_texts) or _near_fixed(fact, fixed_texts))
        if found is not None and found.document == FIXED and found.number in paused:
            found = replace(found, paused=True)
        if found is None and (found := earlier.find(fact)) is not None:
            found = replace(found, earlier=True)
        if found is None:
            earlier.add(i, fact)
        out.append(PastedFact(fact, found))
    return out
