"""What every message row's layout shares, read once per layout pass and paint (issue 29).

The message delegate lays each row out for the viewport's width, the theme, the list's
fonts, the assistant's name and the interface language. Read per row and call, they cost
a third of a layout pass (~300 size hints each); :class:`RowEnvironment` reads them once
inside :meth:`RowEnvironment.one_pass` (the view wraps its ``doItemsLayout`` and
``paintEvent`` in it) and hands out the same :class:`RowEnv` object while nothing in it
changed, so a row's kept layout compares it by identity.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NamedTuple

from PySide6.QtCore import QRect
from PySide6.QtGui import QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import QListView

from chathub_desktop.gui.chat.message_colors import row_colors
from chathub_desktop.gui.chat.message_documents import language_key
from chathub_desktop.gui.design.tokens import IconSize, meta_pt

#: px, the round initial before a reply's header (walk29 #4).
AVATAR = IconSize.LG
#: px, the narrowest width rows are laid out at.
MIN_WIDTH = 200


@dataclass(frozen=True)
class RowFonts:
    """The list's font and what rows measure with, made once per font (issue 29)."""

    base: QFont
    small: QFont
    fm: QFontMetrics
    sfm: QFontMetrics
    bold: QFont  # the small font, bold: a reply's initial
    bold_fm: QFontMetrics  # a reply's name in it
    header_h: int  # px, the header line: the small font's line or the round initial
    emoji: QFont  # a reply's emoji avatar: most of the round mark (issue 29)


class RowEnv(NamedTuple):
    """What every row's layout shares: the viewport's width (px), the theme, the fonts,
    the assistant's name and the interface language."""

    width: int
    dark: bool
    fonts: RowFonts
    name: str
    language: str


class RowEnvironment:
    """Reads :class:`RowEnv` for the rows of ``view``; ``name()``: the assistant's name."""

    def __init__(self, view: QListView, name: Callable[[], str]) -> None:
        self._view = view
        self._name = name
        self._fonts: RowFonts | None = None
        self._pass: RowEnv | None = None
        self._last: RowEnv | None = None
        #: The part of the viewport the paint under way redraws (None: all of it).
        self.exposed: QRect | None = None

    @contextmanager
    def one_pass(self, exposed: QRect | None = None) -> Iterator[None]:
        """Inside the ``with`` block (a layout of every row, or a paint) :meth:`env` and
        :meth:`fonts` are read once; ``exposed``: the part of the viewport a paint redraws
        (a scroll of a few lines exposes a strip; a row's text is drawn only there)."""
        if self._pass is not None:  # nested: the outer pass's
            yield
            return
        self._pass = self.env(self._view.palette())
        self.exposed = exposed
        try:
            yield
        finally:
            self._pass = None
            self.exposed = None

    def in_pass(self) -> RowEnv | None:
        """The environment of the layout pass or paint under way, None outside one (a
        size hint reads it without asking Qt for the option's palette)."""
        return self._pass

    def env(self, pal: QPalette) -> RowEnv:
        """What the rows are laid out in, in ``pal``'s theme; the same object while nothing
        in it changed."""
        if self._pass is not None:
            return self._pass
        env = RowEnv(max(MIN_WIDTH, self._view.viewport().width()), row_colors(pal)[1], self.fonts(),
                     self._name(), language_key())
        last = self._last
        if last is None or env != last:
            self._last = last = env
        return last

    def fonts(self) -> RowFonts:
        """The list's font and its small and bold variants with their metrics, rebuilt
        only when the view's font changes."""
        if self._pass is not None:
            return self._pass.fonts
        base = self._view.font()
        found = self._fonts
        if found is None or found.base != base:
            small = QFont(base)
            small.setPointSizeF(meta_pt(base.pointSizeF()))
            bold = QFont(small)
            bold.setBold(True)
            sfm = QFontMetrics(small)
            emoji = QFont(base)
            emoji.setPixelSize(round(AVATAR * 0.62))
            found = self._fonts = RowFonts(base, small, QFontMetrics(base), sfm, bold, QFontMetrics(bold),
                                           max(sfm.height(), int(AVATAR)), emoji)
        return found

    def clear(self) -> None:
        """Forget the fonts and the last environment (the font or the palette changed)."""
        self._fonts = None
        self._last = None
