"""Dream review in the window (issue 19): the "Review new dream cards" switch of the
selected assistant and its proposals — each a day's new card (and the fold of older
cards it needs) — with Accept and Discard. The Assistant menu's "Dream proposals…"
counts them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.chat_events import ChatEvents
from chathub_desktop.services.dream_service import DreamService
from chathub_desktop.services.errors import ServiceError

__all__ = ["DreamProposalsDialog", "proposals_label"]


def proposals_label(count: int) -> str:
    """The Assistant menu entry, with the count when there are proposals."""
    return f"Dream &proposals ({count})…" if count else "Dream &proposals…"


class DreamProposalsDialog(QDialog):
    """``assistant_id``'s review switch and proposals (non-modal)."""

    def __init__(self, dreams: DreamService, assistant_id: int, events: ChatEvents | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dreamProposals")
        self.setWindowTitle("Dream proposals")
        self.resize(640, 460)
        self._dreams = dreams
        self.assistant_id = assistant_id
        layout = QVBoxLayout(self)
        self.review_box = QCheckBox("&Review new dream cards before they are kept")
        self.review_box.setToolTip("On: each dream's new card (and any fold of older cards) waits here until you "
                                   "accept or discard it. Off: dreams add their cards at once.")
        self.review_box.setChecked(dreams.review.enabled(assistant_id))
        self.review_box.toggled.connect(self._set_review)
        layout.addWidget(self.review_box)
        self.list = QListWidget()
        self.list.setObjectName("proposalList")
        self.list.currentRowChanged.connect(self._show_current)
        layout.addWidget(self.list, 1)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setObjectName("proposalText")
        layout.addWidget(self.text, 1)
        row = QHBoxLayout()
        self.accept_button = QPushButton("&Accept")
        self.accept_button.setToolTip("Add this card to the dynamic memory (with its fold)")
        self.accept_button.clicked.connect(self.accept_current)
        self.discard_button = QPushButton("&Discard")
        self.discard_button.setToolTip("Drop this card; the dynamic memory stays as it is")
        self.discard_button.clicked.connect(self.discard_current)
        self.status = QLabel()
        self.status.setWordWrap(True)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        for w in (self.accept_button, self.discard_button):
            row.addWidget(w)
        row.addWidget(self.status, 1)
        row.addWidget(close)
        layout.addLayout(row)
        if events is not None:
            events.memory_changed.connect(lambda aid: self.refresh() if aid == self.assistant_id else None)
        self.refresh()

    def refresh(self) -> None:
        """Re-read the proposals."""
        self.list.clear()
        for p in self._dreams.review.proposals(self.assistant_id):
            fold = f" · folds older cards ({p.fold})" if p.fold else ""
            item = QListWidgetItem(f"{p.history_day.isoformat()}{fold}")
            item.setData(Qt.ItemDataRole.UserRole, (p.id, p.text))
            self.list.addItem(item)
        has = self.list.count() > 0
        if has:
            self.list.setCurrentRow(0)
        else:
            self.text.setPlainText("No dream card waits for review.")
        self.accept_button.setEnabled(has)
        self.discard_button.setEnabled(has)

    def _show_current(self, row: int) -> None:
        item = self.list.item(row)
        if item is not None:
            self.text.setPlainText(item.data(Qt.ItemDataRole.UserRole)[1])

    def _current_id(self) -> int | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole)[0] if item is not None else None

    def _set_review(self, on: bool) -> None:
        try:
            self._dreams.review.set_enabled(self.assistant_id, on)
        except ServiceError as exc:
            self.status.setText(str(exc))

    def accept_current(self) -> None:
        """Apply the selected proposal."""
        pid = self._current_id()
        if pid is None:
            return
        try:
            number = self._dreams.review.accept(pid)
        except ServiceError as exc:
            self.status.setText(str(exc))
        else:
            self.status.setText(f"Added as card #{number}" if number is not None
                                else "That day already had a card; the proposal was dropped")
        self.refresh()

    def discard_current(self) -> None:
        """Drop the selected proposal."""
        pid = self._current_id()
        if pid is None:
            return
        try:
            self._dreams.review.discard(pid)
        except ServiceError as exc:
            self.status.setText(str(exc))
        else:
            self.status.setText("Discarded")
        self.refresh()
