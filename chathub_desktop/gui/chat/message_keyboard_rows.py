"""The keyboard's row in the message list (walk49 #3, chatlook52; struct52: split from
``message_list_view``): while the keyboard has the list its current row is outlined (the
delegate's ``focused_id``); a click is the pointer's and outlines no row. Ctrl+Home /
Ctrl+End jump to the topic's first / newest message (issue 29)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import QListView

from chathub_desktop.gui.chat.message_delegate import MessageDelegate
from chathub_desktop.gui.chat.message_jump_buttons import JumpTarget
from chathub_desktop.gui.chat.message_list_model import MessageListModel
from chathub_desktop.gui.chat.message_row_bar import repaint_rows
from chathub_desktop.gui.design.tokens import Space

__all__ = ["KeyboardRows"]

_KEY_REASONS = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason, Qt.FocusReason.ShortcutFocusReason)


class KeyboardRows(QObject):
    """An event filter on ``view`` (focus and keys) and its viewport (clicks) that keeps
    ``delegate.focused_id`` on the current row while the keyboard has the list;
    ``jump(target)`` carries out Ctrl+Home / Ctrl+End (the key is then consumed)."""

    def __init__(self, view: QListView, model: MessageListModel, delegate: MessageDelegate,
                 jump: Callable[[JumpTarget], None]) -> None:
        super().__init__(view)
        self._view, self._model, self._delegate, self._jump = view, model, delegate, jump
        #: The focus came by Tab, F6 or a key in the list (a row is outlined).
        self.keyboard = False
        view.installEventFilter(self)
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Follow who moves the current row: Tab, Shift+Tab or F6 into the list and keys
        in it are the keyboard's; a click into the viewport or the focus leaving are not."""
        kind = event.type()
        if watched is self._view and kind == QEvent.Type.FocusIn and isinstance(event, QFocusEvent):
            self._focus_in(event)
        elif watched is self._view and kind == QEvent.Type.FocusOut:
            self.keyboard = False
            self.mark()
        elif watched is not self._view and kind == QEvent.Type.MouseButtonPress:
            self.keyboard = False
            self.mark()
        elif watched is self._view and kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            ctrl = event.modifiers() & Qt.KeyboardModifier.ControlModifier
            if ctrl and event.key() in (Qt.Key.Key_Home, Qt.Key.Key_End):
                self._jump(JumpTarget.START if event.key() == Qt.Key.Key_Home else JumpTarget.END)
                event.accept()
                return True
            self.keyboard = True  # arrows after a click: the keyboard's row shows again
            self.mark()
        return False

    def _focus_in(self, event: QFocusEvent) -> None:
        """The newest row in view becomes current when the current one is out of view
        (Qt picks the first loaded row), so its action bar and outline show where the
        keyboard is. No frame rings the whole list (chatlook52: it did after every
        Resend)."""
        view = self._view
        self.keyboard = event.reason() in _KEY_REASONS
        vp = view.viewport().rect()
        if self.keyboard and not view.visualRect(view.currentIndex()).intersects(vp):
            for y in range(vp.bottom(), vp.top() - 1, -Space.SM):  # up from the bottom: a gap is no row
                seen = view.indexAt(QPoint(vp.center().x(), y))
                if seen.isValid():
                    view.setCurrentIndex(seen)
                    break
        self.mark()

    def mark(self) -> None:
        """Outline the current row while the keyboard has the list (the delegate's
        ``focused_id``), repainting the rows that change."""
        view = self._view
        current = view.currentIndex()
        on = self.keyboard and view.hasFocus() and current.isValid()
        m = self._model.message_at(current.row()) if on else None
        old, new = self._delegate.focused_id, (m.id if m is not None else None)
        if old == new:
            return
        self._delegate.focused_id = new
        repaint_rows(view, self._model, (old, new))
