"""A one-line label that elides its text to the width its row gives it (issue 30, walk37
#7): it never widens its row or the window; the tooltip keeps the whole text."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel

__all__ = ["ElidedLine"]


class ElidedLine(QLabel):
    """A one-line label for a row of buttons: it takes the width it is given and no more,
    its text elided at the right when longer (``text()`` and the tooltip keep it whole), so
    showing or changing it never changes the height or the layout of its row (issue 30:
    a status line appearing moved Dream now)."""

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        """Qt: the text (one line: line breaks become spaces); the tooltip is the whole text."""
        text = " ".join(text.split("\n"))
        super().setText(text)
        self.setToolTip(text)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Qt: no width of its own (its row decides), one line high."""
        return QSize(0, super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Qt: as :meth:`minimumSizeHint`; the row's stretch gives it its width."""
        return QSize(0, super().sizeHint().height())

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """Qt: the text elided to the label's width."""
        rect = self.contentsRect()
        shown = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, rect.width())
        painter = QPainter(self)
        self.style().drawItemText(painter, rect, int(self.alignment()), self.palette(), self.isEnabled(), shown,
                                  self.foregroundRole())
        painter.end()
