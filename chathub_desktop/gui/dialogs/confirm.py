"""Yes/No questions before destructive actions (delete a topic, a provider).

One function, so tests can replace it (``monkeypatch.setattr(confirm, "ask", ...)``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget


def ask(parent: QWidget | None, title: str, text: str, action: str | None = None) -> bool:
    """Ask ``text``; True when the user picks ``action`` (default: "Delete" in the
    interface language, issue 27; the default button is Cancel)."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, parent)
    label = action if action is not None else QCoreApplication.translate("Confirm", "Delete")
    yes = box.addButton(label, QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    return box.clickedButton() is yes
