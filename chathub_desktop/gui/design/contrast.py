"""WCAG 2.1 contrast (issue 29): relative luminance and the contrast ratio of two colours.

Pure functions over ``#rrggbb`` strings or ``(r, g, b)`` tuples of 0–255 ints. The
formula is WCAG 2.1's (success criterion 1.4.3, "relative luminance"): sRGB channels
linearised with the 0.03928 threshold, ``L = 0.2126 R + 0.7152 G + 0.0722 B``,
ratio ``(L1 + 0.05) / (L2 + 0.05)`` with the lighter colour on top, from 1 to 21.
"""

from __future__ import annotations

__all__ = ["LARGE_TEXT_MIN", "TEXT_MIN", "contrast_ratio", "relative_luminance", "rgb"]

#: Least contrast for body text (WCAG 2.1 AA).
TEXT_MIN = 4.5
#: Least contrast for large text (≥ 18 pt, or 14 pt bold) and for icons (WCAG 2.1 AA).
LARGE_TEXT_MIN = 3.0

Colour = str | tuple[int, int, int]


def rgb(colour: Colour) -> tuple[int, int, int]:
    """``(r, g, b)`` of ``colour`` (``#rrggbb`` or a tuple). Raises ``ValueError`` for
    any other string."""
    if isinstance(colour, tuple):
        return colour
    s = colour.strip()
    if len(s) != 7 or s[0] != "#":
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    try:
        return int(s[1:3], 16), int(s[3:5], 16), int(s[5:7], 16)
    except ValueError:
        raise ValueError(f"not a #rrggbb colour: {colour!r}") from None


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: Colour) -> float:
    """WCAG relative luminance of ``colour``, 0 (black) to 1 (white)."""
    r, g, b = rgb(colour)
    return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)


def contrast_ratio(fg: Colour, bg: Colour) -> float:
    """WCAG contrast ratio of ``fg`` on ``bg``: 1.0 (same) to 21.0 (black on white);
    symmetric in its arguments."""
    a, b = relative_luminance(fg), relative_luminance(bg)
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)
