"""History's Revert question and what it says after (issue 18, issue 30; walk53c #5,
walk55 #4, walk57 #1 and #4). Split from :mod:`.history_view`.

Reverting a change the document moved on from used to put back the whole document as it
was before it: a user who picked one deletion among 257 changes lost the 36 entries added
since, asked only "Undo “You deleted entry #50”? 93 entries … go back to how they were".
Now such a change is undone on its own first — "Undo only this change" puts back that
entry and keeps every later change (:meth:`MemoryHistory.undo
<chathub_desktop.services.memory.memory_history_service.MemoryHistory.undo>`) — and
"Restore to before it" is the explicit second choice, its question saying by kind what
it does: "36 entries added since will be removed, 1 entry put back, 50 entries changed
back". When the change cannot be undone on its own (an entry it wrote was edited or
deleted since), one line says so and only the restore is offered. The newest change of a
document, and a pause, keep their one question and Revert.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.memory_diff import DiffKind, EntryChanges
from chathub_desktop.core.memory_documents import MemoryDocument
from chathub_desktop.core.memory_undo import MemoryUndo, UndoStatus
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.memory.card_markdown import entry_shown
from chathub_desktop.gui.memory.change_words import change_line
from chathub_desktop.gui.memory.history_detail import line_rows
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.services.memory.memory_history_service import ChangeView, RevertPreview

__all__ = ["DOCUMENTS", "PAUSE_QUESTIONS", "RevertChoice", "ask_revert", "done_status", "restore_counts",
           "revert_question", "undo_sentence"]

translate = QCoreApplication.translate


class RevertChoice(Enum):
    """What the user picked in the Revert question (MEM-2, DRM-8; walk57 #1)."""

    #: Undo only the change picked, every later change kept (walk57 #1).
    UNDO_ONLY = "undo-only"
    #: Put back the whole document as it was before the change (a later change goes too).
    RESTORE = "restore"
    #: Nothing.
    CANCEL = "cancel"


#: The documents a change is made to (``ChangeView.document``), as the interface says them.
DOCUMENTS: dict[str, str] = {MemoryDocument.FIXED: QT_TRANSLATE_NOOP("MemoryPage", "fixed"),
                             MemoryDocument.DYNAMIC: QT_TRANSLATE_NOOP("MemoryPage", "dynamic")}


def _document(name: str) -> str:
    return translate("MemoryPage", DOCUMENTS[name]) if name in DOCUMENTS else name


def revert_question(c: ChangeView, entries: int, lines: int, known: Mapping[int, ChangeView] | None = None) -> str:
    """The Revert question, one plain sentence (walk53c #5: not "…before change #8
    (imported the file)? It removes 3 lines. It adds 0 lines."): which change is undone,
    as its History row says it, and what goes back — its ``entries`` (fixed memory's
    entries, dynamic memory's dream cards; walk55 #4: "3 lines" for one imported entry),
    then any other ``lines`` (fixed memory's notes) — "Undo “Imported import.md”? 1 entry
    of fixed memory goes back to how it was."; only lines when no entry changed (plural
    forms by each count). Asked for the newest change of a document."""
    what = change_line(c, known)
    if not entries:
        return fill(translate("MemoryPage", "Undo “%1”? %n line(s) of %2 memory go back to how they were.",
                              "the Revert question: the change as its History row says it; the memory (fixed or "
                              "dynamic)", lines), what, _document(c.document))
    if c.document != MemoryDocument.FIXED:
        return fill(translate("MemoryPage", "Undo “%1”? %n dream card(s) go back to how they were.",
                              "the Revert question: the change as its History row says it", entries), what)
    text = fill(translate("MemoryPage", "Undo “%1”? %n entry(ies) of fixed memory go back to how they were.",
                          "the Revert question: the change as its History row says it", entries), what)
    if lines:
        text += " " + translate("MemoryPage", "%n line(s) of notes go back too.",
                                "after the Revert question: fixed memory's other lines", lines)
    return text


#: A pause's Revert question by document and the pause the revert sets (``%1``: the
#: change as its History row says it; walk55 #2).
PAUSE_QUESTIONS: dict[tuple[str, bool], str] = {
    (MemoryDocument.FIXED, False): QT_TRANSLATE_NOOP("MemoryPage", "Undo “%1”? The entry is sent to the model again."),
    (MemoryDocument.FIXED, True): QT_TRANSLATE_NOOP(
        "MemoryPage", "Undo “%1”? The entry is paused again: kept, but no longer sent to the model."),
    (MemoryDocument.DYNAMIC, False): QT_TRANSLATE_NOOP("MemoryPage", "Undo “%1”? The card is sent to the model again."),
    (MemoryDocument.DYNAMIC, True): QT_TRANSLATE_NOOP(
        "MemoryPage", "Undo “%1”? The card is paused again: kept, but no longer sent to the model."),
}


def _quoted(text: str) -> str:
    """An entry as a question quotes it: as the list shows it, cut to the listing's 80
    characters (REF-2)."""
    shown = entry_shown(text).replace("\n", " ")
    return shown if len(shown) <= fm.LISTING_CUT_CHARS else shown[:fm.LISTING_CUT_CHARS] + fm.ELLIPSIS


def _and(parts: list[str]) -> str:
    return translate("MemoryPage", "; ", "between the parts of what a revert does").join(parts)


def undo_sentence(undo: MemoryUndo, fixed: bool) -> str:
    """What undoing only a change does, as parts of one sentence (MEM-2, DRM-8; walk57 #1): an entry
    named when it is one — "“Walk57 throwaway 70” is put back" — else counted; a dream
    card always counted."""
    e = undo.entries
    parts: list[str] = []
    if len(e.added) == 1 and fixed:
        parts.append(fill(translate("MemoryPage", "“%1” is put back"), _quoted(e.added[0])))
    elif e.added:
        n = len(e.added)
        parts.append(translate("MemoryPage", "%n entry(ies) put back", None, n) if fixed
                     else translate("MemoryPage", "%n dream card(s) put back", None, n))
    if len(e.removed) == 1 and fixed:
        parts.append(fill(translate("MemoryPage", "“%1” is taken out"), _quoted(e.removed[0])))
    elif e.removed:
        n = len(e.removed)
        parts.append(translate("MemoryPage", "%n entry(ies) taken out", None, n) if fixed
                     else translate("MemoryPage", "%n dream card(s) taken out", None, n))
    if len(e.edited) == 1 and fixed:
        now, then = e.edited[0]
        parts.append(fill(translate("MemoryPage", "“%1” goes back to “%2”"), _quoted(now), _quoted(then)))
    elif e.edited:
        n = len(e.edited)
        parts.append(translate("MemoryPage", "%n entry(ies) changed back", None, n) if fixed
                     else translate("MemoryPage", "%n dream card(s) changed back", None, n))
    notes = undo.notes  # lupdate misses a call given an attribute
    if notes:
        parts.append(translate("MemoryPage", "%n line(s) of notes go back", None, notes))
    return _and(parts)


def restore_counts(entries: EntryChanges, notes: int, fixed: bool) -> str:
    """What restoring the document to before a change does, split by kind (MEM-2, DRM-8;
    walk57 #1: "93
    entries go back" hid that 36 entries added since are deleted): "36 entries added
    since will be removed; 1 entry put back; 50 entries changed back" (``entries``: the
    current document → the restored one), then fixed memory's ``notes`` lines."""
    parts: list[str] = []
    for n, (entry, card) in ((len(entries.removed), (
            QT_TRANSLATE_NOOP("MemoryPage", "%n entry(ies) added since will be removed"),
            QT_TRANSLATE_NOOP("MemoryPage", "%n dream card(s) added since will be removed"))),
            (len(entries.added), (QT_TRANSLATE_NOOP("MemoryPage", "%n entry(ies) put back"),
                                  QT_TRANSLATE_NOOP("MemoryPage", "%n dream card(s) put back"))),
            (len(entries.edited), (QT_TRANSLATE_NOOP("MemoryPage", "%n entry(ies) changed back"),
                                   QT_TRANSLATE_NOOP("MemoryPage", "%n dream card(s) changed back")))):
        if n:
            parts.append(translate("MemoryPage", entry if fixed else card, None, n))
    if notes:
        parts.append(translate("MemoryPage", "%n line(s) of notes go back", None, notes))
    return _and(parts)


#: The restore's question by document (``%1``: :func:`restore_counts`).
RESTORE_QUESTIONS: dict[str, str] = {
    MemoryDocument.FIXED: QT_TRANSLATE_NOOP("MemoryPage", "Or restore fixed memory to before this change: %1."),
    MemoryDocument.DYNAMIC: QT_TRANSLATE_NOOP("MemoryPage", "Or restore dynamic memory to before this change: %1."),
}
#: The same when it is the only choice.
RESTORE_ONLY: dict[str, str] = {
    MemoryDocument.FIXED: QT_TRANSLATE_NOOP("MemoryPage", "Restore fixed memory to before this change? %1."),
    MemoryDocument.DYNAMIC: QT_TRANSLATE_NOOP("MemoryPage", "Restore dynamic memory to before this change? %1."),
}


def _why_not(undo: MemoryUndo | None, what: str) -> str:
    """One line: why the change cannot be undone on its own."""
    if undo is not None and undo.status is UndoStatus.CONFLICT and undo.blocked is not None:
        said = translate("MemoryPage", "“%1” cannot be undone on its own: “%2” was changed or deleted since.")
        return fill(said, what, _quoted(undo.blocked))
    return fill(translate("MemoryPage", "“%1” cannot be undone on its own: memory already holds what it replaced."),
                what)


def _lines(preview: RevertPreview) -> int:
    """Lines other than entries a revert changes: every changed line when no entry (or
    card) changes, else fixed memory's notes (what History lists under Notes)."""
    e = preview.entries
    if e.empty:
        return max(sum(1 for ln in preview.diff if ln.kind == DiffKind.REMOVED),
                   sum(1 for ln in preview.diff if ln.kind == DiffKind.ADDED))
    return len(line_rows(preview.diff, notes_only=True)) if preview.change.document == MemoryDocument.FIXED else 0


def ask_revert(parent: QWidget, preview: RevertPreview, known: Mapping[int, ChangeView]) -> RevertChoice:
    """Ask what reverting ``preview``'s change does (MEM-2, DRM-8; see the module docstring); the
    user's choice. Asked as Claude and Cherry Studio ask: a title, the sentences, named
    buttons, no "?" icon (walk53c #5)."""
    c = preview.change
    title = translate("MemoryPage", "Revert memory")
    what = change_line(c, known)
    if preview.pause is not None or not preview.moved_on:
        if preview.pause is not None:
            text = fill(translate("MemoryPage", PAUSE_QUESTIONS[preview.pause.document, preview.pause.paused]), what)
        else:
            e = preview.entries
            text = revert_question(c, len(e.added) + len(e.removed) + len(e.edited), _lines(preview), known)
        ok = confirm.ask(parent, title, text, translate("MemoryPage", "Revert"), icon=False)
        return RevertChoice.RESTORE if ok else RevertChoice.CANCEL
    undo = preview.undo
    if preview.current == preview.target and (undo is None or undo.status is not UndoStatus.APPLIES):
        return RevertChoice.RESTORE  # nothing to do either way: the service says so (error line), writing nothing
    fixed = c.document == MemoryDocument.FIXED
    counts = restore_counts(preview.entries, _lines(preview) if fixed else 0, fixed)
    restore = translate("MemoryPage", "Restore to before it")
    if undo is None or undo.status is not UndoStatus.APPLIES:
        text = _why_not(undo, what) + "\n\n" + fill(translate("MemoryPage", RESTORE_ONLY[c.document]), counts)
        picked = confirm.choose(parent, title, text, [restore])
        return RevertChoice.RESTORE if picked == 0 else RevertChoice.CANCEL
    later = preview.later  # lupdate misses a call given an attribute
    text = fill(translate("MemoryPage", "Undo only “%1”? %2; the %n change(s) made after it stay.",
                          "%1: the change as its History row says it; %2: what undoing it does", later),
                what, undo_sentence(undo, fixed))
    text += "\n\n" + fill(translate("MemoryPage", RESTORE_QUESTIONS[c.document]), counts)
    picked = confirm.choose(parent, title, text, [translate("MemoryPage", "Undo only this change"), restore])
    return RevertChoice.CANCEL if picked is None else (RevertChoice.UNDO_ONLY, RevertChoice.RESTORE)[picked]


def done_status(choice: RevertChoice, change: ChangeView, known: Mapping[int, ChangeView]) -> str:
    """The History status line after a revert of ``change`` (MEM-2, DRM-8; walk57 #4: nothing was said):
    "Reverted “You deleted entry #50”." or "Undid “You deleted entry #50”." (only it)."""
    what = change_line(change, known)
    if choice is RevertChoice.UNDO_ONLY:
        return fill(translate("MemoryPage", "Undid “%1”; every later change kept."), what)
    return fill(translate("MemoryPage", "Reverted “%1”."), what)
