"""The dream panel's status line (issue 30): what the last dream or change did, on a row
of its own under the Dream now bar, wrapped whole (walk42 #4: cut with "…" in the bar),
so the bar's buttons never move. A component of
:class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

from chathub_desktop.gui.shell.i18n import Texts


class DreamStatusLine(QLabel):
    """A wrapped, selectable plain-text line, hidden while empty. ``texts``: the panel's
    language bindings (the line is said again on a switch); ``running()``: True while a
    run goes (its phase line is then not cleared by a timer)."""

    def __init__(self, texts: Texts, running: Callable[[], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dreamStatusLabel")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hide()
        self._running = running
        self._make: Callable[[], str] | None = None  # the line's text, re-said on a switch
        self._until_reviewed = False  # a proposal's line: stale once one is accepted or discarded
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._expire)
        texts.call(self._resay)

    def say(self, message: str | Callable[[], str], ms: int = 8000, *, until_reviewed: bool = False) -> None:
        """Show ``message``, cleared after ``ms`` (0: kept). A callable (``lambda:
        translate(…)``) is said again after a language switch; a plain string is cleared
        then instead (issue 30, walk50b #4: it stayed in the old language).
        ``until_reviewed``: the line asks to accept or discard a proposal, and
        :meth:`reviewed` clears it."""
        self._make = message if callable(message) else None
        self._until_reviewed = until_reviewed
        text = message() if callable(message) else message
        self.setText(text)
        self.setVisible(bool(text))
        if ms:
            self._timer.start(ms)
        else:
            self._timer.stop()

    def reviewed(self) -> None:
        """A proposal was accepted or discarded: a line still asking for that review is
        cleared (issue 30: "Proposed a card … accept or discard it" stayed after Accept)."""
        if self._until_reviewed and not self._running():
            self._until_reviewed = False
            self._expire()

    def _resay(self) -> None:
        """After a language switch: the line in the new language, or cleared."""
        if self._make is not None:
            self.setText(self._make())
        elif self.text():
            self.clear()
            self.hide()

    def _expire(self) -> None:
        if not self._running():
            self.clear()
            self.hide()
