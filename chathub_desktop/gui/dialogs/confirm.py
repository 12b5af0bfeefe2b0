"""Yes/No questions before destructive actions (delete a topic, a provider, revert memory).

One function, so tests can replace it (``monkeypatch.setattr(confirm, "ask", ...)``).
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from chathub_desktop.gui.design.tokens import Width


def ask(parent: QWidget | None, title: str, text: str, action: str | None = None, *, icon: bool = True) -> bool:
    """Ask ``text``; True when the user picks ``action`` (default: "Delete" in the
    interface language, issue 27; the default button is Cancel). ``icon`` False asks as
    Claude and Cherry Studio do (walk53c #5): no "?" icon, ``title`` as the box's bold
    heading above the one sentence, the named ``action`` beside Cancel."""
    from PySide6.QtCore import (
        Qt,  # not at import: the window imports this before its first paint (test_startup)
    )

    box = QMessageBox(QMessageBox.Icon.Question if icon else QMessageBox.Icon.NoIcon, title, text,
                      QMessageBox.StandardButton.NoButton, parent)
    if not icon:
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(f"<b>{html.escape(title)}</b>")
        box.setInformativeText(text)
        words = box.findChild(QLabel, "qt_msgbox_informativelabel")  # Qt's name for it
        if words is not None:  # the sentence is data (a file name may hold "<"), never markup
            words.setTextFormat(Qt.TextFormat.PlainText)
            words.setMinimumWidth(Width.QUESTION)  # else Qt sizes the box to its buttons
    label = action if action is not None else QCoreApplication.translate("Confirm", "Delete")
    yes = box.addButton(label, QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    return box.clickedButton() is yes
