"""Colours of the token badge and its popover, named once (issue 24).

Text colours come from the palette in use, so they follow the light and the dark theme
and keep WCAG 2.1 contrast on the popover's ``Window`` colour: :func:`muted_color`
(secondary lines, ≥ 4.5:1), :func:`warning_color` (the over-budget line, ≥ 4.5:1) and
:func:`caution_color` (at or above the high watermark). The part colours fill the
stacked bar and the row swatches; they carry no text.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

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
#: (light theme, dark theme) text colours; chosen for ≥ 4.5:1 on each theme's Window.
_WARNING = ("#b3261e", "#f28b82")
_CAUTION = ("#9a5b00", "#f0b45a")
#: Share of the text colour in the muted colour (the rest is the window colour).
_MUTED_SHARE = 0.7


def part_color(name: str) -> QColor:
    """Fill of part ``name`` (a neutral grey for parts without a colour of their own)."""
    return QColor(PART_COLORS.get(name, _OTHER_PART))


def is_dark(palette: QPalette) -> bool:
    """True when ``palette``'s window is dark."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def warning_color(palette: QPalette) -> QColor:
    """Red text of the one over-budget line and the high-watermark tick."""
    return QColor(_WARNING[is_dark(palette)])


def caution_color(palette: QPalette) -> QColor:
    """Amber text of the badge at or above the high watermark."""
    return QColor(_CAUTION[is_dark(palette)])


def muted_color(palette: QPalette) -> QColor:
    """Secondary text: the window text blended towards the window colour, so it reads as
    quieter and still keeps ≥ 4.5:1 contrast in both themes."""
    fg = palette.color(QPalette.ColorRole.WindowText)
    bg = palette.color(QPalette.ColorRole.Window)
    k = _MUTED_SHARE
    return QColor(round(fg.red() * k + bg.red() * (1 - k)), round(fg.green() * k + bg.green() * (1 - k)),
                  round(fg.blue() * k + bg.blue() * (1 - k)))


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG 2.1 contrast ratio of two colours (1.0 – 21.0)."""

    def luminance(c: QColor) -> float:
        def channel(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
