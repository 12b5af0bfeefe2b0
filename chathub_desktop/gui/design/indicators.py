"""Check box and radio button indicators from the tokens (walkthrough F6), and the
shortcut underline only while Alt is held (walk29 #13).

Fusion outlines an unchecked indicator with the window colour darkened by 40 %: in the
dark theme that is #18181b on #1e1f22, 1.1:1, so the box is invisible. WCAG 2.1 1.4.11
asks 3:1 for the parts of a control that show its state. :func:`indicator_sheet` gives
the stylesheet rules that paint the indicators of check boxes, radio buttons, checkable
group boxes and item-view check boxes from SVG images written once per theme from the
tokens: an ``indicator`` outline when unchecked; an ``indicator_on`` fill with an
``indicator_mark`` tick, dash or dot when checked; ``disabled`` for a disabled control;
``focus`` for the focused one. Qt's sheet style draws them, so no Python runs per paint
(style52, issue 28: a Python ``drawPrimitive`` made PySide6 resolve every QtWidgets class
at start-up, ~10 ms, the first time it was handed a widget made in C++).

Shortcut letters are underlined only while Alt is held (walk29 #13: underlines on every
label, button and menu read as a 2005 dialog), as Windows, GNOME and KDE do:
:meth:`ThemedStyle.watch_alt` puts a filter on each focused window that repaints the
windows when Alt goes down or up. That answer is :class:`ThemedStyle`'s one override
(``styleHint``): neither the stylesheet, the palette nor ``QStyleHints`` can set the
underline hint, and PySide6 decides once per style object whether a method is overridden,
so it cannot be added after the first paint.
"""

from __future__ import annotations

import os
from functools import cache

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QGuiApplication, QIcon, QKeyEvent, QWindow
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleHintReturn, QStyleOption, QWidget

from chathub_desktop.gui.design.icons import Icon, icon, icon_folder
from chathub_desktop.gui.design.tokens import Colours, Radius

__all__ = ["BARE_INDICATOR", "ThemedStyle", "indicator_sheet"]

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

#: The property (True) that marks a check box or radio button shown without a text of its
#: own (its name is beside it, e.g. a setting row's title): no label spacing is kept.
BARE_INDICATOR = "bareIndicator"

#: The property that marks a window the Alt filter already sits on.
_WATCHED = "chathubAltWatched"
#: A message box's standard icons, drawn from the bundled set in the text colour (a11y53: the
#: base style's yellow warning and blue question marks were 1.4:1 and 2.6:1 on the light surface).
_MESSAGE_ICONS = {
    QStyle.StandardPixmap.SP_MessageBoxWarning: Icon.WARNING, QStyle.StandardPixmap.SP_MessageBoxCritical: Icon.ERROR,
    QStyle.StandardPixmap.SP_MessageBoxInformation: Icon.ABOUT, QStyle.StandardPixmap.SP_MessageBoxQuestion: Icon.HELP,
}

#: Line width of the tick and the dash, as a fraction of the indicator's side (the outline: 1 px).
_STROKE = 0.12


class ThemedStyle(QProxyStyle):
    """Fusion (``base``: a style key, "Fusion" or "Breeze") whose shortcut letters are
    underlined only while Alt is held and whose message box icons follow the theme."""

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

    def standardIcon(self, standard: QStyle.StandardPixmap, option: QStyleOption | None = None,  # noqa: N802
                     widget: QWidget | None = None) -> QIcon:
        """A message box's icons (:data:`_MESSAGE_ICONS`) from the bundled set, tinted per
        theme at 3:1 or more; every other icon is the base style's."""
        glyph = _MESSAGE_ICONS.get(standard)
        return icon(glyph) if glyph is not None else super().standardIcon(standard, option, widget)

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


#: (selector, state) pairs of :func:`indicator_sheet`, the outline and fill tokens and
#: the mark of each: the widget states a sheet can tell apart.
_CHECK_STATES = (
    (":unchecked", "indicator", "surface", ""), (":checked", "indicator_on", "indicator_on", "tick"),
    (":indeterminate", "indicator_on", "indicator_on", "dash"),
    (":unchecked:focus", "focus", "surface", ""), (":checked:focus", "focus", "indicator_on", "tick"),
    (":indeterminate:focus", "focus", "indicator_on", "dash"),
    (":unchecked:disabled", "disabled", "surface", ""), (":checked:disabled", "disabled", "disabled", "tick"),
    (":indeterminate:disabled", "disabled", "disabled", "dash"),
)
_RADIO_STATES = (
    (":unchecked", "indicator", "surface", ""), (":checked", "indicator_on", "indicator_on", "dot"),
    (":unchecked:focus", "focus", "surface", ""), (":checked:focus", "focus", "indicator_on", "dot"),
    (":unchecked:disabled", "disabled", "surface", ""), (":checked:disabled", "disabled", "disabled", "dot"),
)
#: The widgets whose check indicator the sheet paints (an item view's: its items' boxes).
_CHECKS = ("QCheckBox::indicator", "QGroupBox::indicator", "QAbstractItemView::indicator")


def indicator_sheet(c: Colours, side: int) -> str:
    """Stylesheet rules painting check box and radio button indicators ``side`` px square
    (the base style's size) from ``c``'s tokens, each state an SVG image written once.
    Raises ``OSError`` when the temp folder is not writable."""
    rules = []
    for selector, states, shape in ((_CHECKS, _CHECK_STATES, "box"), (("QRadioButton::indicator",), _RADIO_STATES,
                                                                      "round")):
        rules.append(f"{', '.join(selector)} {{ width: {side}px; height: {side}px; }}")
        for state, line, fill, mark in states:
            mark_colour = c.surface if state.endswith(":disabled") else c.indicator_mark
            path = _indicator_file(shape, side, getattr(c, line), getattr(c, fill), mark, mark_colour)
            rules.append(f"{', '.join(s + state for s in selector)} {{ image: url({path}); }}")
    # the room Fusion keeps above and below a button's indicator (its size hint: 4 px, +1):
    # rows of check boxes keep their pitch under the sheet, which sizes them by the indicator
    rules.append("QCheckBox::indicator, QRadioButton::indicator { margin: 2px 0px 3px 0px; }")
    # a box without a label of its own (a setting row's switch) keeps no room for one: the
    # sheet keeps the label's spacing beside it, which moved it 6 px in from the row's end
    # (a sheet cannot select an empty text: the owner marks it)
    rules.append(f'QCheckBox[{BARE_INDICATOR}="true"], QRadioButton[{BARE_INDICATOR}="true"] {{ spacing: 0px; }}')
    return "\n".join(rules)


@cache
def _indicator_file(shape: str, side: int, line: str, fill: str, mark: str, mark_colour: str) -> str:
    """The path of one indicator's SVG (written on the first call with these arguments)."""
    path = os.path.join(icon_folder(), f"indicator-{shape}-{mark or 'off'}-{side}-"
                        f"{line.lstrip('#')}-{fill.lstrip('#')}-{mark_colour.lstrip('#')}.svg")
    with open(path, "w", encoding="ascii") as f:
        f.write(_indicator_svg(shape, side, line, fill, mark, mark_colour))
    return path.replace(os.sep, "/")


def _indicator_svg(shape: str, side: int, line: str, fill: str, mark: str, mark_colour: str) -> str:
    """One indicator as SVG text: a 1 px ``line`` outline filled with ``fill`` (rounded
    square or circle), with ``mark`` ("tick", "dash", "dot" or "") in ``mark_colour``."""
    w = side - 1.0  # the outline's box, inset half a pixel so the 1 px line is sharp
    if shape == "round":
        body = f'<circle cx="{side / 2}" cy="{side / 2}" r="{w / 2}" fill="{fill}" stroke="{line}"/>'
    else:
        r = Radius.SM / 2
        body = f'<rect x="0.5" y="0.5" width="{w}" height="{w}" rx="{r}" fill="{fill}" stroke="{line}"/>'

    def stroke(width: float) -> str:
        return (f'fill="none" stroke="{mark_colour}" stroke-width="{width:.2f}" '
                'stroke-linecap="round" stroke-linejoin="round"')

    def at(fx: float, fy: float) -> str:
        return f"{0.5 + w * fx:.2f},{0.5 + w * fy:.2f}"

    if mark == "tick":
        body += f'<polyline points="{at(0.25, 0.52)} {at(0.43, 0.7)} {at(0.76, 0.32)}" {stroke(max(1.5, side * _STROKE))}/>'
    elif mark == "dash":  # centred on a pixel edge: whole pixels thick, it fills its rows (crisp)
        body += f'<polyline points="{at(0.28, 0.5)} {at(0.72, 0.5)}" {stroke(max(2, round(side * _STROKE)))}/>'
    elif mark == "dot":
        body += f'<circle cx="{side / 2}" cy="{side / 2}" r="{side * 0.2:.2f}" fill="{mark_colour}"/>'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" '
            f'viewBox="0 0 {side} {side}">{body}</svg>')
