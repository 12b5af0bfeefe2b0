"""The window's passing notices float over the pages; they never move them (walk51 #5).

The status line (a passing message, Undo after a delete, a compaction's progress) pushed
the composer up 35 px whenever it appeared, and the error bar pushed the whole chat
column down 38 px. In Cherry Studio and LobeHub a notice is an overlay that moves
nothing, so here both are children of their host laid out by :class:`FloatingNotices`
instead of a layout:

- the **error bar** floats at the top of the chat column, under the chat header, as wide
  as the composer's card (the reading column), so the jump buttons in the list's right
  gutter stay free;
- the **status line** is a toast centred over the composer's card (as wide as its text,
  up to ``Width.TOAST`` or the chat column's width; a longer text wraps to at most three
  lines, then Details…, walk52 #3), its bottom a small gap
  above the topmost of the bars over the composer (the reply notice, the tool approval)
  or the composer itself, never over the draft or Send; it casts the toast's shadow
  (``TOAST_ELEVATION``). While it shows, the message list keeps that much room below
  its last row (:meth:`FloatingNotices.set_messages`, polish52), so the newest message's last line
  stays in view above it. On another page it floats at the bottom of the page.

Both stay keyboard reachable (they are in their host, so in its Tab region) and are
announced to screen readers when they change (a polite status, an assertive error).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QPoint, QRect
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QWidget

from chathub_desktop.gui.design.tokens import Space, Width
from chathub_desktop.gui.shell.error_bar import ErrorBar
from chathub_desktop.gui.shell.status_line import TEXT_INSET, StatusLine

__all__ = ["ChatEdges", "FloatingNotices"]

#: Events after which a notice's place may have changed.
_MOVES = (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show, QEvent.Type.Hide)
#: Px between a notice and what it keeps clear of (the header, the composer, the page's edge).
GAP = int(Space.MD)
#: Px a notice keeps from the column's sides where no composer card gives its width.
SIDE = int(Space.XL)


@dataclass(frozen=True)
class ChatEdges:
    """The chat column's parts the notices line up with: ``column`` (the error bar's
    parent), ``card`` (the composer's card: the width of both notices there) and
    ``below`` (the bars over the composer and the composer, top to bottom: the status
    line floats above the topmost shown)."""

    column: QWidget
    card: QWidget
    below: Sequence[QWidget]


class FloatingNotices(QObject):
    """Lays ``status`` (a child of ``host``, the page host) and ``error_bar`` (a child of
    ``edges.column``) out over what is under them, again whenever their text, their host
    or the chat column's parts move or change size. :meth:`set_header` gives the chat
    header once it exists (the error bar floats under it)."""

    def __init__(self, host: QWidget, status: StatusLine, error_bar: ErrorBar, edges: ChatEdges,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.status = status
        self.error_bar = error_bar
        self.edges = edges
        self._header: QWidget | None = None
        self._said = ""  # the error line last announced
        self._cleared = 0  # px of room the message list keeps under the status line
        self._messages: QWidget | None = None
        self._clear_bottom: Callable[[int], None] | None = None
        status.setParent(host)
        error_bar.setParent(edges.column)
        for w in (host, edges.column, edges.card, *edges.below, status, error_bar):
            w.installEventFilter(self)
        status.messageChanged.connect(self._status_changed)
        self.place()

    def set_header(self, header: QWidget) -> None:
        """The chat header: the error bar floats right under it while it shows."""
        self._header = header
        header.installEventFilter(self)
        self.place()

    def set_messages(self, messages: QWidget, clear_bottom: Callable[[int], None]) -> None:
        """The message list, once it exists: while the status line covers its bottom,
        ``clear_bottom(px)`` asks it for that much room below its last row (0: none)."""
        self._messages = messages
        self._clear_bottom = clear_bottom
        self.place()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Re-place the notices after a move, resize, show or hide of what they follow,
        or a new size of their own content (their layouts ask with LayoutRequest)."""
        kind = event.type()
        own = watched is self.status or watched is self.error_bar
        if (kind in _MOVES and not (own and kind in (QEvent.Type.Resize, QEvent.Type.Move))) or (
                own and kind == QEvent.Type.LayoutRequest):
            self.place()
            if watched is self.error_bar:
                self._error_changed(shown=kind != QEvent.Type.Hide)
        return False

    # --- where ---------------------------------------------------------------------------
    def _chat_shown(self) -> bool:
        return self.edges.column.isVisible() and self.edges.card.isVisible()

    def _span(self, within: QWidget) -> tuple[int, int]:
        """``(left, width)`` of the reading column in ``within``'s coordinates: the
        composer card's while the chat shows, else ``within`` less its sides."""
        if self._chat_shown():
            card = self.edges.card
            return card.mapTo(within, QPoint(0, 0)).x(), card.width()
        return SIDE, max(0, within.width() - 2 * SIDE)

    def _status_span(self) -> tuple[int, int]:
        """``(left, width)`` the status line may take in the host: the chat column less
        its sides while the chat shows (a long message need not be cut to the card), else
        the host less its sides."""
        if self._chat_shown():
            column = self.edges.column
            return column.mapTo(self.host, QPoint(0, 0)).x() + SIDE, max(0, column.width() - 2 * SIDE)
        return SIDE, max(0, self.host.width() - 2 * SIDE)

    def place(self) -> None:
        """Give both notices their place now (each raised over its siblings)."""
        self._place_error()
        self._place_status()

    def _place_error(self) -> None:
        bar, column = self.error_bar, self.edges.column
        if bar.isHidden():
            return
        top = GAP
        header = self._header
        if header is not None and header.isVisible() and column.isAncestorOf(header):
            top += header.mapTo(column, QPoint(0, header.height())).y()
        left, width = self._span(column)
        height = bar.heightForWidth(width) if bar.hasHeightForWidth() else bar.sizeHint().height()
        _set(bar, QRect(left, top, width, max(height, bar.minimumSizeHint().height())))

    def _place_status(self) -> None:
        line, host = self.status, self.host
        if line.isHidden():
            self._clear(0)
            return
        left, room = self._status_span()
        width = min(room, self._natural_width())
        if self._chat_shown():  # centred over the card, inside the column
            card_left, card_width = self._span(host)
            x = min(max(left, card_left + (card_width - width) // 2), left + room - width)
            shown = [w for w in self.edges.below if w.isVisible()]
            bottom = min((w.mapTo(host, QPoint(0, 0)).y() for w in shown), default=host.height()) - GAP
        else:
            x, bottom = left + (room - width) // 2, host.height() - GAP
        height = line.fit(width)  # its message wrapped to at most 3 lines (walk52 #3)
        _set(line, QRect(x, bottom - height, width, height))
        messages = self._messages
        if self._chat_shown() and messages is not None and messages.isVisible():
            under = messages.mapTo(host, QPoint(0, messages.height())).y()
            self._clear(max(0, under - (bottom - height) + GAP))
        else:
            self._clear(0)

    def _clear(self, px: int) -> None:
        """Have the message list keep ``px`` of room below its last row (when it changed)."""
        if px != self._cleared and self._clear_bottom is not None:
            self._cleared = px
            self._clear_bottom(px)

    def _natural_width(self) -> int:
        """The status line's width for its message on one line no wider than a toast
        reads well (``Width.TOAST``: a longer one wraps, walk52 #3) and its shown
        permanent widgets, px."""
        line = self.status
        text = line.currentMessage()
        margins = line.contentsMargins()
        metrics = QFontMetricsF(line.font())  # fractional: a rounded-down width wrapped the last glyph
        advance = max((math.ceil(metrics.horizontalAdvance(t)) + 1 for t in text.split("\n")), default=0)
        words = min(advance, int(Width.TOAST)) + 2 * TEXT_INSET if text else TEXT_INSET
        return words + line.permanent_width() + margins.left() + margins.right()

    # --- what is said ---------------------------------------------------------------------
    def _status_changed(self, text: str) -> None:
        """A new passing message: it is the line's accessible name and it is announced
        (politely: it never interrupts); the line takes its new width."""
        self.status.setAccessibleName(text)
        if text:
            _announce(self.status, text, assertive=False)
        self.place()

    def _error_changed(self, *, shown: bool) -> None:
        """The error bar showed, hid or took a new line: a new line is its accessible
        name and is announced at once (assertive); a hidden bar says nothing."""
        said = self.error_bar.label.text() if shown else ""
        if said != self._said:
            self._said = said
            self.error_bar.setAccessibleName(said)
            if said:
                _announce(self.error_bar, said, assertive=True)


def _set(widget: QWidget, rect: QRect) -> None:
    """Move ``widget`` to ``rect`` when it is elsewhere, and keep it over its siblings."""
    if widget.geometry() != rect:
        widget.setGeometry(rect)
    widget.raise_()


def _announce(widget: QWidget, text: str, *, assertive: bool) -> None:
    """Have a screen reader say ``text`` for ``widget`` (Qt 6.8's announcement event)."""
    # not at import: PySide6 builds QAccessible's enums (~2 ms) on first use, and the
    # window imports this before its first paint (issue 29)
    from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

    if not QAccessible.isActive():
        return
    event = QAccessibleAnnouncementEvent(widget, text)
    polite = QAccessible.AnnouncementPoliteness
    event.setPoliteness(polite.Assertive if assertive else polite.Polite)
    QAccessible.updateAccessibility(event)
