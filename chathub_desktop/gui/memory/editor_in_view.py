"""Keeps an open card editor whole in view in the Memory page's scroll area (issue 30,
walk50b #5: at 800×560 the editor ran past the bottom edge), a card made current in a
list with no scroll of its own (memlook52: the dream cards), and an entry just selected at
the end of the fixed list's box (walk56 #16). A component of
:class:`~chathub_desktop.gui.memory.fixed_page.MemoryPage`, given the page's scroll area.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QPoint, QTimer
from PySide6.QtWidgets import QAbstractItemView, QScrollArea, QWidget

from chathub_desktop.gui.design.tokens import Space

#: How often, and how many ms apart, :meth:`EditorInView.show_row` looks for its row laid
#: out (the list lays out 40 rows a turn: 10,000 entries in well under the tries' 6 s).
PENDING_TRIES = 600
PENDING_MS = 10


class EditorInView(QObject):
    """Scrolls ``scroll`` so the card editor last :meth:`reveal`-ed shows whole, count line
    included: as it opens, grows or moves, and again while it is open whenever the page's
    height changes (the page grows round the editor a few layout passes later)."""

    def __init__(self, scroll: QScrollArea) -> None:
        super().__init__(scroll)
        self._scroll = scroll
        self._editor: QWidget | None = None
        #: The row :meth:`reveal_row` last showed, shown again when a change of the page's
        #: range leaves it out of view, until the user scrolls: parts above it (the schedule
        #: form) are placed a few turns later, and on a loaded machine the card was pushed
        #: below the fold. A row still whole stays where it is (walk51 #6: a theme switch).
        self._row: tuple[QAbstractItemView, QPersistentModelIndex] | None = None
        #: The line :meth:`keep_whole` last showed, shown again as :attr:`_row` is.
        self._line: QWidget | None = None
        #: What :meth:`reveal` keeps in view under the editor too (None: the editor alone).
        self._below: QWidget | None = None
        #: The row :meth:`show_row` waits to be laid out, and how often it looked.
        self._pending: tuple[QAbstractItemView, QPersistentModelIndex] | None = None
        self._tries = 0
        bar = scroll.verticalScrollBar()
        bar.rangeChanged.connect(lambda *_r: self._on_range())
        bar.actionTriggered.connect(self._let_go)  # the user scrolls: the page is theirs

    def reveal(self, editor: QWidget, below: QWidget | None = None) -> None:
        """Show ``editor`` whole now (when it is visible) and keep it so while it lives;
        with ``below`` (its buttons, walk56 #3: the proposal's Accept) down to that one's
        bottom too."""
        self._row = None
        self._line = None
        self._below = below
        if editor is not self._editor:
            self._editor = editor
            editor.destroyed.connect(self._forget)
        body = self._scroll.widget()
        if editor.isVisible() and body is not None:  # its whole rectangle: ensureWidgetVisible shows a caret only
            top = editor.mapTo(body, QPoint(0, 0))
            height = editor.height()
            if below is not None and below.isVisible():
                height = max(height, below.mapTo(body, QPoint(0, below.height())).y() - top.y())
            half_w, half_h = editor.width() // 2, height // 2
            self._scroll.ensureVisible(top.x() + half_w, top.y() + half_h, half_w, half_h + Space.MD)

    def reveal_row(self, view: QAbstractItemView, index: QModelIndex) -> None:
        """Scroll the page so ``view``'s row ``index`` shows whole (a list as tall as its rows:
        its keys and Select move the page, memlook52); nothing for an invalid or unlaid row,
        nor for a view out of sight (a reload re-selecting a card on a tab behind the one
        open must not move the page: walk52b #2)."""
        self._row = None
        self._line = None
        body = self._scroll.widget()
        rect = view.visualRect(index) if index.isValid() and view.isVisible() else None
        if body is None or rect is None or rect.isEmpty():
            return
        top = view.viewport().mapTo(body, rect.topLeft())
        half = rect.height() // 2
        self._scroll.ensureVisible(top.x(), top.y() + half, 0, half + Space.SM)
        self._row = (view, QPersistentModelIndex(index))

    def show_row(self, view: QAbstractItemView, index: QModelIndex) -> None:
        """Scroll ``view`` (a list in a box of its own) to its row ``index``, then the page so
        that row shows whole (MEM-2): an entry just added sits at the end of a long list, whose box
        ran past the page's bottom edge (walk56 #16: the added card was cut off under the
        Add editor kept open). A row the list has not laid out yet (it lays a long list out
        a batch a turn) is shown once it is, unless the user scrolls first."""
        self._pending = (view, QPersistentModelIndex(index))
        self._tries = 0
        self._show_pending()

    def _show_pending(self) -> None:
        if self._pending is None:
            return
        view, row = self._pending
        index = view.model().index(row.row(), row.column()) if row.isValid() else QModelIndex()
        if not index.isValid():
            self._pending = None
            return
        if view.visualRect(index).isEmpty() and self._tries < PENDING_TRIES:
            self._tries += 1
            QTimer.singleShot(PENDING_MS, self, self._show_pending)
            return
        self._pending = None
        view.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
        self.reveal_row(view, index)

    def keep_whole(self, line: QWidget) -> None:
        """Show ``line`` (a confirmation) whole now and again when a change of the page's
        range pushes it out, until the user scrolls (walk52b #2: "Added the card for …"
        fell below the fold when lines above it came in after Accept)."""
        self._row = None
        self._line = line
        self._show_line()

    def _show_line(self) -> None:
        line, body = self._line, self._scroll.widget()
        if line is None or body is None or not line.isVisible():
            return
        top = line.mapTo(self._scroll.viewport(), QPoint(0, 0)).y()
        if 0 <= top and top + line.height() <= self._scroll.viewport().height():
            return  # whole already: the page stays where it is
        at = line.mapTo(body, QPoint(0, 0))
        half = line.height() // 2
        self._scroll.ensureVisible(at.x(), at.y() + half, 0, half + Space.SM)

    def _forget(self) -> None:
        self._editor = None
        self._below = None

    def _on_range(self) -> None:
        if self._editor is not None and self._editor.isVisible():  # a kept editor (the proposal's) may be shut
            self.reveal(self._editor, self._below)
        elif self._line is not None:
            self._show_line()
        elif self._row is not None:
            view, row = self._row
            index = view.model().index(row.row(), row.column()) if row.isValid() else QModelIndex()
            if not self._whole(view, index):  # only a row pushed out: a shown one stays put
                self.reveal_row(view, index)

    def _whole(self, view: QAbstractItemView, index: QModelIndex) -> bool:
        """Whether ``view``'s row ``index`` shows whole in the page's viewport."""
        rect = view.visualRect(index) if index.isValid() and view.isVisible() else None
        if rect is None or rect.isEmpty():
            return True  # nothing to bring into view
        top = view.viewport().mapTo(self._scroll.viewport(), rect.topLeft()).y()
        return 0 <= top and top + rect.height() <= self._scroll.viewport().height()

    def _let_go(self, _action: int) -> None:
        self._row = None
        self._line = None
        self._pending = None
