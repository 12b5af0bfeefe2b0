"""How tall the Memory page's fixed list is (issue 30; memfit52, walk52b #1).

The page scrolls as a whole; the fixed list keeps a view of its own (10,000 entries stay
smooth: rows are laid out in batches) but is only a box that scrolls inside when it must:

- when its cards fit in a generous height — the page's visible height, and at least
  :data:`FIT_ROWS` one-line cards — the list is as tall as its cards: no scroll bar of
  its own, the page scrolls over it (walk52b #1: at 800×560 three entries showed two,
  with a scroll bar of their own);
- a longer list is a box :data:`BOX_SHARE` of the page's visible height tall (at least
  :data:`~chathub_desktop.gui.memory.page_common.MIN_ROWS` one-line cards) that scrolls
  inside;
- while a card is edited in place, a list shown whole grows round the editor instead of
  turning into a box (walk52b #1: the edited #2 cut #3 off); a box keeps the edited
  card whole. The page scrolls the editor into view (:mod:`.editor_in_view`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QScrollArea,
    QStackedWidget,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.memory.card_delegate import MemoryCardDelegate
from chathub_desktop.gui.memory.page_common import MIN_ROWS

#: One-line cards a list is shown whole up to, however short the page (walk52b #1).
FIT_ROWS = 12
#: A long list's box: this share of the page's visible height (most of it, the page's
#: scroll still reachable round it).
BOX_SHARE = 0.75
#: Qt's QWIDGETSIZE_MAX (no maximum).
QWIDGETSIZE_MAX = (1 << 24) - 1


class FixedListFit(QObject):
    """Keeps ``box`` — the stack showing ``view`` (the fixed list, in ``scroll``'s page) or
    its empty line — at the height the module docstring describes while it shows the list
    (free while it shows the line), re-fitting on the next turn of the event loop after the
    page's visible size, the list's font, width or rows change. ``whole`` is True while
    the list is shown as tall as its cards."""

    def __init__(self, scroll: QScrollArea, box: QStackedWidget, view: QListView, delegate: MemoryCardDelegate) -> None:
        super().__init__(view)
        self._scroll = scroll
        self._box = box
        self._view = view
        self._delegate = delegate
        self.whole = True
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(0)
        self.timer.timeout.connect(self.fit)
        for w in (scroll.viewport(), view, view.viewport()):  # the stack's page changes come through _sync_empty
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
        """Qt: the visible size, the list's width (its cards wrap anew) or font changed → re-fit."""
        if event.type() in (QEvent.Type.Resize, QEvent.Type.FontChange):
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

    def _edited_height(self) -> int:
        """Px of the card being edited in place (0 when none is)."""
        if self._view.state() != QAbstractItemView.State.EditingState:
            return 0
        return self._delegate.sizeHint(QStyleOptionViewItem(), self._view.currentIndex()).height()  # as it grows

    def wanted(self) -> int:
        """The list's height now, in px (see the module docstring); notes in :attr:`whole`
        whether it is shown whole (kept while a card is edited)."""
        shown = self._scroll.viewport().height()
        edited = self._edited_height()
        limit = max(shown, self._delegate.rows_height(FIT_ROWS))
        if edited and self.whole:
            limit += edited  # shown whole before the editor opened: it grows round it
        content = self.content_height(limit)
        whole = content <= limit
        if not edited:
            self.whole = whole
        if whole:
            return content
        return max(int(shown * BOX_SHARE), self._delegate.rows_height(MIN_ROWS), edited)

    def fit(self) -> None:
        """Give the list its height (no change, no relayout)."""
        box = self._box
        if box.currentWidget() is not self._view:
            box.setMinimumHeight(0)
            box.setMaximumHeight(QWIDGETSIZE_MAX)
            return
        if not box.isVisible():
            return
        h = self.wanted()
        if box.minimumHeight() != h or box.maximumHeight() != h:
            box.setFixedHeight(h)


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
