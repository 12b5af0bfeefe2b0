"""Message → Edit message…: a small form over one user message (CMP-15).

Save calls ``services.messages.edit_message``; the service clears the topic summary when
it covers the message. A :class:`ServiceError` (empty text, a reply still streaming)
is shown inline and the dialog stays open. ``saved(MessageView)`` fires on success.

Resend (issue 14, user messages) keeps the message as it is and starts a new branch
there with the edited text: the dialog emits ``resend_requested(message_id, text)`` and
closes; the window's versions controller asks for the reply. The old branch stays
reachable through the message's "‹ 1 / 2 ›" arrows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.views import MessageView

if TYPE_CHECKING:
    from chathub_desktop.services.message_edit_service import MessageEditService

COVERED_NOTE = ("The topic summary covers this message: saving clears the summary, and the next "
                "compaction rebuilds it from the messages.")


class MessageEditDialog(QDialog):
    """Edit ``message``'s text. ``covered``: the summary covers it (a note says what happens)."""

    saved = Signal(object)
    #: Resend (issue 14): the message id and the edited text.
    resend_requested = Signal(int, str)

    def __init__(self, messages: MessageEditService, message: MessageView, *, covered: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageEditDialog")
        self.setWindowTitle("Edit message")
        self.resize(560, 320)
        self._messages = messages
        self.message = message
        layout = QVBoxLayout(self)
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("messageEditor")
        self.editor.setAccessibleName("Message text")
        self.editor.setPlainText(message.content)
        self.editor.setTabChangesFocus(True)
        layout.addWidget(self.editor, 1)
        self.note = QLabel(COVERED_NOTE)
        self.note.setWordWrap(True)
        set_tone(self.note, Tone.WARNING)
        self.note.setVisible(covered)
        layout.addWidget(self.note)
        self.error_label = QLabel()
        set_tone(self.error_label, Tone.ERROR)
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        layout.addWidget(self.error_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        self.resend_button = self.buttons.addButton("Resend", QDialogButtonBox.ButtonRole.ActionRole)
        self.resend_button.setObjectName("resendButton")
        self.resend_button.setToolTip("Start a new branch here with this text and ask for a new reply; "
                                      "the current branch stays reachable with the message's ‹ › arrows")
        self.resend_button.clicked.connect(self.resend)
        self.resend_button.setVisible(message.role == "user")
        layout.addWidget(self.buttons)
        self.editor.setFocus()

    def save(self) -> bool:
        """Store the text; False (error shown inline) when the service refuses it."""
        try:
            view = self._messages.edit_message(self.message.id, self.editor.toPlainText())
        except ServiceError as exc:
            self.error_label.setText(str(exc))
            self.error_label.show()
            return False
        self.saved.emit(view)
        self.accept()
        return True

    def resend(self) -> bool:
        """Ask for a new branch with the edited text (issue 14); False (said inline) for
        an empty text."""
        text = self.editor.toPlainText()
        if not text.strip():
            self.error_label.setText("the edited message is empty")
            self.error_label.show()
            return False
        self.resend_requested.emit(self.message.id, text)
        self.accept()
        return True
