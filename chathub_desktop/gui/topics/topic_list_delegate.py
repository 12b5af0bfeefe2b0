"""Paints topic rows (issue 14, issue 29): the title without Markdown, elided; the
last-activity date right-aligned ("Today 14:05", "Yesterday", a weekday, a date); the
row's states as icons from the design system: a pin on pinned topics and an eye-off on
private ones before the title, an archive box before the date of archived topics
(listed with "Show archived", their title in muted italics), and a loader in the accent
hue while a reply streams into the topic, also in the background (issue 28).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from PySide6.QtCore import (
    QCoreApplication,
    QDate,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
)
from PySide6.QtGui import QFontMetrics, QIcon, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import IconSize, Space
from chathub_desktop.gui.topics.topic_list_model import StreamingRole, TopicRole
from chathub_desktop.gui.topics.topic_title import shown_title
from chathub_desktop.services.views import TopicView

PAD_X = Space.MD  # px, row edge to text
MARK = IconSize.SM  # px, side of a state icon
MARK_GAP = Space.XS  # px, after a state icon


def day_label(when: datetime, now: datetime | None = None) -> str:
    """``when`` (aware) in local time as a list shows it: "14:05" today, "Yesterday",
    the weekday within the last week, "3 Nov" this year, else "2025-11-03"; words and
    the day-and-month order follow the interface language (昨天, 水曜日, 11月3日)."""
    local = when.astimezone()
    today = (now.astimezone() if now else datetime.now().astimezone()).date()
    days = (today - local.date()).days
    if days <= 0:
        return f"{local:%H:%M}"
    if days == 1:
        return QCoreApplication.translate("TopicList", "Yesterday")
    if days < 7:
        return QLocale().dayName(local.isoweekday(), QLocale.FormatType.LongFormat)
    if local.year == today.year:  # the day-and-month pattern is the translators' (QDate format)
        return QLocale().toString(QDate(local.year, local.month, local.day),
                                  QCoreApplication.translate("TopicList", "d MMM"))
    return f"{local:%Y-%m-%d}"


@dataclass(frozen=True)
class RowMarks:
    """The state icons of one topic row: ``before_title`` and ``before_date`` in paint
    order, each with whether it takes the accent hue (``accented``)."""

    before_title: tuple[Icon, ...]
    before_date: tuple[Icon, ...]
    accented: frozenset[Icon] = frozenset({Icon.PIN, Icon.STREAMING})


def row_marks(t: TopicView, *, streaming: bool) -> RowMarks:
    """Which state icons topic ``t``'s row shows (issue 29): a pin when pinned, a crossed
    eye when private, before the title; an archive box when archived, a spinner while a
    reply streams into it (``streaming``), before the date."""
    before_title = tuple(i for i, on in ((Icon.PIN, t.pinned), (Icon.PRIVATE, t.private)) if on)
    before_date = tuple(i for i, on in ((Icon.ARCHIVE, t.archived), (Icon.STREAMING, streaming)) if on)
    return RowMarks(before_title, before_date)


class TopicListDelegate(QStyledItemDelegate):
    """Row painter of the topic list (see the module docstring)."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        """One line of text with room around it; no width of its own (walk37 #5): a list
        row spans the viewport, and a width taken from the first layout's rect (wider,
        before a splitter or window restore narrowed the list) would stay the list's
        content width, so rows were not elided and a horizontal scrollbar showed."""
        return QSize(0, QFontMetrics(option.font).height() + 12)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Background (selection, hover), state icons, title, date."""
        self.initStyleOption(option, index)
        t = index.data(TopicRole)
        style = option.widget.style() if option.widget else None
        option.text = ""
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        if t is None:
            return
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        pal = option.palette
        text_color = pal.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        muted = pal.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.PlaceholderText)
        # on a selected row every icon takes the text colour (the accent hue fails there)
        accent = QIcon.Mode.Normal if selected else QIcon.Mode.Active
        r = option.rect.adjusted(PAD_X, 0, -PAD_X, 0)
        painter.save()
        small = option.font
        small.setPointSizeF(max(6.0, option.font.pointSizeF() * 0.88))
        date = day_label(t.updated_at)
        date_w = QFontMetrics(small).horizontalAdvance(date)
        painter.setFont(small)
        painter.setPen(muted)
        painter.drawText(QRect(r.right() - date_w, r.top(), date_w, r.height()),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, date)
        marks = row_marks(t, streaming=bool(index.data(StreamingRole)))
        right = r.right() - date_w - MARK_GAP
        for glyph in marks.before_date:
            right -= MARK
            self._mark(painter, glyph, accent if glyph in marks.accented else QIcon.Mode.Normal, right, r)
            right -= MARK_GAP
        x = r.left()
        for glyph in marks.before_title:
            self._mark(painter, glyph, accent if glyph in marks.accented else QIcon.Mode.Normal, x, r)
            x += MARK + MARK_GAP
        font = option.font
        font.setItalic(bool(t.archived))
        painter.setFont(font)
        painter.setPen(muted if t.archived else text_color)
        room = max(0, right - Space.SM - x)
        elided = QFontMetrics(font).elidedText(shown_title(t), Qt.TextElideMode.ElideRight, room)
        painter.drawText(QRect(x, r.top(), room, r.height()),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, elided)
        painter.restore()

    @staticmethod
    def _mark(painter: QPainter, glyph: Icon, mode: QIcon.Mode, x: int, row: QRect) -> None:
        """State icon ``glyph`` at ``x``, centred on ``row``'s height."""
        icon(glyph).paint(painter, QRect(x, row.center().y() - MARK // 2 + 1, MARK, MARK),
                          Qt.AlignmentFlag.AlignCenter, mode)
