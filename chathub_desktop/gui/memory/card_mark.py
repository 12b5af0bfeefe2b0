"""The dream card a confirmation speaks of, shown and marked (issue 30, walk52b #2: after
"Saved #1" an older day was accepted and the same card read #2 — the user could not tell
which card the line meant). A card is found by its tag (its day or span), never its
number: once the list shows it, it is selected (the page scrolls to it) and painted
marked for :data:`MARK_MS`. A component of
:class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel`, given its list and model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QObject, QTimer, Signal
from PySide6.QtWidgets import QListView

if TYPE_CHECKING:
    from chathub_desktop.gui.memory.dream_cards import DreamCardModel

__all__ = ["MARK_MS", "CardMark"]

#: How long a saved or accepted card stays marked once it is in sight, ms.
MARK_MS = 2500


class CardMark(QObject):
    """Marks the card of a tag :meth:`expect`-ed, at the next :meth:`apply` (a load shown):
    selects it and scrolls ``view`` to it, and ``model`` paints it marked; the mark goes
    :data:`MARK_MS` after the list is in sight (a card accepted on the Proposals tab is
    marked until the Cards tab has shown it that long). ``revealed(index)``: the marked
    card's row is in sight (the page scrolls to it: the list has no scroll of its own)."""

    revealed = Signal(QModelIndex)

    def __init__(self, view: QListView, model: DreamCardModel) -> None:
        super().__init__(view)
        self._view, self._model = view, model
        self._pending: str | None = None
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(MARK_MS)
        self.timer.timeout.connect(lambda: self._model.set_marked(None))
        view.installEventFilter(self)

    def expect(self, tag: str) -> None:
        """Mark the card of ``tag`` once the next load is shown."""
        self._pending = tag

    def apply(self) -> bool:
        """After a load: select, show and mark the expected card (True), if the list has it."""
        tag, self._pending = self._pending, None
        row = self._model.row_of(tag=tag) if tag else None
        if row is None:
            return False
        idx = self._model.index(row)
        self._view.setCurrentIndex(idx)
        self._model.set_marked(tag)
        if self._view.isVisible():
            self._reveal()
            self.timer.start()
        return True

    def _reveal(self) -> None:
        idx = self._view.currentIndex()
        if idx.isValid() and self._model.marked() is not None:
            self._view.scrollTo(idx)
            self.revealed.emit(idx)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: the list comes in sight with a card marked → scroll to it; its time starts."""
        if obj is self._view and event.type() == QEvent.Type.Show and self._model.marked() is not None \
                and not self.timer.isActive():
            QTimer.singleShot(0, self, self._reveal)  # once the tab's layout gave the list its rows
            self.timer.start()
        return False
