"""An empty list's stand-in (walk29 #10): one muted line saying what the list is for and
a primary button that adds the first entry, in place of a bare grid of column headers."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from chathub_desktop.gui.design import Tone, repolish, set_tone
from chathub_desktop.gui.design.tokens import Space

__all__ = ["EmptyState", "make_primary"]


def make_primary(button: QPushButton) -> QPushButton:
    """Give ``button`` the page's primary look (accent-filled: the stylesheet's
    ``[primary="true"]`` rule); returns it."""
    button.setProperty("primary", True)
    repolish(button)
    return button


class EmptyState(QWidget):
    """``text`` (one muted line, wrapped when narrow) over a primary button labelled
    ``action``; the button is :attr:`button`, named ``name`` for tests and the audit."""

    def __init__(self, text: str, action: str, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(Space.XL, Space.XXL, Space.XL, Space.XXL)
        lay.setSpacing(Space.LG)
        self.label = QLabel(text)
        self.label.setObjectName(f"{name}Text")
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        set_tone(self.label, Tone.MUTED)
        self.button = make_primary(QPushButton(action))
        self.button.setObjectName(f"{name}Button")
        lay.addStretch(1)
        lay.addWidget(self.label)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addStretch(2)
