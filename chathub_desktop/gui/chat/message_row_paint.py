"""What the message delegate paints besides the rows' text (struct52: split from
``message_delegate``): a bubble's box, the keyboard row's outline and the "Covered by
summary" marker (CMP-2). Pure painting: given a painter and a laid-out row."""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen

from chathub_desktop.gui.chat.message_colors import blend
from chathub_desktop.gui.chat.message_layout import MARKER_H, PAD, RowLayout, keeps_text
from chathub_desktop.gui.design.tokens import Radius, Space, colours_for
from chathub_desktop.services.views import MessageView

__all__ = ["bubble_box", "paint_focus", "paint_marker"]


def bubble_box(m: MessageView, lay: RowLayout) -> QRect:
    """The bubble's painted box (row coordinates): a failed reply's box holds only its
    error line (its document's last slice) when text came before it, which reads as
    the reply it is (chatlook52, walk52 #9: "spam1 spam2" was drawn inside the error)."""
    doc = lay.doc
    if not keeps_text(m) or doc is None or doc.parts < 2 or not doc.last_top():
        return lay.bubble
    top = lay.bubble.top() + lay.pad[1] + int(doc.last_top()) - PAD  # as the padding under it
    return QRect(lay.bubble.left(), top, lay.bubble.width(), lay.bubble.bottom() + 1 - top)


def paint_focus(painter: QPainter, lay: RowLayout, colour: QColor) -> None:
    """The keyboard's row: a rounded outline in the ``focus`` token around the reading
    column's part of the row (header to footer), inside the row's margins."""
    left, right = lay.column
    ring = QRectF(left - Space.MD, Space.XXS, right - left + 2 * Space.MD, lay.height - 2 * Space.XXS)
    painter.setPen(QPen(colour, Space.XXS))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(ring.adjusted(1, 1, -1, -1), Radius.LG, Radius.LG)


def paint_marker(painter: QPainter, top: int, column: tuple[int, int], font: QFont, pal: QPalette,
                 text: str) -> None:
    """The dashed "Messages above are sent as the topic summary" marker (CMP-2), across the
    reading column ``column`` (left, right), not the whole row (walk39 #5); ``text``: the
    marker's words in the interface language."""
    fm = QFontMetrics(font)
    mid = top + MARKER_H // 2
    text_w = min(fm.horizontalAdvance(text) + 16, column[1] - column[0])
    left, right = column
    cx = (left + right) // 2
    color = QColor(colours_for(pal.color(QPalette.ColorRole.Base).lightness() < 128).warning)
    pen = QPen(color, 1, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap)  # ends inside the column
    painter.setPen(pen)
    painter.drawLine(left, mid, max(left, cx - text_w // 2 - 4), mid)
    painter.drawLine(min(right, cx + text_w // 2 + 4), mid, right, mid)
    pill = QRect(cx - text_w // 2, mid - fm.height() // 2 - 2, text_w, fm.height() + 4)
    painter.setPen(QPen(color, 1))
    painter.setBrush(blend(pal.color(QPalette.ColorRole.Base), color, 0.10))
    painter.drawRoundedRect(QRectF(pill).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8)
    painter.setFont(font)
    painter.setPen(color)  # the warning token reads at 4.5:1 on the page
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)
