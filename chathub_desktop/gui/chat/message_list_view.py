"""The scrolling message view: a ``QListView`` over :class:`MessageListModel` (APP-10).

- per-pixel scrolling; sticks to the bottom while a reply streams if the user was there;
- issue 29: the model is a window over the topic; scrolling to the window's top or bottom
  asks for the page before or after it (``older_wanted`` / ``newer_wanted``, read on a
  worker by :class:`~chathub_desktop.gui.chat.message_jump.TopicJumps`) and keeps the visible
  rows in place as rows come in and leave (:class:`~chathub_desktop.gui.chat.row_anchor.RowAnchor`);
  the scroll bar shown is a
  :class:`~chathub_desktop.gui.topics.topic_scroll_bar.TopicScrollBar` over the whole topic:
  moving it scrolls within the window or asks for the page there (``position_wanted``);
- a click on a tool/thoughts row toggles it; the context menu (:mod:`.message_menu`)
  copies a message's raw Markdown (Ctrl+C copies the message under the mouse as well),
  and offers Edit message (user messages) and Delete message, emitted as
  ``edit_requested`` / ``delete_requested`` for the window to carry out (CMP-15);
- issue 32: links go through :mod:`~chathub_desktop.gui.chat.link_policy` — ``http(s)``
  opens the browser, every other target is refused with one line
  (``link_refused``); hovering a link shows its target (tooltip and ``link_hovered``);
- issue 29: a hover action bar over the row under the mouse (or the current row) —
  the same actions and signals as the context menu (:mod:`.message_action_bar`, placed by
  :class:`~chathub_desktop.gui.chat.message_row_bar.RowBar`); the keyboard's current row is
  outlined (:class:`~chathub_desktop.gui.chat.message_keyboard_rows.KeyboardRows`);
  Ctrl+Home / Ctrl+End and the two jump buttons (:mod:`.message_jump_buttons`) emit
  ``jump_requested`` (the window's
  :class:`~chathub_desktop.gui.chat.message_jump.TopicJumps` reads the page on a worker);
  scrolled to the bottom of a window that does not reach the newest message, the view
  asks for the next page (``newer_wanted``);
- issue 14: the "‹ 2 / 3 ›" arrows of a message with versions and the menu's Previous /
  Next version emit ``version_requested``; the last reply's Regenerate (hover bar and
  menu entry) emits ``regenerate_requested``;
- walk29 #24: a caret blinks where a streaming reply's text ends (:mod:`.message_caret`,
  ``caret_timer`` running only while a reply streams); a width change lays every row out
  again (fixwalk).
"""

from __future__ import annotations

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    Qt,
    QTimer,
    QUrl,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QDesktopServices,
    QGuiApplication,
    QHelpEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QListView,
    QMenu,
    QMessageBox,
    QToolTip,
    QWidget,
)

from chathub_desktop.gui.chat.link_policy import LinkAction, decide, hover_text, providers_named
from chathub_desktop.gui.chat.markdown_render import code_blocks
from chathub_desktop.gui.chat.message_action_bar import (
    COPIED_MS,
    MessageActionBar,
    can_copy,
    copy_text,
)
from chathub_desktop.gui.chat.message_caret import StreamingCaret
from chathub_desktop.gui.chat.message_delegate import MessageDelegate
from chathub_desktop.gui.chat.message_jump_buttons import JumpButtons, JumpTarget
from chathub_desktop.gui.chat.message_keyboard_rows import KeyboardRows
from chathub_desktop.gui.chat.message_layout import (
    CONTINUE_TIP,
    MARKER_TIP,
    RETRY_TIP,
    is_collapsible,
)
from chathub_desktop.gui.chat.message_list_model import (
    PAGE_SIZE,
    MessageListModel,
)
from chathub_desktop.gui.chat.message_menu import MenuActions, message_menu
from chathub_desktop.gui.chat.message_row_bar import RowBar
from chathub_desktop.gui.chat.message_texts import STATS_TIP
from chathub_desktop.gui.chat.row_anchor import RowAnchor
from chathub_desktop.gui.chat.send_keys import SendKey
from chathub_desktop.gui.chat.version_arrows import NEXT_TIP, PREV_TIP
from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.gui.topics.topic_scroll_bar import TopicScrollBar

translate = QCoreApplication.translate

#: Pixels from the bottom that still count as "at the bottom".
STICKY_PX = 24


def empty_text(key: SendKey) -> str:
    """What an open topic without messages shows, naming the key that sends (issue 29), in
    the interface language (issue 27)."""
    return fill(translate("MessageList", "No messages yet.\nType below and press %1 to start."), key.label)


#: What an open topic without messages shows with the default send key.
EMPTY_TEXT = empty_text(SendKey.ENTER)


def show_error_details(parent: QWidget, plain: str, raw: str) -> QMessageBox:
    """A failed reply's plain sentence with the provider's raw error text under Show
    Details… (walk53 #2), over ``parent``; not modal, deleted when closed."""
    box = QMessageBox(QMessageBox.Icon.NoIcon, translate("MessageList", "Reply failed"), plain,
                      QMessageBox.StandardButton.Close, parent)
    box.setObjectName("errorDetailsBox")
    box.setTextFormat(Qt.TextFormat.PlainText)  # a "<" in it is text
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setDetailedText(raw)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


class MessageListView(QListView):
    """Bubbles of the open topic. ``model``: the message model it owns the view of.

    ``edit_requested(message_id)`` / ``delete_requested(message_id)``: the context menu's
    Edit message / Delete message; ``retry_requested(message_id)``: the Retry pill of a
    last reply that failed or was stopped (issue 12); ``summary_requested()``: the summary
    divider (CMP-2)."""

    edit_requested = Signal(int)
    #: A code block was copied: its first line (for the status bar).
    code_copied = Signal(str)
    delete_requested = Signal(int)
    retry_requested = Signal(int)
    #: Continue on the topic's last reply cut at the length limit (its pill, action bar or
    #: menu; walk53b #4): the reply's id.
    continue_requested = Signal(int)
    #: A click on the "sent as the topic summary" divider: show the summary (walk52b #6).
    summary_requested = Signal()
    #: The ⓘ of a reply's action bar was clicked: its message id (issue 19, the context receipt).
    receipt_requested = Signal(int)
    #: Pin message / Unpin message (issue 19): the message id and the new state.
    pin_requested = Signal(int, bool)
    #: An arrow of a message with versions (issue 14): the message id and -1 / +1.
    version_requested = Signal(int, int)
    #: Regenerate on the topic's last reply (issue 14): the clicked reply's id.
    regenerate_requested = Signal(int)
    #: A click on a link that is not opened: the one-line reason (issue 32).
    link_refused = Signal(str)
    #: An error line's "Settings → Providers" was clicked: the provider it names, or ""
    #: (walk53b #6).
    providers_requested = Signal(str)
    #: The mouse moved onto a link (its target) or off every link ("") (issue 32).
    link_hovered = Signal(str)
    #: Mark as interrupted on a reply still marked streaming (issue 32): its message id.
    interrupt_requested = Signal(int)
    #: Ctrl+Home / Ctrl+End or a jump button (issue 29).
    jump_requested = Signal(JumpTarget)
    #: Scrolled to the bottom of a window that does not reach the newest message.
    newer_wanted = Signal()
    #: Scrolled to the top of a window that does not reach the first message.
    older_wanted = Signal()
    #: The topic scroll bar asked for a position outside the window (0-based).
    position_wanted = Signal(int)

    def __init__(self, model: MessageListModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageList")
        self._model = model
        self._clearance = 0  # px kept free below the last row while the status toast shows
        self._sending_first = False
        #: Painted over an open topic without messages (the window names its send key).
        #: The send key the empty-topic text names (the window's, issue 29).
        self.empty_key = SendKey.ENTER
        self.delegate = MessageDelegate(self)  # before the model: doItemsLayout reads it
        #: Outlines the current row while the keyboard has the list; Ctrl+Home / Ctrl+End
        #: (before the model: currentChanged reads it).
        self.keyboard_rows = KeyboardRows(self, model, self.delegate, self.jump_requested.emit)
        self.setModel(model)
        self.setItemDelegate(self.delegate)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # the window's own bar scrolls (wheel, keys) but the topic's bar is the one shown
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.topic_bar = TopicScrollBar(self)
        self.topic_bar.position_wanted.connect(self._on_topic_bar)
        self.topic_bar.hide()
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setUniformItemSizes(False)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # the rows' surface, the jump buttons' gutter too, is the palette's Base (the surface
        # token), not a stylesheet rule: under a rule that draws, Qt's sheet style turns the
        # viewport's autoFillBackground off, and a viewport that is not opaque repaints whole
        # on every scroll step instead of moving its pixels (issue 29)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setAutoFillBackground(True)
        self.setMouseTracking(True)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._context_menu)
        self.verticalScrollBar().setSingleStep(24)
        self._stick = True
        self.last_menu: QMenu | None = None
        self._hovered = ""
        #: The row read stays in place while rows come in or leave above it (before the
        #: view's own slots: it puts the row back before they read where it is).
        self.anchor = RowAnchor(self, model)
        sb = self.verticalScrollBar()
        sb.valueChanged.connect(self._on_scrolled)
        sb.rangeChanged.connect(self._on_range_changed)
        model.modelReset.connect(self._on_reset)
        model.rowsInserted.connect(self._on_rows_inserted)
        model.dataChanged.connect(self._on_data_changed)
        model.older_loaded.connect(self._on_older_loaded)
        model.rowsRemoved.connect(self._after_remove)
        model.total_changed.connect(lambda _n: self._sync_topic_bar())  # then the jump buttons follow
        model.total_changed.connect(lambda _n: self._place_jump_buttons())
        copy = QAction(self)
        self.texts = Texts(self)  # re-said on a language switch (issue 27)
        self.texts.bind(copy.setText, lambda: translate("MessageList", "Copy message"))
        self.texts.bind(self.setAccessibleName, lambda: translate("MessageList", "Messages"))
        self.texts.bind(self.setAccessibleDescription, lambda: translate(
            "MessageList", "The open topic's messages; Up and Down move between them, Ctrl+Home and Ctrl+End jump to "
                           "the first and the newest."))
        copy.setShortcut(QKeySequence.StandardKey.Copy)
        copy.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        copy.triggered.connect(self._copy_under_mouse)
        self.addAction(copy)
        self.action_bar = MessageActionBar(self.viewport())
        self.jumps = JumpButtons(self, self.texts)  # in the gutter right of the rows
        self.jumps.requested.connect(self.jump_requested)
        self.jump_start_button, self.newest_button = self.jumps.start, self.jumps.newest
        #: Blinks the caret at the end of a streaming reply; stopped when none streams.
        self.caret = StreamingCaret(model, self.delegate, self, self)
        self.caret_timer = self.caret.timer
        self._menu_actions = MenuActions(self.copy_row, self.edit_requested.emit, self.delete_requested.emit,
                                         self.pin_requested.emit, self.regenerate_requested.emit,
                                         self.version_requested.emit, self.interrupt_requested.emit,
                                         self.continue_requested.emit)
        #: The hover action bar over the row under the mouse or the current row (issue 29).
        self.bar = RowBar(self, model, self.delegate, self.action_bar, self._menu_actions,
                          self.receipt_requested.emit)
        model.rowsRemoved.connect(lambda *_: self.bar.hide())
        model.modelReset.connect(self.bar.hide)

    def _place_jump_buttons(self) -> None:
        """The newest button (an arrow down) shows only when the newest message is out of
        view; the start button (an arrow up) when the first one is out of view (walk36 #6).
        The gutter lies between the rows and the topic scroll bar, outside the viewport,
        so neither covers a message."""
        sb = self.verticalScrollBar()
        has_rows = self._model.rowCount() > 0
        self.jumps.place(self.viewport().geometry(),
                         start=has_rows and (self._model.has_older() or sb.value() > sb.minimum()),
                         end=has_rows and (not self._model.at_end or not self.is_at_bottom()))

    def reserve_row(self, message_id: int | None, height: int = 0) -> None:
        """Grow the bubble of ``message_id`` to at least ``height`` px (the editor in place
        lies over it; the rows after it move down) and lay the rows out now; ``None``
        gives every row its own height back (issue 29)."""
        before = self.delegate.reserved_id
        self.delegate.reserve(message_id, height)
        for mid in (before, message_id):
            row = self._model.row_of(mid) if mid is not None else None
            if row is not None:
                self.delegate.sizeHintChanged.emit(self._model.index(row))
        self.executeDelayedItemsLayout()

    def editing_in_place(self, editing: bool) -> None:
        """While ``editing`` (an editor lies over a row) the action bar stays hidden however
        the rows are hovered, and the list does not follow its end, so the edited row
        growing under the editor cannot scroll its header line away (walk29 #5)."""
        self.bar.editing = editing
        if editing:
            self._stick = False
            self.bar.hide()
        else:
            self._stick = self._model.at_end and self.is_at_bottom()

    def show_bar(self, index: QModelIndex | QPersistentModelIndex) -> None:
        """Show the action bar over row ``index`` (see :meth:`RowBar.show`)."""
        self.bar.show(index)

    def currentChanged(self, current: QModelIndex | QPersistentModelIndex,
                       previous: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802 - Qt override
        """Keyboard users get the bar, and the outline, on the current row."""
        super().currentChanged(current, previous)
        if self.hasFocus():
            self.show_bar(current)
        self.keyboard_rows.mark()

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802 - Qt override
        """View → Text size changed the list's font (walk29 #24), or View → Language the
        rows' words (issue 27): every row is laid out and drawn again, at once."""
        if e.type() in (QEvent.Type.FontChange, QEvent.Type.LanguageChange):
            self.delegate.clear_cache()
            self.scheduleDelayedItemsLayout()
            self.viewport().update()
        super().changeEvent(e)

    # --- scrolling -----------------------------------------------------------------------
    def is_at_bottom(self) -> bool:
        """True when the last row is in view (or nothing scrolls)."""
        sb = self.verticalScrollBar()
        return sb.value() >= sb.maximum() - STICKY_PX

    def scroll_to_end(self) -> None:
        """Show the newest message; when the loaded window does not reach it (after a
        jump to the start) asks for the newest page instead."""
        if not self._model.at_end:
            self.jump_requested.emit(JumpTarget.END)
            return
        self._stick = True
        self.scrollToBottom()
        sb = self.verticalScrollBar()
        sb.setValue(sb.maximum())

    def show_row_at_top(self, row: int) -> None:
        """Scroll ``row`` of the window to the viewport's top; row 0 of a window that
        starts the topic goes to the very top (issue 29)."""
        if row <= 0 and not self._model.has_older():
            self.scroll_to_start()
            return
        if 0 <= row < self._model.rowCount():
            self._stick = False
            with self.anchor.held():
                self.executeDelayedItemsLayout()
                self.scrollTo(self._model.index(row), QAbstractItemView.ScrollHint.PositionAtTop)
            self._place_jump_buttons()
            self._sync_topic_bar()

    def scroll_to_start(self) -> None:
        """Show the first loaded row at the top and stop following new messages."""
        self._stick = False
        self.scrollToTop()
        self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        self._place_jump_buttons()

    def focus_row(self, row: int, *, again: bool = True) -> None:
        """Scroll ``row`` to the middle of the view and stop following new messages
        (a search result opened it)."""
        self._stick = False
        with self.anchor.held():
            self.executeDelayedItemsLayout()
            self.scrollTo(self._model.index(row), QAbstractItemView.ScrollHint.PositionAtCenter)
        if again:  # after a scroll-to-end the topic's opening queued before this
            QTimer.singleShot(0, self, lambda: self.focus_row(row, again=False))

    def _on_scrolled(self, value: int) -> None:
        sb = self.verticalScrollBar()
        if not self.anchor.holding:  # follow new messages only at the topic's real end
            self._stick = value >= sb.maximum() - STICKY_PX and self._model.at_end and not self.bar.editing
            self.check_edges()
        self.bar.hide()
        self._place_jump_buttons()
        self._sync_topic_bar()

    def check_edges(self) -> None:
        """Ask for the page before or after the window when the view is within half a
        viewport of its top or bottom (also called when a page finished coming in)."""
        sb = self.verticalScrollBar()
        ahead = self.viewport().height() // 2
        if sb.value() <= sb.minimum() + ahead and self._model.has_older():
            self.older_wanted.emit()
        if sb.value() >= sb.maximum() - max(STICKY_PX, ahead) and not self._model.at_end:
            self.newer_wanted.emit()

    def top_row(self) -> int:
        """The window's row at the viewport's top, or -1 without rows."""
        top = self.anchor.top_row()
        return top[0] if top is not None else -1

    def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802 - Qt override
        """Move the viewport's pixels with the scroll, except while the anchor scrolls
        back by the height of rows that came in or left above them (they did not move)."""
        if not self.anchor.pixels_kept:
            super().scrollContentsBy(dx, dy)

    def _on_older_loaded(self, _count: int) -> None:
        self._stick = False

    def _after_remove(self, _parent: QModelIndex, _first: int, _last: int) -> None:
        if not self.anchor.pending:  # else an older page is still coming in: synced after it
            self._sync_topic_bar()

    def _sync_topic_bar(self) -> None:
        """Show the window's place in the topic on the topic scroll bar."""
        if self.topic_bar.isSliderDown():
            return
        top = self.anchor.top_row()
        bottom = self.indexAt(QPoint(self.viewport().width() // 2, self.viewport().height() - 1))
        first = top[0] if top is not None else 0
        last = bottom.row() if bottom.isValid() else self._model.rowCount() - 1
        self.topic_bar.show_position(self._model.first_offset + first, self._model.total,
                                     max(1, last - first), at_bottom=self._model.at_end and self.is_at_bottom())

    def _on_topic_bar(self, position: int) -> None:
        """The user moved the topic scroll bar to ``position``: scroll within the window
        when it holds that message with a page after it, else ask for the page there."""
        m = self._model
        self._stick = False
        if self.topic_bar.at_newest(position):
            if m.at_end:
                self.scroll_to_end()
            else:
                self.jump_requested.emit(JumpTarget.END)
            return
        row = position - m.first_offset
        if 0 <= row < m.rowCount() and (m.at_end or row + PAGE_SIZE // 2 <= m.rowCount()):
            with self.anchor.held():
                self.scrollTo(m.index(row), QAbstractItemView.ScrollHint.PositionAtTop)
            return
        self.position_wanted.emit(position)

    def _on_range_changed(self, _lo: int, hi: int) -> None:
        if self._stick and not self.anchor.holding:
            self.verticalScrollBar().setValue(hi)
        self._place_jump_buttons()
        self._sync_topic_bar()

    def _on_reset(self) -> None:
        if self._model.focus_row is not None:  # a jump into the topic: that message at the top
            self._stick = False
            QTimer.singleShot(0, self, self._show_focus)
            return
        self._stick = True
        QTimer.singleShot(0, self, self.scroll_to_end)

    def _show_focus(self) -> None:
        """Put the message the last page was read for at the top (its row then: rows may
        have come in before it since the page was shown)."""
        focus = self._model.focus_row
        if focus is not None:
            self.show_row_at_top(focus)

    def _on_rows_inserted(self, _parent: QModelIndex, first: int, _last: int) -> None:
        if first > 0 and self._stick:
            QTimer.singleShot(0, self, self.scroll_to_end)

    def _on_data_changed(self, top_left: QModelIndex, _bottom_right: QModelIndex, _roles: list[int]) -> None:
        # the row's height may have changed (streamed text, expanded): re-layout
        self.delegate.sizeHintChanged.emit(top_left)

    def set_sending_first(self, sending: bool) -> None:
        """The first message of the open topic is on its way to the store: do not show
        :data:`EMPTY_TEXT` meanwhile (it flashed for a frame after Send, issue 16)."""
        self._sending_first = sending
        self.viewport().update()

    @property
    def empty_text(self) -> str:
        """What an open topic without messages shows now (the language may have changed)."""
        return empty_text(self.empty_key)

    def shows_empty_text(self) -> bool:
        """Whether the view paints :data:`EMPTY_TEXT`: an open topic, no rows, no first
        message on its way."""
        return self._model.rowCount() == 0 and self._model.topic_id is not None and not self._sending_first

    def paintEvent(self, e: QPaintEvent) -> None:
        """The bubbles; an open topic without messages shows :data:`EMPTY_TEXT` instead
        (not while its first message is being sent)."""
        with self.delegate.one_pass(e.rect()):
            super().paintEvent(e)
        if self.shows_empty_text():
            p = QPainter(self.viewport())
            p.setPen(self.palette().placeholderText().color())
            p.drawText(self.viewport().rect(), int(Qt.AlignmentFlag.AlignCenter), self.empty_text)
            p.end()

    def doItemsLayout(self) -> None:  # noqa: N802 - Qt override
        """Lay every row out, the delegate reading what the rows share once (issue 29)."""
        with self.delegate.one_pass():
            super().doItemsLayout()

    def resizeEvent(self, e: QResizeEvent) -> None:
        """Keep the bottom in view across width changes when the user was there; a new
        width lays every row out again (``QListView`` re-lays out a top-to-bottom list only
        when its height changes, so rows kept their old heights while painted at the new
        width and overlapped: fixwalk, issue 29)."""
        stick = self._stick
        super().resizeEvent(e)
        if e.size().width() != e.oldSize().width():
            self.scheduleDelayedItemsLayout()
        self._place_topic_bar()
        self.bar.hide()
        self._place_jump_buttons()
        if stick:
            QTimer.singleShot(0, self, self.scroll_to_end)

    def set_bottom_clearance(self, px: int) -> None:
        """Keep ``px`` of room below the last row (0: none): the status toast floats over
        the list's bottom, so while it shows the newest message's last line stays above it
        (polish52). A list following its end stays at its end."""
        if px == self._clearance:
            return
        stick = self._stick
        self._clearance = px
        self._place_topic_bar()
        if stick:
            self.updateGeometries()
            self.scroll_to_end()

    def _place_topic_bar(self) -> None:
        """The topic scroll bar takes the right edge, where the window's own bar would be;
        the jump buttons' gutter lies left of it."""
        width = self.topic_bar.sizeHint().width()
        self.setViewportMargins(0, 0, width + self.jumps.gutter(), self._clearance)
        r = self.contentsRect()
        self.topic_bar.setGeometry(r.right() - width + 1, r.top(), width, r.height())

    # --- interaction -----------------------------------------------------------------------
    def mouseMoveEvent(self, e: QMouseEvent) -> None:
        """A hand over a link, an arrow elsewhere; a link's target in a tooltip."""
        index = self.indexAt(e.position().toPoint())
        pos = e.position().toPoint()
        href = self.delegate.anchor_at(index, pos) if index.isValid() else ""
        if href != self._hovered:
            self._hovered = href
            self.link_hovered.emit(href)
            if href:
                QToolTip.showText(e.globalPosition().toPoint(), hover_text(href), self.viewport())
            else:
                QToolTip.hideText()
        over = index.isValid() and (bool(href) or self.delegate.version_hit(index, pos) != 0
                                    or self.delegate.marker_rect(index).contains(pos)
                                    or self.delegate.continue_rect(index).contains(pos))
        self.viewport().setCursor(Qt.CursorShape.PointingHandCursor if over else Qt.CursorShape.ArrowCursor)
        self.show_bar(index)
        super().mouseMoveEvent(e)

    def viewportEvent(self, e: QEvent) -> bool:  # noqa: N802 - Qt override
        """A tooltip names the version arrow (chatlook52), the Retry or Continue pill, the
        summary divider or the reply's token figures (walk53c #2) under the pointer."""
        if isinstance(e, QHelpEvent) and e.type() == QEvent.Type.ToolTip:
            index = self.indexAt(e.pos())
            side = self.delegate.version_side(index, e.pos()) if index.isValid() else 0
            if side:
                QToolTip.showText(e.globalPos(), translate("MessageList", PREV_TIP if side < 0 else NEXT_TIP),
                                  self.viewport())
                return True
            if index.isValid() and self.delegate.retry_rect(index).contains(e.pos()):  # walk52b #7
                QToolTip.showText(e.globalPos(), translate("MessageList", RETRY_TIP), self.viewport())
                return True
            if index.isValid() and self.delegate.continue_rect(index).contains(e.pos()):  # walk53b #4
                QToolTip.showText(e.globalPos(), translate("MessageList", CONTINUE_TIP), self.viewport())
                return True
            if index.isValid() and self.delegate.marker_rect(index).contains(e.pos()):  # walk52b #6
                QToolTip.showText(e.globalPos(), translate("MessageList", MARKER_TIP), self.viewport())
                return True
            if index.isValid() and self.delegate.stats_rect(index).contains(e.pos()):  # walk53c #2
                QToolTip.showText(e.globalPos(), translate("MessageList", STATS_TIP), self.viewport())
                return True
        return super().viewportEvent(e)

    def follow_link(self, index: QModelIndex, href: str, at: QPoint | None = None) -> bool:
        """Carry out a click on ``href`` in row ``index`` as the link policy says: copy
        a code block (and say "Copied" at viewport point ``at``, walk36 #3), open an
        ``http``/``https`` link in the browser, or refuse anything else with one line
        (``link_refused``); an error line's Settings → Providers asks for that page
        (``providers_requested``). True when the click was handled."""
        decision = decide(href)
        if decision.action is LinkAction.COPY_CODE:
            m = self._model.message_at(index.row())
            blocks = code_blocks(m.content) if m is not None else []
            n = href.split(":", 1)[1]
            if n.isdecimal() and int(n) < len(blocks):
                QGuiApplication.clipboard().setText(blocks[int(n)])
                self.code_copied.emit(blocks[int(n)].split("\n", 1)[0])
                if at is not None:
                    QToolTip.showText(self.viewport().mapToGlobal(at), translate("MessageList", "Copied"), self.viewport(),
                                      QRect(at, at).adjusted(-8, -8, 8, 8), COPIED_MS)
                return True
            return False
        if decision.action is LinkAction.ERROR_DETAILS:
            m = self._model.message_at(index.row())
            if m is not None and m.error:
                show_error_details(self, said(m.error_why) if m.error_why is not None else m.error, m.error)
            return True
        if decision.action is LinkAction.OPEN_PROVIDERS:
            self.providers_requested.emit(providers_named(href))
            return True
        if decision.action is LinkAction.OPEN:
            return QDesktopServices.openUrl(QUrl(href))
        self.link_refused.emit(decision.reason)
        return True

    def mouseReleaseEvent(self, e: QMouseEvent) -> None:
        """A left click on a link follows it; on a Retry pill asks for the reply again, on a
        Continue pill for more of it; on the
        summary divider shows the summary; on a collapsible row, toggles it."""
        if e.button() == Qt.MouseButton.LeftButton:
            index = self.indexAt(e.position().toPoint())
            href = self.delegate.anchor_at(index, e.position().toPoint()) if index.isValid() else ""
            if href and self.follow_link(index, href, e.position().toPoint()):
                e.accept()
                return
            m = self._model.message_at(index.row()) if index.isValid() else None
            if m is not None and self.delegate.retry_rect(index).contains(e.position().toPoint()):
                self.retry_requested.emit(m.id)
                e.accept()
                return
            if m is not None and self.delegate.continue_rect(index).contains(e.position().toPoint()):
                self.continue_requested.emit(m.id)
                e.accept()
                return
            if m is not None and self.delegate.marker_rect(index).contains(e.position().toPoint()):
                self.summary_requested.emit()
                e.accept()
                return
            step = self.delegate.version_hit(index, e.position().toPoint()) if m is not None else 0
            if m is not None and step:
                self.version_requested.emit(m.id, step)
                e.accept()
                return
            if m is not None and is_collapsible(m) and self.delegate.bubble_rect(index).contains(
                e.position().toPoint()
            ):
                self._stick = False
                self._model.toggle_expanded(index.row())
                e.accept()
                return
        super().mouseReleaseEvent(e)

    def _context_menu(self, pos: QPoint) -> None:
        """The row at ``pos``'s context menu (:mod:`.message_menu`), popped up there."""
        index = self.indexAt(pos)
        if not index.isValid():
            return
        m, offered = self._model.message_at(index.row()), self.bar.row_actions(index.row())
        self.last_menu = message_menu(self, self._model, index.row(), offered, self._menu_actions)
        if m is not None:
            self.bar.track_menu(self.last_menu, m.id, offered)
        self.last_menu.popup(self.viewport().mapToGlobal(pos))

    def copy_row(self, row: int) -> None:
        """Put row ``row``'s raw Markdown on the clipboard: all of it, read on a worker
        first when the row holds only its start (huge51); a reply with no text, its tool
        calls (:func:`~chathub_desktop.gui.chat.message_action_bar.copy_text`)."""
        m = self._model.message_at(row)
        if m is not None and can_copy(m):  # nothing to copy: nothing happens, no "Copied" (walk53c #8)
            self._model.whole_text(m.id, lambda whole: QGuiApplication.clipboard().setText(copy_text(m, whole)))

    def _copy_under_mouse(self) -> None:
        index = self.indexAt(self.viewport().mapFromGlobal(self.cursor().pos()))
        if index.isValid():
            self.copy_row(index.row())
