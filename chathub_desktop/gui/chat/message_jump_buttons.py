"""The message list's two jump buttons (issue 29; split from ``message_list_view``): an
arrow up to the topic's first message and an arrow down to its newest, together at the
foot of a gutter right of the rows so they never cover text (walk36 #6: at the bottom of a topic no arrow lies
where the newest one would be)."""

from __future__ import annotations

import enum

from PySide6.QtCore import QCoreApplication, QObject, QRect, QSize, Qt, Signal
from PySide6.QtWidgets import QToolButton, QWidget

from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts

__all__ = ["JumpButtons", "JumpTarget"]

translate = QCoreApplication.translate


class JumpTarget(enum.Enum):
    """Where a jump goes: the topic's first or newest message (issue 29)."""

    START = "start"
    END = "end"


class JumpButtons(QObject):
    """``start`` (Jump to the first message) and ``newest`` (Scroll to the newest
    message), children of ``parent`` and hidden until :meth:`place` shows them; a click
    emits ``requested`` with its :class:`JumpTarget`. Their texts are bound to ``texts``
    (``MessageList`` context, re-said on a language switch, issue 27)."""

    requested = Signal(JumpTarget)

    def __init__(self, parent: QWidget, texts: Texts) -> None:
        super().__init__(parent)
        self._texts = texts
        self.start = self._button(parent, Icon.JUMP_START, QT_TRANSLATE_NOOP("MessageList", "Jump to the first message"),
                                  QT_TRANSLATE_NOOP("MessageList", "Show the topic's first message (Ctrl+Home)"),
                                  JumpTarget.START)
        self.newest = self._button(parent, Icon.JUMP_END, QT_TRANSLATE_NOOP("MessageList", "Scroll to the newest message"),
                                   QT_TRANSLATE_NOOP("MessageList", "Show the topic's newest message (Ctrl+End)"),
                                   JumpTarget.END)

    def _button(self, parent: QWidget, name: Icon, accessible: str, tip: str, target: JumpTarget) -> QToolButton:
        """A jump button; ``accessible`` and ``tip`` are sources marked in ``MessageList``,
        said in the interface language (issue 27)."""
        b = QToolButton(parent)
        b.setObjectName("jumpButton")
        b.setIcon(icon(name))
        b.setIconSize(QSize(18, 18))
        self._texts.bind(b.setToolTip, lambda: translate("MessageList", tip))
        self._texts.bind(b.setAccessibleName, lambda: translate("MessageList", accessible))
        self._texts.bind(b.setAccessibleDescription, lambda: translate("MessageList", tip))
        b.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        b.clicked.connect(lambda: self.requested.emit(target))
        b.hide()
        return b

    def gutter(self) -> int:
        """The buttons' column right of the rows, px (they never cover text)."""
        return self.newest.sizeHint().width() + 2 * Space.XS

    def place(self, rows: QRect, *, start: bool, end: bool) -> None:
        """Show the newest button when ``end`` at the foot of the gutter right of the
        ``rows`` rectangle (the viewport's geometry), and the start button when ``start``
        just above that place, the two in one place (chatlook52, walk52 #8: the start
        arrow floated alone at the top right); the start arrow never takes the newest
        one's place (walk36 #6); hide the others."""
        size = self.newest.sizeHint()
        x = rows.right() + 1 + Space.XS
        foot = rows.bottom() - size.height() - Space.LG
        for button, show, y in ((self.newest, end, foot), (self.start, start, foot - size.height() - Space.XS)):
            button.resize(size)
            button.move(x, y)
            button.setVisible(show)
            if show:
                button.raise_()
