"""Dream cards side by side in a preview (issue 30, walk42 #2: Dream now showed raw
``**Johnny**``, and Regenerate stacked the old card below the fold): each card under its
title in a read-only pane, its Markdown rendered as the timeline renders it
(:func:`~chathub_desktop.gui.memory.card_markdown.card_shown`), the panes in one row so
old and new are both in view at 1366×768 and 800×560.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from functools import partial

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QHBoxLayout, QLabel, QTextBrowser, QVBoxLayout, QWidget

from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.memory.card_markdown import HEADING_MARK, card_shown, is_heading
from chathub_desktop.gui.shell.i18n import Texts
from chathub_desktop.gui.shell.screen_room import fitted_to_screen

__all__ = ["PANES_SIZE", "CardPanes", "card_html", "fitted_size"]

#: The preview's size with panes (px), shrunk to the screen's available room.
PANES_SIZE = QSize(880, 520)

# a card's leading tag ("[2026-12-04] …", a range's "[2026-11-01 – 2026-11-20] …"): the
# pane's title says the day or span already
_DAY_TAG = re.compile(r"^\s*\[\d{4}-\d{2}-\d{2}(?: – \d{4}-\d{2}-\d{2})?\]\s*")


def card_html(text: str) -> str:
    """``text`` (a card as stored) as the HTML a pane shows: its leading day or span tag dropped,
    each line of :func:`card_shown` escaped, headings bold."""
    shown = card_shown(_DAY_TAG.sub("", text, count=1))
    lines = [f"<b>{html.escape(ln.removeprefix(HEADING_MARK))}</b>" if is_heading(ln) else html.escape(ln)
             for ln in shown.split("\n")]
    return "<br>".join(lines)


def fitted_size(parent: QWidget | None) -> QSize:
    """:data:`PANES_SIZE`, at most the available room of ``parent``'s screen (or the
    primary screen), as :func:`~chathub_desktop.gui.shell.screen_room.fitted_to_screen`."""
    return fitted_to_screen(PANES_SIZE, parent)


class CardPanes(QWidget):
    """The cards of ``panes`` (``(title, stored text)``; a title maker is re-said on a
    language switch through ``texts``) in one row; :attr:`browsers` holds each pane's
    text view, :attr:`titles` its title label, in order."""

    def __init__(self, texts: Texts, panes: Sequence[tuple[Callable[[], str] | str, str]]) -> None:
        super().__init__()
        self.setObjectName("previewCardPanes")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(Space.MD)
        self.browsers: list[QTextBrowser] = []
        self.titles: list[QLabel] = []
        for i, (title, text) in enumerate(panes):
            col = QVBoxLayout()
            col.setSpacing(Space.XS)
            head = QLabel()
            head.setObjectName(f"previewPaneTitle_{i}")
            head.setStyleSheet("font-weight: bold;")
            texts.bind(head.setText, title if callable(title) else partial(str, title))
            view = QTextBrowser()
            view.setObjectName(f"previewPane_{i}")
            view.setOpenLinks(False)
            view.setHtml(card_html(text))
            view.setAccessibleName(text[:80])
            col.addWidget(head)
            col.addWidget(view, 1)
            row.addLayout(col, 1)
            self.browsers.append(view)
            self.titles.append(head)
