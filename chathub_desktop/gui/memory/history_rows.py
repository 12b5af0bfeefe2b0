"""History's list as a timeline (issue 30, walk52b #6: a cramped one-line table —
"#6  5 Dec 2026, 01:16 UTC  fixed  you: edited entry #2" — with a horizontal scrollbar
and rows cut at the list's edge): each change is two lines, what was done and by whom
first, when and to which memory under it in the muted colour, each elided to the list's
width with the whole row in its tooltip. No horizontal scrolling at any width.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from chathub_desktop.gui.design import current_colours
from chathub_desktop.gui.design.tokens import Space

__all__ = ["WhenRole", "HistoryRowDelegate", "timeline_list"]

#: A row's second line: when, and which memory (``5 Dec 2026, 01:16 UTC · fixed memory``).
WhenRole = Qt.ItemDataRole.UserRole + 1


class HistoryRowDelegate(QStyledItemDelegate):
    """Paints a History row: the display text (who and what) on the first line, the
    :data:`WhenRole` text muted on the second, both elided at the right; a selected row
    in the highlight's text colour."""

    def sizeHint(self, option: QStyleOptionViewItem,  # noqa: N802 - Qt override
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        """Qt: two text lines and the row's padding, as wide as the view allows."""
        fm = option.fontMetrics
        return QSize(0, 2 * fm.lineSpacing() + 2 * Space.SM)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Qt: the row's panel (selection, hover) by the style, then its two lines."""
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        what, when = opt.text, str(index.data(WhenRole) or "")
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        rect: QRect = opt.rect.adjusted(Space.SM, Space.SM, -Space.SM, -Space.SM)
        fm = opt.fontMetrics
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        pal: QPalette = opt.palette
        strong = pal.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        muted = strong if selected else QColor(current_colours().text_muted)
        painter.save()
        painter.setFont(opt.font)
        for row, (text, colour) in enumerate(((what, strong), (when, muted))):
            painter.setPen(colour)
            line = QRect(rect.left(), rect.top() + row * fm.lineSpacing(), rect.width(), fm.lineSpacing())
            painter.drawText(line, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                             fm.elidedText(text, Qt.TextElideMode.ElideRight, max(0, rect.width())))
        painter.restore()


def timeline_list(parent: QWidget | None = None) -> QListWidget:
    """History's list: rows by :class:`HistoryRowDelegate`, never a horizontal scrollbar."""
    view = QListWidget(parent)
    view.setObjectName("historyList")
    view.setItemDelegate(HistoryRowDelegate(view))
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    view.setUniformItemSizes(True)
    view.setWordWrap(False)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)
    return view
