"""Memory → History (issue 18): every recorded change of the assistant's fixed and
dynamic memory, newest first, as a timeline — who did what, then when (UTC) and to which
memory (:mod:`.history_rows`) — with the selected change's entries or line diff beside
the list (below it on a narrow page), and Revert (itself a recorded change). A panel of
the Memory page (issue 30): it takes the page's whole content area under its own heading,
and Back (``closed``) or Esc returns to the page where it was (walk53b #1).

Reads and the revert run in the page's worker thread
(:class:`~chathub_desktop.gui.shell.task_runner.TaskRunner`); the list reloads when the
assistant's memory changes (``MemoryChanged`` — also published for other processes'
writes — and the fixed page's ``SettingsChanged``). Revert first shows what it will
write; when the document moved on since that change, the question says how many later
changes it overwrites (the stale-document rule of issue 10).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from datetime import date

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QHelpEvent, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextEdit,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.memory_diff import DiffKind, DiffLine, EntryChanges, word_diff
from chathub_desktop.core.memory_documents import MemoryDocument
from chathub_desktop.gui.design import Tone, current_colours, set_tone
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.memory.card_markdown import HEADING_MARK, card_shown, entry_shown
from chathub_desktop.gui.memory.change_words import change_line
from chathub_desktop.gui.memory.dream_cards import chip_text
from chathub_desktop.gui.memory.history_rows import WhenRole, timeline_list
from chathub_desktop.gui.memory.page_common import section_title
from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.gui.shell.day_format import format_day_time
from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_ops import ServiceOps
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.container import Services
from chathub_desktop.services.events import MemoryChanged
from chathub_desktop.services.memory.memory_history_service import (
    ChangeDetail,
    ChangeView,
    PauseMark,
    RevertPreview,
    document_entries,
)

#: Diff lines shown at most (a huge change is cut; the CLI prints it whole).
MAX_DIFF_LINES = 2000
translate = QCoreApplication.translate

EMPTY_TEXT = QT_TRANSLATE_NOOP("MemoryPage", "No memory changes recorded yet.")
#: The documents a change is made to (``ChangeView.document``), as the interface says them.
DOCUMENTS: dict[str, str] = {MemoryDocument.FIXED: QT_TRANSLATE_NOOP("MemoryPage", "fixed"),
                             MemoryDocument.DYNAMIC: QT_TRANSLATE_NOOP("MemoryPage", "dynamic")}
#: The same, as a row's second line names them (the page's section titles).
TITLES: dict[str, str] = {MemoryDocument.FIXED: QT_TRANSLATE_NOOP("MemoryPage", "Fixed memory"),
                          MemoryDocument.DYNAMIC: QT_TRANSLATE_NOOP("MemoryPage", "Dynamic memory")}
#: Below this width (px) the detail goes under the list, not beside it.
SIDE_BY_SIDE_MIN = 760


def _document(name: str) -> str:
    return translate("MemoryPage", DOCUMENTS[name]) if name in DOCUMENTS else name


def change_rows(c: ChangeView, known: Mapping[int, ChangeView] | None = None) -> tuple[str, str]:
    """A change's two timeline lines: who did what (``You edited entry #2``), then when,
    in the desktop's local time, and where (``5 Dec 2026, 07:16 · Fixed memory``; the
    page's one date style, walk52 #7; audit54: it was UTC only, which is now the row's
    tooltip). ``known``: the listed changes by id, which a revert's row quotes
    (:func:`change_line`)."""
    where = translate("MemoryPage", TITLES[c.document]) if c.document in TITLES else c.document
    return change_line(c, known), fill(translate("MemoryPage", "%1 · %2"), format_day_time(c.at, None, ""), where)


def change_label(c: ChangeView, known: Mapping[int, ChangeView] | None = None) -> str:
    """A change's row as one text (its tooltip and accessible name): both
    :func:`change_rows` lines, then the time in UTC (``5 Dec 2026, 06:16:47 UTC``)."""
    return "\n".join((*change_rows(c, known), utc_time(c)))


def revert_question(c: ChangeView, entries: int, lines: int, known: Mapping[int, ChangeView] | None = None) -> str:
    """The Revert question, one plain sentence (walk53c #5: not "…before change #8
    (imported the file)? It removes 3 lines. It adds 0 lines."): which change is undone,
    as its History row says it, and what goes back — its ``entries`` (fixed memory's
    entries, dynamic memory's dream cards; walk55 #4: "3 lines" for one imported entry),
    then any other ``lines`` (fixed memory's notes) — "Undo “Imported import.md”? 1 entry
    of fixed memory goes back to how it was."; only lines when no entry changed (plural
    forms by each count)."""
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


def _detail_head(c: ChangeView, known: Mapping[int, ChangeView], *, sizes: bool) -> str:
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


def utc_time(c: ChangeView) -> str:
    """When ``c`` was made in UTC, as the detail heading's tooltip says it (``5 Dec 2026,
    06:16:47 UTC``)."""
    return format_day_time(c.at, seconds=True)


class MemoryHistoryView(QWidget):
    """The History view of one assistant's memory (see the module docstring).
    ``loaded`` fires after each list (re)load; ``reverted(change_id)`` after a revert;
    ``closed`` when the user goes back to the cards."""

    loaded = Signal()
    reverted = Signal(int)
    closed = Signal()

    def __init__(self, services: Services, assistant_id: int, *, events: ChatEvents | None = None,
                 runner: TaskRunner | None = None, presenter: ErrorPresenter | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("memoryHistory")
        self.svc = services
        self.assistant_id = assistant_id
        self.presenter = presenter or ErrorPresenter(self)
        self.runner = runner or TaskRunner(self.presenter, max_threads=1)
        self._own_events = events is None
        self.events = events or ChatEvents(services.bus, self)
        self.ops = ServiceOps(self.runner, self.presenter, self.show_error, self._on_busy,
                              f"memory-history-{id(self)}")
        self.changes: list[ChangeView] = []
        self.detail: ChangeDetail | None = None
        self._numbers: dict[str, int] = {}  # the detail's entry numbers (:func:`entry_numbers`)
        self.loads = 0
        self._reload = QTimer(self, singleShot=True, interval=150)
        self._reload.timeout.connect(self.reload)
        self._build()
        self.events.memory_changed.connect(self._on_memory_changed)
        self.events.settings_changed.connect(self._on_settings_changed)
        self.reload()

    def _build(self) -> None:
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.texts = t = Texts(self)
        # its own heading and the way back first (walk53b #1: a view of its own, as Claude's)
        top = QHBoxLayout()
        self.back_button = QPushButton(self)
        self.back_button.setObjectName("historyBackButton")
        self.back_button.setIcon(icon(Icon.BACK))
        t.bind(self.back_button.setText, lambda: translate("MemoryPage", "Back to memory"))
        t.bind(self.back_button.setToolTip, lambda: translate("MemoryPage", "Show the memory page again (Esc)"))
        self.back_button.clicked.connect(self.closed.emit)
        top.addWidget(self.back_button)
        self.heading = section_title("")
        t.bind(self.heading.setText, lambda: translate("MemoryPage", "Memory history"))
        top.addWidget(self.heading, 1)
        lay.addLayout(top)
        self.split = split = QSplitter(Qt.Orientation.Horizontal, self)
        split.setChildrenCollapsible(False)
        self.list = timeline_list(split)
        self.list.setMinimumHeight(4 * (2 * self.list.fontMetrics().lineSpacing() + 2 * Space.SM))  # four changes
        self.list.currentRowChanged.connect(self._on_row)
        self.diff = QTextEdit(split)
        self.diff.setObjectName("historyDiff")
        self.diff.setReadOnly(True)
        self.diff.viewport().installEventFilter(self)  # the heading's UTC time as its tooltip
        split.setSizes([420, 480])
        lay.addWidget(split, 1)
        self.error = QLabel(self)
        self.error.setObjectName("historyError")
        self.error.setWordWrap(True)
        set_tone(self.error, Tone.ERROR)
        self.error.hide()
        lay.addWidget(self.error)
        row = QHBoxLayout()
        self.summary = QLabel(self)
        row.addWidget(self.summary, 1)
        self.revert_button = QPushButton(self)
        self.revert_button.setObjectName("revertButton")
        t.bind(self.revert_button.setText, lambda: translate("MemoryPage", "Revert to before this change…"))
        t.bind(self.revert_button.setToolTip, lambda: translate(
            "MemoryPage", "Put back the document as it was before the selected change (the revert is itself a "
                          "change you can undo)"))
        self.revert_button.clicked.connect(lambda: self.revert_selected())
        row.addWidget(self.revert_button)
        lay.addLayout(row)
        t.call(self._say_rows)
        self._sync()

    # --- loading ---------------------------------------------------------------------

    def reload(self) -> None:
        """Re-read the changes in the worker; the selected change stays selected."""
        self.runner.run(f"memory-history-load-{id(self)}", self._load(), context="Memory history")

    async def _load(self) -> None:
        changes = await self.runner.run_in_thread(self.svc.history.changes, self.assistant_id)
        selected = self.selected()
        keep = selected.id if selected is not None else None
        self.changes = list(changes)
        self.list.blockSignals(True)
        self.list.clear()
        for c in self.changes:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, c.id)
            self.list.addItem(item)
        self._say_rows()
        self.list.blockSignals(False)
        n = len(self.changes)
        self.texts.bind(self.summary.setText, lambda: translate("MemoryPage", "%Ln change(s), newest first", None, n)
                        if n else translate("MemoryPage", EMPTY_TEXT))
        row = next((i for i, c in enumerate(self.changes) if c.id == keep), 0 if self.changes else -1)
        self.list.setCurrentRow(row)
        if row >= 0 and (self.detail is None or self.detail.change.id != self.changes[row].id):
            self._on_row(row)
        self.loads += 1
        self._sync()
        self.loaded.emit()

    def _say_rows(self) -> None:
        """Each change's row in the interface language (again after each switch)."""
        known = self.known()
        for row, c in enumerate(self.changes[:self.list.count()]):
            item = self.list.item(row)
            what, when = change_rows(c, known)
            item.setText(what)
            item.setData(WhenRole, when)
            item.setToolTip(change_label(c, known))
            item.setData(Qt.ItemDataRole.AccessibleTextRole, change_label(c, known))

    def known(self) -> dict[int, ChangeView]:
        """The listed changes by id (a revert's row quotes the one it undid)."""
        return {c.id: c for c in self.changes}

    def _on_memory_changed(self, event: MemoryChanged) -> None:
        if event.assistant_id == self.assistant_id:
            self._reload.start()

    def _on_settings_changed(self, _event: object) -> None:  # memory changed (this or another window)
        self._reload.start()

    def selected(self) -> ChangeView | None:
        """The selected change (None when the list is empty)."""
        row = self.list.currentRow()
        return self.changes[row] if 0 <= row < len(self.changes) else None

    def _on_row(self, row: int) -> None:
        if not 0 <= row < len(self.changes):
            self.diff.setHtml(f"<i>{html.escape(translate('MemoryPage', EMPTY_TEXT))}</i>")
            return
        change_id = self.changes[row].id
        self.runner.run(f"memory-history-diff-{id(self)}", self._show(change_id), context="Memory history")

    async def _show(self, change_id: int) -> None:
        detail = await self.runner.run_in_thread(self.svc.history.detail, self.assistant_id, change_id)
        numbers = {} if not detail.entries.edited else await self.runner.run_in_thread(
            entry_numbers, detail.change.document, detail.after)
        self.detail, self._numbers = detail, numbers
        self._render()
        self._sync()

    def _render(self) -> None:
        """The selected change's detail in the theme's colours: the entries it added,
        removed and changed, then the notes; the changed lines in words when no entry
        changed."""
        detail = self.detail
        if detail is None:
            return
        c = detail.change
        if detail.pause is not None:
            self.diff.setHtml(_detail_head(c, self.known(), sizes=False) + pause_html(detail.pause))
            return
        fixed = c.document == MemoryDocument.FIXED
        self.diff.setHtml(_detail_head(c, self.known(), sizes=detail.entries.empty) + (
            diff_html(detail.diff) if detail.entries.empty else entries_html(
                detail.entries, cards=not fixed, numbers=self._numbers) + (notes_html(detail.diff) if fixed else "")))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: over the detail's heading (its first block) the tooltip says the change's time
        in UTC (the heading says it in local time)."""
        detail = self.detail
        if (event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent) and detail is not None
                and obj is self.diff.viewport()):
            if self.diff.cursorForPosition(event.pos()).blockNumber() == 0:
                QToolTip.showText(event.globalPos(), utc_time(detail.change), self.diff)
            else:
                QToolTip.hideText()
            return True
        return super().eventFilter(obj, event)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Qt: a theme switch paints the detail in the new theme's diff colours (its HTML
        carried the old ones: light text on the light theme's green in the dark one)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._render()

    # --- revert ----------------------------------------------------------------------

    def revert_selected(self, *, confirmed: bool = False) -> bool:
        """Ask the service what reverting the selected change writes, ask the user (the
        question names any later changes it overwrites) and revert. ``confirmed``: skip
        the question (tests). False when nothing is selected or a change runs."""
        c = self.selected()
        if c is None or self.ops.busy:
            return False
        # the question after the preview's task, outside any coroutine: a modal dialog's own
        # event loop inside a task left every other task unwoken for good (walk56 #1)
        return self.ops.start(translate("MemoryPage", "Revert"), lambda: self.svc.history.revert_preview(self.assistant_id, c.id),
                              lambda p: QTimer.singleShot(0, self, lambda: self._confirm_revert(p, confirmed)))

    def _confirm_revert(self, preview: RevertPreview, confirmed: bool) -> None:
        c = preview.change
        if preview.pause is not None:
            text = fill(translate("MemoryPage", PAUSE_QUESTIONS[preview.pause.document, preview.pause.paused]),
                        change_line(c, self.known()))
        else:
            e = preview.entries
            entries = len(e.added) + len(e.removed) + len(e.edited)
            if not entries:  # only other lines change
                lines = max(sum(1 for ln in preview.diff if ln.kind == DiffKind.REMOVED),
                            sum(1 for ln in preview.diff if ln.kind == DiffKind.ADDED))
            else:  # and fixed memory's notes beside its entries (what History lists under Notes)
                lines = len(line_rows(preview.diff, notes_only=True)) if c.document == MemoryDocument.FIXED else 0
            text = revert_question(c, entries, lines, self.known())
        if preview.moved_on:
            later = preview.later
            text += "\n\n" + translate("MemoryPage", "The document changed %Ln time(s) after that change: reverting "
                                                      "overwrites those changes too (each can be reverted again from "
                                                      "here).", None, later)
        # asked as Claude and Cherry Studio ask: a title, the sentence, a named Revert; no "?" icon (walk53c #5)
        if not confirmed and not confirm.ask(self, translate("MemoryPage", "Revert memory"), text,
                                             translate("MemoryPage", "Revert"), icon=False):
            return
        self.ops.start(translate("MemoryPage", "Revert"), lambda: self.svc.history.revert(self.assistant_id, c.id, version=preview.version),
                       lambda _view: self._reverted(c.id))

    def _reverted(self, change_id: int) -> None:
        self.reverted.emit(change_id)
        self.reload()

    # --- state -----------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Qt: the detail beside the list on a wide page, under it on a narrow one."""
        super().resizeEvent(event)
        wide = event.size().width() >= SIDE_BY_SIDE_MIN
        orientation = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if orientation != self.split.orientation():
            self.split.setOrientation(orientation)
            # the list and the detail share the room evenly (a list on top took all but 100 px)
            self.split.setSizes([1, 1])

    def show_error(self, message: str) -> None:
        """The inline error line (``""`` hides it)."""
        self.error.setText(message)
        self.error.setVisible(bool(message))

    def _on_busy(self, _busy: bool) -> None:
        self._sync()

    def _sync(self) -> None:
        self.revert_button.setEnabled(self.selected() is not None and not self.ops.busy)

    def detach(self) -> None:
        """Stop following the bus and cancel the loads (the page is closing)."""
        self._reload.stop()
        self.events.memory_changed.disconnect(self._on_memory_changed)
        self.events.settings_changed.disconnect(self._on_settings_changed)
        if self._own_events:
            self.events.detach()
