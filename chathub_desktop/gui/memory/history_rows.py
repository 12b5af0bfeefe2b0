"""History's list as a timeline (issue 30, walk52b #6: a cramped one-line table —
"#6  5 Dec 2026, 01:16 UTC  fixed  you: edited entry #2" — with a horizontal scrollbar
and rows cut at the list's edge): each change is two lines, what was done and by whom
first, when and to which memory under it in the muted colour, each elided to the list's
width with the whole row in its tooltip. No horizontal scrolling at any width. A row
whose minute a neighbour shares says its seconds too (walk57 #4: 257 rows all read
"6 Dec 2026, 03:49").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from chathub_desktop.core.memory_documents import MemoryDocument
from chathub_desktop.gui.design import current_colours
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.memory.change_words import change_line
from chathub_desktop.gui.shell.day_format import as_local, format_day_time
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.services.memory.memory_history_service import ChangeView

__all__ = ["TITLES", "WhenRole", "HistoryRowDelegate", "change_label", "change_rows", "same_minute",
           "timeline_list", "utc_time"]

translate = QCoreApplication.translate

#: A row's second line: when, and which memory (``5 Dec 2026, 01:16 UTC · fixed memory``).
WhenRole = Qt.ItemDataRole.UserRole + 1
#: The memory a change is made to, as a row's second line names it (the page's section titles).
TITLES: dict[str, str] = {MemoryDocument.FIXED: QT_TRANSLATE_NOOP("MemoryPage", "Fixed memory"),
                          MemoryDocument.DYNAMIC: QT_TRANSLATE_NOOP("MemoryPage", "Dynamic memory")}


def change_rows(c: ChangeView, known: Mapping[int, ChangeView] | None = None, *,
                seconds: bool = False) -> tuple[str, str]:
    """A change's two timeline lines: who did what (``You edited entry #2``), then when,
    in the desktop's local time, and where (``5 Dec 2026, 07:16 · Fixed memory``; the
    page's one date style, walk52 #7; audit54: it was UTC only, which is now the row's
    tooltip); ``seconds``: the time to the second (``07:16:47``, a row sharing its minute
    with a neighbour, :func:`same_minute`). ``known``: the listed changes by id, which a
    revert's row quotes (:func:`change_line`)."""
    where = translate("MemoryPage", TITLES[c.document]) if c.document in TITLES else c.document
    return change_line(c, known), fill(translate("MemoryPage", "%1 · %2"),
                                       format_day_time(c.at, None, "", seconds=seconds), where)


def change_label(c: ChangeView, known: Mapping[int, ChangeView] | None = None) -> str:
    """A change's row as one text (its tooltip and accessible name): both
    :func:`change_rows` lines, then the time in UTC (``5 Dec 2026, 06:16:47 UTC``)."""
    return "\n".join((*change_rows(c, known, seconds=True), utc_time(c)))


def utc_time(c: ChangeView) -> str:
    """When ``c`` was made in UTC, as the detail heading's tooltip says it (``5 Dec 2026,
    06:16:47 UTC``)."""
    return format_day_time(c.at, seconds=True)


def same_minute(changes: Sequence[ChangeView]) -> list[bool]:
    """Per change (listed in this order; MEM-2, DRM-8 History): True when the one above or below it was made in
    the same local minute, so its row says the seconds (walk57 #4)."""
    minutes = [as_local(c.at).replace(second=0, microsecond=0) for c in changes]
    last = len(minutes) - 1
    return [(i > 0 and m == minutes[i - 1]) or (i < last and m == minutes[i + 1]) for i, m in enumerate(minutes)]


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
