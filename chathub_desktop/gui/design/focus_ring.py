"""A focus ring for a scroll area that no stylesheet rule may draw (issue 29).

A sheet rule that borders a ``QAbstractScrollArea`` turns its viewport's
``autoFillBackground`` off under Qt's sheet style, and a viewport that is not opaque is
repainted whole on every scroll step instead of having its pixels moved (APP-10: the
message list). :class:`FocusRing` draws the keyboard's place instead: a child of the area
masked to a :data:`RING` px frame around the viewport, shown only while the area has the
focus, in the theme's ``focus`` token. The area keeps :data:`RING` px of viewport margin on
every side (:func:`ring_margins`), so the ring never overlaps the viewport and Qt still
scrolls it by moving pixels (an overlapping sibling would make every scroll repaint).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QRegion
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

from chathub_desktop.gui.design.palette import tokens_of
from chathub_desktop.gui.design.tokens import Space

__all__ = ["RING", "FocusRing", "ring_margins"]

#: The ring's width, px: the focus ring of every other Tab stop (walk49 #3).
RING = int(Space.XXS)


def ring_margins(left: int = 0, top: int = 0, right: int = 0, bottom: int = 0) -> tuple[int, int, int, int]:
    """Viewport margins (left, top, right, bottom; px) that leave :data:`RING` px around
    the viewport besides the area's own ``left`` … ``bottom`` (e.g. a gutter)."""
    return left + RING, top + RING, right + RING, bottom + RING


class FocusRing(QWidget):
    """The ring around ``area``'s edge while ``area`` has the keyboard focus (see the
    module docstring). The area must keep :func:`ring_margins` as its viewport margins.
    Transparent to the mouse; takes no focus; follows the area's size and the theme."""

    def __init__(self, area: QAbstractScrollArea) -> None:
        super().__init__(area)
        self.setObjectName("focusRing")
        self._area = area
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        area.installEventFilter(self)
        self._place()
        self.hide()

    def colour(self) -> QColor:
        """The ring's colour: the ``focus`` token of the theme the area is painted in."""
        return QColor(tokens_of(self._area.palette()).focus)

    def _place(self) -> None:
        r = self._area.rect()
        self.setGeometry(r)
        self.setMask(QRegion(r).subtracted(QRegion(r.adjusted(RING, RING, -RING, -RING))))

    def _sync(self) -> None:
        self.setVisible(self._area.hasFocus())
        if self.isVisible():
            self.raise_()

    def eventFilter(self, watched: QObject, e: QEvent) -> bool:  # noqa: N802 - Qt override
        """Shown on the area's focus-in, hidden on its focus-out; resized with it."""
        if watched is self._area:
            kind = e.type()
            if kind in (QEvent.Type.FocusIn, QEvent.Type.FocusOut):
                self._sync()
            elif kind == QEvent.Type.Resize:
                self._place()
            elif kind == QEvent.Type.PaletteChange:
                self.update()  # a theme switch: the other theme's focus colour
        return False

    def paintEvent(self, _e: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """The ring: the mask's frame filled with the focus colour."""
        p = QPainter(self)
        p.fillRect(QRect(self.rect()), self.colour())
        p.end()
