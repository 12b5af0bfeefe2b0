"""Yes/No questions before destructive actions (delete a topic, a provider, revert memory).

One function per kind of question, so tests can replace it (``monkeypatch.setattr(confirm,
"ask", ...)``): :func:`ask` (one action or Cancel), :func:`choose` (one of a few actions or
Cancel: History's Revert, walk57 #1).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from chathub_desktop.gui.design.tokens import Width


def _box(parent: QWidget | None, title: str, text: str) -> QMessageBox:
    """A question without an icon: ``title`` as its bold heading above ``text`` (plain)."""
    from PySide6.QtCore import (
        Qt,  # not at import: the window imports this before its first paint (test_startup)
    )

    box = QMessageBox(QMessageBox.Icon.NoIcon, title, text, QMessageBox.StandardButton.NoButton, parent)
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(f"<b>{html.escape(title)}</b>")
    box.setInformativeText(text)
    words = box.findChild(QLabel, "qt_msgbox_informativelabel")  # Qt's name for it
    if words is not None:  # the sentence is data (a file name may hold "<"), never markup
        words.setTextFormat(Qt.TextFormat.PlainText)
        words.setMinimumWidth(Width.QUESTION)  # else Qt sizes the box to its buttons
    return box


def choose(parent: QWidget | None, title: str, text: str, actions: Sequence[str]) -> int | None:
    """Ask ``text`` under ``title`` (as :func:`ask` without an icon) with one button per
    ``actions``, in that order, and Cancel (the default); the index of the action picked,
    None for Cancel or Esc (MEM-2 History, walk57 #1: Revert offers "Undo only this change" before
    "Restore to before it")."""
    box = _box(parent, title, text)
    buttons = [box.addButton(label, QMessageBox.ButtonRole.ActionRole) for label in actions]
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    picked: list[int] = []  # noted as clicked: the box may be gone when exec() returns (its window closed)
    for i, b in enumerate(buttons):
        b.clicked.connect(lambda _checked=False, i=i: picked.append(i))
    box.exec()
    return picked[-1] if picked else None


def ask(parent: QWidget | None, title: str, text: str, action: str | None = None, *, icon: bool = True) -> bool:
    """Ask ``text``; True when the user picks ``action`` (default: "Delete" in the
    interface language, issue 27; the default button is Cancel). ``icon`` False asks as
    Claude and Cherry Studio do (walk53c #5): no "?" icon, ``title`` as the box's bold
    heading above the one sentence, the named ``action`` beside Cancel."""
    box = _box(parent, title, text) if not icon else QMessageBox(
        QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, parent)
    label = action if action is not None else QCoreApplication.translate("Confirm", "Delete")
    yes = box.addButton(label, QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    return box.clickedButton() is yes
