"""The dream cards as tall as they are (memlook52, issue 30): one page scroll, not a list
scrolling inside a page scrolling inside the window.

The dream list holds at most ~90 cards (Keep dream cards is 1–90, older days fold into
one range card), so its whole height is cheap to know — each row's height is the card
delegate's measure, cached per text and width, measured a few milliseconds a turn — and
the list can be that tall: the Memory page then scrolls as a whole over the dream cards. (The fixed list, up
to 10,000 entries, keeps its own view: :mod:`.list_fit`.)
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QListView, QStyleOptionViewItem

from chathub_desktop.gui.memory.card_delegate import MemoryCardDelegate
from chathub_desktop.gui.shell.turn_clock import MAX_WAITS, turn_fresh

#: Seconds of the GUI thread's CPU a turn of the event loop measures rows for at most: the
#: first measure of 90 new cards (their lines laid out where an estimate is unsure) took
#: 3–4 ms, and after a paint in the same turn it made the Memory page's largest turn of its
#: first open in the window (13.5 ms at load 8; stall53). The rest is measured on later turns.
MEASURE_BUDGET_S = 0.0015


class ListToContent(QObject):
    """Keeps ``view``'s minimum height at its rows' whole height (never under ``floor()``
    px, the room its owner keeps for a few cards) while ``active()`` says so, re-measured
    after its rows, their sizes or its width change: on the next fresh turn of the event
    loop (:mod:`~chathub_desktop.gui.shell.turn_clock`), rows not measured yet
    :data:`MEASURE_BUDGET_S` of CPU a turn, the height given once all are."""

    def __init__(self, view: QListView, delegate: MemoryCardDelegate, floor: Callable[[], int],
                 active: Callable[[], bool]) -> None:
        super().__init__(view)
        self._view, self._delegate, self._floor, self._active = view, delegate, floor, active
        self._width = -1
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(0)
        self.timer.timeout.connect(self.fit)
        self._waits = MAX_WAITS  # turns the next measure may still wait for a fresh one
        self._measured = (0, 0)  # (rows, their px) measured so far since the last change
        model = view.model()
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.dataChanged,
                       model.layoutChanged):
            signal.connect(self.schedule)
        delegate.sizeHintChanged.connect(self.schedule)  # a card grows round its editor
        view.viewport().installEventFilter(self)
        view.installEventFilter(self)  # its font

    def schedule(self, *_args: object) -> None:
        """Re-measure from the first row on the next fresh turn of the event loop (bursts coalesce)."""
        self._measured = (0, 0)
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

    def _measure(self) -> int | None:
        """Px of every row, measuring on from the rows measured before within this turn's
        :data:`MEASURE_BUDGET_S`; None when rows are left for the next turn."""
        model = self._view.model()
        option = QStyleOptionViewItem()
        row, total = self._measured
        end = time.thread_time() + MEASURE_BUDGET_S
        count = model.rowCount()
        while row < count:
            total += self._delegate.sizeHint(option, model.index(row, 0)).height()
            row += 1
            if row < count and time.thread_time() >= end:
                self._measured = (row, total)
                return None
        return total

    def fit(self) -> None:
        """Give the list its rows' height as its minimum (no change, no relayout); rows
        left to measure and a turn already used wait for the next turn."""
        if self._waits and not turn_fresh():  # a paint or other timers used this turn
            self._waits -= 1
            self.timer.start()
            return
        self._waits = MAX_WAITS
        floor = self._floor()
        h = floor
        if self._active():
            rows = self._measure()
            if rows is None:
                self.timer.start()
                return
            h = max(floor, rows + 2 * self._view.frameWidth())
        self._measured = (0, 0)
        if self._view.minimumHeight() != h:
            self._view.setMinimumHeight(h)
