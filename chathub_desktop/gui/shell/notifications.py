"""Desktop notifications (issue 16): a reply finished while the window was away, and
what a scheduled memory dream did.

Sent through ``desktop-notifier`` on the qasync loop (D-Bus on Linux, the native
centres on macOS and Windows; it also works where the tray's own balloon does
nothing). Without a notification service (no session bus on Linux, or a send that
fails) one line is logged and notifications stop for the session; nothing else
changes. desktop-notifier reports a failed send only as a logged warning with a
traceback: :class:`_FailedSend` turns that record into this module's one line.
Nothing is sent while the window quits. The View menu's
"Desktop notifications" switches them off (kept in the window's ``QSettings``).
"""

from __future__ import annotations

import itertools
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QCoreApplication, QDate, QLocale
from PySide6.QtWidgets import QWidget

from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.gui.shell.i18n import fill
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.dream.dream_service import (
    APPENDED,
    FAILED,
    NOTHING,
    REGENERATED,
    DreamOutcome,
)

__all__ = ["NotificationBackend", "Notifier", "dream_notice", "reply_notice"]

log = logging.getLogger(__name__)
APP_NAME = "ChatHub Desktop"
#: Characters of an error or outcome line kept in a notification body.
BODY_MAX = 200


class NotificationBackend(Protocol):
    """What :class:`Notifier` needs: ``desktop_notifier.DesktopNotifier`` or a fake."""

    async def send(self, title: str, message: str) -> Any:
        """Show one notification."""


def reply_notice(topic_title: str, status: MessageStatus, error: str) -> tuple[str, str] | None:
    """``(title, body)`` for a reply that ended with ``status``; None for a reply the user
    stopped (they were there)."""
    translate = QCoreApplication.translate
    title = topic_title or APP_NAME
    if status == MessageStatus.COMPLETE:
        return title, translate("Notifications", "The reply is ready.")
    if status in (MessageStatus.ERROR, MessageStatus.CUT):
        return title, (fill(translate("Notifications", "The reply failed: %1"), error[:BODY_MAX]) if error
                       else translate("Notifications", "The reply failed."))
    if status == MessageStatus.INTERRUPTED:
        return title, translate("Notifications", "The reply ended early; what arrived is kept.")
    return None  # "cancelled": the user pressed Stop, so they were there


def dream_notice(outcome: DreamOutcome, assistant_name: str) -> tuple[str, str] | None:
    """``(title, body)`` for a scheduled dream's outcome: a card added or rewritten,
    nothing to remember, or a failure; None for the quiet outcomes (duplicate, exists)."""
    translate = QCoreApplication.translate
    title = (fill(translate("Notifications", "Memory dream · %1"), assistant_name) if assistant_name
             else translate("Notifications", "Memory dream"))
    d = outcome.history_day  # the date pattern is the translators' (QDate format)
    day = QLocale().toString(QDate(d.year, d.month, d.day), translate("Notifications", "yyyy-MM-dd"))
    if outcome.status in (APPENDED, REGENERATED):
        number = f" #{outcome.card_number}" if outcome.card_number else ""
        done = (translate("Notifications", "It added card%1 for %2.") if outcome.status == APPENDED
                else translate("Notifications", "It rewrote card%1 for %2."))
        return title, fill(done, number, day)
    if outcome.status == NOTHING:
        return title, fill(translate("Notifications", "Nothing new to remember from %1."), day)
    if outcome.status == FAILED:
        return title, fill(translate("Notifications", "The dream for %1 failed: %2"), day,
                           (said(outcome.why) if outcome.why is not None else outcome.message)[:BODY_MAX])
    return None


class Notifier:
    """Sends notifications for ``window`` through ``runner``'s tasks. ``backend``: the
    sender (default: a ``DesktopNotifier`` made at the first notification);
    ``enabled``: read before each send (the View menu's switch)."""

    def __init__(self, window: QWidget, runner: TaskRunner, *, backend: NotificationBackend | None = None,
                 enabled: Callable[[], bool] = lambda: True) -> None:
        self._window = window
        self._runner = runner
        self._backend = backend
        self._enabled = enabled
        self.available = True
        #: Set when the window quits: the replies it stops are not news.
        self.closing = False
        self.sent = 0
        self._queued = itertools.count()

    def window_away(self) -> bool:
        """The user is not looking: the window is hidden (in the tray), minimised or not
        the active window."""
        w = self._window
        return w.isHidden() or w.isMinimized() or not w.isActiveWindow()

    def on_reply_finished(self, topic_title: str, status: MessageStatus, error: str) -> None:
        """A reply ended: notify when the window is away."""
        notice = reply_notice(topic_title, status, error)
        if notice is not None and self.window_away():
            self.notify(*notice)

    def on_dreams_ran(self, outcomes: Sequence[DreamOutcome], names: Callable[[int], str]) -> None:
        """A scheduled dream run ended: one notification per outcome worth telling.
        ``names``: assistant id → name."""
        for outcome in outcomes:
            notice = dream_notice(outcome, names(outcome.assistant_id))
            if notice is not None:
                self.notify(*notice)

    def notify(self, title: str, body: str) -> None:
        """Send one notification in the background (nothing when switched off or when the
        desktop has no notification service)."""
        if self.available and not self.closing and self._enabled():
            self._runner.run(f"notify-{next(self._queued)}", self._send(title, body), context="Notification")

    async def _send(self, title: str, body: str) -> None:
        try:
            if self._backend is None:
                self._backend = _desktop_backend()
            failures = _FailedSend.count
            await self._backend.send(title=title, message=body)
            if _FailedSend.count == failures:
                self.sent += 1
            else:
                self._unavailable(_FailedSend.last)
        except Exception as exc:  # no session bus, no service, a sandbox: log once, go on
            self._unavailable(f"{type(exc).__name__}: {exc}")

    def _unavailable(self, reason: str) -> None:
        if self.available:
            self.available = False
            log.info("desktop notifications are unavailable (%s); not trying again this session", reason)


class _FailedSend(logging.Filter):
    """Drops desktop-notifier's "Notification failed" warning (a traceback on stderr)
    and remembers it, so the send that failed is known and logged as one line."""

    count = 0
    last = ""

    def filter(self, record: logging.LogRecord) -> bool:  # noqa: A003 - logging API
        """False (drop) for a failed send; True for every other record."""
        if record.getMessage() != "Notification failed":
            return True
        exc = record.exc_info[1] if record.exc_info else None
        _FailedSend.count += 1
        _FailedSend.last = f"{type(exc).__name__}: {exc}" if exc else "the send failed"
        return False


def _no_session_bus() -> bool:
    """Linux/BSD without a D-Bus session bus: nothing to send notifications through."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd")):
        return False
    return not os.environ.get("DBUS_SESSION_BUS_ADDRESS") and not Path(f"/run/user/{os.getuid()}/bus").exists()


def _desktop_backend() -> NotificationBackend:
    """A ``DesktopNotifier`` with the app's icon. Raises ``RuntimeError`` without a
    session bus."""
    if _no_session_bus():
        raise RuntimeError("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset)")
    from desktop_notifier import DesktopNotifier, Icon

    from chathub_desktop.gui.design.app_icon import bundled_icon_files

    base_logger = logging.getLogger("desktop_notifier.backends.base")
    if not any(isinstance(f, _FailedSend) for f in base_logger.filters):
        base_logger.addFilter(_FailedSend())
    icons = [p for p in bundled_icon_files() if p.suffix == ".png"]
    icon = Icon(path=icons[-1]) if icons else None
    return DesktopNotifier(app_name=APP_NAME, app_icon=icon) if icon else DesktopNotifier(app_name=APP_NAME)
