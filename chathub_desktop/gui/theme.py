"""Light, dark and follow-the-system themes and the font size (issue 16).

The widgets and the message painter take every colour from the palette (the painter
blends ``Base``, ``Text`` and ``Highlight``; code blocks pick their dark or light
colours from the ``Base`` lightness), so a theme is a palette plus Qt's colour-scheme
hint:

- ``system``: the platform's own scheme and palette, followed live;
- ``light`` / ``dark``: Qt's colour-scheme hint set, and an explicit Fusion-style
  palette, so the choice holds on every platform theme (and offscreen).

The font size is a point size for the whole app (0: the platform's default). Both are
window preferences of this machine, kept in the window's ``QSettings`` under ``view/``.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette

__all__ = ["FONT_MAX", "FONT_MIN", "THEMES", "ViewPrefs", "apply_font_size", "apply_scheme_hint",
           "apply_theme", "dark_palette", "light_palette"]

THEMES = ("system", "light", "dark")
FONT_MIN, FONT_MAX = 7, 24


def _palette(colors: dict[QPalette.ColorRole, str], disabled_text: str) -> QPalette:
    pal = QPalette()
    for role, value in colors.items():
        pal.setColor(role, QColor(value))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled_text))
    return pal


def dark_palette() -> QPalette:
    """A dark palette with enough contrast for text (≥ 7:1 on Base) and links."""
    r = QPalette.ColorRole
    return _palette({
        r.Window: "#202124", r.WindowText: "#e8eaed", r.Base: "#18191b", r.AlternateBase: "#26282b",
        r.Text: "#e8eaed", r.Button: "#2b2d31", r.ButtonText: "#e8eaed", r.BrightText: "#ffffff",
        r.Highlight: "#4f6bed", r.HighlightedText: "#ffffff", r.ToolTipBase: "#2b2d31",
        r.ToolTipText: "#e8eaed", r.PlaceholderText: "#9aa0a6", r.Link: "#8ab4f8",
        r.LinkVisited: "#c58af9", r.Mid: "#3c4043", r.Dark: "#101113", r.Light: "#3c4043",
        r.Midlight: "#33363a", r.Shadow: "#000000",
    }, "#6f747a")


def light_palette() -> QPalette:
    """A light palette (the Fusion defaults with a blue accent)."""
    r = QPalette.ColorRole
    return _palette({
        r.Window: "#f3f4f6", r.WindowText: "#1f2328", r.Base: "#ffffff", r.AlternateBase: "#f6f8fa",
        r.Text: "#1f2328", r.Button: "#f3f4f6", r.ButtonText: "#1f2328", r.BrightText: "#ffffff",
        r.Highlight: "#3b5bdb", r.HighlightedText: "#ffffff", r.ToolTipBase: "#ffffdc",
        r.ToolTipText: "#1f2328", r.PlaceholderText: "#6e7781", r.Link: "#0b57d0",
        r.LinkVisited: "#6f42c1", r.Mid: "#c4c8cc", r.Dark: "#a0a4a8", r.Light: "#ffffff",
        r.Midlight: "#e4e6e8", r.Shadow: "#767676",
    }, "#8c959f")


def apply_theme(app: QGuiApplication, theme: str, *, hint: bool = True) -> None:
    """Apply ``theme`` (one of :data:`THEMES`) to ``app``: its palette, and with ``hint``
    Qt's colour-scheme hint too (native dialogs, title bars). The window applies the
    palette before its first paint and the hint after it (the hint needs PySide6's ``Qt``
    namespace, ~20 ms to build). Raises ``ValueError`` for an unknown name."""
    if theme not in THEMES:
        raise ValueError(f"theme must be one of {', '.join(THEMES)}, not {theme!r}")
    if hint:
        apply_scheme_hint(app, theme)
    if theme == "system":
        app.setPalette(QPalette())  # back to the platform's palette
        return
    from PySide6.QtWidgets import QApplication

    if isinstance(app, QApplication) and app.style().name().lower() not in ("fusion", "breeze"):
        app.setStyle("Fusion")  # a style that paints with the palette it is given
    app.setPalette(dark_palette() if theme == "dark" else light_palette())


def apply_scheme_hint(app: QGuiApplication, theme: str) -> None:
    """Tell Qt (and through it the platform) the colour scheme of ``theme``."""
    from PySide6.QtCore import Qt

    hints = app.styleHints()
    if theme == "system":
        hints.unsetColorScheme()
    else:
        hints.setColorScheme(Qt.ColorScheme.Dark if theme == "dark" else Qt.ColorScheme.Light)


def apply_font_size(app: QGuiApplication, points: int, default: QFont) -> None:
    """Set the app font to ``points`` (clamped to :data:`FONT_MIN`–:data:`FONT_MAX`), or
    back to ``default`` for 0."""
    font = QFont(default)
    if points:
        font.setPointSize(max(FONT_MIN, min(FONT_MAX, points)))
    app.setFont(font)


class ViewPrefs:
    """The theme, font size and the desktop-notification switch kept in ``settings``
    (``view/theme``, ``view/font_size``, ``view/notifications``;
    ``None``: nothing is kept, for tests and the inert window) and applied to the app.

    ``theme`` is one of :data:`THEMES`; ``font_size`` is points, 0 for the default."""

    def __init__(self, app: QGuiApplication, settings: QSettings | None) -> None:
        self._app = app
        self._settings = settings
        self._default_font = QFont(app.font())
        theme = str(settings.value("view/theme", "system")) if settings is not None else "system"
        self.theme = theme if theme in THEMES else "system"
        try:
            size = int(str(settings.value("view/font_size", 0))) if settings is not None else 0
        except ValueError:
            size = 0
        self.font_size = size if size == 0 or FONT_MIN <= size <= FONT_MAX else 0
        kept = settings.value("view/notifications", "true") if settings is not None else "true"
        self.notifications = str(kept).lower() not in ("false", "0", "off")

    def set_notifications(self, on: bool) -> None:
        """Desktop notifications on or off, kept."""
        self.notifications = on
        if self._settings is not None:
            self._settings.setValue("view/notifications", "true" if on else "false")

    def apply(self, *, hint: bool = True) -> None:
        """Apply the kept theme and font size (at start-up, ``hint=False`` before the
        first paint and :meth:`apply_hint` after it)."""
        apply_theme(self._app, self.theme, hint=hint)
        apply_font_size(self._app, self.font_size, self._default_font)

    def apply_hint(self) -> None:
        """Qt's colour-scheme hint for the kept theme."""
        apply_scheme_hint(self._app, self.theme)

    def set_theme(self, theme: str) -> None:
        """Switch to ``theme`` and keep it. Raises ``ValueError`` for an unknown name."""
        apply_theme(self._app, theme)
        self.theme = theme
        if self._settings is not None:
            self._settings.setValue("view/theme", theme)

    def current_points(self) -> int:
        """The font size in effect (points)."""
        return self.font_size or self._default_font.pointSize()

    def set_font_size(self, points: int) -> None:
        """Use ``points`` (0: the default) and keep it; clamped to the allowed range."""
        if points:
            points = max(FONT_MIN, min(FONT_MAX, points))
        apply_font_size(self._app, points, self._default_font)
        self.font_size = points
        if self._settings is not None:
            self._settings.setValue("view/font_size", points)

    def step_font(self, delta: int) -> None:
        """Larger (+1) or smaller (−1) by one point."""
        self.set_font_size(self.current_points() + delta)


def error_color(palette: QPalette) -> QColor:
    """The colour of error text and marks on ``palette``'s window: a red that keeps
    ≥ 4.5:1 contrast on the light (#b3261e) and the dark (#f28b82) theme's Window."""
    return QColor("#f28b82" if palette.color(QPalette.ColorRole.Window).lightness() < 128 else "#b3261e")


def busy_color(palette: QPalette) -> QColor:
    """The colour of a "working in the background" mark (a reply streaming in another
    topic): the palette's accent, ``Highlight``."""
    return palette.color(QPalette.ColorRole.Highlight)
