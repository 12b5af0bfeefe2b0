"""How tall the Memory page's fixed list is (issue 30, walk36 #7, fix30): Dream now leads.

The page scrolls as a whole; the fixed list gets a height of its own, worked out from the
page's visible height, so that:

- it is never taller than its cards (a few entries are not a box of blank room: the dream
  cards under Dream now take a tall page's room, so a line appearing under them — a
  failed dream, an error — never moves Dream now);
- it takes what a tall page has beyond the dream cards' wanted height (walk2: fixed memory
  takes a taller window's room);
- it keeps room for :data:`~chathub_desktop.gui.memory.page_common.MIN_ROWS` cards when
  Dream now still shows, and otherwise gives up height so that Dream now's bar is in view
  without scrolling (an 800×560 window), down to one card; the list scrolls inside;
- while the page shows its error line above Dream now, it gives up that
  last card too when the page is that short (the cards come back when they go).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QScrollArea,
    QStackedWidget,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.memory.card_delegate import MemoryCardDelegate
from chathub_desktop.gui.memory.page_common import MIN_ROWS

#: Rounds of layout requests that reach from the list to the page (its nesting, with room).
LAYOUT_DEPTH = 12
#: Qt's QWIDGETSIZE_MAX (no maximum).
QWIDGETSIZE_MAX = (1 << 24) - 1


class FixedListFit(QObject):
    """Keeps ``box`` — the stack showing ``view`` (the fixed list, in ``scroll``'s page) or
    its empty line — at the height the module docstring describes while it shows the list
    (free while it shows the line), re-fitting on the next turn of the event loop after the
    page's layout, its visible size, the list's font or rows change.

    ``bar``: Dream now's bar (hidden while the Dreaming memory group is folded);
    ``below``: px the page wants under that bar — ``(cards, now)``: the dream cards'
    preferred height with the margins, and that plus the lines shown there now (a failed
    dream, an error), which never take room above the bar. ``gives_way``: True while the
    list may shrink below one card (see the module docstring). Heights come from the layouts'
    preferred heights, not from where widgets are (a half-done layout made the list jump).
    """

    def __init__(self, scroll: QScrollArea, box: QStackedWidget, view: QListView, delegate: MemoryCardDelegate,
                 bar: QWidget, below: Callable[[], tuple[int, int]], gives_way: Callable[[], bool]) -> None:
        super().__init__(view)
        self._gives_way = gives_way
        self._scroll = scroll
        self._box = box
        self._view = view
        self._delegate = delegate
        self._bar = bar
        self._below = below
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(0)
        self.timer.timeout.connect(self.fit)
        body = scroll.widget()
        assert body is not None, "the page is in the scroll area first"
        self._body = body
        for w in (body, scroll.viewport(), view):  # the stack's page changes come through _sync_empty
            w.installEventFilter(self)
        model = view.model()
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.dataChanged,
                       model.layoutChanged):
            signal.connect(self.schedule)
        delegate.sizeHintChanged.connect(self.schedule)  # a card grows round its editor

    def schedule(self, *_args: object) -> None:
        """Re-fit on the next turn of the event loop (bursts coalesce)."""
        self.timer.start()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: the page's layout, the visible size or the list's font changed → re-fit."""
        if event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Resize, QEvent.Type.FontChange):
            self.schedule()
        return False

    def content_height(self, limit: int) -> int:
        """Px the list's rows take, counted until past ``limit`` (so 10,000 entries cost
        a few rows' cached estimates)."""
        model = self._view.model()
        option = QStyleOptionViewItem()
        total = 0
        for row in range(model.rowCount()):
            total += self._delegate.sizeHint(option, model.index(row, 0)).height()
            if total > limit:
                break
        return total

    def wanted(self) -> int:
        """The list's height now, in px (see the module docstring)."""
        shown = self._scroll.viewport().height()
        rest = preferred_height(self._body) - self._box.maximumHeight()  # all but the list
        floor = 0 if self._gives_way() else max(self._delegate.rows_height(1), self._view.minimumSizeHint().height())
        if self._view.state() == QAbstractItemView.State.EditingState:  # the card being edited, whole
            floor = max(floor, self._view.visualRect(self._view.currentIndex()).height())
        if self._bar.isVisible():
            cards, now = self._below()
            above = rest - now  # all above the bar but the list
            with_cards = shown - above - cards
            room = max(with_cards, min(shown - above - Space.SM, self._delegate.rows_height(MIN_ROWS)))
        else:
            room = shown - rest
        room = max(floor, room)
        return min(self.content_height(room), room)

    def fit(self) -> None:
        """Give the list its height (no change, no relayout)."""
        box = self._box
        if box.currentWidget() is not self._view:
            box.setMinimumHeight(0)
            box.setMaximumHeight(QWIDGETSIZE_MAX)
            return
        if not box.isVisible():
            return
        if box.maximumHeight() >= QWIDGETSIZE_MAX:
            box.setFixedHeight(box.height())  # a known height to count the rest from
        # the layouts' preferred heights are brought up to date first: a change reaches the
        # page one nesting level per round of layout requests
        for _ in range(LAYOUT_DEPTH):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        h = self.wanted()
        if box.minimumHeight() != h or box.maximumHeight() != h:
            box.setFixedHeight(h)


def preferred_height(w: QWidget) -> int:
    """``w``'s preferred height at its width (its height for that width when it has one)."""
    return w.heightForWidth(w.width()) if w.hasHeightForWidth() else w.sizeHint().height()


class PageStack(QWidget):
    """One page shown at a time, as :class:`QStackedWidget` (``addWidget``, ``widget``,
    ``count``, ``currentIndex``, ``currentWidget``, ``setCurrentWidget``), but as tall as
    the page it shows: QStackedWidget's height for a width is its tallest page's, hidden
    ones too, which kept the fixed list's room on the page while it showed the cards (fix30)."""

    def __init__(self) -> None:
        super().__init__()
        self._lay = QVBoxLayout(self)
        self._lay.setContentsMargins(0, 0, 0, 0)
        self._pages: list[QWidget] = []
        self._current = -1

    def addWidget(self, page: QWidget) -> int:  # noqa: N802 - QStackedWidget's name
        """Add ``page`` (hidden unless it is the first); returns its index."""
        self._pages.append(page)
        self._lay.addWidget(page, 1)
        if self._current < 0:
            self._current = 0
        page.setVisible(len(self._pages) - 1 == self._current)
        return len(self._pages) - 1

    def widget(self, index: int) -> QWidget:
        """The page at ``index``."""
        return self._pages[index]

    def count(self) -> int:
        """How many pages there are."""
        return len(self._pages)

    def currentIndex(self) -> int:  # noqa: N802 - QStackedWidget's name
        """The index of the page shown (-1: none)."""
        return self._current

    def currentWidget(self) -> QWidget | None:  # noqa: N802 - QStackedWidget's name
        """The page shown."""
        return self._pages[self._current] if self._current >= 0 else None

    def setCurrentWidget(self, page: QWidget) -> None:  # noqa: N802 - QStackedWidget's name
        """Show ``page`` (one of this stack's), hiding the others."""
        self._current = self._pages.index(page)
        for i, p in enumerate(self._pages):
            if i != self._current:
                p.hide()
        page.show()
