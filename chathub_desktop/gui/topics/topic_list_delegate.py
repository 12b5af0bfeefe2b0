"""Paints topic rows (issue 14, issue 29): a group's header over its first row
(walk51 #6: "Today", "Previous 7 days", …); the title without Markdown, elided; the
last-activity date right-aligned in its group's one format ("14:05", a weekday, a date;
:mod:`~chathub_desktop.gui.topics.topic_groups`); the row's states as icons from the design system: a pin on pinned topics and an eye-off on
private ones before the title, an archive box before the date of archived topics
(listed with "Show archived", their title in muted italics), and a loader in the accent
hue while a reply streams into the topic, also in the background (issue 28).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    Qt,
)
from PySide6.QtGui import (
    QContextMenuEvent,
    QFont,
    QFontMetrics,
    QIcon,
    QMouseEvent,
    QPainter,
    QPalette,
)
from PySide6.QtWidgets import QListView, QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import HEADING_WEIGHT, IconSize, Space, caption_pt
from chathub_desktop.gui.shell.day_format import as_local, format_day, interface_locale
from chathub_desktop.gui.topics.topic_groups import RowHeights, TopicGroup, row_date
from chathub_desktop.gui.topics.topic_list_model import (
    GroupRole,
    HeaderRole,
    StreamingRole,
    TopicListModel,
    TopicRole,
)
from chathub_desktop.gui.topics.topic_title import shown_title
from chathub_desktop.services.views import TopicView

PAD_X = Space.MD  # px, row edge to text
MARK = IconSize.SM  # px, side of a state icon
MARK_GAP = Space.XS  # px, after a state icon
HEADER_GAP = Space.LG  # px, over a group's header (but the first)
HEADER_PAD = Space.XS  # px, under a group's header, and over the first


def day_label(when: datetime, now: datetime | None = None) -> str:
    """``when`` (aware) in local time as a list shows it: "14:05" today, "Yesterday",
    the weekday within the last week, else the day in the one date style ("3 Nov 2025",
    :func:`~chathub_desktop.gui.shell.day_format.format_day`, issue 29); words and order
    follow the interface language (昨天, 水曜日, 2025年11月3日)."""
    local = as_local(when)
    today = as_local(now or datetime.now(UTC)).date()
    days = (today - local.date()).days
    if days <= 0:
        return f"{local:%H:%M}"
    if days == 1:
        return QCoreApplication.translate("TopicList", "Yesterday")
    if days < 7:
        return interface_locale().dayName(local.isoweekday(), QLocale.FormatType.LongFormat)
    return format_day(local.date())


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
    """Row painter of the topic list ``view`` (see the module docstring); it measures the
    rows' heights in the list's font for the list's model (:meth:`_push_heights`)."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self._view = view
        self._heights = row_heights(view.font())
        view.installEventFilter(self)
        view.viewport().installEventFilter(self)
        self._push_heights()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """The list's font changed: measure the rows again (their size hints). A click
        or a context menu on a group's header is taken here: the header is no part of
        the row under it (rail51: a click on "Today" opened Today's first topic)."""
        kind = event.type()
        if kind in (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.Polish):
            self._heights = row_heights(self._view.font())
            self._push_heights()
        elif isinstance(event, QMouseEvent) and watched is self._view.viewport():
            return self.on_header(event.position().toPoint())
        elif isinstance(event, QContextMenuEvent) and watched is self._view.viewport():
            return self.on_header(event.pos())
        return False

    def on_header(self, pos: QPoint) -> bool:
        """Whether ``pos`` (in the list's viewport) lies on a group's header."""
        index = self._view.indexAt(pos)
        header = self._header_height(index) if index.isValid() else 0
        return bool(header) and pos.y() < self._view.visualRect(index).top() + header

    def _push_heights(self) -> None:
        """Give the list's model the rows' heights: it answers them as each row's size
        hint (no ``sizeHint`` here: Qt asks it of every row at each layout, and a call
        into Python with its style option for each of 2,000 rows made a layout 4× slower,
        walk51 #6)."""
        model = self._view.model()
        if isinstance(model, TopicListModel):
            model.set_row_heights(self._heights)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem,  # noqa: N802 - Qt override
                             index: QModelIndex | QPersistentModelIndex) -> None:
        """The title's editor (F2) over the row, never over its group's header."""
        editor.setGeometry(option.rect.adjusted(0, self._header_height(index), 0, 0))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """The group's header (on a group's first row), then the row: background
        (selection, hover), state icons, title, date."""
        self.initStyleOption(option, index)
        header = self._header_height(index)
        if header:
            _paint_header(painter, option, str(index.data(HeaderRole)), header)
            option.rect = option.rect.adjusted(0, header, 0, 0)
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
        small = _small(option.font)
        group = index.data(GroupRole)
        date = row_date(t, group) if isinstance(group, TopicGroup) else day_label(t.updated_at)
        date_w = QFontMetrics(small).horizontalAdvance(date)
        painter.setFont(small)
        painter.setPen(muted)
        painter.drawText(QRect(r.right() - date_w, r.top(), date_w, r.height()),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, date)
        marks = row_marks(t, streaming=bool(index.data(StreamingRole)))
        right = r.right() - date_w - (MARK_GAP if date else 0)
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

    def _header_height(self, index: QModelIndex | QPersistentModelIndex) -> int:
        """Px over ``index``'s row for its group's header: 0 but on a group's first row."""
        if not index.data(HeaderRole):
            return 0
        h = self._heights
        return (h.first if index.row() == 0 else h.header) - h.plain

    @staticmethod
    def _mark(painter: QPainter, glyph: Icon, mode: QIcon.Mode, x: int, row: QRect) -> None:
        """State icon ``glyph`` at ``x``, centred on ``row``'s height."""
        icon(glyph).paint(painter, QRect(x, row.center().y() - MARK // 2 + 1, MARK, MARK),
                          Qt.AlignmentFlag.AlignCenter, mode)


def _small(font: QFont) -> QFont:
    """``font`` at caption size (a header's, a row's date)."""
    small = QFont(font)
    small.setPointSizeF(caption_pt(font.pointSizeF()))
    return small


def row_heights(font: QFont) -> RowHeights:
    """The rows' heights in the list's ``font``: one line of text with room around it,
    and over a group's first row its header in the small type (a gap above it but on
    the list's first row)."""
    plain = QFontMetrics(font).height() + 12
    header = QFontMetrics(_small(font)).height() + HEADER_PAD
    return RowHeights(plain, plain + HEADER_PAD + header, plain + HEADER_GAP + header)


def _paint_header(painter: QPainter, option: QStyleOptionViewItem, title: str, height: int) -> None:
    """``title`` in the small bold muted type at the bottom of the top ``height`` px
    of the row, aligned with the rows' titles."""
    font = _small(option.font)
    font.setWeight(QFont.Weight(HEADING_WEIGHT))  # 600 painted CJK regular (walk51b #6)
    box = QRect(option.rect.left() + PAD_X, option.rect.top(), option.rect.width() - 2 * PAD_X,
                height - HEADER_PAD)
    painter.save()
    painter.setFont(font)
    painter.setPen(option.palette.color(QPalette.ColorRole.PlaceholderText))
    painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                     QFontMetrics(font).elidedText(title, Qt.TextElideMode.ElideRight, box.width()))
    painter.restore()
