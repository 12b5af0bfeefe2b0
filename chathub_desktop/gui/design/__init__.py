"""The design system (issue 29): tokens (:mod:`.tokens`), the WCAG contrast maths
(:mod:`.contrast`), the palette and the application stylesheet compiled from the tokens
(:mod:`.palette`, :mod:`.stylesheet`), themed icons (:mod:`.icons`), the theme and view
preferences (:mod:`.theme`) and the contrast/clipping audit (:mod:`.audit`).

A widget takes its look from here: :func:`set_tone` / :func:`set_text_size` for labels,
:func:`current_colours` where a painter or rich text needs a colour; never a literal.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QWidget

from chathub_desktop.gui.design.tokens import Colours, Space, Tone, TypeScale, colours_for

__all__ = ["Colours", "Space", "Tone", "TypeScale", "current_colours", "is_dark", "mark_help", "repolish",
           "set_text_size", "set_tone"]


def is_dark() -> bool:
    """True when the application palette in effect is a dark one."""
    return QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128


def current_colours() -> Colours:
    """The token set of the theme in effect (read from the application palette)."""
    return colours_for(is_dark())


def repolish(widget: QWidget) -> None:
    """Re-apply the stylesheet to ``widget`` after one of its properties changed."""
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
    widget.update()


def set_tone(widget: QWidget, tone: Tone) -> None:
    """Colour ``widget``'s text by what it says (the stylesheet's ``[tone=…]`` rules)."""
    if widget.property("tone") != tone.value:
        widget.setProperty("tone", tone.value)
        repolish(widget)


def set_text_size(widget: QWidget, size: TypeScale) -> None:
    """Size ``widget``'s text on the type scale (the stylesheet's ``[textSize=…]`` rules)."""
    widget.setProperty("textSize", size.name.lower())
    repolish(widget)


def mark_help(button: QWidget) -> None:
    """Draw ``button``'s ``?`` bold at body size (the stylesheet's ``[helpGlyph="true"]``
    rule): in 简体中文 the CJK font's thin ``?`` painted no pixel of its colour, 1.3:1
    (issue 30, mem46's Memory page; walk45: every other ``?`` too)."""
    if button.property("helpGlyph") is not True:
        button.setProperty("helpGlyph", True)
        repolish(button)
