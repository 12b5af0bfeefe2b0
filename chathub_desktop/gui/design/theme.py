"""Light, dark and follow-the-system themes, the font size and the other view
preferences (issue 16, issue 29).

A theme is a token set (:mod:`~chathub_desktop.gui.design.tokens`) applied as the
application palette AND the application stylesheet compiled from the same tokens, plus
Qt's colour-scheme hint:

- ``system``: the light or dark tokens after the platform's scheme (followed live once
  :meth:`ViewPrefs.apply_hint` ran);
- ``light`` / ``dark``: that token set, on every platform theme (and offscreen).

Setting the application stylesheet re-polishes every widget, so a switch repaints the
whole window at once, both ways. The text size (walk29 #24) scales the conversation and
the composer's draft (:class:`~chathub_desktop.gui.design.tokens.TextSize`) through the
same stylesheet, so it too applies live. The preferences are kept in the window's
``QSettings`` under ``view/``, read and written through their declarations
(:mod:`chathub_desktop.gui.shell.window_settings`).
"""

from __future__ import annotations

import functools

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication, QPalette

from chathub_desktop.gui.chat.send_keys import SendKey
from chathub_desktop.gui.design.palette import palette_for
from chathub_desktop.gui.design.stylesheet import build_stylesheet
from chathub_desktop.gui.design.tokens import TextSize, Theme, colours_for
from chathub_desktop.gui.shell.window_settings import (
    NOTIFICATIONS,
    SEND_KEY,
    TEXT_SIZE,
    THEME,
    keep,
    kept,
)

__all__ = ["THEMES", "ViewPrefs", "apply_scheme_hint", "apply_theme"]

#: The theme words (:class:`Theme`), in the View menu's order.
THEMES = tuple(t.value for t in Theme)


def _system_is_dark(app: QGuiApplication) -> bool:
    app.setPalette(QPalette())  # the platform's own palette tells its scheme
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128


def apply_theme(app: QGuiApplication, theme: str, *, hint: bool = True, text: TextSize = TextSize.DEFAULT) -> None:
    """Apply ``theme`` (one of :data:`THEMES`) to ``app``: the palette and stylesheet of
    its tokens (the conversation's text at ``text``'s size), and with ``hint`` Qt's colour-scheme hint too (native dialogs, title
    bars). The window applies the palette before its first paint and the hint after it
    (the hint needs PySide6's ``Qt`` namespace, ~20 ms to build). Raises ``ValueError``
    for an unknown name."""
    if theme not in THEMES:
        raise ValueError(f"theme must be one of {', '.join(THEMES)}, not {theme!r}")
    if hint:
        apply_scheme_hint(app, theme)
    dark = _system_is_dark(app) if theme == Theme.SYSTEM else theme == Theme.DARK
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.icons import Icon, icon_file
    from chathub_desktop.gui.design.indicators import ThemedStyle

    # a style that paints with the palette it is given (the indicators: the sheet's,
    # walkthrough F6; shortcut underlines while Alt is held); chosen before the first sheet: under a sheet app.style() is Qt's
    # sheet style (no name), and replacing the style beneath a sheet crashes Qt
    if isinstance(app, QApplication) and not app.styleSheet() and not isinstance(app.style(), ThemedStyle):
        style = ThemedStyle("Breeze" if app.style().name().lower() == "breeze" else "Fusion")
        app.setStyle(style)
        style.watch_alt(app)
    colours = colours_for(dark)
    app.setPalette(palette_for(colours))
    if isinstance(app, QApplication):
        from PySide6.QtWidgets import QStyle, QToolTip

        # tooltips keep a palette of their own (the platform's until set): the tokens' too,
        # so a tooltip's rich text (links, muted spans) follows the theme (polish52)
        QToolTip.setPalette(palette_for(colours))
        current = app.styleSheet()
        points = app.font().pointSizeF()
        arrow = icon_file(Icon.DROP_DOWN, colours.text_muted)
        up = icon_file(Icon.STEP_UP, colours.text_muted)
        side = app.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth)  # the base style's size
        sheet = _sheet_text(dark, points if points > 0 else 10.0, arrow, text, up, side)
        # the same sheet again (another window, a repeated choice) changes nothing on
        # screen; setting it would repolish every widget of the app (~0.14 s each time)
        if sheet != current:
            app.setStyleSheet(sheet)
            if current:  # a theme was applied before: widgets exist
                _relink(app)


@functools.lru_cache(maxsize=4)
def _sheet_text(dark: bool, points: float, arrow: str, text: TextSize, up: str, side: int) -> str:
    """:func:`build_stylesheet`'s text for the dark or light tokens with the check box and
    radio button indicators ``side`` px square (:func:`indicator_sheet`), built once per set
    of arguments (a pure function of the tokens): every window applies the kept theme as it
    is made, and the tests make hundreds of windows in one process (issue 28)."""
    from chathub_desktop.gui.design.indicators import indicator_sheet

    colours = colours_for(dark)
    return build_stylesheet(colours, points, arrow, text, up).text + "\n" + indicator_sheet(colours, side)


def _relink(app: QGuiApplication) -> None:
    """Lay out again every label showing a link: a label keeps the link colour of the
    palette its text was set under, so after a live switch "More" stayed light-theme blue
    on the dark background (walk39 #7). First every bound text is said again
    (:func:`~chathub_desktop.gui.shell.i18n.resay`): one that holds a token colour is made
    in the new theme's (walk53 #1)."""
    from PySide6.QtWidgets import QApplication, QLabel

    from chathub_desktop.gui.shell.i18n import resay

    assert isinstance(app, QApplication)
    for w in app.allWidgets():
        try:
            resay(w)
        except RuntimeError:  # deleted by a text said before it
            continue
    for w in app.allWidgets():
        if isinstance(w, QLabel) and "<a " in (text := w.text()):
            w.clear()  # setText() of the same text does nothing
            w.setText(text)


def apply_scheme_hint(app: QGuiApplication, theme: str) -> None:
    """Tell Qt (and through it the platform) the colour scheme of ``theme``."""
    from PySide6.QtCore import Qt

    hints = app.styleHints()
    if theme == Theme.SYSTEM:
        hints.unsetColorScheme()
    else:
        hints.setColorScheme(Qt.ColorScheme.Dark if theme == Theme.DARK else Qt.ColorScheme.Light)


class ViewPrefs:
    """The theme, text size, send key and the desktop-notification switch kept in
    ``settings`` (``view/theme``, ``view/text_size``, ``view/send_key``,
    ``view/notifications``; ``None``: nothing is kept, for tests and the inert window) and
    applied to the app.

    ``theme`` is one of :data:`THEMES`; ``text_size`` a :class:`TextSize` (walk29 #24);
    ``send_key`` says which key sends the draft (issue 29)."""

    def __init__(self, app: QGuiApplication, settings: QSettings | None) -> None:
        self._app = app
        self._settings = settings
        self._following = False
        self.theme: Theme = kept(settings, THEME)
        self.text_size: TextSize = kept(settings, TEXT_SIZE)
        self.notifications: bool = kept(settings, NOTIFICATIONS)
        self.send_key: SendKey = kept(settings, SEND_KEY)

    def set_notifications(self, on: bool) -> None:
        """Desktop notifications on or off, kept."""
        self.notifications = on
        keep(self._settings, NOTIFICATIONS, on)

    def set_send_key(self, key: SendKey) -> None:
        """Which key sends the draft, kept."""
        self.send_key = key
        keep(self._settings, SEND_KEY, key)

    def apply(self, *, hint: bool = True) -> None:
        """Apply the kept theme and text size (at start-up, ``hint=False`` before the
        first paint and :meth:`apply_hint` after it)."""
        apply_theme(self._app, self.theme, hint=hint, text=self.text_size)

    def apply_hint(self) -> None:
        """Qt's colour-scheme hint for the kept theme; from now on a platform scheme
        change re-applies ``system``."""
        apply_scheme_hint(self._app, self.theme)
        if not self._following:
            self._following = True
            self._app.styleHints().colorSchemeChanged.connect(self._on_scheme_changed)

    def _on_scheme_changed(self, *_args: object) -> None:
        if self.theme == Theme.SYSTEM:
            apply_theme(self._app, Theme.SYSTEM, hint=False, text=self.text_size)

    def set_theme(self, theme: str) -> None:
        """Switch to ``theme`` and keep it. Raises ``ValueError`` for an unknown name."""
        apply_theme(self._app, theme, text=self.text_size)
        self.theme = Theme(theme)
        keep(self._settings, THEME, self.theme)

    def set_text_size(self, size: TextSize) -> None:
        """Show the conversation and the draft at ``size`` (live: the stylesheet is
        rebuilt) and keep it (walk29 #24)."""
        self.text_size = size
        apply_theme(self._app, self.theme, hint=False, text=size)
        keep(self._settings, TEXT_SIZE, size)
