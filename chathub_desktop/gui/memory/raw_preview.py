"""What saving the raw editor's text gives, row by row (MEM-3; issue 30, walk56 #6): the
entries renumbered 1..n in document order with the marks the stored memory has for their
text (paused, untrusted, who wrote it, where it was imported from: provenance and pauses
are keyed by text, MEM-7), and the free-form runs between them kept as notes — as the
Memory page's cards will show them. Each row knows the editor lines it comes from, so the
preview beside the editor follows the lines in view (:mod:`.raw_preview_view`).

A line that will not become what it looks like is a row of its own with a :class:`RowMark`:
a Markdown list line or a near-miss ``#7 text`` is kept as a note, not an entry, and
``#7:`` with no text is an entry with nothing in it.

:func:`build_preview` is pure text work (one pass over the lines, no Qt; 10,000 entries in
under 20 ms) and runs on a worker thread after the typing rests; the window's thread only
reads the rows near the lines in view.
"""

from __future__ import annotations

import enum
import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from chathub_desktop.core.fixed_memory import ENTRY_RE, clean_text
from chathub_desktop.core.memory_authors import EntryOrigin
from chathub_desktop.services.memory.memory_service import MemoryEntryView

__all__ = ["EntryMarks", "PreviewRow", "RawPreview", "RowMark", "build_preview", "marks_of"]

#: A Markdown list line: "- ", "* ", "+ " or "1. " / "1) " first (walk53 #4).
_BULLET_RE = re.compile(r"\s*(?:[-*+]|\d+[.)])\s+\S")
#: A line meant as an entry that is not one: "#7 text", "#7. text", " #7: text",
#: "#7 : text", "#7：text" (REF-1: ``#N:`` at the line's start).
_NEAR_ENTRY_RE = re.compile(r"\s*#\d+(?:\s*[:：.)]|\s)")


class RowMark(enum.Enum):
    """Why a row of the preview is marked: what the line looks like and what saving makes of it."""

    #: A Markdown list line: kept as a note, not sent as an entry.
    BULLET = "bullet"
    #: A line written almost as an entry (``#7 text``): kept as a note.
    NEAR_ENTRY = "near_entry"
    #: ``#7:`` with no text: an entry with nothing in it.
    EMPTY = "empty"


@dataclass(frozen=True, slots=True)
class EntryMarks:
    """What the stored memory records for an entry's text (MEM-7, issues 15 and 18)."""

    origin: EntryOrigin | None
    trusted: bool
    paused: bool
    source: str | None


#: A new text's marks: written by the owner in this editor, trusted, sent.
OWNER_MARKS = EntryMarks(EntryOrigin.OWNER, True, False, None)


def marks_of(views: Iterable[MemoryEntryView]) -> dict[str, EntryMarks]:
    """The marks of each stored entry text (the first entry's, for a text written twice)."""
    out: dict[str, EntryMarks] = {}
    for v in views:
        if v.text not in out:
            out[v.text] = EntryMarks(v.origin, v.trusted, v.paused, v.source.name if v.source is not None else None)
    return out


class PreviewRow(NamedTuple):
    """One row of the preview: editor lines ``first``..``last`` (0-based) give it;
    ``number`` is the entry's number after saving (0 for a note); ``text`` the entry's
    cleaned text or the note's lines as typed; ``mark`` what is wrong with it (None:
    nothing); ``marks`` an entry's marks. A tuple: 10,000 are made in a few ms (a frozen
    dataclass set each field through ``object.__setattr__``)."""

    first: int
    last: int
    number: int
    text: str
    mark: RowMark | None = None
    marks: EntryMarks = OWNER_MARKS

    @property
    def note(self) -> bool:
        """True for a note (free-form lines kept as typed)."""
        return self.number == 0


@dataclass(frozen=True, slots=True)
class RawPreview:
    """The rows saving a document gives (:func:`build_preview`), with ``entries`` and
    ``notes`` counted."""

    rows: tuple[PreviewRow, ...] = ()
    entries: int = 0
    notes: int = 0
    firsts: tuple[int, ...] = ()  # each row's first line, for bisect

    def row_at(self, line: int) -> int:
        """The row line ``line`` gives, or the first row after it (a blank line gives
        none); the last row past the end (-1: no rows)."""
        if not self.rows:
            return -1
        i = bisect_right(self.firsts, line) - 1
        if i >= 0 and self.rows[i].last >= line:
            return i
        return min(i + 1, len(self.rows) - 1)

    def rows_between(self, first: int, last: int) -> range:
        """The rows lines ``first``..``last`` give (a row reaching into them included)."""
        lo = max(0, bisect_right(self.firsts, first) - 1)
        if lo < len(self.rows) and self.rows[lo].last < first:
            lo += 1
        return range(lo, max(lo, bisect_right(self.firsts, last)))


def build_preview(doc: str, marks: Mapping[str, EntryMarks]) -> RawPreview:
    """The preview of saving ``doc`` (see the module docstring): entries numbered as the
    save renumbers them, with ``marks[text]`` (a new text: :data:`OWNER_MARKS`); runs of
    free-form lines between blank lines as notes, a marked line a note of its own."""
    rows: list[PreviewRow] = []
    run: list[str] = []
    run_start = 0
    entries = 0

    def flush() -> None:  # a run is consecutive lines
        if run:
            rows.append(PreviewRow(run_start, run_start + len(run) - 1, 0, "\n".join(run)))
            run.clear()

    lines = doc.split("\n")
    if lines and not lines[-1]:
        lines.pop()  # after the last line ending: no line (REF-1)
    for i, raw in enumerate(lines):
        body = raw[:-1] if raw.endswith("\r") else raw  # a "\r\n" ending's "\r"
        m = ENTRY_RE.match(body) if body.startswith("#") else None
        if m is not None:  # an entry line, read as :func:`~chathub_desktop.core.fixed_memory.parse` reads it
            flush()
            entries += 1
            text = clean_text(m.group(2))
            rows.append(PreviewRow(i, i, entries, text, None if text else RowMark.EMPTY,
                                   marks.get(text, OWNER_MARKS)))
            continue
        body = body.rstrip()
        if not body.strip():
            flush()
            continue
        mark = (RowMark.NEAR_ENTRY if _NEAR_ENTRY_RE.match(body) else RowMark.BULLET if _BULLET_RE.match(body)
                else None)
        if mark is not None:
            flush()
            rows.append(PreviewRow(i, i, 0, body, mark))
            continue
        if not run:
            run_start = i
        run.append(body)
    flush()
    notes = sum(1 for r in rows if r.number == 0)
    return RawPreview(tuple(rows), entries, notes, tuple(r.first for r in rows))
