"""The in-process dream timer and the system tray (APP-4, DRM-6).

- :class:`DreamRunner` checks once a few seconds after the window is attached (a slot
  missed while the app was closed is caught up at start) whether a scheduled memory
  dream is due, and runs ``DreamService.run_due()`` through the window's
  :class:`~chathub_desktop.gui.shell.task_runner.TaskRunner` — never two at once. Then it
  sleeps until the next moment something can become due
  (:meth:`~chathub_desktop.services.dream.dream_serve.DreamServe.next_wake`, as ``dream
  serve`` does; at most :data:`TICK_MS`), and a change of schedule, assistants or
  settings (this process or, through the store watcher, another) wakes it early: no
  timer fires at rest (issue 29). The checks run in a worker thread. "Pause dreams" is
  the ``dreams-paused`` setting (on/off in ``services.settings``): while it is on
  nothing runs; it is re-read on every check, so a pause set elsewhere (the CLI,
  another process) is honoured.
- :class:`TrayController` holds the actions Open ChatHub, Run due dreams now, Pause
  dreams (checkable) and Quit, and — only when the desktop has a system tray
  (``QSystemTrayIcon.isSystemTrayAvailable()``) — a tray icon with those actions as its
  menu. The actions exist without a tray too (the window's Assistant menu shows the
  dream ones), so they are always reachable and testable. With a tray icon, closing
  the window hides it to the tray and dreams keep firing; Quit (Ctrl+Q or the tray
  menu) ends the app.

Built in ``MainWindow.attach()``, after the window's first paint.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import datetime

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer, Signal, SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QSystemTrayIcon, QWidget

from chathub_desktop.core.dream_schedule import DreamStatus
from chathub_desktop.gui.design.app_icon import app_icon
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.memory.dream_runs import RUN_DUE_TASK, outcome_text
from chathub_desktop.gui.shell.i18n import fill
from chathub_desktop.gui.shell.service_reasons import said, said_error
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.dream_serve import DreamServe
from chathub_desktop.services.dream.dream_service import DreamOutcome
from chathub_desktop.services.errors import ServiceError

__all__ = ["FIRST_TICK_MS", "RUN_DUE_TASK", "TICK_MS", "DreamRunner", "TrayController"]

#: The longest sleep between checks (ms): a suspended machine or a changed clock is noticed.
TICK_MS = 3_600_000
#: The wait after a check that failed or was stopped, or a due slot that did not run (ms).
RETRY_MS = 60_000
#: The first check after start (ms): catches up a slot missed while the app was closed.
FIRST_TICK_MS = 4_000
APP_NAME = "ChatHub Desktop"


def outcomes_text(outcomes: Sequence[DreamOutcome]) -> str:
    """One status-bar line for the outcomes of a ``run_due`` (empty list: "")."""
    if not outcomes:
        return ""
    parts = [outcome_text(o.status, said(o.why) if o.why is not None else o.message) for o in outcomes]
    return fill(QCoreApplication.translate("Tray", "Memory dream: %1"), "; ".join(parts))


class DreamRunner(QObject):
    """Runs due scheduled dreams while the app is open (DRM-6, APP-4).

    ``runner``: the window's task runner (the run is task :data:`RUN_DUE_TASK`, so the
    Memory page's Stop can cancel it). ``status(text, ms)``: where short messages go
    (the window's status bar). ``interval_ms`` / ``first_delay_ms``: the longest sleep
    between checks and the first check after :meth:`start` or a change (milliseconds);
    ``changes``: signals whose emission wakes the runner for a check (the window's
    settings and assistants changes). ``on_page(assistant_id)``: True when that
    assistant's Memory page is in view — it says the outcome on its own status line, so
    the status bar does not repeat it (walk42 #4).

    Signals: ``run_started()`` when a due run begins, ``run_finished(list)`` with its
    :class:`DreamOutcome` list (empty when stopped), ``paused_changed(bool)``.
    Counters for tests and diagnostics: ``ticks`` (checks made) and ``runs``
    (``run_due`` calls).
    """

    run_started = Signal()
    run_finished = Signal(list)
    paused_changed = Signal(bool)

    def __init__(self, services: Services, runner: TaskRunner, *,
                 status: Callable[[str, int], None] | None = None, interval_ms: int = TICK_MS,
                 first_delay_ms: int = FIRST_TICK_MS, changes: Sequence[SignalInstance] = (),
                 on_page: Callable[[int], bool] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._svc = services
        self._on_page = on_page or (lambda _aid: False)
        self._runner = runner
        self._status = status or (lambda _text, _ms: None)
        self._paused = False
        self.ticks = 0
        self.runs = 0
        self.last_outcomes: list[DreamOutcome] = []
        self._interval_ms = interval_ms
        self._started = False
        #: The sleep until the next check (single shot, armed after each check).
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.tick)
        self._first = QTimer(self)
        self._first.setSingleShot(True)
        self._first.setInterval(first_delay_ms)
        self._first.timeout.connect(self.tick)
        for signal in changes:
            signal.connect(lambda *_: self.wake_soon())

    # --- state ------------------------------------------------------------------------------
    async def load_paused(self) -> bool:
        """Read the stored Pause dreams state on a worker thread, show it and return it."""
        try:
            paused = await self._runner.run_in_thread(self._svc.dreams.paused)
        except ServiceError:
            paused = False
        self._set_paused_state(paused)
        return paused

    @property
    def paused(self) -> bool:
        """True while Pause dreams is on (as last read or set)."""
        return self._paused

    @property
    def running(self) -> bool:
        """True while a check or a run is in flight."""
        return self._runner.is_running(RUN_DUE_TASK)

    @property
    def active(self) -> bool:
        """True between :meth:`start` and :meth:`stop`."""
        return self._started

    @property
    def next_check_ms(self) -> int | None:
        """Milliseconds until the armed check, None when none is armed (tests, diagnostics)."""
        return self._timer.remainingTime() if self._timer.isActive() else None

    def _set_paused_state(self, paused: bool) -> None:
        if paused != self._paused:
            self._paused = paused
            self.paused_changed.emit(paused)

    def set_paused(self, paused: bool) -> asyncio.Task[bool]:
        """Pause (or resume) the scheduled dreams and store it (``dreams-paused``) on a
        worker thread. A run already going finishes. The task's result is False (and a
        status message said why) when it could not be stored."""
        return self._runner.run("dreams-pause", self._store_paused(bool(paused)), context="Pause dreams")

    async def _store_paused(self, paused: bool) -> bool:
        try:
            await self._runner.run_in_thread(self._svc.dreams.set_paused, paused)
        except ServiceError as exc:
            self._status(fill(QCoreApplication.translate("Tray", "Could not change Pause dreams: %1"), said_error(exc)), 8000)
            self.paused_changed.emit(self._paused)  # put the check box back
            return False
        self._set_paused_state(paused)
        if not paused:
            self.wake_soon()
        self._status(QCoreApplication.translate("Tray", "Dreams paused: scheduled memory dreams do not run until "
                                                        "you resume them") if paused
                     else QCoreApplication.translate("Tray", "Dreams resumed: scheduled memory dreams run again"), 6000)
        return True

    # --- the timer --------------------------------------------------------------------------
    def start(self) -> None:
        """Start checking: once after ``first_delay_ms``, then whenever something can
        become due (at most ``interval_ms`` apart)."""
        self._started = True
        self._first.start()

    def stop(self) -> None:
        """Stop the timers (a run in flight is left to the task runner's shutdown)."""
        self._started = False
        self._timer.stop()
        self._first.stop()

    def wake_soon(self) -> None:
        """Check again ``first_delay_ms`` from now (a schedule, an assistant or the pause
        switch changed); nothing before :meth:`start`."""
        if self._started:
            self._first.start()

    def _arm(self, wake: datetime | None, *, retry: bool) -> None:
        """Sleep until ``wake`` (None: nothing becomes due without a change), at most
        ``interval_ms``; :data:`RETRY_MS` after a failed or stopped check or when a due
        slot did not run (``retry``, or ``wake`` already past)."""
        if not self._started or not shiboken6.isValid(self._timer):
            return  # stopped, or the runner was deleted (the window closed) while a check ran
        now = datetime.now(wake.tzinfo) if wake is not None else None
        if retry or (wake is not None and now is not None and wake <= now):
            delay = float(RETRY_MS)
        elif wake is None or now is None:
            delay = float(self._interval_ms)
        else:
            delay = (wake - now).total_seconds() * 1000
        self._timer.start(int(max(0.0, min(delay, float(self._interval_ms)))))

    def tick(self) -> asyncio.Task[None] | None:
        """One timer check: when not paused and nothing is running, look for due dreams
        in a worker thread and run them. Returns the task, or None when skipped."""
        self.ticks += 1
        if self.running:
            return None  # never two at once; the next tick looks again
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no event loop turning (a window closing, or not yet running)
            return None
        return self._runner.run(RUN_DUE_TASK, self._run(respect_pause=True, manual=False),
                                context="Memory dream", quiet=True)

    def run_now(self) -> asyncio.Task[None] | None:
        """Run due dreams now (tray menu): like a tick, but also while paused, and it says
        when nothing is due. None when a run is already going."""
        if self.running:
            self._status(QCoreApplication.translate("Tray", "A memory dream is already running"), 4000)
            return None
        return self._runner.run(RUN_DUE_TASK, self._run(respect_pause=False, manual=True),
                                context="Memory dream", quiet=True)

    def _check(self, even_if_paused: bool) -> tuple[bool, bool, bool, datetime | None]:
        """``(paused, something is due, a due slot's day has history to dream over, when
        to look again)``; worker thread."""
        dreams = self._svc.dreams
        due = dreams.due(even_if_paused=even_if_paused)
        has_history = any(dreams.materials(aid, slot.history_day) for aid, slot in due)
        return dreams.paused(), bool(due), has_history, self._next_wake()

    def _next_wake(self) -> datetime | None:
        """When something can become due next (None: only after a change); worker thread."""
        return DreamServe(self._svc).next_wake()

    async def _run(self, *, respect_pause: bool, manual: bool) -> None:
        """Check (and run what is due), then sleep until the next check."""
        wake: datetime | None = None
        retry = True
        try:
            wake, ran = await self._run_due(respect_pause=respect_pause, manual=manual)
            retry = False
            if ran:
                wake = await self._runner.run_in_thread(self._next_wake)
        finally:
            self._arm(wake, retry=retry)

    async def _run_due(self, *, respect_pause: bool, manual: bool) -> tuple[datetime | None, bool]:
        """``(when to look again, whether run_due ran)``."""
        paused, due, has_history, wake = await self._runner.run_in_thread(self._check, not respect_pause)
        self._set_paused_state(paused)
        if not due:
            if manual:
                self._status(QCoreApplication.translate("Tray", "No memory dream is due"), 5000)
            return wake, False
        self.runs += 1
        self.run_started.emit()
        # walk49 #7: a scheduled run over days without history (a first launch) still
        # records its slot (DRM-6) but does not announce itself; one the user asked for does
        announced = manual or has_history
        if announced:
            self._status(QCoreApplication.translate("Tray", "Memory dream running…"), 0)
        outcomes: list[DreamOutcome] = []
        try:
            outcomes = await self._svc.dreams.run_due(even_if_paused=not respect_pause)
        except asyncio.CancelledError:
            self._status(QCoreApplication.translate("Tray", "Memory dream stopped; it is tried again later"), 6000)
            raise
        finally:
            self.last_outcomes = outcomes
            self.run_finished.emit(outcomes)
        told = [o for o in outcomes if not self._on_page(o.assistant_id)]
        # said on the Memory page in view (walk42 #4: not twice), or a scheduled run that
        # found nothing (walk40: a new install's first catch-up) — the page shows it as the
        # last run (DRM-5): "running…", when it was said, is cleared
        found_nothing = not manual and all(o.status == DreamStatus.NOTHING for o in outcomes)
        if not announced and found_nothing:
            return wake, True  # nothing was said, and there is nothing to say
        if outcomes and (not told or found_nothing):
            self._status("", 0)
        else:
            self._status(outcomes_text(told) or QCoreApplication.translate("Tray", "No memory dream was due"),
                         10000)
        return wake, True


class TrayController(QObject):
    """The tray menu's actions and, when the desktop has a tray, the tray icon (APP-4).

    ``window``: the main window (shown by Open ChatHub); ``dreams``: its
    :class:`DreamRunner`; ``quit_action``: the window's Quit (Ctrl+Q), reused so both
    menus quit the same way. ``icon`` is None without a system tray (offscreen tests,
    bare X servers): the actions still work, and closing the window quits.
    """

    def __init__(self, window: QWidget, dreams: DreamRunner, quit_action: QAction,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._window = window
        self._dreams = dreams
        self._told = False
        self.open_action = QAction(self)
        self.open_action.triggered.connect(self.open_window)
        self.run_due_action = QAction(icon(Icon.DREAM), "", self)
        self.run_due_action.triggered.connect(lambda _checked=False: dreams.run_now())
        self.pause_action = QAction(icon(Icon.PAUSE), "", self)
        self.pause_action.setCheckable(True)
        self.pause_action.setChecked(dreams.paused)
        self.pause_action.toggled.connect(self._on_pause_toggled)
        dreams.paused_changed.connect(self._show_paused)
        dreams.run_started.connect(self._sync_tip)
        dreams.run_finished.connect(self._on_finished)
        self.quit_action = quit_action
        self.menu = QMenu()
        self.menu.setObjectName("trayMenu")
        self.menu.setToolTipsVisible(True)
        self.menu.addAction(self.open_action)
        self.menu.addSeparator()
        self.menu.addAction(self.run_due_action)
        self.menu.addAction(self.pause_action)
        self.menu.addSeparator()
        self.menu.addAction(self.quit_action)
        self.icon: QSystemTrayIcon | None = None
        if QSystemTrayIcon.isSystemTrayAvailable():
            self.icon = QSystemTrayIcon(app_icon(), self)
            self.icon.setContextMenu(self.menu)
            self.icon.activated.connect(self._on_activated)
            self.icon.show()
        self._last = ""
        self.retranslate()
        self.menu.installEventFilter(self)  # a top-level menu: it hears of a language change

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """The language changed (the menu heard it): re-set the texts."""
        if obj is self.menu and event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return False

    def retranslate(self) -> None:
        """The actions' texts and the icon's tooltip in the interface language (issue 27)."""
        translate = QCoreApplication.translate
        self.open_action.setText(translate("Tray", "&Open ChatHub"))
        self.open_action.setToolTip(translate("Tray", "Show the ChatHub window"))
        self.run_due_action.setText(translate("Tray", "&Run due dreams now"))
        self.run_due_action.setToolTip(translate("Tray", "Run every scheduled memory dream that is due now (also while "
                                                  "paused)"))
        self.pause_action.setText(translate("Tray", "&Pause dreams"))
        self.pause_action.setToolTip(translate("Tray", "While checked, scheduled memory dreams do not run (remembered "
                                                "across restarts); Dream now still works"))
        self._sync_tip()

    @property
    def hides_on_close(self) -> bool:
        """True when closing the window should hide it to the tray (an icon is shown)."""
        return self.icon is not None and self.icon.isVisible()

    def open_window(self) -> None:
        """Open ChatHub: show, un-minimize and raise the window."""
        w = self._window
        if w.isMinimized():
            w.showNormal()
        else:
            w.show()
        w.raise_()
        w.activateWindow()

    def hidden_to_tray(self) -> None:
        """The window was closed into the tray: say so once per session."""
        if self.icon is not None and not self._told:
            self._told = True
            self.icon.showMessage(APP_NAME, QCoreApplication.translate(
                "Tray", "ChatHub keeps running here and memory dreams still run. Quit from this icon's menu or "
                        "with Ctrl+Q."),
                                  QSystemTrayIcon.MessageIcon.Information, 6000)

    def _on_activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason in (QSystemTrayIcon.ActivationReason.Trigger, QSystemTrayIcon.ActivationReason.DoubleClick):
            self.open_window()

    def _on_pause_toggled(self, on: bool) -> None:
        if on != self._dreams.paused:
            self._dreams.set_paused(on)
        self._sync_tip()

    def _show_paused(self, on: bool) -> None:
        self.pause_action.blockSignals(True)
        self.pause_action.setChecked(on)
        self.pause_action.blockSignals(False)
        self._sync_tip()

    def _on_finished(self, outcomes: list[DreamOutcome]) -> None:
        text = outcomes_text(outcomes)
        if text:
            self._last = text
        self._sync_tip()

    def tooltip(self) -> str:
        """The tray icon's tooltip: the app, the dream state and the last outcome."""
        translate = QCoreApplication.translate
        state = translate("Tray", "dreams paused") if self._dreams.paused else (
            translate("Tray", "dreaming…") if self._dreams.running else translate("Tray", "memory dreams on schedule"))
        tip = f"{APP_NAME} — {state}"
        return f"{tip}\n{self._last}" if self._last else tip

    def _sync_tip(self, *_args: object) -> None:
        if self.icon is not None:
            self.icon.setToolTip(self.tooltip())

    def shutdown(self) -> None:
        """Remove the tray icon (the app is quitting) and free the menu, unless a sweep of
        top-level widgets deleted that parentless menu first (rail51: it raised then)."""
        if self.icon is not None:
            self.icon.hide()
            self.icon.setContextMenu(None)  # type: ignore[arg-type]
        if shiboken6.isValid(self.menu):
            self.menu.deleteLater()
