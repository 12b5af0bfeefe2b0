"""Colours of the token badge and its popover, named once (issue 24).

Text colours are the design tokens (issue 29) of the theme in use, so they follow the
light and the dark theme and keep WCAG 2.1 contrast on every surface: :func:`muted_color`
(secondary lines, ≥ 4.5:1) and :func:`caution_color` (at or above the high watermark);
the over-budget line is the theme's error colour (``design.palette.error_color``). The part colours fill the
stacked bar and the row swatches; they carry no text.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from chathub_desktop.gui.design.contrast import contrast_ratio as design_contrast
from chathub_desktop.gui.design.palette import tokens_of

#: Fill of each part in the bar and its row swatch, in display order.
PART_COLORS = {
    "instructions": "#5b8def",
    "tools": "#9b6bd6",
    "memory": "#2fa39a",
    "summary": "#e0a030",
    "pinned": "#c9782b",
    "history": "#7a8699",
    "draft": "#3fae55",
    "images": "#d65f8a",
    "knowledge": "#b07d48",
    "framing": "#a0a0a0",
}
_OTHER_PART = "#a0a0a0"


def part_color(name: str) -> QColor:
    """Fill of part ``name`` (a neutral grey for parts without a colour of their own)."""
    return QColor(PART_COLORS.get(name, _OTHER_PART))


def caution_color(palette: QPalette) -> QColor:
    """Amber text of the badge at or above the high watermark (the tokens' ``warning``)."""
    return QColor(tokens_of(palette).warning)


def muted_color(palette: QPalette) -> QColor:
    """Secondary text (the tokens' ``text_muted``: ≥ 4.5:1 on every surface, both themes)."""
    return QColor(tokens_of(palette).text_muted)


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG 2.1 contrast ratio of two colours (1.0 – 21.0), by :mod:`~chathub_desktop.gui.design.contrast`."""
    return design_contrast(a.name(), b.name())
