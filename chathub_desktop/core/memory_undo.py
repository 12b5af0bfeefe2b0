"""Undo one recorded memory change on the memory as it is now (issue 18 "History" Revert;
issue 30, walk57 #1; MEM-2, MEM-3, DRM-8). Pure, no I/O.

Reverting an old change used to put back the whole document as it was before it, so
every later change went too (36 entries added since vanished) while the row picked was
one deletion. :func:`undo_fixed` and :func:`undo_cards` undo only that change: the
change's own items — fixed memory's lines (an entry by its text, not its number, which
later changes shift), dynamic memory's cards — are found in the current document and
swapped back: an entry it deleted is put back where it stood (after the entry that
preceded it then), one it added is taken out, one it edited gets its old text. Every
later change stays. When an item the change wrote is no longer there as it wrote it
(edited or deleted since), the undo does not apply (:attr:`UndoStatus.CONFLICT`) and
names that item; the caller writes nothing then.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, TypeVar

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.memory_diff import EntryChanges

__all__ = ["ItemUndo", "MemoryUndo", "UndoStatus", "undo_cards", "undo_fixed", "undo_items"]

T = TypeVar("T")


class UndoStatus(StrEnum):
    """Whether a change can be undone on its own on the current document (MEM-2, DRM-8;
    walk57 #1)."""

    #: The change's items are found: the undo writes :attr:`MemoryUndo.document`.
    APPLIES = "applies"
    #: An item the change wrote was edited or deleted since (:attr:`MemoryUndo.blocked`).
    CONFLICT = "conflict"
    #: The memory already holds what the change replaced: nothing to undo.
    ALREADY = "already"


@dataclass(frozen=True)
class _Swap(Generic[T]):
    """One place of the current list: ``current[start:end]`` becomes ``then``."""

    start: int
    end: int
    then: tuple[T, ...]


@dataclass(frozen=True)
class ItemUndo(Generic[T]):
    """:func:`undo_items`' answer (MEM-2, DRM-8): its ``status``, the list after the undo (``items``; the
    current one unless it applies), the ``swaps`` as ``(taken out, put in)`` item runs,
    and on a conflict the item no longer there (``blocked``)."""

    status: UndoStatus
    items: list[T]
    swaps: list[tuple[tuple[T, ...], tuple[T, ...]]] = field(default_factory=list)
    blocked: T | None = None


def _hunks(after: Sequence[Hashable], before: Sequence[Hashable]) -> list[tuple[int, int, int, int]]:
    """The runs that turn ``after`` back into ``before`` as ``(i1, i2, j1, j2)``:
    ``after[i1:i2]`` becomes ``before[j1:j2]``; a run replaced by as many items is split
    one by one (each entry rewritten where it stood undoes on its own)."""
    out: list[tuple[int, int, int, int]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, after, before, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            out.extend((i1 + k, i1 + k + 1, j1 + k, j1 + k + 1) for k in range(i2 - i1))
        else:
            out.append((i1, i2, j1, j2))
    return out


def undo_items(before: Sequence[T], after: Sequence[T], current: Sequence[T], key: Callable[[T], Hashable], *,
               anchor: Callable[[T], bool] = lambda _t: True,
               unique: Callable[[T], bool] = lambda _t: True) -> ItemUndo[T]:
    """Undo the change ``before`` → ``after`` on ``current`` (MEM-2, DRM-8; lists of items compared by
    ``key``): each run the change wrote is looked for in ``current`` (where its
    neighbours then are, else the first free place) and swapped back; a run the change
    deleted goes back after the nearest ``anchor`` item that preceded it then (else before
    the one that followed it, else at the list's start or end). A ``unique`` item
    ``current`` already holds elsewhere is not put back twice."""
    ka, kb, kc = [key(x) for x in after], [key(x) for x in before], [key(x) for x in current]
    places: dict[Hashable, list[int]] = {}
    for i, k in enumerate(kc):
        places.setdefault(k, []).append(i)
    held = Counter(kc)
    used: set[int] = set()
    swaps: list[_Swap[T]] = []
    for i1, i2, j1, j2 in _hunks(ka, kb):
        if i2 > i1:
            start = _find_run(ka, i1, i2, kc, places, used)
            if start is None:
                missing = next((after[i] for i in range(i1, i2) if ka[i] not in places), after[i1])
                return ItemUndo(UndoStatus.CONFLICT, list(current), blocked=missing)
            end = start + i2 - i1
        else:
            start = end = _insertion_point(after, ka, i1, kc, places, anchor)
        used.update(range(start, end))
        out = Counter(kc[start:end])  # what the swap takes out is not held elsewhere
        then = tuple(x for x, k in zip(before[j1:j2], kb[j1:j2], strict=True)
                     if not (unique(x) and held[k] > out[k]))
        if not any(unique(x) for x in then) and any(unique(x) for x in before[j1:j2]):
            then = ()  # every entry of it is there already: no stray blank line or note alone
        if then or end > start:
            swaps.append(_Swap(start, end, then))
    if not swaps:
        return ItemUndo(UndoStatus.ALREADY, list(current))
    items = list(current)
    done: list[tuple[tuple[T, ...], tuple[T, ...]]] = []
    for s in sorted(swaps, key=lambda s: (s.start, s.end), reverse=True):
        done.append((tuple(items[s.start:s.end]), s.then))
        items[s.start:s.end] = s.then
    done.reverse()
    return ItemUndo(UndoStatus.APPLIES, items, done)


def _find_run(ka: Sequence[Hashable], i1: int, i2: int, kc: Sequence[Hashable],
              places: dict[Hashable, list[int]], used: set[int]) -> int | None:
    """Where ``ka[i1:i2]`` stands in ``kc`` (not over a place already swapped): the
    occurrence with the most of its neighbours then beside it, the first of equals."""
    run, n = list(ka[i1:i2]), i2 - i1
    best: tuple[int, int] | None = None
    for p in places.get(ka[i1], ()):
        if list(kc[p:p + n]) != run or any(q in used for q in range(p, p + n)):
            continue
        near = (p > 0 and i1 > 0 and kc[p - 1] == ka[i1 - 1]) + (
            p + n < len(kc) and i2 < len(ka) and kc[p + n] == ka[i2])
        if best is None or near > best[0]:
            best = (near, p)
    return None if best is None else best[1]


def _insertion_point(after: Sequence[T], ka: Sequence[Hashable], i1: int, kc: Sequence[Hashable],
                     places: dict[Hashable, list[int]], anchor: Callable[[T], bool]) -> int:
    """Where items deleted at ``after[i1]`` go back in ``kc``: after the nearest anchor
    that preceded them, else before the nearest that followed, else the list's start (they
    were first) or end."""
    for k in range(i1 - 1, -1, -1):
        if anchor(after[k]) and ka[k] in places:
            return places[ka[k]][0] + 1
    for k in range(i1, len(ka)):
        if anchor(after[k]) and ka[k] in places:
            return places[ka[k]][0]
    return 0 if i1 == 0 else len(kc)


@dataclass(frozen=True)
class MemoryUndo:
    """The undo of one change on a whole document (MEM-2, DRM-8; :func:`undo_fixed`,
    :func:`undo_cards`): its ``status``; ``document`` the document it writes (the current
    one unless it applies); ``entries`` what it does to the entries (or cards, as
    ``label`` lists them): ``added`` the ones put back, ``removed`` the ones taken out,
    ``edited`` ``(now, then)`` the ones changed back; ``notes`` the other lines of fixed
    memory it changes; ``blocked``: an entry (card) the change wrote that is no longer
    there as it wrote it (on a conflict)."""

    status: UndoStatus
    document: str
    entries: EntryChanges = field(default_factory=EntryChanges)
    notes: int = 0
    blocked: str | None = None


def _changes(swaps: Sequence[tuple[Sequence[T], Sequence[T]]], label: Callable[[T], str | None]) -> EntryChanges:
    """What ``swaps`` do to the labelled items (an item ``label`` gives None is not one):
    a run out and as many in are edits in order, else removals and additions."""
    out = EntryChanges()
    for now, then in swaps:
        gone = [t for t in map(label, now) if t is not None]
        back = [t for t in map(label, then) if t is not None]
        if gone and len(gone) == len(back):
            out.edited.extend(zip(gone, back, strict=True))
        else:
            out.removed.extend(gone)
            out.added.extend(back)
    return out


def _fixed_key(line: fm.Line) -> Hashable:
    return ("entry", line.text) if line.is_entry else ("line", line.body.rstrip())


def undo_fixed(before: str, after: str, current: str) -> MemoryUndo:
    """Undo fixed memory's change ``before`` → ``after`` on ``current`` (MEM-2, MEM-3; see the module
    docstring): lines compared by an entry's text (not its number) or a note's words;
    entries renumbered 1..n after (as a delete does, REF-1), every other line kept."""
    lines = fm.parse(current)
    got = undo_items(fm.parse(before), fm.parse(after), lines, _fixed_key,
                     anchor=lambda ln: bool(ln.body.strip()), unique=lambda ln: ln.is_entry)
    if got.status is not UndoStatus.APPLIES:
        blocked = got.blocked
        said = None if blocked is None else (blocked.text if blocked.is_entry else blocked.body)
        return MemoryUndo(got.status, current, blocked=said)
    nl = next((ln.ending for ln in reversed(lines) if ln.ending), None) or "\n"
    final = current.endswith("\n") if current else before.endswith("\n")
    items = got.items
    body = "".join(ln.body + (ln.ending or nl if i < len(items) - 1 else (nl if final else ""))
                   for i, ln in enumerate(items))
    notes = sum(max(sum(1 for ln in now if not ln.is_entry and ln.body.strip()),
                    sum(1 for ln in then if not ln.is_entry and ln.body.strip())) for now, then in got.swaps)
    return MemoryUndo(UndoStatus.APPLIES, fm.normalize(body),
                      _changes(got.swaps, lambda ln: ln.text if ln.is_entry else None), notes)


def undo_cards(before: str, after: str, current: str, label: Callable[[dm.Card], str]) -> MemoryUndo:
    """Undo dynamic memory's change ``before`` → ``after`` on ``current`` (DRM-8): cards compared
    by tag and text, numbered 1..n again after (REF-8); ``label`` lists a card (the
    previews' ``[tag] text``)."""
    got = undo_items(dm.parse_document(before), dm.parse_document(after), dm.parse_document(current),
                     lambda c: (c.tag, c.body))
    if got.status is not UndoStatus.APPLIES:
        return MemoryUndo(got.status, current, blocked=None if got.blocked is None else label(got.blocked))
    return MemoryUndo(UndoStatus.APPLIES, dm.render_document(got.items), _changes(got.swaps, label))
