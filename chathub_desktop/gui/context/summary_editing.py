"""Editing a topic's summary in the summary viewer (issue 19).

"Edit" makes the summary text editable; "Save" stores it through
``CompactionService.edit_summary`` — marked as edited, kept as the base the next
compaction merges new turns into — and "Cancel" puts the stored text back. A save over
a summary that changed since editing began (a compaction finished) is refused in one
line and the typed text stays for another try.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QHBoxLayout, QPushButton

from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.services.errors import ServiceError

if TYPE_CHECKING:
    from chathub_desktop.gui.context.summary_dialog import SummaryDialog

__all__ = ["SummaryEditing"]


class SummaryEditing(QObject):
    """Edit / Save / Cancel for ``dialog``'s summary text, added to its button ``row``."""

    def __init__(self, dialog: SummaryDialog, row: QHBoxLayout) -> None:
        super().__init__(dialog)
        self._dialog = dialog
        self._expected = ""
        self._busy = False
        translate = QCoreApplication.translate
        t = dialog.texts  # re-said on a language switch (issue 27)
        self.edit_button = QPushButton()
        self.edit_button.setObjectName("editSummary")
        t.bind(self.edit_button.setText, lambda: translate("SummaryDialog", "E&dit"))
        t.bind(self.edit_button.setToolTip, lambda: translate(
            "SummaryDialog", "Write the summary yourself: it is marked as edited and later compactions add to it "
            "instead of rewriting it"))
        self.save_button = QPushButton()
        self.save_button.setObjectName("saveSummary")
        t.bind(self.save_button.setText, lambda: translate("SummaryDialog", "&Save"))
        self.cancel_button = QPushButton()
        t.bind(self.cancel_button.setText, lambda: translate("SummaryDialog", "Cancel"))
        self.edit_button.clicked.connect(self.begin)
        self.save_button.clicked.connect(self.save)
        self.cancel_button.clicked.connect(self.cancel)
        for i, b in enumerate((self.edit_button, self.save_button, self.cancel_button)):
            row.insertWidget(2 + i, b)
        self._show(editing=False)

    @property
    def active(self) -> bool:
        """True while the text is being edited."""
        return not self._dialog.text_edit.isReadOnly()

    def _show(self, *, editing: bool) -> None:
        self.edit_button.setVisible(not editing)
        self.save_button.setVisible(editing)
        self.cancel_button.setVisible(editing)
        self._dialog.text_edit.setReadOnly(not editing)

    def begin(self) -> None:
        """Make the summary editable (an empty one too)."""
        view = self._dialog.view
        self._expected = view.text if view is not None else ""
        self._dialog.stack.setCurrentWidget(self._dialog.text_edit)
        self._show(editing=True)
        self._dialog.text_edit.setFocus()

    def save(self) -> None:
        """Store the edited text on a store worker; a refused save says why in the status
        line and keeps the typed text (:meth:`is_busy` until it is done)."""
        d = self._dialog
        compaction = d.svc.compaction
        assert compaction is not None
        text, expected = d.text_edit.toPlainText(), self._expected

        async def store() -> None:
            try:
                await d.runner.run_in_thread(lambda: compaction.edit_summary(d.topic_id, text, expected=expected))
            except ServiceError as exc:
                err = exc
                d.texts.bind(d.status_label.setText, lambda: said_error(err))
                return
            finally:
                self._busy = False
            self._show(editing=False)
            d.texts.bind(d.status_label.setText, lambda: QCoreApplication.translate(
                "SummaryDialog", "Saved: later compactions merge new turns into your summary"))
            d.refresh()

        self._busy = True
        d.runner.run(d.task_name("save"), store(), context="Save topic summary", quiet=True)

    def is_busy(self) -> bool:
        """True while a save runs."""
        return self._busy

    def cancel(self) -> None:
        """Drop the edit and show the stored summary again."""
        self._show(editing=False)
        self._dialog.text_edit.setPlainText(self._expected)
        self._dialog.refresh()
