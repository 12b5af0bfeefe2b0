"""The ``?`` help buttons beside section titles and fields (APP-6)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QToolButton, QToolTip


def help_button(tip: str, name: str) -> QToolButton:
    """A ``?`` button named ``name``: ``tip`` (rich text) on hover, and on click (APP-6)."""
    b = QToolButton()
    b.setObjectName(name)
    b.setText("?")
    b.setAutoRaise(True)
    b.setToolTip(tip)
    b.setAccessibleName("Help")
    b.setCursor(Qt.CursorShape.WhatsThisCursor)
    b.clicked.connect(lambda: QToolTip.showText(b.mapToGlobal(QPoint(0, b.height())), tip, b))
    return b
