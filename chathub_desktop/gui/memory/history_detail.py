"""History's detail of one change (issue 18, issue 30; walk52 #7): what the selected
change did, as HTML on the design tokens' diff colours — the entries (or dream cards) it
added, removed and changed, old → new with the words marked; a card folded into a range
card by its day; a pause's item; a raw save's other lines in words (memhist54) — under a
heading that says who did what, when and to which memory. Split from
:mod:`.history_view` (walk57: the view's file grew past its limit).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from datetime import date

from PySide6.QtCore import QCoreApplication, QLocale

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.memory_diff import DiffKind, DiffLine, EntryChanges, word_diff
from chathub_desktop.core.memory_documents import MemoryDocument
from chathub_desktop.gui.design import current_colours
from chathub_desktop.gui.memory.card_markdown import HEADING_MARK, card_shown, entry_shown
from chathub_desktop.gui.memory.dream_cards import chip_text
from chathub_desktop.gui.memory.history_rows import TITLES, change_rows
from chathub_desktop.gui.shell.day_format import format_day_time
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.services.memory.memory_history_service import (
    ChangeView,
    PauseMark,
    document_entries,
)

__all__ = ["MAX_DIFF_LINES", "card_face", "detail_head", "diff_html", "entries_html", "entry_numbers", "line_rows",
           "notes_html", "pause_html"]

#: Diff lines shown at most (a huge change is cut; the CLI prints it whole).
MAX_DIFF_LINES = 2000
translate = QCoreApplication.translate

#: What a pause's change did, above its item in the detail (walk55 #2).
PAUSE_WORDS: dict[tuple[str, bool], str] = {
    (MemoryDocument.FIXED, True): QT_TRANSLATE_NOOP(
        "MemoryPage", "Paused: this entry stays in memory but is no longer sent to the model."),
    (MemoryDocument.FIXED, False): QT_TRANSLATE_NOOP("MemoryPage", "Resumed: this entry is sent to the model again."),
    (MemoryDocument.DYNAMIC, True): QT_TRANSLATE_NOOP(
        "MemoryPage", "Paused: this card stays in memory but is no longer sent to the model."),
    (MemoryDocument.DYNAMIC, False): QT_TRANSLATE_NOOP("MemoryPage", "Resumed: this card is sent to the model again."),
}


#: An entries section's title and the colour token of its rows.
SECTIONS = ((QT_TRANSLATE_NOOP("MemoryPage", "Added"), "diff_added"),
            (QT_TRANSLATE_NOOP("MemoryPage", "Removed"), "diff_removed"),
            (QT_TRANSLATE_NOOP("MemoryPage", "Changed"), "diff_edited"))


def _words_html(before: str, after: str) -> str:
    """An edited entry: its old words struck through on the removed colour, then its new
    text with the words it gained on the added colour (:func:`word_diff`)."""
    c = current_colours()
    runs = word_diff(before, after)
    old = "".join(html.escape(t) if k == DiffKind.SAME else f'<s style="background:{c.diff_removed}">{html.escape(t)}</s>'
                  for k, t in runs if k != DiffKind.ADDED)
    new = "".join(html.escape(t) if k == DiffKind.SAME else f'<span style="background:{c.diff_added}">{html.escape(t)}</span>'
                  for k, t in runs if k != DiffKind.REMOVED)
    return f"{old}<br>→ {new}"


#: A card as the service lists it: ``[tag] text`` (``memory_preview.card_label``).
_CARD_LABEL = re.compile(r"\[([^\]\n]*)\] ?(.*)", re.DOTALL)


def card_face(label: str) -> str:
    """A card listed as ``[tag] text`` as the timeline shows it: its day or span in the
    page's date style on a line of its own (``20 Nov 2026 – 21 Nov 2026``), then its text
    by :func:`card_shown` (a range's ``[date:…]`` marks as their days; memfix52: History
    showed "[2026-11-20 – 2026-11-21] [date:2026-11-20]"). Any other text by card_shown."""
    m = _CARD_LABEL.fullmatch(label)
    if m is None:
        return card_shown(label).replace(HEADING_MARK, "")
    return f"{chip_text(m.group(1))}\n{card_shown(m.group(2)).replace(HEADING_MARK, '')}".rstrip("\n")


def entry_numbers(document: str, text: str) -> dict[str, int]:
    """Each entry's (or card's) text in ``text``, a ``document`` (fixed/dynamic), to its
    number in it (1-based, the first of equal texts): what History's Changed rows are
    named by. Parses the whole document: call it on a worker thread."""
    out: dict[str, int] = {}
    for number, entry in enumerate(document_entries(document, text), 1):
        out.setdefault(entry, number)
    return out


def _range_of(label: str) -> tuple[str, date, date] | None:
    """A range card listed as ``[2026-11-26 – 2026-11-30] text``: its tag and first and
    last day; None for any other card."""
    m = _CARD_LABEL.fullmatch(label)
    first, sep, last = (m.group(1) if m else "").partition(" – ")
    try:
        return (m.group(1), date.fromisoformat(first.strip()), date.fromisoformat(last.strip())) if m and sep else None
    except ValueError:
        return None


def _card_day(label: str) -> date | None:
    """The day of a single-day card listed as ``[2026-11-30] text`` (None: another card)."""
    m = _CARD_LABEL.fullmatch(label)
    try:
        return date.fromisoformat(m.group(1)) if m else None
    except ValueError:
        return None


def _folded(changes: EntryChanges) -> tuple[EntryChanges, dict[str, list[str]]]:
    """``changes`` with the single-day cards folded into a range card it added or rewrote
    taken out (a day the range now covers, DRM-9; one the diff paired with the new range
    as an edit makes that range added), and those cards by that range's tag, oldest
    first (memhist54, audit54 walk #5: a folded day was listed as Removed)."""
    ranges = [r for r in (_range_of(t) for t in [*changes.added, *(b for _a, b in changes.edited)]) if r]

    def into(text: str) -> str | None:
        day = _card_day(text)
        return next((tag for tag, start, end in ranges if day is not None and start <= day <= end), None)

    folded: dict[str, list[str]] = {}
    added, removed, edited = list(changes.added), [], []
    for text in changes.removed:
        where = into(text)
        if where is None:
            removed.append(text)
        else:
            folded.setdefault(where, []).append(text)
    for old, new in changes.edited:
        where = into(old)
        if where is None:
            edited.append((old, new))
        else:
            folded.setdefault(where, []).append(old)
            added.append(new)
    for texts in folded.values():
        texts.sort(key=lambda t: _card_day(t) or date.min)
    return EntryChanges(added, removed, edited), folded


def _folded_days(texts: list[str]) -> str:
    """Folded cards by their days only (``26 Nov 2026, 27 Nov 2026``): what they said is
    in the range card (joined or re-summarized), shown under Added or Changed (bits54: a
    joined text was listed twice)."""
    days = [m.group(1) if (m := _CARD_LABEL.fullmatch(t)) else t for t in texts]
    return translate("MemoryPage", ", ", "between days in a list").join(chip_text(d) for d in days)


def entries_html(changes: EntryChanges, *, cards: bool = False, numbers: Mapping[str, int] | None = None) -> str:
    """What a change did, as the History view shows it (walk52 #7: a monospace unified
    diff): the entries (or dream cards, ``cards``) it added, removed and changed — old →
    new with the words marked — each section under its title, on the design tokens' diff
    colours (at most :data:`MAX_DIFF_LINES` rows in all); a card folded into a range card
    is under "Folded into <its span>", not Removed (memhist54), named by its day only — the
    range card under Added or Changed holds its text (bits54). Each text by the page's
    display rule: an entry as the list shows it (:func:`entry_shown`), a card as the
    timeline does (:func:`card_face`). A changed row starts with the entry's number
    (``#2``) when ``numbers`` (:func:`entry_numbers` of the document after the change) has
    its new text."""
    c = current_colours()
    known = numbers or {}
    changes, folded = _folded(changes) if cards else (changes, {})

    def face(text: str) -> str:
        return card_face(text) if cards else entry_shown(text)

    def number(after: str) -> str:
        return f"<b>#{known[after]}</b> " if after in known else ""

    rows = [(0, html.escape(face(t)).replace("\n", "<br>")) for t in changes.added] + \
        [(1, html.escape(face(t)).replace("\n", "<br>")) for t in changes.removed] + \
        [(2, number(b) + _words_html(face(a), face(b)).replace("\n", "<br>")) for a, b in changes.edited]
    sections = [(translate("MemoryPage", title), token, [r for k, r in rows[:MAX_DIFF_LINES] if k == i])
                for i, (title, token) in enumerate(SECTIONS)]
    sections[2:2] = [(fill(translate("MemoryPage", "Folded into %1"), chip_text(into)), "diff_context",
                      [html.escape(_folded_days(texts))]) for into, texts in folded.items()]
    out: list[str] = []
    for title, token, mine in sections:
        if mine:
            out.append(f"<p><b>{html.escape(title)}</b></p>")
            out.extend(f'<p style="background:{getattr(c, token)}; margin:2px 0">{r}</p>' for r in mine)
    return "".join(out)


def pause_html(pause: PauseMark) -> str:
    """What a pause's change did, as the detail shows it (walk55 #2): "Paused: this entry
    stays in memory but is no longer sent to the model." (or Resumed), then the item by its
    number then (``#3``) and its text on the context colour, as the page shows it."""
    face = entry_shown(pause.text) if pause.document == MemoryDocument.FIXED else card_face(pause.text)
    said = translate("MemoryPage", PAUSE_WORDS[pause.document, pause.paused])
    item = html.escape(face).replace("\n", "<br>")
    return f"<p>{html.escape(said)}</p>" \
           f'<p style="background:{current_colours().diff_context}; margin:2px 0"><b>#{pause.number}</b> {item}</p>'


#: How History names a changed line of a raw save (memhist54, audit54 walk #5: it showed
#: "@@ lines 6–8 → lines 6–10"): an entry line by its number, any other line as a note.
LINE_WORDS = {
    (DiffKind.ADDED, True): QT_TRANSLATE_NOOP("MemoryPage", "Added #%1: %2"),
    (DiffKind.ADDED, False): QT_TRANSLATE_NOOP("MemoryPage", "Added note: %1"),
    (DiffKind.REMOVED, True): QT_TRANSLATE_NOOP("MemoryPage", "Removed #%1: %2"),
    (DiffKind.REMOVED, False): QT_TRANSLATE_NOOP("MemoryPage", "Removed note: %1"),
}


def _line_said(kind: DiffKind, line: str) -> str:
    """One added or removed line in words (``Added #7: Plays the cello``)."""
    m = fm.ENTRY_RE.fullmatch(line)
    if m is not None:
        return fill(translate("MemoryPage", LINE_WORDS[kind, True]), m.group(1), m.group(2).strip())
    return fill(translate("MemoryPage", LINE_WORDS[kind, False]), line.strip())


def _changed_said(old: str, new: str) -> str:
    """A line rewritten in place (``Changed #3: old → new``; a note: ``Changed note: …``)."""
    a, b = fm.ENTRY_RE.fullmatch(old), fm.ENTRY_RE.fullmatch(new)
    if a is not None and b is not None:
        return fill(translate("MemoryPage", "Changed #%1: %2 → %3"), b.group(1), a.group(2).strip(), b.group(2).strip())
    return fill(translate("MemoryPage", "Changed note: %1 → %2"), old.strip(), new.strip())


def line_rows(lines: list[DiffLine], *, notes_only: bool = False) -> list[tuple[DiffKind | None, str]]:
    """A line diff's changes as rows a user reads, in document order: each run of removed
    lines followed by added ones pairs up line by line as ``Changed`` (kind None), the rest
    ``Added`` / ``Removed``; context lines, hunk headers and blank lines are left out
    (memhist54: a raw save showed as a unified diff). ``notes_only``: entry lines are left
    out too (the entries section shows them)."""
    rows: list[tuple[DiffKind | None, str]] = []
    removed: list[str] = []
    added: list[str] = []

    def flush() -> None:
        pairs = min(len(removed), len(added))
        rows.extend((None, _changed_said(a, b)) for a, b in zip(removed[:pairs], added[:pairs], strict=True))
        rows.extend((DiffKind.REMOVED, _line_said(DiffKind.REMOVED, t)) for t in removed[pairs:])
        rows.extend((DiffKind.ADDED, _line_said(DiffKind.ADDED, t)) for t in added[pairs:])
        removed.clear()
        added.clear()

    for ln in lines:
        if notes_only and fm.ENTRY_RE.fullmatch(ln.text):
            continue
        if ln.kind in (DiffKind.REMOVED, DiffKind.ADDED) and ln.text.strip():
            if ln.kind == DiffKind.REMOVED and added:
                flush()
            (removed if ln.kind == DiffKind.REMOVED else added).append(ln.text)
        elif ln.kind in (DiffKind.SAME, DiffKind.HUNK):
            flush()
    flush()
    return rows


def notes_html(lines: list[DiffLine]) -> str:
    """The notes (free-form lines) a fixed-memory change added, removed or changed beside
    its entries, under "Notes" ("" when none changed)."""
    rows = line_rows(lines, notes_only=True)
    if not rows:
        return ""
    return f"<p><b>{html.escape(translate('MemoryPage', 'Notes'))}</b></p>" + _rows_html(rows)


def _rows_html(rows: list[tuple[DiffKind | None, str]]) -> str:
    """:func:`line_rows` rows on the diff colours (at most :data:`MAX_DIFF_LINES`)."""
    c = current_colours()
    colour = {DiffKind.ADDED: c.diff_added, DiffKind.REMOVED: c.diff_removed, None: c.diff_edited}
    out = [f'<p style="background:{colour[k]}; margin:2px 0">{html.escape(t)}</p>' for k, t in rows[:MAX_DIFF_LINES]]
    if len(rows) > MAX_DIFF_LINES:
        more = QLocale().toString(len(rows) - MAX_DIFF_LINES)
        out.append("<p><i>" + html.escape(fill(translate(
            "MemoryPage", "… %1 more lines (memory history --diff shows all)"), more)) + "</i></p>")
    return "".join(out)


def diff_html(lines: list[DiffLine]) -> str:
    """A change no entry list shows (a raw save's notes) as readable rows on the diff
    colours — ``Changed #3: old → new``, ``Added note: …``, ``Removed #2: …``
    (:func:`line_rows`, at most :data:`MAX_DIFF_LINES`); only blank lines or line endings
    changed: says so."""
    rows = line_rows(lines)
    if rows:
        return _rows_html(rows)
    said = translate("MemoryPage", "Only blank lines or line endings changed.") if lines \
        else translate("MemoryPage", "No line changed.")
    return "<i>" + html.escape(said) + "</i>"


def detail_head(c: ChangeView, known: Mapping[int, ChangeView], *, sizes: bool) -> str:
    """The detail's heading, HTML: who did what in bold, then the memory, the time (the
    desktop's local time to the second, memhist54: it was UTC only; :func:`utc_time` is
    its tooltip) and the change's number (what Revert names); the sizes before and
    after only with ``sizes`` — a change no entry shows (walk52b #6: "(108 → 126
    characters)" beside an edit the entries already show)."""
    what, _when = change_rows(c, known)
    where = translate("MemoryPage", TITLES[c.document]) if c.document in TITLES else c.document
    meta = fill(translate("MemoryPage", "%1 · %2 · change #%3"), where,
                format_day_time(c.at, None, "", seconds=True), str(c.id))
    if sizes:
        meta += " · " + fill(translate("MemoryPage", "%1 → %2 characters"), QLocale().toString(c.before_chars),
                             QLocale().toString(c.after_chars))
    return f'<p><b>{html.escape(what)}</b><br><span style="color:{current_colours().text_muted}">' \
           f"{html.escape(meta)}</span></p>"
