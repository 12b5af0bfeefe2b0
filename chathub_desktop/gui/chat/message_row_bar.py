"""The hover action bar's host over the message list (issue 29; struct52: split from
``message_list_view``): which row shows the bar, the stats line it reveals, and what a
click on the bar asks of the window (the list view's request signals)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QTimer
from PySide6.QtWidgets import QListView, QMenu

from chathub_desktop.gui.chat.message_action_bar import (
    MessageAction,
    MessageActionBar,
    message_actions,
)
from chathub_desktop.gui.chat.message_delegate import MessageDelegate
from chathub_desktop.gui.chat.message_layout import is_collapsible
from chathub_desktop.gui.chat.message_list_model import MessageListModel
from chathub_desktop.gui.chat.message_menu import MenuActions

__all__ = ["RowBar", "repaint_rows"]


def repaint_rows(view: QListView, model: MessageListModel, message_ids: Iterable[int | None]) -> None:
    """Repaint the loaded rows of ``message_ids`` in ``view`` (None and unloaded ids are skipped)."""
    for mid in message_ids:
        row = model.row_of(mid) if mid is not None else None
        if row is not None:
            view.viewport().update(view.visualRect(model.index(row)))


class RowBar(QObject):
    """Shows ``action_bar`` over the row under the mouse (or the current row) of ``view``
    and carries out its clicks through ``actions`` (``receipt(id)``: the ⓘ).

    ``editing``: an editor in place lies over a row, the bar stays hidden (walk29 #5).
    The bar goes when the mouse leaves the list (an event filter on ``view``). It follows
    its row's every change (stream start and end, cut again, Stop, error, a newer row) with
    the pointer still (walk54 #1: Continue stayed after the continuation finished)."""

    def __init__(self, view: QListView, model: MessageListModel, delegate: MessageDelegate,
                 action_bar: MessageActionBar, actions: MenuActions, receipt: Callable[[int], None]) -> None:
        super().__init__(view)
        self._view, self._model, self._delegate = view, model, delegate
        self.action_bar = action_bar
        self._actions, self._receipt = actions, receipt
        self.editing = False
        self._wanted: int | None = None  # the message the pointer (or the keyboard) asked the bar for
        self._shown: tuple[tuple[MessageAction, ...], bool] | None = None  # its actions and pin, as shown
        self._menu: tuple[QMenu, int, tuple[MessageAction, ...]] | None = None  # an open context menu's row
        action_bar.triggered.connect(self._on_bar)
        view.installEventFilter(self)
        model.dataChanged.connect(lambda *_: self.follow())
        model.rowsInserted.connect(lambda *_: self.follow())  # the row before a new one is no longer the newest

    def row_actions(self, row: int) -> tuple[MessageAction, ...]:
        """What the message on ``row`` offers (the bar and the menu read this)."""
        m = self._model.message_at(row)
        if m is None:
            return ()
        last = row == self._model.rowCount() - 1 and self._model.at_end
        return message_actions(m, collapsible=is_collapsible(m), last_reply=last)

    def show(self, index: QModelIndex | QPersistentModelIndex) -> None:
        """Show the action bar over row ``index`` (hide it for an invalid index or while
        a message is edited in place)."""
        m = self._model.message_at(index.row()) if index.isValid() and not self.editing else None
        if m is None:
            self.hide()
            return
        if self.action_bar.message_id == m.id and self.action_bar.isVisible():
            return
        self._wanted = m.id
        self.reveal(m.id)
        self._place(index.row())

    def track_menu(self, menu: QMenu, message_id: int, offered: tuple[MessageAction, ...]) -> None:
        """``menu``, the context menu just opened on ``message_id`` with ``offered``,
        closes once that row offers other actions (walk54 #1: it kept Continue after the
        continuation finished); the next right-click is built fresh."""
        self._menu = (menu, message_id, offered)

    def follow(self) -> None:
        """After a change of the rows: the bar's message shows what it offers now — shown
        again when its actions or its pin changed (a finished continuation has no Continue,
        a reply cut again has it back, a streaming one offers Copy only); an open context
        menu whose row changed its offers closes (:meth:`track_menu`)."""
        if self._menu is not None:
            menu, mid, offered = self._menu
            menu_row = self._model.row_of(mid)
            if not menu.isVisible():
                self._menu = None
            elif menu_row is None or self.row_actions(menu_row) != offered:
                self._menu = None
                menu.close()
        row = self._model.row_of(self._wanted) if self._wanted is not None and not self.editing else None
        m = self._model.message_at(row) if row is not None else None
        if row is None or m is None:
            return
        if (self.row_actions(row), m.pinned) != self._shown or not self.action_bar.isVisible():
            self._place(row)

    def _place(self, row: int) -> None:
        """Show the bar over ``row`` with what its message offers now."""
        m = self._model.message_at(row)
        if m is None:
            return
        actions, index = self.row_actions(row), self._model.index(row)
        self._shown = (actions, m.pinned)
        self.action_bar.show_for(m, actions, self._delegate.bubble_rect(index), self._delegate.header_rect(index))

    def hide(self) -> None:
        """Hide the action bar and the hovered reply's stats line (a keyboard user's
        current row keeps its stats while the list has the focus)."""
        self._wanted, self._shown = None, None
        self.action_bar.dismiss()
        view = self._view
        current = view.currentIndex()
        m = self._model.message_at(current.row()) if view.hasFocus() and current.isValid() else None
        self.reveal(m.id if m is not None else None)

    def reveal(self, message_id: int | None) -> None:
        """Show the stats line of ``message_id``'s reply (the row under the pointer, or
        the current row for keyboard users; None: no row's), repainting the rows that
        change (walk39: the stats show on hover, as Cherry Studio's)."""
        old = self._delegate.revealed_id
        if old == message_id:
            return
        self._delegate.revealed_id = message_id
        repaint_rows(self._view, self._model, (old, message_id))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """The mouse left the list: hide the bar once it is known not to be on the bar itself."""
        if event.type() == QEvent.Type.Leave:
            QTimer.singleShot(0, self, self._maybe_hide)
        return False

    def _maybe_hide(self) -> None:
        view = self._view
        inside = view.viewport().rect().contains(view.viewport().mapFromGlobal(view.cursor().pos()))
        if not inside and not view.hasFocus():
            self.hide()

    def _on_bar(self, action: MessageAction, message_id: int) -> None:
        row = self._model.row_of(message_id)
        m = self._model.message_at(row) if row is not None else None
        if row is None or m is None:
            return
        a = self._actions
        if action is MessageAction.COPY:
            a.copy_row(row)
            self.action_bar.confirm_copied()
        elif action is MessageAction.EDIT:
            a.edit(message_id)
        elif action is MessageAction.REGENERATE:
            a.regenerate(message_id)
        elif action is MessageAction.CONTINUE:
            a.continue_reply(message_id)
        elif action is MessageAction.PIN:
            a.pin(message_id, not m.pinned)
        elif action is MessageAction.DELETE:
            a.delete(message_id)
        elif action is MessageAction.RECEIPT:
            self._receipt(message_id)
