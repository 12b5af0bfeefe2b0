"""The input area: draft box, token badge, Send and Stop (TOK-1, TOK-2, APP-1).

It holds no rules: it emits ``send_requested(text)`` / ``stop_requested()`` and
``draft_settled(text)`` about 300 ms after the user stops typing (TOK-2: the window then
asks the estimate service to recount the draft only). The window tells it whether the
current topic is sending (:meth:`Composer.set_sending`).
"""

from __future__ import annotations

from PySide6 import QtCore
from PySide6.QtCore import QSize, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.token_badge import TokenBadge

#: Pause after the last keystroke before the draft is recounted, ms (TOK-2).
DEBOUNCE_MS = 300
PLACEHOLDER = "Type a message — Ctrl+Enter to send"


class Composer(QWidget):
    """Draft box + badge + buttons. Ctrl+Enter / Ctrl+Return sends; Esc stops."""

    send_requested = Signal(str)
    stop_requested = Signal()
    draft_settled = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("composer")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 10)
        layout.setSpacing(6)
        self.draft = QPlainTextEdit()
        self.draft.setObjectName("draft")
        self.draft.setPlaceholderText(PLACEHOLDER)
        self.draft.setTabChangesFocus(True)
        self.draft.setAccessibleName("Message draft")
        self.draft.setToolTip("Your message. Markdown is fine. Ctrl+Enter sends, Esc stops a reply.")
        self.draft.setMinimumHeight(52)
        self.draft.setMaximumHeight(140)
        self.draft.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self.draft.sizeHint = lambda: QSize(400, 76)  # type: ignore[method-assign]
        layout.addWidget(self.draft)
        row = QHBoxLayout()
        row.setSpacing(8)
        self.badge = TokenBadge()
        row.addWidget(self.badge)
        #: Where the window's topic model picker goes (issue 14), beside the badge.
        self.model_slot = QHBoxLayout()
        self.model_slot.setContentsMargins(0, 0, 0, 0)
        row.addLayout(self.model_slot)
        row.addStretch(1)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setToolTip("Stop the reply being written in this topic (Esc); what arrived is kept")
        self.send_button = QPushButton("Send")
        self.send_button.setObjectName("sendButton")
        self.send_button.setDefault(False)
        self.send_button.setToolTip("Send the message (Ctrl+Enter)")
        row.addWidget(self.stop_button)
        row.addWidget(self.send_button)
        layout.addLayout(row)
        self.send_action = QAction("Send", self)
        self.send_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.send_action.triggered.connect(self._send)
        self.addAction(self.send_action)
        self.send_button.clicked.connect(self._send)
        self.stop_button.clicked.connect(self.stop_requested)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(lambda: self.draft_settled.emit(self.draft.toPlainText()))
        self.draft.textChanged.connect(self._timer.start)
        self._sending = False
        self._can_send = True
        self.set_sending(False)

    def wire(self) -> None:
        """Limit Ctrl+Enter to this area. Called by the window when it starts taking
        input, after first paint (PySide6's ``Qt`` namespace takes ~20 ms to build)."""
        self.send_action.setShortcutContext(QtCore.Qt.ShortcutContext.WidgetWithChildrenShortcut)

    def text(self) -> str:
        """The draft."""
        return self.draft.toPlainText()

    def set_text(self, text: str) -> None:
        """Replace the draft (no debounce for programmatic changes)."""
        self.draft.blockSignals(True)
        self.draft.setPlainText(text)
        self.draft.blockSignals(False)

    def clear(self) -> None:
        """Empty the draft after a send."""
        self.set_text("")

    def set_sending(self, sending: bool) -> None:
        """The CURRENT topic is (not) sending: Send disabled / Stop enabled while it is."""
        self._sending = sending
        self.stop_button.setEnabled(sending)
        self.send_button.setEnabled(self._can_send and not sending)
        self.send_action.setEnabled(self._can_send and not sending)

    def set_can_send(self, can: bool, why: str = "") -> None:
        """Enable sending at all (False with no assistant); ``why`` goes in the tooltip."""
        self._can_send = can
        self.send_button.setToolTip("Send the message (Ctrl+Enter)" if can else why)
        self.set_sending(self._sending)

    def has_extra(self) -> bool:
        """True when something besides the text would be sent (attachments, issue 14):
        the attachments controller replaces this, so an image alone can be sent."""
        return False

    def _send(self) -> None:
        text = self.draft.toPlainText()
        if (not text.strip() and not self.has_extra()) or self._sending or not self._can_send:
            return
        self.send_requested.emit(text)
