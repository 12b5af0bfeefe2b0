"""The one place errors reach the user (STYLE.md: known errors vs bugs).

- :class:`~chathub_desktop.services.errors.ServiceError` (and the importer's
  ``ImportFailed``, and a store another ChatHub process kept locked: ``StoreBusy`` or a
  "database is locked" error, issue 10): a user-facing one-line message → a short
  warning box, or status-bar text when the caller asks for a quiet presentation.
- anything else is a bug: handed to ``sys.excepthook`` (:func:`report_bug`), like an
  exception escaping a Qt slot or an ``@asyncSlot`` (qasync calls the hook too).

One handler for every bug (issue 28): :class:`UnhandledErrors` is installed by the app
(``run_gui``) as ``sys.excepthook`` and as the qasync loop's exception handler. It writes
the traceback to the log (``chathub.log``), shows a user sentence in the window's error
bar — "Something went wrong (Search)." (walk49 #8: never the exception's repr) — with
the exception's type and text and its traceback under Details…, and then calls the hook
it replaced. In tests that hook is pytest-qt's, so a bug still fails the test (STYLE.md:
never swallowed).
"""

from __future__ import annotations

import contextlib
import logging
import sys
import traceback
from collections.abc import Callable, Iterator
from types import TracebackType
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from chathub_desktop.gui.shell.error_bar import SOMETHING_WRONG, SOMETHING_WRONG_IN
from chathub_desktop.gui.shell.i18n import fill
from chathub_desktop.gui.shell.service_reasons import said, said_error
from chathub_desktop.gui.shell.task_contexts import said_context, with_context
from chathub_desktop.services.errors import ServiceError, store_busy_reason

if TYPE_CHECKING:  # asyncio loads after the window's first paint
    import asyncio

log = logging.getLogger(__name__)


def user_message(exc: BaseException) -> str | None:
    """The one-line message of an error meant for the user, None for a bug:
    :class:`ServiceError`, the importer's ``ImportFailed`` (looked up lazily: it pulls in
    the streaming JSON parser, which start-up does not need), or a busy store (issue 10).
    A typed or fixed reason is said in the interface language (:func:`said_error`, issue 27)."""
    if isinstance(exc, ServiceError):
        return said_error(exc) or type(exc).__name__
    mod = sys.modules.get("chathub_desktop.services.transfer.chat_import")  # every format's ImportFailed
    if mod is not None and isinstance(exc, mod.ImportFailed):
        return (said(exc.why) if exc.why is not None else str(exc)) or type(exc).__name__
    busy = store_busy_reason(exc)
    return said(busy) if busy is not None else None


def is_user_error(exc: BaseException) -> bool:
    """True when ``exc`` carries a message meant for the user (see :func:`user_message`)."""
    return user_message(exc) is not None


class ErrorPresenter:
    """Shows errors for one window.

    ``parent``: the dialog parent; ``status``: an optional callable showing short text in
    the status bar (``status(text, milliseconds)``). Boxes are non-blocking (``open()``),
    so presenting from inside a coroutine never nests an event loop. Bugs go to
    :func:`report_bug` (the error bar, through :class:`UnhandledErrors`).
    """

    def __init__(self, parent: QWidget | None, status: Callable[[str, int], None] | None = None) -> None:
        self._parent = parent
        self._status = status
        self.last_message: str | None = None
        self._boxes: list[QMessageBox] = []

    def present(self, exc: BaseException, *, context: str = "", quiet: bool = False) -> None:
        """Show ``exc``. ``context`` names what failed ("Sending failed"); ``quiet`` puts a
        user error in the status bar instead of a box (bugs always go to :func:`report_bug`)."""
        message = user_message(exc)
        if message is not None:
            self.last_message = message
            if quiet and self._status is not None:
                self._status(with_context(context, message), 8000)
                return
            self._box(said_context(context) or "ChatHub Desktop", message)
            return
        self.last_message = bug_summary(exc)
        report_bug(exc, context)

    def _box(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self._parent)
        box.setObjectName("errorBox")
        self._boxes.append(box)
        box.finished.connect(lambda _r, b=box: self._boxes.remove(b) if b in self._boxes else None)
        box.open()

    def open_boxes(self) -> list[QMessageBox]:
        """Error boxes currently shown (tests read their text)."""
        return list(self._boxes)


#: Prefix of the note :func:`report_bug` adds to an exception: what was being done.
CONTEXT_NOTE = "while: "


def report_bug(exc: BaseException, context: str = "") -> None:
    """Hand a bug caught by the app (a task's failure) to ``sys.excepthook``, the one
    route of every unexpected exception; ``context`` ("Sending failed") rides along as a
    note on the exception (:data:`CONTEXT_NOTE`)."""
    if context:
        exc.add_note(CONTEXT_NOTE + context)
    sys.excepthook(type(exc), exc, exc.__traceback__)


def bug_summary(exc: BaseException) -> str:
    """The one-line reason of a bug: ``Sending failed: KeyError: 'x'`` (the context note
    first, when :func:`report_bug` added one)."""
    notes = [n for n in getattr(exc, "__notes__", ()) if isinstance(n, str) and n.startswith(CONTEXT_NOTE)]
    reason = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return f"{notes[-1][len(CONTEXT_NOTE):]}: {reason}" if notes else reason


def bug_line(exc: BaseException | None) -> str:
    """The error bar's sentence for an unexpected error, in the interface language
    (walk49 #8): "Something went wrong (Sending failed)." (Details… beside it) —
    the context note of :func:`report_bug`, when there is one, in brackets; the
    exception's type and text never (they are in Details… and chathub.log)."""
    notes = [n for n in getattr(exc, "__notes__", ()) if isinstance(n, str) and n.startswith(CONTEXT_NOTE)]
    if not notes:
        return QCoreApplication.translate("ErrorBar", SOMETHING_WRONG)
    return fill(QCoreApplication.translate("ErrorBar", SOMETHING_WRONG_IN), said_context(notes[-1][len(CONTEXT_NOTE):]))


class UnhandledErrors:
    """The handler of every unexpected exception (issue 28), for one window.

    ``show(summary, details)`` puts the user sentence (:func:`bug_line`) and the
    exception's one-line reason (:func:`bug_summary`) above its traceback in the window
    (:meth:`~chathub_desktop.gui.shell.error_bar.ErrorBar.show_error`). :meth:`installed` makes
    it ``sys.excepthook`` (exceptions escaping Qt slots and ``@asyncSlot`` tasks, and the
    task runner's bugs via :func:`report_bug`) and ``loop``'s exception handler (a task
    whose exception nobody retrieved, a failing callback) for the duration of a
    ``with``; each error is logged with its traceback (``chathub.log``), shown, and then
    passed to the hook that was there before (pytest-qt's in tests, so the test fails)."""

    def __init__(self, show: Callable[[str, str], None]) -> None:
        self._show = show
        self._previous_hook: Callable[..., Any] | None = None

    def excepthook(self, exc_type: type[BaseException], exc: BaseException,
                   tb: TracebackType | None) -> None:
        """Log, show, then chain to the replaced hook."""
        self._handle(exc_type, exc, tb)
        if self._previous_hook is not None:  # the terminal (or pytest-qt) gets it too
            self._previous_hook(exc_type, exc, tb)

    def loop_exception(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The loop's exception handler: an exception → as :meth:`excepthook`; a bare
        message (no exception) is logged and shown as it is."""
        exc = context.get("exception")
        if isinstance(exc, BaseException):
            self.excepthook(type(exc), exc, exc.__traceback__)
            return
        message = str(context.get("message") or "an error in the event loop")
        log.error("event loop: %s", message)
        self._shown(bug_line(None), "\n".join(f"{k}: {v!r}" for k, v in context.items()))

    def _handle(self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        summary = bug_summary(exc)
        details = "".join(traceback.format_exception(exc_type, exc, tb))
        log.error("unexpected error: %s", summary, exc_info=(exc_type, exc, tb))
        self._shown(bug_line(exc), f"{summary}\n\n{details}")

    def _shown(self, line: str, details: str) -> None:
        try:
            self._show(line, details)
        except RuntimeError:  # the window is already gone (quit): the log has it
            log.warning("no window to show the error in")

    @contextlib.contextmanager
    def installed(self, loop: asyncio.AbstractEventLoop | None) -> Iterator[UnhandledErrors]:
        """Be ``sys.excepthook`` (and ``loop``'s exception handler) inside the block;
        the previous hook and handler are put back after it."""
        self._previous_hook = sys.excepthook
        sys.excepthook = self.excepthook
        previous_handler = loop.get_exception_handler() if loop is not None else None
        if loop is not None:
            loop.set_exception_handler(self.loop_exception)
        try:
            yield self
        finally:
            if sys.excepthook == self.excepthook:
                sys.excepthook = self._previous_hook
            if loop is not None:
                loop.set_exception_handler(previous_handler)
            self._previous_hook = None
