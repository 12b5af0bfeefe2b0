"""The Memory page's content as one column of a readable width, centred (memlook52: it
hugged the left edge across 1,300 px; the Settings pages and Claude's or ChatGPT's settings
cap theirs). A component of :class:`~chathub_desktop.gui.memory.fixed_page.MemoryPage`,
given the page's scroll area and the layout around the column.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QHBoxLayout, QScrollArea

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

    def fit(self) -> None:
        """Set the side margins for the scroll area's width now (no change, no relayout)."""
        full = self._scroll.contentsRect().width()  # the viewport and the bar's room
        room = self._scroll.verticalScrollBar().sizeHint().width()
        shown = self._bar_box is not None and self._bar_box.isVisibleTo(self._scroll)
        side = max(0, (full - room - Width.SETTINGS) // 2)
        right = side + (0 if shown else room)
        margins = self._around.contentsMargins()
        if margins.left() != side or margins.right() != right:
            self._around.setContentsMargins(side, 0, right, 0)
            self._around.activate()  # at once: nothing drawn or measured at the old place

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: the scroll area's width or its bar changed → re-centre."""
        if event.type() in (QEvent.Type.Resize, QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
            self.fit()
        return False
