"""The row the user reads stays where it is while the message list's window changes above
it (issue 29, "Long topics at any depth"; APP-10).

The list holds a window of the topic's rows: an older page comes in above the viewport
(the newest rows leave below), or the oldest rows leave above it when a newer page comes
in below. :class:`RowAnchor` notes the row at the viewport's top before such a change and
scrolls back by the height that came or went once it is done, with the view's pixels
kept: nothing moved on screen, so nothing is repainted (each change repainted the whole
viewport before, about 5 ms a page).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QModelIndex, QObject, QPoint, Qt
from PySide6.QtWidgets import QListView

from chathub_desktop.gui.chat.message_list_model import MessageListModel


class RowAnchor(QObject):
    """Keeps the row at the top of ``view`` (a list over ``model``) at its viewport
    height while rows come in or leave above it.

    :attr:`holding`: a scroll under way is the view's own (:meth:`held`), not the
    user's; :attr:`pixels_kept`: the view's ``scrollContentsBy`` leaves the viewport's
    pixels where they are (they did not move on screen); :attr:`pending`: a change above
    the viewport was noted and the row is not back in place yet."""

    def __init__(self, view: QListView, model: MessageListModel) -> None:
        super().__init__(view)
        self._view = view
        self._model = model
        #: (row, y) of the row to put back at viewport height y once the change is done.
        self._keep: tuple[int, int] | None = None
        self._holding = 0
        self.pixels_kept = False
        model.rowsAboutToBeInserted.connect(self._before_insert)
        model.older_loaded.connect(lambda _n: self.restore())  # after the page's insert and the far end's drop
        model.top_trimming.connect(self._before_top_trim)
        model.rowsRemoved.connect(self._after_remove)
        model.modelReset.connect(self.forget)

    @property
    def holding(self) -> bool:
        """True while the view scrolls itself to a row (:meth:`held`)."""
        return self._holding > 0

    @property
    def pending(self) -> bool:
        """True while a noted row waits to be put back (an older page is coming in)."""
        return self._keep is not None

    @contextmanager
    def held(self) -> Iterator[None]:
        """Inside the ``with`` block the view's scrolling is its own: it does not follow
        the end nor ask for the pages at the window's edges."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1

    def forget(self) -> None:
        """Drop a noted row (the window was replaced)."""
        self._keep = None

    def top_row(self) -> tuple[int, int] | None:
        """(row, viewport y) of the row at the viewport's top, or None without rows."""
        view = self._view
        index = view.indexAt(QPoint(view.viewport().width() // 2, 0))
        if not index.isValid():
            return None
        return index.row(), view.visualRect(index).top()

    def restore(self) -> None:
        """Put the noted row back at its viewport height: the rows are laid out and the
        view scrolls by the height that came in or left above, its pixels kept; when the
        window's edge stops it short, the viewport is repainted after all."""
        if self._keep is None:
            return
        row, y = self._keep
        self._keep = None
        if not 0 <= row < self._model.rowCount():
            return
        view = self._view
        index, sb, vp = self._model.index(row), view.verticalScrollBar(), view.viewport()
        with self.held():
            self.pixels_kept = True
            vp.setAttribute(Qt.WidgetAttribute.WA_UpdatesDisabled, True)
            try:
                view.executeDelayedItemsLayout()
                sb.setValue(sb.value() + view.visualRect(index).top() - y)
            finally:
                vp.setAttribute(Qt.WidgetAttribute.WA_UpdatesDisabled, False)
                self.pixels_kept = False
        if view.visualRect(index).top() != y:  # held at the window's edge: it moved after all
            vp.update()

    def _before_insert(self, _parent: QModelIndex, first: int, last: int) -> None:
        top = self.top_row() if first == 0 else None
        if top is not None:  # an older page: the row on top is ``last + 1`` rows further down
            self._keep = (top[0] + last + 1, top[1])

    def _before_top_trim(self, count: int) -> None:
        top = self.top_row()
        self._keep = (top[0] - count, top[1]) if top is not None and top[0] >= count else None

    def _after_remove(self, _parent: QModelIndex, first: int, _last: int) -> None:
        if first == 0:
            self.restore()
