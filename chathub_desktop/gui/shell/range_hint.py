"""Say the allowed range when a spin box refuses what was typed (issue 16).

A Qt spin box silently drops a keystroke that would leave its range (typing ``1000``
into 1–90 leaves ``10``) and silently puts the old value back when editing ends on an
incomplete or out-of-range text (``5`` into 0.50–0.99 becomes 0.80 again). A
:class:`RangeHint` watches one spin box and, in both cases, shows a tooltip under it
such as "Allowed: 1–90 cards" and keeps that text in :attr:`RangeHint.last_hint`.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QTimer
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import QAbstractSpinBox, QDoubleSpinBox, QSpinBox, QToolTip, QWidget

from chathub_desktop.gui.shell.i18n import fill

__all__ = ["RangeHint", "install_range_hints", "range_text"]


def range_text(spin: QSpinBox | QDoubleSpinBox) -> str:
    """``Allowed: 1–90 cards`` (the spin box's own number format and suffix), in the
    interface language (issue 27)."""
    low, high = spin.textFromValue(spin.minimum()), spin.textFromValue(spin.maximum())  # type: ignore[arg-type]
    return fill(QCoreApplication.translate("RangeHint", "Allowed: %1–%2%3"), low, high, spin.suffix())


class RangeHint(QObject):
    """Watches ``spin`` (a child of it, deleted with it). The filter sits on the spin box,
    not its line edit: the spin box hands key events to its editor directly."""

    def __init__(self, spin: QSpinBox | QDoubleSpinBox) -> None:
        super().__init__(spin)
        self.spin = spin
        self.last_hint = ""
        spin.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """After a typed character: was it dropped? On focus out: will the text be undone?"""
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            typed = event.text()
            if typed and typed.isprintable() and not typed.isspace():
                before = self.spin.lineEdit().text()
                QTimer.singleShot(0, self, lambda: self._after_key(before))
        elif event.type() == QEvent.Type.FocusOut:
            text = self.spin.lineEdit().text()
            state, _, _ = self.spin.validate(text, 0)
            if state != QValidator.State.Acceptable:
                typed = text.strip() or QCoreApplication.translate("RangeHint", "empty")
                self.show(fill(QCoreApplication.translate("RangeHint", "“%1” was not kept. %2"), typed,
                               range_text(self.spin)))
        return False

    def _after_key(self, before: str) -> None:
        if self.spin.lineEdit().text() == before:
            self.show(range_text(self.spin))

    def show(self, text: str) -> None:
        """Show ``text`` in a tooltip under the spin box."""
        self.last_hint = text
        where = self.spin.mapToGlobal(QPoint(0, self.spin.height()))
        QToolTip.showText(where, text, self.spin)


def install_range_hints(root: QWidget) -> list[RangeHint]:
    """A :class:`RangeHint` on every integer and decimal spin box under ``root``."""
    return [RangeHint(spin) for spin in root.findChildren(QAbstractSpinBox)
            if isinstance(spin, QSpinBox | QDoubleSpinBox)]
