"""Where Ctrl+M puts the keyboard on the Memory page (issue 30, enums54): at its top, as
Cherry Studio and LobeHub do — not on the dream day chooser at the bottom, where it went
while no dream card existed (walk50 #7). A component of
:class:`~chathub_desktop.gui.memory.fixed_page.MemoryPage`."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget


class TopFocus:
    """Lands the keyboard on ``target()`` (the page's top control: its filter box, or the
    empty state's Add) once ``read()`` is True (the page shows its first read). Before
    that ``page`` itself holds it (the list would make its first row current: "Delete #1"
    showed) and :meth:`waiting` tells the read to land it — unless a control took the
    keyboard meanwhile (e.g. the Proposals tab, opened by Assistant → Dream proposals…)."""

    def __init__(self, page: QWidget, target: Callable[[], QWidget], read: Callable[[], bool]) -> None:
        self._page, self._target, self._read = page, target, read
        self._pending = False

    def land(self) -> None:
        """The keyboard on the page's top control now, or (before the first read) when the
        read is shown."""
        if not self._read():
            self._pending = True
            self._page.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return
        self._pending = False
        self._target().setFocus(Qt.FocusReason.ShortcutFocusReason)

    def waiting(self) -> bool:
        """Called as a read is about to be shown: True when a :meth:`land` waits for it and
        the keyboard is still on the page itself or on none of its controls; the wait ends."""
        held = self._page.window().focusWidget()
        waiting = self._pending and self._page.isVisible() and (
            held is None or held is self._page or held.isAncestorOf(self._page))
        self._pending = False
        return waiting
