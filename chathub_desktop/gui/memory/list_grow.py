"""The dream cards as tall as they are (memlook52, issue 30): one page scroll, not a list
scrolling inside a page scrolling inside the window.

The dream list holds at most ~90 cards (Keep dream cards is 1–90, older days fold into
one range card), so its whole height is cheap to know — each row's height is the card
delegate's estimate, cached per text and width, no text layout — and the list can be that
tall: the Memory page then scrolls as a whole over the dream cards. (The fixed list, up
to 10,000 entries, keeps its own view: :mod:`.list_fit`.)
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QListView, QStyleOptionViewItem

from chathub_desktop.gui.memory.card_delegate import MemoryCardDelegate


class ListToContent(QObject):
    """Keeps ``view``'s minimum height at its rows' whole height (never under ``floor()``
    px, the room its owner keeps for a few cards) while ``active()`` says so, re-measured
    on the next turn of the event loop after its rows, their sizes or its width change."""

    def __init__(self, view: QListView, delegate: MemoryCardDelegate, floor: Callable[[], int],
                 active: Callable[[], bool]) -> None:
        super().__init__(view)
        self._view, self._delegate, self._floor, self._active = view, delegate, floor, active
        self._width = -1
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(0)
        self.timer.timeout.connect(self.fit)
        model = view.model()
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.dataChanged,
                       model.layoutChanged):
            signal.connect(self.schedule)
        delegate.sizeHintChanged.connect(self.schedule)  # a card grows round its editor
        view.viewport().installEventFilter(self)
        view.installEventFilter(self)  # its font

    def schedule(self, *_args: object) -> None:
        """Re-measure on the next turn of the event loop (bursts coalesce)."""
        self.timer.start()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: a new width of the list (its cards wrap anew) or a new font → re-measure."""
        if obj is self._view:
            if event.type() == QEvent.Type.FontChange:
                self.schedule()
        elif event.type() == QEvent.Type.Resize and self._view.viewport().width() != self._width:
            self._width = self._view.viewport().width()
            self.schedule()
        return False

    def content_height(self) -> int:
        """Px the list's rows take, with its frame."""
        model = self._view.model()
        option = QStyleOptionViewItem()
        rows = sum(self._delegate.sizeHint(option, model.index(row, 0)).height() for row in range(model.rowCount()))
        return rows + 2 * self._view.frameWidth()

    def fit(self) -> None:
        """Give the list its rows' height as its minimum (no change, no relayout)."""
        floor = self._floor()
        h = max(floor, self.content_height()) if self._active() else floor
        if self._view.minimumHeight() != h:
            self._view.setMinimumHeight(h)
