"""The Memory page's content as one column of a readable width, centred (memlook52: it
hugged the left edge across 1,300 px; the Settings pages and Claude's or ChatGPT's settings
cap theirs). A component of :class:`~chathub_desktop.gui.memory.fixed_page.MemoryPage`,
given the page's scroll area and the layout around the column.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QHBoxLayout, QScrollArea, QWidget

from chathub_desktop.gui.design.tokens import Width


class CentredColumn(QObject):
    """Keeps the widget in ``around`` (the layout of ``scroll``'s page) at most
    :attr:`Width.SETTINGS` px wide and centred in the scroll area, through ``around``'s
    side margins; the scroll bar's room is kept at the right while the bar is hidden, so
    a line that brings the bar never moves anything sideways (fix30: Dream now stays put)."""

    def __init__(self, scroll: QScrollArea, around: QHBoxLayout) -> None:
        super().__init__(scroll)
        self._scroll, self._around = scroll, around
        scroll.viewport().installEventFilter(self)  # resized as the bar comes and goes
        self._bar_box = scroll.verticalScrollBar().parentWidget()  # what Qt shows and hides
        if self._bar_box is not None:
            self._bar_box.installEventFilter(self)
        self.fit()

    def sides(self, full: int) -> tuple[int, int]:
        """The column's left and right margins (px) in a width of ``full`` px, the scroll
        bar's room included on the right (shown or kept): what another view taking the
        column's place lines up with (:class:`ColumnTwin`)."""
        room = self._scroll.verticalScrollBar().sizeHint().width()
        side = max(0, (full - room - Width.SETTINGS) // 2)
        return side, side + room

    def fit(self) -> None:
        """Set the side margins for the scroll area's width now (no change, no relayout)."""
        full = self._scroll.contentsRect().width()  # the viewport and the bar's room
        shown = self._bar_box is not None and self._bar_box.isVisibleTo(self._scroll)
        side, right = self.sides(full)
        if shown:  # the bar takes its room itself
            right -= self._scroll.verticalScrollBar().sizeHint().width()
        margins = self._around.contentsMargins()
        if margins.left() != side or margins.right() != right:
            self._around.setContentsMargins(side, 0, right, 0)
            self._around.activate()  # at once: nothing drawn or measured at the old place

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: the scroll area's width or its bar changed → re-centre."""
        if event.type() in (QEvent.Type.Resize, QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
            self.fit()
        return False


class ColumnTwin(QObject):
    """Keeps a view shown in the column's place (History, walk53b #1) exactly as wide as
    the column's content and where it is (memhist54, audit54 walk #5: History was about
    10 px wider): ``around``, the layout of ``frame`` (as wide as the scroll area), gets
    the column's side margins plus ``inset`` (the column's own content margin), with
    ``top`` and ``bottom`` kept, on every resize of ``frame``. ``edge``: px of border the
    column's scroll area keeps on each side (its focus ring's room), inside which the
    column is centred."""

    def __init__(self, column: CentredColumn, frame: QWidget, around: QHBoxLayout, inset: int,
                 top: int, bottom: int, edge: int = 0) -> None:
        super().__init__(frame)
        self._column, self._frame, self._around = column, frame, around
        self._inset, self._top, self._bottom, self._edge = inset, top, bottom, edge
        frame.installEventFilter(self)
        self.fit()

    def fit(self) -> None:
        """Set ``around``'s margins for ``frame``'s width now."""
        edge = self._edge
        left, right = self._column.sides(self._frame.width() - 2 * edge)
        self._around.setContentsMargins(left + edge + self._inset, self._top, right + edge + self._inset, self._bottom)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: the frame's width changed → line up again."""
        if obj is self._frame and event.type() == QEvent.Type.Resize:
            self.fit()
        return False
