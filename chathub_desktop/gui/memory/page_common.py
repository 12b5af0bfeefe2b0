"""What the fixed-memory page and the dream panel share (MEM-2, DRM-8): the card list
set-up, the inline error label, section titles, a one-line status label that never grows
its row (:class:`~chathub_desktop.gui.shell.elided_line.ElidedLine`), and :class:`ListRefresh` — the reload timer, reload-on-show,
font-change relayout and detach both use."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QCoreApplication,
    QEvent,
    QItemSelectionModel,
    QObject,
    QPoint,
    QRect,
    QSize,
    Qt,
    QTimer,
    SignalInstance,
)
from PySide6.QtGui import QAction, QFocusEvent, QIcon, QKeySequence, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QLabel,
    QListView,
    QToolButton,
    QToolTip,
    QWidget,
)

from chathub_desktop.gui.design import (
    Space,
    Tone,
    TypeScale,
    current_colours,
    set_text_size,
    set_tone,
)
from chathub_desktop.gui.design.icons import Icon, icon_file
from chathub_desktop.gui.design.tokens import IconSize
from chathub_desktop.gui.memory.card_delegate import CardFace, MemoryCardDelegate
from chathub_desktop.gui.shell.i18n import Texts

#: The card painter a :func:`card_list` makes (the fixed or the dream cards').
D = TypeVar("D", bound=MemoryCardDelegate)

#: One-line cards a card list always has room for (walk29 #15).
MIN_ROWS = 3


def role_data(item: object | None, role: int, getters: Mapping[int, Callable[[Any], object]]) -> object:
    """A list model's ``data``: ``getters[role](item)``, None for no item or an unknown role."""
    get = getters.get(int(role))
    return None if item is None or get is None else get(item)


@contextmanager
def one_layout_pass(*widgets: QWidget | None) -> Iterator[None]:
    """Show and hide children of ``widgets`` inside the block with their layouts held, then
    lay each out once, outermost first (issue 30: Qt re-lays out a parent's whole layout
    at once for every child shown — 18 passes in the dream cards' first read)."""
    layouts = [lay for w in widgets if w is not None and (lay := w.layout()) is not None and lay.isEnabled()]
    for lay in layouts:
        lay.setEnabled(False)
    try:
        yield
    finally:
        for lay in layouts:
            lay.setEnabled(True)
        for lay in layouts:
            lay.activate()


def save_shortcut(widget: QWidget, texts: Texts, name: Callable[[], str], slot: Callable[[], object]) -> QAction:
    """Ctrl+S (the platform's Save keys) on ``widget`` and its children runs ``slot``; the
    action is named by ``name`` (a ``translate`` call) through ``texts``, so Help →
    Keyboard shortcuts says it in the interface language (walk55b #10)."""
    action = QAction(widget)
    texts.bind(action.setText, name)
    action.setShortcut(QKeySequence(QKeySequence.StandardKey.Save))
    action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    action.triggered.connect(lambda _checked=False: slot())
    widget.addAction(action)
    return action


def tight(row: QWidget) -> QWidget:
    """``row`` (a Settings row, memlook52) with less room above and below its text than on
    the Settings pages, so the Memory page's cards leave Dream now in view at 800×560
    (fix30); returns it."""
    lay = row.layout()
    if lay is not None:
        lay.setContentsMargins(Space.XL, Space.SM, Space.XL, Space.SM)
    return row


def section_title(text: str = "") -> QLabel:
    """A bold, slightly larger section title (``sectionTitle``; its owner says the text)."""
    label = QLabel(text)
    label.setObjectName("sectionTitle")
    f = label.font()
    f.setBold(True)
    f.setPointSizeF(f.pointSizeF() * TypeScale.TITLE.value)
    label.setFont(f)
    return label


def description(text: str, tip: str, name: str, texts: Texts) -> QLabel:
    """The one-line muted description under a title (walk29 #14: instead of a ``?``
    button); ``tip`` — the full help (APP-6) — is its tooltip. It wraps rather than being
    cut in a narrow window. ``text`` and ``tip`` are sources marked in the "MemoryPage"
    context; ``texts`` says them in the interface language now and after each switch
    (issue 27)."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)

    def say() -> None:
        line = QCoreApplication.translate("MemoryPage", text)
        label.setText(line)
        label.setToolTip(QCoreApplication.translate("MemoryPage", tip))
        label.setAccessibleDescription(line)

    texts.call(say)
    set_tone(label, Tone.MUTED)
    set_text_size(label, TypeScale.CAPTION)
    return label


class HelpMark(QToolButton):
    """A help button :data:`Space.XL` px across, whatever its font asks (its size hint is
    its size, so the audit finds nothing cut), showing a small info glyph in the muted
    text colour — the text colour on hover or focus (walk53: seven bold ``?`` read as
    questions before the memories)."""

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """Qt: the hover/focus background (the stylesheet's), then the info glyph."""
        super().paintEvent(event)
        c = current_colours()  # the app's theme: the button's own palette reads black under its sheet
        lit = self.underMouse() or self.hasFocus()
        side = IconSize.SM - Space.XXS
        x, y = (self.width() - side) // 2, (self.height() - side) // 2
        painter = QPainter(self)
        QIcon(icon_file(Icon.ABOUT, c.text if lit else c.text_muted)).paint(painter, QRect(x, y, side, side))
        painter.end()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Qt: the token's square."""
        return QSize(Space.XL, Space.XL)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Qt: the token's square."""
        return self.sizeHint()


def help_mark(text: str, tip: str, name: str, texts: Texts) -> QToolButton:
    """The help mark beside a title (APP-6; walk40: the page's helper lines moved here): a
    small info glyph button named ``name`` whose tooltip — also shown on click — is the full
    help ``tip``; ``text``, the one-line summary, is its accessible description. Both are
    sources marked in the "MemoryPage" context, said in the interface language now and
    after each switch (issue 27)."""
    b = HelpMark()
    b.setObjectName(name)
    b.setFixedSize(Space.XL, Space.XL)
    b.setProperty("helpMark", True)
    b.setAutoRaise(True)
    b.setCursor(Qt.CursorShape.WhatsThisCursor)
    b.setFocusPolicy(Qt.FocusPolicy.TabFocus)

    def say() -> None:
        b.setToolTip(QCoreApplication.translate("MemoryPage", tip))
        b.setAccessibleName(QCoreApplication.translate("MemoryPage", "Help"))
        b.setAccessibleDescription(QCoreApplication.translate("MemoryPage", text))

    texts.call(say)
    b.clicked.connect(lambda _c=False: QToolTip.showText(b.mapToGlobal(QPoint(0, b.height())), b.toolTip(), b))
    return b


def error_label(name: str) -> QLabel:
    """A hidden, selectable, wrapped inline error label named ``name``."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    set_tone(label, Tone.ERROR)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.hide()
    return label


def card_list(name: str, accessible: str, model: QAbstractListModel, faces: Callable[[int], CardFace | None],
              delegate_type: type[D]) -> tuple[QListView, D]:
    """A card list over ``model`` painted by a new ``delegate_type`` reading each row's
    :class:`CardFace` from ``faces(row)`` (the model's own method): per-pixel scrolling,
    no horizontal bar, single selection, frameless; a model reset drops the delegate's
    layout cache (a font change does too, through :class:`ListRefresh`).
    Returns ``(view, delegate)``."""
    view = QListView()
    view.setObjectName(name)
    view.setAccessibleName(accessible)
    view.setModel(model)
    delegate = delegate_type(view, faces)
    view.setItemDelegate(delegate)
    view.setUniformItemSizes(False)
    view.setResizeMode(QListView.ResizeMode.Adjust)
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    view.verticalScrollBar().setSingleStep(20)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setMouseTracking(True)
    view.setFrameShape(QFrame.Shape.NoFrame)
    view.viewport().setAutoFillBackground(False)
    model.modelReset.connect(delegate.clear_cache)
    CurrentOnFocus(view)
    return view, delegate


class CurrentOnFocus(QObject):
    """Tab (or any key) into ``view`` with no current card makes the first card in sight
    current, so the focus ring has a card to show (MEM-2, DRM-8; walk56 #7): Qt does it
    only until the first current row, not after a reload drops it. With nothing selected,
    the current card is selected too: Enter, Del and Ctrl+P act on the selection, and they
    did nothing on the card the ring showed (walk56 keys). Parented to ``view``; a click
    picks its own card."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self._view = view
        view.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: on a keyboard focus-in with no valid current index, set one; with no
        selection, select the current card."""
        if (event.type() == QEvent.Type.FocusIn and isinstance(event, QFocusEvent)
                and event.reason() != Qt.FocusReason.MouseFocusReason):
            view = self._view
            model = view.model()
            if model is not None and not view.currentIndex().isValid() and model.rowCount() > 0:
                first = self._first_in_sight(model)
                if first is not None:
                    view.selectionModel().setCurrentIndex(model.index(first, 0),
                                                          QItemSelectionModel.SelectionFlag.NoUpdate)
            current, chosen = view.currentIndex(), view.selectionModel()
            if current.isValid() and not chosen.hasSelection() and model is not None \
                    and model.flags(current) & Qt.ItemFlag.ItemIsSelectable:
                chosen.select(current, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        return False

    def _first_in_sight(self, model: QAbstractItemModel) -> int | None:
        """The first selectable row at least partly shown (the page scrolls the list as a
        whole), else the first selectable row; None when no row can be current."""
        view = self._view
        seen = view.viewport().visibleRegion().boundingRect()
        fallback = None
        for row in range(model.rowCount()):
            idx = model.index(row, 0)
            if not model.flags(idx) & Qt.ItemFlag.ItemIsSelectable:
                continue
            if fallback is None:
                fallback = row
            if seen.isEmpty() or view.visualRect(idx).intersects(seen):
                return row
        return fallback


class ListRefresh(QObject):
    """What the fixed list and the dream panel share, as one object each owns (no base
    class): a coalescing reload timer (``interval_ms``) that calls ``load``; a change
    heard while ``owner`` is hidden is re-read when it is shown again; a font change of
    ``view`` re-lays out ``delegate``'s cards; :meth:`detach` stops all of it, cancels
    ``task_name`` on ``runner`` and disconnects ``follows`` (signal, slot) pairs. The
    list keeps room for :data:`MIN_ROWS` one-line cards at any font (walk29 #15: the page
    scrolls as a whole instead of squeezing a list to nothing); ``min_rows=None`` leaves the
    list's height to its owner (the fixed list: :class:`~chathub_desktop.gui.memory.list_fit.FixedListFit`)."""

    def __init__(self, owner: QWidget, view: QListView, delegate: MemoryCardDelegate, load: Callable[[], None],
                 *, cancel: Callable[[], None], interval_ms: int = 40, min_rows: int | None = MIN_ROWS) -> None:
        super().__init__(owner)
        self._owner = owner
        self._view = view
        self._delegate = delegate
        self._cancel = cancel
        self._stale = False
        self._min_rows = min_rows
        self._keeping = True  # the room for min_rows cards is kept (:meth:`keep_rows`)
        self._follows: list[tuple[SignalInstance, Callable[..., None]]] = []
        self.following = True
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(load)
        view.installEventFilter(self)
        owner.installEventFilter(self)
        self._keep_rows()

    def _keep_rows(self, grow_only: bool = False) -> None:
        """Set the list's room for ``min_rows`` cards; ``grow_only``: never lower it (a
        font change: the list's own measure, e.g. the dream cards' whole height, lowers it
        once it knows — lowering it first clamped the page's scroll, walk51 #6)."""
        if self._min_rows is not None:
            h = self._delegate.rows_height(self._min_rows) if self._keeping else 0
            if not grow_only or h > self._view.minimumHeight():
                self._view.setMinimumHeight(h)

    def keep_rows(self, on: bool) -> None:
        """Keep the list's room for ``min_rows`` cards (``on``), or none while its owner shows
        its empty line in the list's place: a stack is as tall as its tallest page, so an
        empty list's room made a 1366×768 page 1 px taller than the window, a scroll bar
        over the whole page for nothing (issue 30)."""
        if on != self._keeping:
            self._keeping = on
            self._keep_rows()

    def follow(self, signal: SignalInstance, slot: Callable[..., None]) -> None:
        """Connect ``slot`` to ``signal`` until :meth:`detach`."""
        signal.connect(slot)
        self._follows.append((signal, slot))

    def schedule(self, ms: int | None = None) -> None:
        """Re-read soon (bursts coalesce); ``ms`` overrides the interval once."""
        if not self.following:
            return
        if ms is None:
            self.timer.start()
        else:
            self.timer.start(ms)

    def when_shown(self) -> None:
        """Re-read soon when ``owner`` is visible, else when it is shown again."""
        if self._owner.isVisible():
            self.schedule()
        else:
            self._stale = True

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        """Qt: a font change of the list re-lays out the cards; showing a stale owner re-reads."""
        if obj is self._view and event.type() == QEvent.Type.FontChange:  # also a theme's reading font
            self._delegate.clear_cache()
            self._keep_rows(grow_only=True)
        elif obj is self._owner and event.type() == QEvent.Type.Show and self._stale:
            self._stale = False
            self.schedule()
        return False

    def detach(self) -> None:
        """Stop following for good: no timer, the load task cancelled, signals disconnected."""
        self.timer.stop()
        self._cancel()
        if not self.following:
            return
        self.following = False
        for signal, slot in self._follows:
            signal.disconnect(slot)
        self._follows.clear()
