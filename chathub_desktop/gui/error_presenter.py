"""The one place errors reach the user (STYLE.md: known errors vs bugs).

- :class:`~chathub_desktop.services.errors.ServiceError` (and the importer's
  ``ImportFailed``, and a store another ChatHub process kept locked: ``StoreBusy`` or a
  "database is locked" error, issue 10): a user-facing one-line message → a short
  warning box, or status-bar text when the caller asks for a quiet presentation.
- anything else is a bug: logged with its traceback and shown in a critical box whose
  "Show Details…" holds the traceback.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable

from PySide6.QtWidgets import QMessageBox, QWidget

from chathub_desktop.services.errors import ServiceError, store_busy_message

log = logging.getLogger(__name__)


def user_message(exc: BaseException) -> str | None:
    """The one-line message of an error meant for the user, None for a bug:
    :class:`ServiceError`, the importer's ``ImportFailed`` (looked up lazily: it pulls in
    the streaming JSON parser, which start-up does not need), or a busy store (issue 10)."""
    if isinstance(exc, ServiceError):
        return str(exc) or type(exc).__name__
    import sys

    mod = sys.modules.get("chathub_desktop.services.chat_import")  # every format's ImportFailed
    if mod is not None and isinstance(exc, mod.ImportFailed):
        return str(exc) or type(exc).__name__
    return store_busy_message(exc)


def is_user_error(exc: BaseException) -> bool:
    """True when ``exc`` carries a message meant for the user (see :func:`user_message`)."""
    return user_message(exc) is not None


class ErrorPresenter:
    """Shows errors for one window.

    ``parent``: the dialog parent; ``status``: an optional callable showing short text in
    the status bar (``status(text, milliseconds)``). Boxes are non-blocking (``open()``),
    so presenting from inside a coroutine never nests an event loop.
    """

    def __init__(self, parent: QWidget | None, status: Callable[[str, int], None] | None = None) -> None:
        self._parent = parent
        self._status = status
        self.last_message: str | None = None
        self._boxes: list[QMessageBox] = []

    def present(self, exc: BaseException, *, context: str = "", quiet: bool = False) -> None:
        """Show ``exc``. ``context`` names what failed ("Sending failed"); ``quiet`` puts a
        user error in the status bar instead of a box (bugs always get a box)."""
        message = user_message(exc)
        if message is not None:
            self.last_message = message
            if quiet and self._status is not None:
                self._status(f"{context}: {message}" if context else message, 8000)
                return
            self._box(QMessageBox.Icon.Warning, context or "ChatHub Desktop", message, None)
            return
        details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        log.error("unexpected error%s", f" ({context})" if context else "", exc_info=exc)
        message = f"Something went wrong: {type(exc).__name__}: {exc}"
        self.last_message = message
        self._box(
            QMessageBox.Icon.Critical,
            context or "Unexpected error",
            message + "\n\nThis is a bug in ChatHub Desktop; the details below help fix it.",
            details,
        )

    def _box(self, icon: QMessageBox.Icon, title: str, text: str, details: str | None) -> None:
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self._parent)
        if details:
            box.setDetailedText(details)
        box.setObjectName("errorBox")
        self._boxes.append(box)
        box.finished.connect(lambda _r, b=box: self._boxes.remove(b) if b in self._boxes else None)
        box.open()

    def open_boxes(self) -> list[QMessageBox]:
        """Error boxes currently shown (tests read their text)."""
        return list(self._boxes)
