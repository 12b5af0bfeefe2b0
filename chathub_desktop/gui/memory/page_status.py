"""The Memory page's status line (issue 30; struct52: split from ``fixed_page``): short
confirmations ("Added #3") beside the Fixed memory title, cleared after a few seconds."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.shell.elided_line import ElidedLine
from chathub_desktop.gui.shell.i18n import Texts

__all__ = ["STATUS_MS", "PageStatus"]

#: How long a confirmation shows, ms.
STATUS_MS = 5000


class PageStatus(ElidedLine):
    """One muted line, elided to its room; ``texts``: the page's, so a confirmation made
    by a callable is said again after a language switch (a plain string is cleared then:
    issue 30, walk50b #4, it stayed in the old language)."""

    def __init__(self, texts: Texts) -> None:
        super().__init__()
        self.setObjectName("statusLabel")
        set_tone(self, Tone.MUTED)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clear)
        self._make: Callable[[], str] | None = None
        texts.call(self._resay)

    def say(self, message: str | Callable[[], str]) -> None:
        """Show ``message`` (a string, or a callable giving it in the language in use) for
        :data:`STATUS_MS`."""
        self._make = message if callable(message) else None
        self.setText(message() if callable(message) else message)
        self._timer.start(STATUS_MS)

    def _resay(self) -> None:
        """After a language switch: the line in the new language, or cleared."""
        self.setText(self._make() if self._make is not None else "")
