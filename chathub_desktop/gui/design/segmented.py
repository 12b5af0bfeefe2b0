"""A segmented control (issue 29, walk40): a few mutually exclusive choices shown side by
side in one rounded track, the chosen one raised — as Cherry Studio and the Claude app
show Off / Daily / Weekly — instead of a native drop-down that hides them.

It keeps the small part of ``QComboBox``'s API its owners use (``addItem`` with data,
``findData``, ``currentData``, ``setCurrentIndex``, ``currentIndexChanged``), so a form
swaps one for the other without changing its logic. The look is the stylesheet's
``QFrame[segmented="true"]`` rules (design tokens only).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIcon, QKeyEvent
from PySide6.QtWidgets import QButtonGroup, QFrame, QHBoxLayout, QPushButton, QWidget

from chathub_desktop.gui.design.tokens import Space

__all__ = ["SegmentedControl"]


class SegmentedControl(QFrame):
    """Mutually exclusive segments, one always chosen once there is one. Each segment is a
    checkable ``QPushButton`` named ``segment``; Left/Right (and Home/End) move the choice.
    Tab stops at the chosen segment only, as at a group of radio buttons (walk55b #6: in the
    window Tab landed on "Off" while "Daily" was chosen, and Space then turned the dream off).
    ``currentIndexChanged(index)`` fires on every change of the choice, by click, key or
    :meth:`setCurrentIndex` (blocked with ``blockSignals`` like any QObject's)."""

    currentIndexChanged = Signal(int)  # noqa: N815 - QComboBox's name, so owners keep their code

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("segmented", True)
        self._lay = QHBoxLayout(self)
        self._lay.setContentsMargins(Space.XXS, Space.XXS, Space.XXS, Space.XXS)
        self._lay.setSpacing(Space.XXS)
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._group.idClicked.connect(self.setCurrentIndex)
        self._buttons: list[QPushButton] = []
        self._data: list[object] = []
        self._current = -1

    # --- QComboBox's API, as far as forms use it ---------------------------------------------
    def addItem(self, text: str, data: object = None, icon: QIcon | None = None) -> None:  # noqa: N802 - QComboBox's name
        """Append a segment saying ``text`` (after ``icon`` when given) that stands for
        ``data``; the first one is chosen."""
        b = QPushButton(text)
        if icon is not None:
            b.setIcon(icon)
        b.setObjectName("segment")
        b.setCheckable(True)
        b.setAutoDefault(False)
        b.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # Tab: the chosen one (setCurrentIndex)
        index = len(self._buttons)
        self._group.addButton(b, index)
        self._lay.addWidget(b)
        self._buttons.append(b)
        self._data.append(data)
        if self._current < 0:
            self.setCurrentIndex(0)

    def count(self) -> int:
        """The number of segments."""
        return len(self._buttons)

    def itemText(self, index: int) -> str:  # noqa: N802 - QComboBox's name
        """Segment ``index``'s text ("" out of range)."""
        return self._buttons[index].text() if 0 <= index < len(self._buttons) else ""

    def setItemText(self, index: int, text: str) -> None:  # noqa: N802 - QComboBox's name
        """Say ``text`` on segment ``index`` (e.g. after a language switch)."""
        self._buttons[index].setText(text)

    def itemData(self, index: int) -> object:  # noqa: N802 - QComboBox's name
        """What segment ``index`` stands for (None out of range)."""
        return self._data[index] if 0 <= index < len(self._data) else None

    def findData(self, data: object) -> int:  # noqa: N802 - QComboBox's name
        """The index of the segment standing for ``data``, -1 for none."""
        return next((i for i, d in enumerate(self._data) if d == data), -1)

    def currentIndex(self) -> int:  # noqa: N802 - QComboBox's name
        """The chosen segment's index (-1 while there is none)."""
        return self._current

    def currentData(self) -> object:  # noqa: N802 - QComboBox's name
        """What the chosen segment stands for."""
        return self.itemData(self._current)

    def currentText(self) -> str:  # noqa: N802 - QComboBox's name
        """The chosen segment's text."""
        return self.itemText(self._current)

    def setCurrentIndex(self, index: int) -> None:  # noqa: N802 - QComboBox's name
        """Choose segment ``index`` (out of range: ignored); ``currentIndexChanged`` when it changes."""
        if not 0 <= index < len(self._buttons):
            return
        self._buttons[index].setChecked(True)
        self.setFocusProxy(self._buttons[index])  # Tab and a buddy label's key land on the choice
        for i, b in enumerate(self._buttons):
            b.setFocusPolicy(Qt.FocusPolicy.StrongFocus if i == index else Qt.FocusPolicy.ClickFocus)
        if index != self._current:
            self._current = index
            self.currentIndexChanged.emit(index)

    def button(self, index: int) -> QPushButton:
        """Segment ``index``'s button (for tests and screen-reader names)."""
        return self._buttons[index]

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Left/Right choose the previous/next segment, Home/End the first/last."""
        step = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1}.get(Qt.Key(event.key()))
        if step is not None:
            target = max(0, min(self.count() - 1, self._current + step))
        elif event.key() in (Qt.Key.Key_Home, Qt.Key.Key_End):
            target = 0 if event.key() == Qt.Key.Key_Home else self.count() - 1
        else:
            super().keyPressEvent(event)
            return
        self.setCurrentIndex(target)
        if 0 <= target < self.count():
            self._buttons[target].setFocus(Qt.FocusReason.OtherFocusReason)
