"""The colours of message rows (APP-10), derived once per palette from its Base, Text and
Highlight roles and the design-system tokens (issue 29: every size hint and paint asks)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette

from chathub_desktop.gui.design.tokens import colours_for

__all__ = ["RowColors", "blend", "row_colors"]


def blend(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` moved ``t`` (0..1) of the way towards ``b``."""
    return QColor(
        round(a.red() + (b.red() - a.red()) * t),
        round(a.green() + (b.green() - a.green()) * t),
        round(a.blue() + (b.blue() - a.blue()) * t),
    )


@dataclass(frozen=True)
class RowColors:
    """The colours a message row is painted in, derived from the palette (light or dark)."""

    user_bg: QColor
    assistant_bg: QColor
    error_bg: QColor
    error_border: QColor
    error_text: QColor
    pill_bg: QColor
    border: QColor
    text: QColor
    muted: QColor
    tag_text: QColor
    tag_bg: QColor
    accent: QColor
    on_accent: QColor
    warning: QColor
    focus: QColor  # the keyboard's row (chatlook52)


#: ``QPalette.cacheKey()`` → its colours: every size hint and paint asks (issue 29).
_COLORS_BY_PALETTE: dict[int, tuple[RowColors, bool]] = {}


def row_colors(pal: QPalette) -> tuple[RowColors, bool]:
    """The bubble colours of ``pal`` and whether it is dark, computed once per palette.
    Always its active colours: rows rendered while the window was still disabled (its
    first page shows before it takes input, issue 29) must not keep the greyed text."""
    key = pal.cacheKey()
    found = _COLORS_BY_PALETTE.get(key)
    if found is None:
        if len(_COLORS_BY_PALETTE) > 16:
            _COLORS_BY_PALETTE.clear()
        found = _COLORS_BY_PALETTE[key] = _palette_colors(pal)
    return found


def _palette_colors(pal: QPalette) -> tuple[RowColors, bool]:
    active = QPalette.ColorGroup.Active
    base = pal.color(active, QPalette.ColorRole.Base)
    text = pal.color(active, QPalette.ColorRole.Text)
    accent = pal.color(active, QPalette.ColorRole.Highlight)
    dark = base.lightness() < 128
    return (
        RowColors(
            user_bg=blend(base, accent, 0.30 if dark else 0.14),
            assistant_bg=blend(base, text, 0.05 if dark else 0.012),
            error_bg=QColor(colours_for(dark).diff_removed),
            error_border=QColor(colours_for(dark).error),
            error_text=QColor(colours_for(dark).error),
            pill_bg=blend(base, text, 0.10 if dark else 0.06),
            border=blend(base, text, 0.22 if dark else 0.16),
            text=text,
            muted=QColor(colours_for(dark).text_muted),  # 4.5:1 on the page (a blend was 3.7:1)
            tag_text=QColor(colours_for(dark).tag_text),  # 4.5:1 on tag_bg as painted (look50)
            # a tag's muted text reads 4.5:1 on it, as painted at caption size too (dark
            # 0.16 was 4.36:1 by the tokens, 3.8:1 painted; now 5.25:1, look49)
            tag_bg=blend(base, text, 0.10),
            accent=accent,
            on_accent=pal.color(active, QPalette.ColorRole.HighlightedText),
            warning=QColor(colours_for(dark).warning),
            focus=QColor(colours_for(dark).focus),
        ),
        dark,
    )
