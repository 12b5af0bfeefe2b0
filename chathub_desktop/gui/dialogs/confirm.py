"""Yes/No questions before destructive actions (delete a topic, a provider).

One function, so tests can replace it (``monkeypatch.setattr(confirm, "ask", ...)``).
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget


def ask(parent: QWidget | None, title: str, text: str, action: str = "Delete") -> bool:
    """Ask ``text``; True when the user picks ``action`` (the default button is Cancel)."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, parent)
    yes = box.addButton(action, QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    return box.clickedButton() is yes
