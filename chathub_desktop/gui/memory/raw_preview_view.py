"""The raw editor's preview pane (MEM-3; issue 30, walk56 #6): what saving gives, painted as
the Memory page paints its cards — numbered entry rows with their marks (paused, untrusted,
who wrote it), notes as the page's notes (headings bold, list lines with a bullet) — and a
marked line's word under it in the warning colour. It follows the editor: the rows of
the lines in view, the top line's row at the top and the cursor's row kept in sight.

Cheap for a memory of 10,000 entries: the rows are built on a worker
(:func:`~chathub_desktop.gui.memory.raw_preview.build_preview`, after the typing rests);
the view holds only the rows of the lines within a screen of those in view
(:data:`WINDOW_ROWS` at most), re-picked when the editor scrolls.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QPlainTextEdit,
    QStyle,
    QStyleOptionViewItem,
)

from chathub_desktop.gui.design.tokens import colours_for
from chathub_desktop.gui.memory.card_delegate import (
    CARD_MARGIN_X,
    CARD_PAD,
    CardFace,
    MemoryCardDelegate,
    NoteRole,
    NumberRole,
    PausedRole,
    TrustedRole,
)
from chathub_desktop.gui.memory.card_lines import layout_lines
from chathub_desktop.gui.memory.card_markdown import card_shown, entry_shown
from chathub_desktop.gui.memory.entry_model import ORIGIN_TIPS
from chathub_desktop.gui.memory.raw_preview import PreviewRow, RawPreview, RowMark
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill

translate = QCoreApplication.translate

__all__ = ["MARK_WORDS", "PreviewFollow", "RawPreviewDelegate", "RawPreviewModel", "preview_view"]

#: What a marked row says under it (walk53 #4, walk56 #6).
MARK_WORDS: dict[RowMark, str] = {
    RowMark.BULLET: QT_TRANSLATE_NOOP("MemoryPage", "note — not sent as a memory; number it (#N: …) to make it one"),
    RowMark.NEAR_ENTRY: QT_TRANSLATE_NOOP("MemoryPage", "note — not an entry: an entry line starts with #N: "
                                                        "and its text"),
    RowMark.EMPTY: QT_TRANSLATE_NOOP("MemoryPage", "an entry with no text — write its text or delete the line"),
}
#: The most rows the view holds: those of the lines in view and a screen above and below.
WINDOW_ROWS = 400
#: Px between a marked row and its word.
MARK_GAP = 2


def _mark_line(mark: RowMark) -> str:
    return "⚠ " + translate("MemoryPage", MARK_WORDS[mark])


def _said(row: PreviewRow) -> str:
    """A row as a screen reader says it (the page's words: "#3: …", "Note: …")."""
    if row.note:
        text = fill(translate("MemoryPage", "Note: %1"), row.text)
    else:
        m = row.marks
        text = (f"#{row.number}: {entry_shown(row.text)}" + ("" if m.trusted else translate("MemoryPage", " (untrusted)"))
                + (translate("MemoryPage", " (paused)") if m.paused else ""))
    return text if row.mark is None else f"{text} — {translate('MemoryPage', MARK_WORDS[row.mark])}"


def _tip(row: PreviewRow) -> str:
    """A row's tooltip: who wrote an entry (MEM-7), or what a note is; a mark's word after it."""
    m = row.marks
    if row.note:
        tip = translate("MemoryPage", "Kept as typed and sent with the memory; not an entry")
    else:
        tip = translate("MemoryPage", ORIGIN_TIPS[m.origin] if m.origin is not None else "Origin not recorded")
    return tip if row.mark is None else f"{tip}\n{_mark_line(row.mark)}"


class RawPreviewModel(QAbstractListModel):
    """The rows of a :class:`RawPreview` the view holds: ``[start, start + rowCount())``
    of all of them (:meth:`set_window`)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.preview = RawPreview()
        self.start = 0
        self._rows: tuple[PreviewRow, ...] = ()

    def set_preview(self, preview: RawPreview) -> None:
        """A new preview (the window is picked again by :meth:`set_window`)."""
        self.preview = preview
        self._set(0, 0, force=True)

    def set_window(self, start: int, end: int) -> None:
        """Hold rows ``start``..``end - 1`` of the preview (no change: nothing happens)."""
        self._set(start, end, force=False)

    def _set(self, start: int, end: int, *, force: bool) -> None:
        end = min(end, len(self.preview.rows))
        start = min(start, end)
        if not force and (start, end) == (self.start, self.start + len(self._rows)):
            return
        self.beginResetModel()
        self.start, self._rows = start, self.preview.rows[start:end]
        self.endResetModel()

    def row(self, i: int) -> PreviewRow | None:
        """The held row ``i`` (None: no such row)."""
        return self._rows[i] if 0 <= i < len(self._rows) else None

    def total(self) -> int:
        """How many rows the whole preview has."""
        return len(self.preview.rows)

    def face(self, i: int) -> CardFace | None:
        """What the card painter shows of held row ``i``: an entry's numbered card with its
        marks, or a note as the page shows notes."""
        r = self.row(i)
        if r is None:
            return None
        if r.note:
            return CardFace(0, card_shown(r.text), True)
        m = r.marks
        return CardFace(r.number, entry_shown(r.text), False, m.origin, m.source, m.trusted, m.paused)

    def mark(self, i: int) -> RowMark | None:
        """What is wrong with held row ``i`` (None: nothing)."""
        r = self.row(i)
        return r.mark if r is not None else None

    def said(self, i: int) -> str:
        """Held row ``i`` as a screen reader says it."""
        r = self.row(i)
        return _said(r) if r is not None else ""

    # Qt API
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        r = self.row(index.row()) if index.isValid() else None
        if r is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return r.text
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return _said(r)
        if role == Qt.ItemDataRole.ToolTipRole:
            return _tip(r)
        return {int(NoteRole): r.note, int(NumberRole): r.number, int(TrustedRole): r.marks.trusted,
                int(PausedRole): r.marks.paused}.get(int(role))

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        return Qt.ItemFlag.ItemIsEnabled if index.isValid() else Qt.ItemFlag.NoItemFlags


class RawPreviewDelegate(MemoryCardDelegate):
    """The fixed list's compact rows (walk53 #9), read-only: no hover, selection or focus
    ring, no pause toggle; a marked row's word under it in the warning colour."""

    compact = True

    def __init__(self, view: QListView, model: RawPreviewModel) -> None:
        super().__init__(view, model.face)
        self._model = model

    def _mark_lines(self, mark: RowMark | None) -> list[str]:
        if mark is None:
            return []
        return layout_lines(_mark_line(mark), self._view.font(), self._card_width() - 2 * CARD_PAD, 3)

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        """Qt: the card's or note's height, and its mark's lines."""
        size = super().sizeHint(option, index)
        lines = self._mark_lines(self._model.mark(index.row()))
        if lines:
            size.setHeight(size.height() + MARK_GAP + len(lines) * QFontMetrics(self._view.font()).lineSpacing())
        return size

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Qt: the card (never hovered, selected or focused: nothing here acts), then its mark's word."""
        opt = QStyleOptionViewItem(option)
        opt.state = opt.state & ~(QStyle.StateFlag.State_HasFocus | QStyle.StateFlag.State_MouseOver
                                  | QStyle.StateFlag.State_Selected)
        lines = self._mark_lines(self._model.mark(index.row()))
        spacing = QFontMetrics(self._view.font()).lineSpacing()
        rect = QRect(option.rect)
        if lines:
            rect.setHeight(rect.height() - MARK_GAP - len(lines) * spacing)
            opt.rect = rect
        super().paint(painter, opt, index)
        if not lines:
            return
        pal: QPalette = option.palette
        painter.save()
        painter.setFont(QFont(self._view.font()))
        painter.setPen(QColor(colours_for(pal.color(QPalette.ColorRole.Base).lightness() < 128).warning))
        ascent = QFontMetrics(self._view.font()).ascent()
        x, y = rect.left() + CARD_MARGIN_X + CARD_PAD, rect.bottom() + 1 + MARK_GAP
        for line in lines:
            painter.drawText(x, y + ascent, line)
            y += spacing
        painter.restore()


def preview_view(model: RawPreviewModel) -> tuple[QListView, RawPreviewDelegate]:
    """The preview's list over ``model`` (``rawPreview``: the editor's frame, the
    stylesheet's rule): per-pixel scrolling, nothing selected or edited."""
    view = QListView()
    view.setObjectName("rawPreview")
    view.setModel(model)
    delegate = RawPreviewDelegate(view, model)
    view.setItemDelegate(delegate)
    view.setUniformItemSizes(False)
    view.setResizeMode(QListView.ResizeMode.Adjust)
    view.setWordWrap(True)  # rows laid out again when the width changes too (a scroll bar came), not only the height
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    view.verticalScrollBar().setSingleStep(20)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    model.modelReset.connect(delegate.clear_cache)
    return view, delegate


class PreviewFollow(QObject):
    """Keeps ``view`` (over ``model``) on what ``edit``'s lines in view give (see the module
    docstring): on the editor's scroll, resize and cursor moves, and on a new preview
    (:meth:`follow`), coalesced to one pass per turn of the event loop."""

    def __init__(self, edit: QPlainTextEdit, view: QListView, model: RawPreviewModel) -> None:
        super().__init__(view)
        self._edit, self._view, self._model = edit, view, model
        self._cursor = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.sync)
        edit.verticalScrollBar().valueChanged.connect(lambda _v: self.follow())
        edit.cursorPositionChanged.connect(lambda: self.follow(cursor=True))

    def follow(self, *, cursor: bool = False) -> None:
        """Follow the editor on the next turn; ``cursor``: keep the cursor's row in sight too."""
        self._cursor = self._cursor or cursor
        self._timer.start()

    def lines_in_view(self) -> tuple[int, int]:
        """The first and last editor lines (blocks) in view."""
        edit = self._edit
        first = edit.firstVisibleBlock().blockNumber()
        last = edit.cursorForPosition(QPoint(0, max(0, edit.viewport().height() - 1))).blockNumber()
        return max(0, first), max(first, last)

    def sync(self) -> None:
        """Hold the rows of the lines within a screen of those in view, the top line's row
        at the top; the cursor's row in sight when it moved (and is in view)."""
        cursor, self._cursor = self._cursor, False
        preview = self._model.preview
        if not preview.rows:
            self._model.set_window(0, 0)
            return
        first, last = self.lines_in_view()
        span = last - first + 1
        rows = preview.rows_between(max(0, first - span), last + span)
        top = preview.row_at(first)
        start, end = min(rows.start, top), max(rows.stop, top + 1)
        if end - start > WINDOW_ROWS:  # a very tall editor: the rows from a little above the top one
            start = max(start, top - WINDOW_ROWS // 4)
            end = start + WINDOW_ROWS
        self._model.set_window(start, end)
        self._view.scrollTo(self._model.index(top - start, 0), QAbstractItemView.ScrollHint.PositionAtTop)
        line = self._edit.textCursor().blockNumber()
        if cursor and first <= line <= last:
            self._view.scrollTo(self._model.index(preview.row_at(line) - start, 0),
                                QAbstractItemView.ScrollHint.EnsureVisible)
