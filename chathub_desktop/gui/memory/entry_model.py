"""The fixed-memory cards' list model (MEM-2, MEM-7): every entry held, handed to the view
:data:`FETCH_BATCH` rows first and then in batches that double (``fetchMore``), so a memory
of 10,000 entries stays smooth."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from chathub_desktop.core.fixed_memory import Note
from chathub_desktop.core.memory_authors import EntryOrigin
from chathub_desktop.core.memory_search import matches_filter
from chathub_desktop.gui.memory.card_delegate import (
    CardFace,
    NoteRole,
    NumberRole,
    OriginRole,
    PausedRole,
    SourceRole,
    TrustedRole,
)
from chathub_desktop.gui.memory.card_markdown import card_shown, entry_shown
from chathub_desktop.gui.memory.fixed_cards import PAUSE_TIP, RESUME_TIP
from chathub_desktop.gui.memory.page_common import role_data
from chathub_desktop.gui.memory.source_words import source_line
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.services.memory.memory_service import MemoryEntryView

translate = QCoreApplication.translate

#: Who wrote an entry, by its origin (MEM-7): its tooltip and accessible description.
ORIGIN_TIPS: dict[EntryOrigin, str] = {
    EntryOrigin.OWNER: QT_TRANSLATE_NOOP("MemoryPage", "Written by you in this editor"),
    EntryOrigin.DREAM: QT_TRANSLATE_NOOP("MemoryPage", "Written by the memory dream"),
    EntryOrigin.AGENT: QT_TRANSLATE_NOOP("MemoryPage", "Written by the model with its memory tool"),
}
UNTRUSTED_TIP = QT_TRANSLATE_NOOP("MemoryPage",
    "The model wrote this entry while its recent history held web or plugin output, so it "
    "is sent as data, not instructions. Mark it trusted if you agree with it."
)



#: Rows handed to the view first; each ``fetchMore`` then doubles the rows shown. QListView
#: lays out every row again after rows are inserted, so a fixed batch made scrolling to the
#: end of 10,000 entries lay out ~200,000 rows (40 batches); doubling lays out ~2 × 10,000
#: (issue 30).
FETCH_BATCH = 256


def _origin_line(v: MemoryEntryView) -> str:
    """Who wrote ``v`` ("Written by you in this editor"…): its tooltip and accessible
    description say it, since the owner's entries carry no chip (walk52 #5)."""
    origin = v.origin
    return translate("MemoryPage", ORIGIN_TIPS[origin] if origin is not None
                     else QT_TRANSLATE_NOOP("MemoryPage", "Origin not recorded"))


def _entry_tooltip(v: MemoryEntryView) -> str:
    tip = _origin_line(v)
    if v.source is not None:  # issue 15
        tip += "; " + source_line(v.source)
    if not v.trusted:
        tip += "\n" + translate("MemoryPage", "Untrusted: ") + translate("MemoryPage", UNTRUSTED_TIP)
    return f"#{v.number} · {tip}\n" + translate("MemoryPage", "Double-click or Enter to edit, Del to delete")


def _entry_face(v: MemoryEntryView) -> CardFace:
    return CardFace(v.number, entry_shown(v.text), False, v.origin, v.source.name if v.source is not None else None, v.trusted,
                    v.paused)


#: What each role shows of an entry.
_ROLES: dict[int, Callable[[MemoryEntryView], object]] = {
    int(Qt.ItemDataRole.DisplayRole): attrgetter("text"),
    int(Qt.ItemDataRole.EditRole): attrgetter("text"),
    int(NumberRole): attrgetter("number"),
    int(OriginRole): attrgetter("origin"),
    int(TrustedRole): attrgetter("trusted"),
    int(PausedRole): attrgetter("paused"),
    int(SourceRole): lambda v: v.source.name if v.source is not None else None,
    int(Qt.ItemDataRole.AccessibleTextRole): lambda v: (f"#{v.number}: {entry_shown(v.text)}"
                                                        + ("" if v.trusted else translate("MemoryPage", " (untrusted)"))
                                                        + (translate("MemoryPage", " (paused)") if v.paused else "")
                                                        + (f" ({source_line(v.source)})" if v.source is not None else "")),
    int(Qt.ItemDataRole.ToolTipRole): _entry_tooltip,
    # who wrote it, and what its ⏸ toggle does (walk52 #5: an unnamed glyph)
    int(Qt.ItemDataRole.AccessibleDescriptionRole): lambda v: f"{_origin_line(v)}. " + translate(
        "MemoryPage", RESUME_TIP if v.paused else PAUSE_TIP),
}
#: What each role shows of a note (a free-form run of the raw document, issue 30).
_NOTE_ROLES: dict[int, Callable[[Note], object]] = {
    int(Qt.ItemDataRole.DisplayRole): attrgetter("text"),
    int(NoteRole): lambda _n: True,
    int(TrustedRole): lambda _n: True,
    int(Qt.ItemDataRole.AccessibleTextRole): lambda n: fill(translate("MemoryPage", "Note: %1"), n.text),
    int(Qt.ItemDataRole.ToolTipRole): lambda _n: translate("MemoryPage", "A free-form line of the raw document (Edit "
                                                                         "raw changes it); it is sent with the memory "
                                                                         "as written"),
}


class MemoryEntryModel(QAbstractListModel):
    """The fixed-memory cards (:class:`MemoryEntryView`) of one assistant.

    Holds every entry but exposes them to the view ``FETCH_BATCH`` rows first, then twice
    as many at each ``fetchMore``. The
    free-form runs of the raw document are rows too, as notes where they stand (not
    selectable, not editable); with a filter (:meth:`set_filter`, issue 30) only the
    entries that match it are rows, and no notes.
    ``edit_handler(number, text)`` stores an in-place edit (``setData``) and returns the
    stored entry, or None when it failed.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._all: list[MemoryEntryView] = []
        self._notes: list[Note] = []
        self._views: list[MemoryEntryView | Note] = []  # the rows: entries and notes, or the filter's
        self._query = ""
        self._total = 0
        self._untrusted = 0
        self._untrusted_listed = 0  # of the rows the filter lets through
        self._shown = 0
        self.edit_handler: Callable[[int, str], MemoryEntryView | None] | None = None

    # loading
    def set_entries(self, views: Sequence[MemoryEntryView], keep_rows: int = 0, notes: Sequence[Note] = ()) -> None:
        """Replace every entry and note; at least ``keep_rows`` rows (and one batch) are shown."""
        self.beginResetModel()
        self._all = list(views)
        self._notes = list(notes)
        self._untrusted = [v.trusted for v in self._all].count(False)  # 10,000: 0.15 ms (a generator's sum 0.3)
        self._narrow()
        self._shown = min(len(self._views), max(FETCH_BATCH, keep_rows))
        self.endResetModel()

    def set_filter(self, query: str) -> None:
        """Show only the entries matching ``query`` (REF-3 words, the last one as a prefix:
        :func:`~chathub_desktop.core.memory_search.matches_filter`); empty shows all."""
        if query == self._query:
            return
        self.beginResetModel()
        self._query = query
        self._narrow()
        self._shown = min(len(self._views), FETCH_BATCH)
        self.endResetModel()

    def _narrow(self) -> None:
        """The rows the filter lets through, notes where they stand (list slices: 10,000
        entries take about a millisecond on the GUI thread, issue 30)."""
        q = self._query
        if q.strip():
            matching = [v for v in self._all if matches_filter(v.text, q)]
            self._views = list(matching)
            self._total = len(matching)
            self._untrusted_listed = [v.trusted for v in matching].count(False)
            return
        rows: list[MemoryEntryView | Note] = []
        start = 0
        for note in self._notes:  # a note stands before the entry of index ``note.after``
            end = min(max(note.after, start), len(self._all))
            rows.extend(self._all[start:end])
            rows.append(note)
            start = end
        rows.extend(self._all[start:])
        self._views = rows
        self._total = len(self._all)
        self._untrusted_listed = self._untrusted

    def total(self) -> int:
        """Every entry row the filter lets through, shown or not yet fetched."""
        return self._total

    def entry_count(self) -> int:
        """How many entries there are, filtered or not."""
        return len(self._all)

    def untrusted(self) -> int:
        """How many entries (filtered or not) are untrusted (MEM-7)."""
        return self._untrusted

    def untrusted_listed(self) -> int:
        """How many of the entries the filter lets through are untrusted (all of them's
        without a filter; MEM-7, walk56 #13: what the count says while filtering)."""
        return self._untrusted_listed

    def notes(self) -> list[Note]:
        """The free-form notes (a copy)."""
        return list(self._notes)

    def entries(self) -> list[MemoryEntryView]:
        """Every entry, filtered or not (a copy)."""
        return list(self._all)

    def row_of(self, number: int) -> int | None:
        """The row of entry ``number`` (fetched or not), None when filtered out or gone."""
        return next((i for i, v in enumerate(self._views) if isinstance(v, MemoryEntryView) and v.number == number),
                    None)

    def entry(self, row: int) -> MemoryEntryView | None:
        """The entry on ``row`` (shown rows only; None for a note)."""
        v = self._views[row] if 0 <= row < self._shown else None
        return v if isinstance(v, MemoryEntryView) else None

    def face(self, row: int) -> CardFace | None:
        """What the delegate paints of ``row`` (shown rows only): an entry's card or a note."""
        v = self._views[row] if 0 <= row < self._shown else None
        if v is None:
            return None
        return CardFace(0, card_shown(v.text), True) if isinstance(v, Note) else _entry_face(v)

    def ensure_row(self, row: int) -> None:
        """Fetch rows until ``row`` is shown."""
        row = min(row, len(self._views) - 1)
        if row >= self._shown:
            self.beginInsertRows(QModelIndex(), self._shown, row)
            self._shown = row + 1
            self.endInsertRows()

    # Qt API
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._shown

    def canFetchMore(self, parent: QModelIndex | QPersistentModelIndex) -> bool:
        return not parent.isValid() and self._shown < len(self._views)

    def fetchMore(self, parent: QModelIndex | QPersistentModelIndex) -> None:
        if parent.isValid():
            return
        self.ensure_row(min(len(self._views), self._shown + max(FETCH_BATCH, self._shown)) - 1)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        row = index.row() if index.isValid() else -1
        v = self._views[row] if 0 <= row < self._shown else None
        if isinstance(v, Note):
            return role_data(v, role, _NOTE_ROLES)
        return role_data(v, role, _ROLES)

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        if not index.isValid():
            return base
        if self.entry(index.row()) is None:  # a note: shown, never selected or edited
            return Qt.ItemFlag.ItemIsEnabled
        return base | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: object,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        v = self.entry(index.row()) if index.isValid() else None
        if v is None or role != Qt.ItemDataRole.EditRole or self.edit_handler is None:
            return False
        text = str(value)
        if text == v.text:
            return False
        stored = self.edit_handler(v.number, text)
        if stored is None:
            return False
        row = index.row()
        shown = self._views[row] if 0 <= row < len(self._views) else None
        if isinstance(shown, MemoryEntryView) and shown.number == stored.number:
            self._views[row] = stored
            self._all[self._all.index(v)] = stored
            self.dataChanged.emit(index, index)
        return True
