"""The ``QPalette`` of a token set (issue 29): the roles Qt's styles and our painters
read (``Base``, ``Text``, ``Highlight``, ``PlaceholderText``…) take their colour from
:class:`~chathub_desktop.gui.design.tokens.Colours`, so painted items and stylesheet
rules agree."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from chathub_desktop.gui.design.tokens import Colours

__all__ = ["palette_for"]


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
