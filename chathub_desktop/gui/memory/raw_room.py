"""The Memory page's room for the raw editor (MEM-3; issue 30, walk56 #6: a 190-px box on
a 768-px screen with the whole Dreaming memory group open under it). While the raw editor
is open, the memory switch and the Dreaming memory group give way, so the editor and its
preview fill the page's visible height under fixed memory's title row, Save and Cancel at
the bottom; when it closes they come back as they were (the group folded or not: hiding
keeps its fold) and the page scrolls back where it was. A component of
:class:`~chathub_desktop.gui.memory.fixed_page.MemoryPage`, given the page's scroll area and
what gives way.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QScrollArea, QWidget

#: Ms the page's scroll is put back while the page re-lays out after the raw editor closed
#: (the fixed list is fitted and the group laid out a turn or two later).
RESTORE_MS = 400


class RawRoom(QObject):
    """Gives the raw editor the page in ``scroll`` (see the module docstring); ``aside()``:
    the widgets that give way (those not made yet: None)."""

    def __init__(self, scroll: QScrollArea, aside: Callable[[], tuple[QWidget | None, ...]]) -> None:
        super().__init__(scroll)
        self._scroll = scroll
        self._aside = aside
        self._hidden: list[QWidget] = []
        self._from: int | None = None  # the page's scroll when the editor opened
        self._target: int | None = None  # the scroll being put back
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RESTORE_MS)
        self._timer.timeout.connect(self._let_go)
        bar = scroll.verticalScrollBar()
        bar.rangeChanged.connect(lambda *_r: self._put_back())
        bar.actionTriggered.connect(lambda _a: self._let_go())  # the user scrolls: the page is theirs

    @property
    def taken(self) -> bool:
        """True while the raw editor has the page."""
        return self._from is not None

    def take(self) -> None:
        """The raw editor opened: what is aside gives way (again on a reload: nothing changes)."""
        if self._from is None:
            self._from = self._scroll.verticalScrollBar().value()
            self._let_go()
        for w in self._aside():
            if w is not None and not w.isHidden():
                w.hide()
                self._hidden.append(w)

    def give_back(self) -> None:
        """The raw editor closed: what gave way shows again and the page scrolls back."""
        if self._from is None:
            return
        for w in self._hidden:
            w.show()
        self._hidden.clear()
        self._target, self._from = self._from, None
        self._put_back()
        self._timer.start()

    def _put_back(self) -> None:
        target = self._target
        if target is not None:
            self._scroll.verticalScrollBar().setValue(target)

    def _let_go(self) -> None:
        self._target = None
        self._timer.stop()
