"""What a memory change did, for the History view and the previews (issue 18; MEM-2,
MEM-3, DRM-8, REF-16). Pure, no I/O.

- :func:`line_diff`: a line diff of two documents in hunks with context lines, as the
  History view and a revert preview show it.
- :func:`entry_changes`: which entries (or cards) a change adds, removes and edits,
  as the previews before an import, a raw save, a clear or a fold count them, and the
  History view lists them; :func:`word_diff` marks an edited entry's words.
- :func:`normalized` / :func:`duplicate_of`: the duplicate test of a model ``add`` and
  of an import Merge: equal after case and whitespace normalization, or near-duplicates
  by REF-16 (Jaccard similarity of the REF-3 token sets ≥ 0.8).
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from chathub_desktop.core.memory_search import tokenize
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

#: REF-16: token-set Jaccard similarity at or above this is a near-duplicate.
NEAR_DUPLICATE = 0.8
#: An added and a removed entry this similar (but not equal) count as one edit.
EDIT_SIMILARITY = 0.5
#: Context lines around each change of a line diff.
CONTEXT = 3
_WS = re.compile(r"\s+")


class DiffKind(StrEnum):
    """What a line (:class:`DiffLine`) or word run (:func:`word_diff`) of a diff is; the
    value is its mark in a unified diff (the CLI prints it, ``--json`` writes it)."""

    #: In both (a context line, a kept word).
    SAME = " "
    #: Only before.
    REMOVED = "-"
    #: Only after.
    ADDED = "+"
    #: A hunk header: the line's ``text`` names the line ranges (line diffs only).
    HUNK = "@"


@dataclass(frozen=True, slots=True)
class DiffLine:
    """One line of a diff: its ``kind`` and ``text`` (a hunk header's names the line ranges)."""

    kind: DiffKind
    text: str


def _span(start: int, end: int) -> str:
    return f"lines {start + 1}–{end}" if end > start + 1 else f"line {end}" if end > start else f"after line {start}"


def line_diff(before: str, after: str, context: int = CONTEXT) -> list[DiffLine]:
    """The line diff of ``before`` → ``after`` in hunks with ``context`` lines around
    each change (``[]`` when equal). Line endings are not shown."""
    a, b = before.splitlines(), after.splitlines()
    out: list[DiffLine] = []
    matcher = difflib.SequenceMatcher(None, a, b)
    for group in matcher.get_grouped_opcodes(context):
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        out.append(DiffLine(DiffKind.HUNK, f"{_span(i1, i2)} → {_span(j1, j2)}"))
        for tag, x1, x2, y1, y2 in group:
            if tag == "equal":
                out.extend(DiffLine(DiffKind.SAME, line) for line in a[x1:x2])
                continue
            out.extend(DiffLine(DiffKind.REMOVED, line) for line in a[x1:x2])
            out.extend(DiffLine(DiffKind.ADDED, line) for line in b[y1:y2])
    if not out and before != after:  # only line endings or a final newline differ
        out.append(DiffLine(DiffKind.HUNK, "line endings or the final newline changed"))
    return out


_WORDS = re.compile(r"\s+|[^\s]+")


def word_diff(before: str, after: str) -> list[tuple[DiffKind, str]]:
    """``before`` → ``after`` word by word, as ``(kind, text)`` runs in reading order:
    ``SAME`` kept, ``REMOVED`` only before, ``ADDED`` only after (whitespace runs are words
    too, so joining the ``SAME`` and ``REMOVED`` runs gives ``before`` back, the ``SAME``
    and ``ADDED`` runs ``after``). What an edited entry's History row marks (walk52 #7)."""
    a, b = _WORDS.findall(before), _WORDS.findall(after)
    out: list[tuple[DiffKind, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            out.append((DiffKind.SAME, "".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append((DiffKind.REMOVED, "".join(a[i1:i2])))
        if j2 > j1:
            out.append((DiffKind.ADDED, "".join(b[j1:j2])))
    return out


def jaccard(a: str, b: str) -> float:
    """Jaccard similarity of the REF-3 token sets (0.0 when both are empty)."""
    ta, tb = tokenize(a), tokenize(b)
    union = len(ta | tb)
    return len(ta & tb) / union if union else 0.0


def normalized(text: str) -> str:
    """``text`` case-folded with whitespace runs collapsed to one space and trimmed."""
    return _WS.sub(" ", text).strip().casefold()


def duplicate_of(text: str, existing: Sequence[tuple[int, str]]) -> int | None:
    """The number of the first of ``existing`` (``(number, text)`` pairs) that ``text``
    repeats: equal after :func:`normalized`, else a REF-16 near-duplicate (Jaccard ≥ 0.8);
    None when it repeats none."""
    want = normalized(text)
    for number, other in existing:
        if normalized(other) == want:
            return number
    tokens = tokenize(text)
    if not tokens:
        return None
    for number, other in existing:
        theirs = tokenize(other)
        union = len(tokens | theirs)
        if union and len(tokens & theirs) / union >= NEAR_DUPLICATE:
            return number
    return None


@dataclass(frozen=True)
class EntryChanges:
    """What a change does to a list of entries or cards: texts ``added`` and ``removed``,
    and ``edited`` pairs ``(before, after)`` (a removed and an added text similar enough
    to be one entry rewritten)."""

    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    edited: list[tuple[str, str]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """True when nothing is added, removed or edited."""
        return not (self.added or self.removed or self.edited)

    def counts(self) -> str:
        """``"2 added, 1 removed, 3 edited"`` (``"no change"`` when empty)."""
        return self.counts_reason().english()

    def counts_reason(self) -> Reason:
        """:meth:`counts` typed (issue 27: the window says it in its language)."""
        if self.empty:
            return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no change"))
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 added, %2 removed, %3 edited"),
                      (f"{len(self.added):,}", f"{len(self.removed):,}", f"{len(self.edited):,}"))


def _in_place(before: Sequence[str], after: Sequence[str], removed: Counter[str],
              added: Counter[str]) -> list[tuple[str, str]]:
    """``(old, new)`` texts of ``removed`` and ``added`` that stand between the same two
    neighbours (or the list's end): an entry rewritten where it stood, however different
    its words (walk55 #1: an in-place edit read as Added + Removed). ``removed`` and
    ``added`` lose the texts paired."""
    def spots(texts: Sequence[str], wanted: Counter[str]) -> list[tuple[tuple[str | None, str | None], str]]:
        last = len(texts) - 1
        return [((texts[i - 1] if i else None, texts[i + 1] if i < last else None), t)
                for i, t in enumerate(texts) if wanted[t] > 0]

    waiting: dict[tuple[str | None, str | None], list[str]] = {}
    for around, text in spots(after, added):
        waiting.setdefault(around, []).append(text)
    pairs: list[tuple[str, str]] = []
    for around, old in spots(before, removed):
        candidates = waiting.get(around)
        while candidates and added[candidates[0]] <= 0:
            candidates.pop(0)
        if candidates and removed[old] > 0:
            new = candidates.pop(0)
            removed[old] -= 1
            added[new] -= 1
            pairs.append((old, new))
    return pairs


def _in_runs(before: Sequence[str], after: Sequence[str], removed: Counter[str],
             added: Counter[str]) -> list[tuple[str, str]]:
    """``(old, new)`` texts of numbered entries rewritten where they stood: in the
    alignment of ``before`` with ``after``, each run of entries replaced by as many other
    entries — so each kept its number among the unchanged ones — pairs up in order,
    however different the words (walk57 #6: a raw save that rewrote 50 entries showed the
    short ones, "OK" → "OK — rewritten in the raw editor", as an unrelated Added and
    Removed); in a run that also gained or lost entries, an entry pairs with the next one
    holding nearly all its words or nearly all of whose words it holds (in order).
    ``removed`` and ``added`` lose the texts paired."""
    pairs: list[tuple[str, str]] = []

    def pair(old: str, new: str) -> None:
        removed[old] -= 1
        added[new] -= 1
        pairs.append((old, new))

    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if tag != "replace":
            continue
        if i2 - i1 == j2 - j1:
            for old, new in zip(before[i1:i2], after[j1:j2], strict=True):
                if removed[old] > 0 and added[new] > 0:
                    pair(old, new)
        elif (i2 - i1) * (j2 - j1) <= 250_000:  # a run that also gained or lost entries: in order, by the words kept
            theirs = [(t, tokenize(t)) for t in after[j1:j2]]
            at = 0
            for old in before[i1:i2]:
                mine = tokenize(old)
                hit = next((k for k in range(at, len(theirs)) if added[theirs[k][0]] > 0
                            and _contained(mine, theirs[k][1])), None)
                if hit is not None and removed[old] > 0:
                    pair(old, theirs[hit][0])
                    at = hit + 1
    return pairs


def _contained(a: frozenset[str], b: frozenset[str]) -> bool:
    """True when one token set holds nearly all of the other (an entry that only gained
    or lost words: "OK" → "OK — rewritten in the raw editor")."""
    least = min(len(a), len(b))
    return least > 0 and len(a & b) >= NEAR_DUPLICATE * least


def entry_changes(before: Iterable[str], after: Iterable[str], *, numbered: bool = False) -> EntryChanges:
    """Compare two lists of entry texts as multisets: equal texts are unchanged (their
    order does not matter); of the rest, with ``numbered`` (fixed memory's entries, whose
    number is their place) a run of entries rewritten where they stood pairs up first, by
    number (:func:`_in_runs`); then a removed and an added text that hold the same place
    between unchanged neighbours are an edit (:func:`_in_place`), then a removed and an
    added text with token-set similarity ≥ :data:`EDIT_SIMILARITY` pair up as an edit
    (best pairs first). Edits are listed in the order of ``before``."""
    a, b = list(before), list(after)
    old, new = Counter(a), Counter(b)
    gone, came = old - new, new - old
    by_number = _in_runs(a, b, gone, came) if numbered and gone and came else []
    in_place = _in_place(a, b, gone, came) if gone and came else []
    removed = list(gone.elements())
    added = list(came.elements())
    pairs: list[tuple[float, int, int]] = []
    if removed and added and len(removed) * len(added) <= 250_000:
        old_tokens = [tokenize(t) for t in removed]
        new_tokens = [tokenize(t) for t in added]
        for i, ta in enumerate(old_tokens):
            for j, tb in enumerate(new_tokens):
                union = len(ta | tb)
                score = len(ta & tb) / union if union else 0.0
                if score >= EDIT_SIMILARITY:
                    pairs.append((score, i, j))
    pairs.sort(key=lambda p: (-p[0], p[1], p[2]))
    used_old: set[int] = set()
    used_new: set[int] = set()
    edited: list[tuple[int, int]] = []
    for _score, i, j in pairs:
        if i not in used_old and j not in used_new:
            used_old.add(i)
            used_new.add(j)
            edited.append((i, j))
    edited.sort()
    paired = by_number + in_place + [(removed[i], added[j]) for i, j in edited]
    if by_number:  # in the order of the document, not of how each was found
        place: dict[str, int] = {}
        for i, text in enumerate(a):
            place.setdefault(text, i)
        paired.sort(key=lambda p: place.get(p[0], len(a)))
    return EntryChanges(
        added=[t for j, t in enumerate(added) if j not in used_new],
        removed=[t for i, t in enumerate(removed) if i not in used_old],
        edited=paired,
    )


class DuplicateIndex:
    """:func:`duplicate_of` over many texts at once (an import Merge into a memory of
    10,000 entries): normalized texts in a dict, and REF-16 near-duplicates found by
    prefix filtering — two token sets with Jaccard ≥ 0.8 share one of the first
    ``n - ceil(0.8 n) + 1`` tokens of each in one fixed order (rarest first), so only
    entries sharing such a token are compared. :meth:`find` answers what
    :func:`duplicate_of` answers over the texts added so far, in the order added."""

    def __init__(self, vocabulary: Iterable[str] = ()) -> None:
        """``vocabulary``: the texts whose tokens set the order (rarest first); tokens
        never seen sort before all others, so any text may be added or looked up."""
        counts: Counter[str] = Counter()
        for text in vocabulary:
            counts.update(tokenize(text))
        self._rank = {t: i for i, (t, _n) in enumerate(sorted(counts.items(), key=lambda kv: (kv[1], kv[0])))}
        self._exact: dict[str, int] = {}
        self._tokens: dict[int, frozenset[str]] = {}
        self._postings: dict[str, list[int]] = {}

    def _prefix(self, tokens: frozenset[str]) -> list[str]:
        ordered = sorted(tokens, key=lambda t: (self._rank.get(t, -1), t))
        need = -(-len(ordered) * 4 // 5)  # ceil(0.8 n) shared tokens at least
        return ordered[: len(ordered) - need + 1]

    def add(self, number: int, text: str) -> None:
        """Index ``text`` as entry ``number`` (numbers added in increasing order)."""
        self._exact.setdefault(normalized(text), number)
        tokens = tokenize(text)
        if tokens:
            self._tokens[number] = tokens
            for t in self._prefix(tokens):
                self._postings.setdefault(t, []).append(number)

    def find(self, text: str) -> int | None:
        """The number of the first indexed text ``text`` repeats (equal after
        :func:`normalized`, else a REF-16 near-duplicate); None when none."""
        exact = self._exact.get(normalized(text))
        if exact is not None:
            return exact
        tokens = tokenize(text)
        if not tokens:
            return None
        seen: set[int] = set()
        for t in self._prefix(tokens):
            seen.update(self._postings.get(t, ()))
        for number in sorted(seen):
            theirs = self._tokens[number]
            if len(tokens & theirs) / len(tokens | theirs) >= NEAR_DUPLICATE:
                return number
        return None
