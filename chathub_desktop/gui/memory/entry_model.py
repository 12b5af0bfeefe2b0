"""The fixed-memory cards' list model (MEM-2, MEM-7): every entry held, handed to the view
in batches of :data:`FETCH_BATCH` rows (``fetchMore``) so a memory of 10,000 entries stays
smooth."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from chathub_desktop.core.memory_search import matches_filter
from chathub_desktop.gui.memory.card_delegate import (
    NumberRole,
    OriginRole,
    PausedRole,
    SourceRole,
    TrustedRole,
)
from chathub_desktop.gui.memory.page_common import role_data
from chathub_desktop.services.memory_service import MemoryEntryView

ORIGIN_TIPS = {
    "owner": "Written by you in this editor",
    "dream": "Written by the memory dream",
    "agent": "Written by the model with its memory tool",
}
UNTRUSTED_TIP = (
    "The model wrote this entry while its recent history held web or plugin output, so it "
    "is sent as data, not instructions. Mark it trusted if you agree with it."
)



#: Rows handed to the view per ``fetchMore``.
FETCH_BATCH = 256


def _entry_tooltip(v: MemoryEntryView) -> str:
    tip = ORIGIN_TIPS.get(v.origin or "", "Origin not recorded")
    if v.source is not None:  # issue 15
        tip += "; " + v.source.line()
    if not v.trusted:
        tip += "\nUntrusted: " + UNTRUSTED_TIP
    return f"#{v.number} · {tip}\nDouble-click or Enter to edit, Del to delete"


#: What each role shows of an entry.
_ROLES: dict[int, Callable[[MemoryEntryView], object]] = {
    int(Qt.ItemDataRole.DisplayRole): attrgetter("text"),
    int(Qt.ItemDataRole.EditRole): attrgetter("text"),
    int(NumberRole): attrgetter("number"),
    int(OriginRole): attrgetter("origin"),
    int(TrustedRole): attrgetter("trusted"),
    int(PausedRole): attrgetter("paused"),
    int(SourceRole): lambda v: v.source.name if v.source is not None else None,
    int(Qt.ItemDataRole.AccessibleTextRole): lambda v: (f"#{v.number}: {v.text}" + ("" if v.trusted else " (untrusted)")
                                                        + (" (paused)" if v.paused else "")
                                                        + (f" ({v.source.line()})" if v.source is not None else "")),
    int(Qt.ItemDataRole.ToolTipRole): _entry_tooltip,
}


class MemoryEntryModel(QAbstractListModel):
    """The fixed-memory cards (:class:`MemoryEntryView`) of one assistant.

    Holds every entry but exposes them to the view ``FETCH_BATCH`` rows at a time; with
    a filter (:meth:`set_filter`, issue 30) only the entries that match it are rows.
    ``edit_handler(number, text)`` stores an in-place edit (``setData``) and returns the
    stored entry, or None when it failed.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._all: list[MemoryEntryView] = []
        self._views: list[MemoryEntryView] = []  # the rows: ``_all`` narrowed by the filter
        self._query = ""
        self._shown = 0
        self.edit_handler: Callable[[int, str], MemoryEntryView | None] | None = None

    # loading
    def set_entries(self, views: Sequence[MemoryEntryView], keep_rows: int = 0) -> None:
        """Replace every entry; at least ``keep_rows`` rows (and one batch) are shown."""
        self.beginResetModel()
        self._all = list(views)
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
        q = self._query
        self._views = [v for v in self._all if matches_filter(v.text, q)] if q.strip() else list(self._all)

    def total(self) -> int:
        """Every row the filter lets through, shown or not yet fetched."""
        return len(self._views)

    def entries(self) -> list[MemoryEntryView]:
        """Every entry, filtered or not (a copy)."""
        return list(self._all)

    def row_of(self, number: int) -> int | None:
        """The row of entry ``number`` (fetched or not), None when filtered out or gone."""
        return next((i for i, v in enumerate(self._views) if v.number == number), None)

    def entry(self, row: int) -> MemoryEntryView | None:
        """The entry on ``row`` (shown rows only)."""
        return self._views[row] if 0 <= row < self._shown else None

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
        self.ensure_row(min(len(self._views), self._shown + FETCH_BATCH) - 1)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        return role_data(self.entry(index.row()) if index.isValid() else None, role, _ROLES)

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsEditable if index.isValid() else base

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
        if 0 <= row < len(self._views) and self._views[row].number == stored.number:
            self._views[row] = stored
            self._all[self._all.index(v)] = stored
            self.dataChanged.emit(index, index)
        return True
