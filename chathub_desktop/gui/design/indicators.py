"""Check box and radio button indicators drawn from the tokens (walkthrough F6).

Fusion outlines an unchecked indicator with the window colour darkened by 40 %: in the
dark theme that is #18181b on #1e1f22, 1.1:1, so the box is invisible. WCAG 2.1 1.4.11
asks 3:1 for the parts of a control that show its state. :class:`ThemedStyle` is Fusion
with these two indicators (and the check boxes of list items, which Fusion draws through
them) painted from the tokens of the palette in effect: an ``indicator`` outline when
unchecked; an ``indicator_on`` fill with an ``indicator_mark`` tick, dash or dot when
checked; ``disabled`` for a disabled control; ``focus`` for keyboard focus. Every other
element is Fusion's (or Breeze's, where the platform uses it).

Shortcut letters are underlined only while Alt is held (walk29 #13: underlines on every
label, button and menu read as a 2005 dialog), as Windows, GNOME and KDE do:
:meth:`ThemedStyle.watch_alt` puts a filter on each focused window that repaints the
windows when Alt goes down or up.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF
from PySide6.QtGui import QColor, QGuiApplication, QKeyEvent, QPainter, QPainterPath, QPen, QWindow
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleHintReturn, QStyleOption, QWidget

from chathub_desktop.gui.design.palette import tokens_of
from chathub_desktop.gui.design.tokens import Radius

__all__ = ["ThemedStyle"]

#: Key press and release: the events :meth:`ThemedStyle.eventFilter` looks at.
_KEY_EVENTS = (QEvent.Type.KeyPress, QEvent.Type.KeyRelease)
#: ``Qt.Key.Key_Alt`` (the ``Qt`` namespace is not built at import: the style is set before the first paint).
_ALT_KEY = 0x01000023
#: Looked up once: Qt asks the style for hints thousands of times a second while it lays out.
_UNDERLINE = QStyle.StyleHint.SH_UnderlineShortcut
#: What ``QWidget.isActiveWindow`` asks of every widget outside the active window — a page
#: being built hidden, a window behind a dialog — ~60 % of the hints an open of the Memory
#: page asks (issue 30, mem51: 2,400 of 3,900). The base style's answer is a constant.
_SHARE_ACTIVATION = QStyle.StyleHint.SH_Widget_ShareActivation

#: The property that marks a window the Alt filter already sits on.
_WATCHED = "chathubAltWatched"

#: Line width of the outline, tick and dash, as a fraction of the indicator's side.
_STROKE = 0.12


class ThemedStyle(QProxyStyle):
    """Fusion (``base``: a style key, "Fusion" or "Breeze") with token-coloured check box
    and radio button indicators."""

    def __init__(self, base: str = "Fusion") -> None:
        super().__init__(base)
        self.alt_held = False  # shortcut letters are underlined only meanwhile (walk29 #13)
        #: The base style's :data:`_SHARE_ACTIVATION`, read once (no round trip to it per call).
        self._share = super().styleHint(_SHARE_ACTIVATION)

    def watch_alt(self, app: QGuiApplication) -> None:
        """Follow the Alt key in ``app``: the windows repaint with underlined shortcut
        letters while it is held. Key events reach the focused window first, so the filter
        sits on each window as it gets the focus (an application-wide filter would run
        Python for every event of the app: +12 µs each, measured)."""
        app.focusWindowChanged.connect(self._focus_window_changed)
        self._focus_window_changed(app.focusWindow())

    def _focus_window_changed(self, window: QWindow | None) -> None:
        if window is None:  # the app lost the focus: Alt's release may never arrive
            self._set_alt(False)
            return
        if window.property(_WATCHED) is not True:
            window.setProperty(_WATCHED, True)
            window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Alt down or up in a watched window toggles :attr:`alt_held`; never consumes the event."""
        kind = event.type()
        if kind in _KEY_EVENTS and isinstance(event, QKeyEvent) and event.key() == _ALT_KEY:
            self._set_alt(kind == QEvent.Type.KeyPress)
        return False

    def _set_alt(self, held: bool) -> None:
        if held == self.alt_held:
            return
        self.alt_held = held
        from PySide6.QtWidgets import QApplication

        for widget in QApplication.topLevelWidgets():
            if widget.isVisible():
                widget.update()
                for child in widget.findChildren(QWidget):
                    child.update()

    def styleHint(self, hint: QStyle.StyleHint, option: QStyleOption | None = None,  # noqa: N802 - Qt override
                  widget: QWidget | None = None, data: QStyleHintReturn | None = None) -> int:
        """Underline shortcut letters only while Alt is held; every other hint is the base
        style's (:data:`_SHARE_ACTIVATION` as read once: the override's own call from Qt is
        most of its cost, ~1.4 µs, and cannot be avoided in Python)."""
        if hint is _SHARE_ACTIVATION:
            return self._share
        if hint is _UNDERLINE:
            return int(self.alt_held)
        return super().styleHint(hint, option, widget, data)

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption,  # noqa: N802 - Qt override
                      painter: QPainter, widget: QWidget | None = None) -> None:
        """Paint the two indicators ourselves; hand every other element to the base style."""
        pe = QStyle.PrimitiveElement
        if element in (pe.PE_IndicatorCheckBox, pe.PE_IndicatorRadioButton):
            _paint_indicator(option, painter, radio=element == pe.PE_IndicatorRadioButton)
            return
        super().drawPrimitive(element, option, painter, widget)


def _paint_indicator(option: QStyleOption, painter: QPainter, *, radio: bool) -> None:
    from PySide6.QtCore import Qt  # not at import: the style is set before the first paint

    c = tokens_of(option.palette)
    state = option.state
    on = bool(state & (QStyle.StateFlag.State_On | QStyle.StateFlag.State_NoChange))
    enabled = bool(state & QStyle.StateFlag.State_Enabled)
    side = min(option.rect.width(), option.rect.height())
    box = QRectF(option.rect.x(), option.rect.y(), side, side).adjusted(0.5, 0.5, -0.5, -0.5)
    box.moveCenter(QRectF(option.rect).center())
    if not enabled:
        fill, line = (QColor(c.disabled), QColor(c.disabled)) if on else (QColor(c.surface), QColor(c.disabled))
    else:
        fill, line = (QColor(c.indicator_on), QColor(c.indicator_on)) if on else (QColor(c.surface),
                                                                                  QColor(c.indicator))
    if enabled and state & QStyle.StateFlag.State_HasFocus and state & QStyle.StateFlag.State_KeyboardFocusChange:
        line = QColor(c.focus)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(QPen(line, 1.0))
    painter.setBrush(fill)
    if radio:
        painter.drawEllipse(box)
    else:
        painter.drawRoundedRect(box, Radius.SM / 2, Radius.SM / 2)
    if on:
        mark = QColor(c.indicator_mark if enabled else c.surface)
        if radio:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(mark)
            painter.drawEllipse(box.center(), side * 0.2, side * 0.2)
        else:
            pen = QPen(mark, max(1.5, side * _STROKE))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            x, y, w = box.x(), box.y(), box.width()
            path = QPainterPath()
            if state & QStyle.StateFlag.State_NoChange:  # partly checked: a dash
                path.moveTo(QPointF(x + w * 0.28, y + w * 0.5))
                path.lineTo(QPointF(x + w * 0.72, y + w * 0.5))
            else:
                path.moveTo(QPointF(x + w * 0.25, y + w * 0.52))
                path.lineTo(QPointF(x + w * 0.43, y + w * 0.7))
                path.lineTo(QPointF(x + w * 0.76, y + w * 0.32))
            painter.drawPath(path)
    painter.restore()
