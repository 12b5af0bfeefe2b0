"""The composer's card lines up with the conversation's column at every width (walk45
#10: at 800×560 it was 45 px wider than the messages, 782 vs 737 px, because the list
keeps a gutter for its jump buttons and scroll bar on the right that the composer
spanned).

:func:`reading_column` is where the message delegate lays a row's column out in the
list's viewport (its ``_layout``: a centred column of at most ``Width.READING``, centred
under the whole chat, never into the gutter); :class:`ComposerColumn` follows the
list's and the composer's sizes and gives the card that column.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint
from PySide6.QtWidgets import QAbstractScrollArea

from chathub_desktop.gui.chat.composer import Composer
from chathub_desktop.gui.chat.message_layout import MARGIN_X, READING_WIDTH
from chathub_desktop.gui.chat.row_env import MIN_WIDTH

#: Events after which the column may have moved.
_MOVES = (QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.Hide, QEvent.Type.Move)


def reading_column(viewport_width: int, gutter: int) -> tuple[int, int]:
    """``(left, width)`` of the conversation's column in the message list's viewport,
    px, for a viewport ``viewport_width`` wide with a ``gutter`` (px) right of it:
    replies start at ``left``, your bubbles end at ``left + width``."""
    room = max(120, max(MIN_WIDTH, viewport_width) - 2 * MARGIN_X)
    width = min(room, READING_WIDTH)
    extra = room - width
    return MARGIN_X + min(extra, (extra + gutter) // 2), width


class ComposerColumn(QObject):
    """Keeps ``composer``'s card over ``view``'s reading column while the list shows
    (its viewport visible); otherwise the card takes its own centred place."""

    def __init__(self, view: QAbstractScrollArea, composer: Composer, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._view = view
        self._composer = composer
        for watched in (view.viewport(), composer):
            watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Re-place the card after a resize, move, show or hide of either side."""
        if event.type() in _MOVES:
            self.sync()
        return False

    def sync(self) -> None:
        """Give the card the list's column now (in the composer's coordinates)."""
        viewport = self._view.viewport()
        if not viewport.isVisible() or not self._composer.isVisible():
            self._composer.set_column(None)
            return
        left, width = reading_column(viewport.width(), self._view.viewportMargins().right())
        x = self._composer.mapFromGlobal(viewport.mapToGlobal(QPoint(left, 0))).x()
        self._composer.set_column((x, width))
