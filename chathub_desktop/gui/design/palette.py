"""The ``QPalette`` of a token set (issue 29): the roles Qt's styles and our painters
read (``Base``, ``Text``, ``Highlight``, ``PlaceholderText``…) take their colour from
:class:`~chathub_desktop.gui.design.tokens.Colours`, so painted items and stylesheet
rules agree."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from chathub_desktop.gui.design.tokens import Colours, colours_for

__all__ = ["error_color", "palette_for", "tokens_of"]


def palette_for(c: Colours) -> QPalette:
    """The palette of ``c``; disabled text, window text and button text take ``c.disabled``."""
    r = QPalette.ColorRole
    roles = {
        r.Window: c.window, r.WindowText: c.text, r.Base: c.surface, r.AlternateBase: c.hover,
        r.Text: c.text, r.Button: c.raised, r.ButtonText: c.text, r.BrightText: c.on_accent,
        r.Highlight: c.accent, r.HighlightedText: c.on_accent, r.ToolTipBase: c.tooltip,
        r.ToolTipText: c.tooltip_text, r.PlaceholderText: c.placeholder, r.Link: c.link,
        r.LinkVisited: c.link_visited, r.Mid: c.border_strong, r.Midlight: c.border,
        r.Dark: c.border_strong, r.Light: c.raised, r.Shadow: c.shadow, r.Accent: c.accent,
    }
    pal = QPalette()
    for role, value in roles.items():
        pal.setColor(role, QColor(value))
    for role in (r.Text, r.WindowText, r.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(c.disabled))
    return pal


def tokens_of(palette: QPalette) -> Colours:
    """The token set ``palette`` was built from: dark when its window text is light (the
    text, not the window: a stylesheet's transparent background leaves Window black). The
    active group is read: a disabled widget's window text is the grey ``disabled`` token,
    light in both themes."""
    return colours_for(palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.WindowText).lightness() > 128)


def error_color(palette: QPalette) -> QColor:
    """Error text and marks (the tokens' ``error``: ≥ 4.5:1 on every surface, both themes)."""
    return QColor(tokens_of(palette).error)
