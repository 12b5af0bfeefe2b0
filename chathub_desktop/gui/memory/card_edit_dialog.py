"""The dream card editor (DRM-8, DRM-12, issue 10): one card's visible text in a
non-modal dialog with its size against the cap, saved with the version token of the
document it came from."""

from __future__ import annotations

from PySide6.QtCore import (
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.dynamic_memory import (
    RANGE_CARD_MAX,
    SINGLE_CARD_MAX,
)
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.services.dream_service import (
    CardView,
)


class CardEditDialog(QDialog):
    """Edit one dream card's visible text (DRM-8, DRM-12), non-modal.

    Shows exactly what the card shows (a literal ``[date:YYYY-MM-DD]`` line appears as
    ``\\[date:…]``, so saving keeps it ordinary text). Save (Ctrl+S, Ctrl+Enter) emits
    ``save_requested(text)``; the owner stores it and calls :meth:`accept` or
    :meth:`show_error` (the dialog then stays open with the text). ``version`` is the
    token of the document the card came from; after a refusal as stale
    (:meth:`show_stale`) Reload emits ``reload_requested`` and the owner calls
    :meth:`set_card` with the newer card (issue 10).
    """

    save_requested = Signal(str)
    reload_requested = Signal()

    def __init__(self, card: CardView, parent: QWidget | None = None, version: str = "") -> None:
        super().__init__(parent)
        self.version = version
        self.setObjectName("dreamCardEditDialog")
        self.setWindowTitle(f"Edit dream card #{card.number} [{card.display_tag}]")
        self.setModal(False)
        self.card = card
        lay = QVBoxLayout(self)
        hint = QLabel("The card's text as the model sees it; line breaks are kept. A single-day card "
                      f"holds at most {SINGLE_CARD_MAX:,} characters, a range card {RANGE_CARD_MAX:,} "
                      "with its framing: Save refuses a longer text and says how much fits.")
        hint.setWordWrap(True)
        set_tone(hint, Tone.MUTED)
        lay.addWidget(hint)
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("dreamCardEditor")
        self.editor.setAccessibleName(f"Dream card {card.number}")
        self.editor.setToolTip("Ctrl+S or Ctrl+Enter saves, Esc cancels")
        self.editor.setPlainText(card.text)
        lay.addWidget(self.editor, 1)
        self.count_label = QLabel()
        self.count_label.setObjectName("dreamCardCount")
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.count_label.setToolTip("Characters in the card against its size limit (DRM-13)")
        lay.addWidget(self.count_label)
        self.editor.textChanged.connect(self._show_count)
        self._show_count()
        self.error_label = QLabel()
        self.error_label.setObjectName("dreamCardEditError")
        self.error_label.setWordWrap(True)
        set_tone(self.error_label, Tone.ERROR)
        self.error_label.hide()
        lay.addWidget(self.error_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setToolTip("Store this text as the card's body (Ctrl+S)")
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip("Close without saving (Esc)")
        self.reload_button = self.buttons.addButton("Reload", QDialogButtonBox.ButtonRole.ResetRole)
        self.reload_button.setObjectName("dreamCardReload")
        self.reload_button.setToolTip("Show the card as it is stored now (your text here is discarded)")
        self.reload_button.clicked.connect(self.reload_requested.emit)
        self.reload_button.hide()
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        for keys in (QKeySequence.StandardKey.Save, QKeySequence("Ctrl+Return")):
            a = QAction(self)
            a.setShortcut(QKeySequence(keys))
            a.triggered.connect(self.submit)
            self.addAction(a)
        self.resize(560, 360)

    def cap(self) -> int:
        """The card's size limit in characters: 3,200 for a day, 6,400 for a range or an
        older card (its framing counts against it, so a range fits a little less)."""
        return SINGLE_CARD_MAX if self.card.kind == "day" else RANGE_CARD_MAX

    def _show_count(self) -> None:
        n, cap = len(self.editor.toPlainText().rstrip()), self.cap()
        self.count_label.setText(f"{n:,} / {cap:,} characters" + (" — too long to save" if n > cap else ""))
        set_tone(self.count_label, Tone.ERROR if n > cap else Tone.MUTED)

    def text(self) -> str:
        """The edited text (``\\n`` line breaks)."""
        return self.editor.toPlainText()

    def submit(self) -> None:
        """Save: emit ``save_requested`` with the text and wait for the owner."""
        self.show_error("")
        self.save_button.setEnabled(False)
        self.save_requested.emit(self.text())

    def show_error(self, message: str) -> None:
        """Show why saving failed (empty hides it) and allow another try."""
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))
        self.save_button.setEnabled(True)

    def show_stale(self, message: str) -> None:
        """The save was refused because the memory moved on: keep the text, offer Reload."""
        self.show_error(f"{message}. Your text is still here; Reload shows the stored card.")
        self.reload_button.show()

    def set_card(self, card: CardView, version: str) -> None:
        """Show ``card`` as stored now (after Reload) and save against ``version``."""
        self.card, self.version = card, version
        self.setWindowTitle(f"Edit dream card #{card.number} [{card.display_tag}]")
        self.editor.setPlainText(card.text)
        self.reload_button.hide()
        self.show_error("")
