"""Message → Edit message…: a small form over one user message (CMP-15).

Save calls ``services.messages.edit_message``; the service clears the topic summary when
it covers the message. A :class:`ServiceError` (empty text, a reply still streaming)
is shown inline and the dialog stays open. ``saved(MessageView)`` fires on success.
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

from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.views import MessageView

if TYPE_CHECKING:
    from chathub_desktop.services.message_edit_service import MessageEditService

COVERED_NOTE = ("The topic summary covers this message: saving clears the summary, and the next "
                "compaction rebuilds it from the messages.")


class MessageEditDialog(QDialog):
    """Edit ``message``'s text. ``covered``: the summary covers it (a note says what happens)."""

    saved = Signal(object)

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
        self.note.setStyleSheet("color: #b35c00;")
        self.note.setVisible(covered)
        layout.addWidget(self.note)
        self.error_label = QLabel()
        self.error_label.setStyleSheet("color: #c0262d;")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        layout.addWidget(self.error_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
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
