"""The fixed-memory card delegate (MEM-2, issues 18 and 30): a compact row as
:class:`~chathub_desktop.gui.memory.card_delegate.MemoryCardDelegate` paints it, with a
pause toggle at its right — a click pauses the entry (kept, not sent) or resumes it;
a paused card is greyed and its toggle drawn switched on."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QHelpEvent, QMouseEvent, QPainter, QPalette
from PySide6.QtWidgets import QAbstractItemView, QListView, QStyle, QStyleOptionViewItem, QToolTip

from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import ChipKind, colours_for
from chathub_desktop.gui.memory.card_delegate import (
    CardFace,
    MemoryCardDelegate,
    NoteRole,
    NumberRole,
    PausedRole,
)
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP

#: The toggle's tooltip (walk52 #5: the ⏸ glyph said nothing); the entry's accessible text names it too.
PAUSE_TIP = QT_TRANSLATE_NOOP("MemoryPage", "Pause: the assistant won't see this entry (Ctrl+P)")
RESUME_TIP = QT_TRANSLATE_NOOP("MemoryPage", "Resume: the assistant sees this entry again (Ctrl+P)")


class FixedCardDelegate(MemoryCardDelegate):
    """A fixed-memory card with its pause toggle; a click on it emits
    ``pause_clicked(number)`` (notes have none)."""

    pause_clicked = Signal(int)
    compact = True  # one row per entry, "#N" leading the text (walk53 #9)

    def __init__(self, view: QListView, faces: Callable[[int], CardFace | None]) -> None:
        super().__init__(view, faces)
        #: One icon per glyph for every card: a new QIcon per paint rendered its SVG again for
        #: each card painted (its engine keeps the pixmap per palette colour, so themes still apply).
        self._icons = {Icon.PAUSE: icon(Icon.PAUSE), Icon.RESUME: icon(Icon.RESUME)}

    def toggle_rect(self, rect: QRect) -> QRect:
        """Where the pause toggle sits in a row's ``rect`` (top right of the card)."""
        return self.corner_rect(rect)

    def paint_face(self, painter: QPainter, option: QStyleOptionViewItem, face: CardFace) -> None:
        """The card, then its toggle (paused: a filled disc behind the resume glyph; else the
        pause glyph), shown on a
        paused card and on the card under the mouse or selected (walk53: a glyph on every
        row read as a form)."""
        super().paint_face(painter, option, face)
        state = option.state
        if face.note or not (face.paused or state & (QStyle.StateFlag.State_MouseOver | QStyle.StateFlag.State_Selected)):
            return
        rect: QRect = option.rect
        box = self.toggle_rect(rect)
        if face.paused:
            pal: QPalette = option.palette
            bg, _fg = colours_for(pal.color(QPalette.ColorRole.Base).lightness() < 128).chip(ChipKind.PAUSED)
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(bg))
            painter.drawEllipse(QRectF(box))
            painter.restore()
        self._icons[self.toggle_glyph(face)].paint(painter, box.adjusted(2, 2, -2, -2))

    @staticmethod
    def toggle_glyph(face: CardFace) -> Icon:
        """The toggle's glyph says what a click does: resume on a paused entry, pause on
        another (walk56 #11: both showed the pause glyph)."""
        return Icon.RESUME if face.paused else Icon.PAUSE

    def editorEvent(self, event: QEvent, model: QAbstractListModel,  # type: ignore[override]
                    option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> bool:
        """Qt: a click on the toggle pauses or resumes the entry (and does nothing else)."""
        if isinstance(event, QMouseEvent) and event.button() == Qt.MouseButton.LeftButton and event.type() in (
                QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick) and not index.data(NoteRole):
            rect: QRect = option.rect
            if self.toggle_rect(rect).contains(event.position().toPoint()):
                if event.type() == QEvent.Type.MouseButtonRelease:
                    self.pause_clicked.emit(int(index.data(NumberRole) or 0))
                return True
        return super().editorEvent(event, model, option, index)

    def helpEvent(self, event: QHelpEvent, view: QAbstractItemView, option: QStyleOptionViewItem,
                  index: QModelIndex | QPersistentModelIndex) -> bool:
        """Qt: the toggle has its own tooltip; elsewhere the card's."""
        rect: QRect = option.rect
        if event.type() == QEvent.Type.ToolTip and not index.data(NoteRole) and \
                self.toggle_rect(rect).contains(event.pos()):
            QToolTip.showText(event.globalPos(), QCoreApplication.translate(
                "MemoryPage", RESUME_TIP if index.data(PausedRole) else PAUSE_TIP), view)
            return True
        return super().helpEvent(event, view, option, index)
