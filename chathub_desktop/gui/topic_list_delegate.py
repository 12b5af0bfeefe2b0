"""Paints topic rows (issue 14): the title without Markdown, elided on the left; the
last-activity date right-aligned ("Today 14:05", "Yesterday", a weekday, a date); a pin
mark on pinned topics; archived topics (listed with "Show archived") in muted italics;
a dot in the accent colour before the date while a reply streams into the topic, also
in the background (issue 28).
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from chathub_desktop.gui.design.palette import busy_color
from chathub_desktop.gui.topic_list_model import StreamingRole, TopicRole

PAD_X = 8  # px, row edge to text
PIN_W = 12  # px, room of the pin mark
BUSY_R = 3.5  # px, radius of the streaming dot
BUSY_W = 14  # px, room of the streaming dot


def day_label(when: datetime, now: datetime | None = None) -> str:
    """``when`` (aware) in local time as a list shows it: "14:05" today, "Yesterday",
    the weekday within the last week, "3 Nov" this year, else "2025-11-03"."""
    local = when.astimezone()
    today = (now.astimezone() if now else datetime.now().astimezone()).date()
    days = (today - local.date()).days
    if days <= 0:
        return f"{local:%H:%M}"
    if days == 1:
        return "Yesterday"
    if days < 7:
        return f"{local:%A}"
    if local.year == today.year:
        return f"{local.day} {local:%b}"
    return f"{local:%Y-%m-%d}"


class TopicListDelegate(QStyledItemDelegate):
    """Row painter of the topic list (see the module docstring)."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        """One line of text with room around it."""
        return QSize(option.rect.width(), QFontMetrics(option.font).height() + 12)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Background (selection, hover), pin mark, title, date."""
        self.initStyleOption(option, index)
        t = index.data(TopicRole)
        style = option.widget.style() if option.widget else None
        title = option.text
        option.text = ""
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        if t is None:
            return
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        pal = option.palette
        text_color = pal.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        muted = pal.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.PlaceholderText)
        r = option.rect.adjusted(PAD_X, 0, -PAD_X, 0)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        small = option.font
        small.setPointSizeF(max(6.0, option.font.pointSizeF() * 0.88))
        date = day_label(t.updated_at) + (" · archived" if t.archived else "")
        sfm = QFontMetrics(small)
        date_w = sfm.horizontalAdvance(date)
        painter.setFont(small)
        painter.setPen(muted)
        painter.drawText(QRect(r.right() - date_w, r.top(), date_w, r.height()),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, date)
        if index.data(StreamingRole):
            date_w += BUSY_W
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(text_color if selected else busy_color(pal))
            painter.drawEllipse(QPointF(r.right() - date_w + BUSY_R + 1, r.center().y() + 0.5), BUSY_R, BUSY_R)
        x = r.left()
        if t.pinned:
            self._pin(painter, QPointF(x + 4, r.center().y()), pal.color(QPalette.ColorRole.Highlight)
                      if not selected else text_color)
            x += PIN_W
        font = option.font
        font.setItalic(bool(t.archived))
        painter.setFont(font)
        painter.setPen(muted if t.archived else text_color)
        room = max(0, r.right() - date_w - 10 - x)
        shown = QFontMetrics(font).elidedText(title, Qt.TextElideMode.ElideRight, room)
        painter.drawText(QRect(x, r.top(), room, r.height()),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, shown)
        painter.restore()

    @staticmethod
    def _pin(painter: QPainter, at: QPointF, color: object) -> None:
        """A small push-pin: a round head over a short needle."""
        painter.setPen(QPen(color, 1.6))  # type: ignore[call-overload]
        painter.setBrush(color)
        painter.drawLine(at + QPointF(0, 1), at + QPointF(0, 6))
        painter.drawEllipse(at + QPointF(0, -2.5), 3.2, 3.2)
