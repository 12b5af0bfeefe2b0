"""The window's one line when likely secrets were kept out of memory (issue 19).

Listens on the service bus for ``SecretsRedacted`` (published by whichever thread stored
the memory entry, dream card or topic summary) and shows its notice in the status bar
for 15 s; the Qt signal carries it to the GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.services.events import ChatEvent, EventBus, SecretsRedacted

__all__ = ["NOTICE_MS", "RedactionNotices"]

#: How long the notice stays in the status bar, milliseconds.
NOTICE_MS = 15_000


class RedactionNotices(QObject):
    """Calls ``show(text, ms)`` on the GUI thread for each ``SecretsRedacted`` event, the
    notice said in the interface language (issue 27)."""

    notice = Signal(object)  # the SecretsRedacted event

    def __init__(self, bus: EventBus, show: Callable[[str, int], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.notice.connect(lambda event: show(_said(event), NOTICE_MS))
        self._unsubscribe: Callable[[], None] | None = bus.subscribe(self._on_event)
        self.destroyed.connect(self._stop)

    def _on_event(self, event: ChatEvent) -> None:
        if isinstance(event, SecretsRedacted):
            self.notice.emit(event)  # queued to the GUI thread when published elsewhere

    def _stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None


def _said(event: SecretsRedacted) -> str:
    """The event's notice in the interface language (its English when not typed)."""
    reason = event.reason()
    return event.notice if reason is None else said(reason)
