"""Elevation (polish52): a floating surface — the status toast over the messages — casts
the drop shadow of an :class:`~chathub_desktop.gui.design.tokens.Elevation` token in the
theme's ``shadow`` colour, recoloured when the theme switches (the widget's palette or
style changes), so it lifts off what it floats over in both themes."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsDropShadowEffect, QWidget

from chathub_desktop.gui.design.palette import tokens_of
from chathub_desktop.gui.design.tokens import Elevation

__all__ = ["Elevated"]

_THEME_EVENTS = (QEvent.Type.PaletteChange, QEvent.Type.StyleChange)


class Elevated(QObject):
    """Gives ``widget`` the shadow of ``elevation`` (a ``QGraphicsDropShadowEffect``,
    :attr:`effect`) and keeps its colour the theme's while the widget lives."""

    def __init__(self, widget: QWidget, elevation: Elevation) -> None:
        super().__init__(widget)
        self._widget = widget
        self._elevation = elevation
        self.effect = QGraphicsDropShadowEffect(widget)
        self.effect.setBlurRadius(elevation.blur)
        self.effect.setOffset(QPointF(0, elevation.offset))
        widget.setGraphicsEffect(self.effect)
        self._recolour()
        widget.installEventFilter(self)

    def _recolour(self) -> None:
        c = tokens_of(self._widget.palette())
        colour = QColor(c.shadow)
        colour.setAlphaF(self._elevation.dark_alpha if c.dark else self._elevation.alpha)
        self.effect.setColor(colour)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """The theme switched (a palette or style change of the widget): recolour."""
        if watched is self._widget and event.type() in _THEME_EVENTS:
            self._recolour()
        return False
