"""``chathub-desktop dream serve``: a long-lived headless dream service (issue 13;
DRM-6, REF-17, APP-4).

:class:`DreamServe` fires every due scheduled dream with ``DreamService.run_due`` — the
same claim-first rule the window's timer and ``dream run-due`` use, so a tray app, cron
and any number of services never dream the same assistant-day twice — then sleeps until
the next moment something can become due (:func:`core.dream_wake.next_wake`): no polling
loop. A change in the store (a schedule, the pause switch, an assistant) wakes it early:
the store watcher publishes other processes' writes on the bus (PostgreSQL NOTIFY; a
``PRAGMA data_version`` check on SQLite). A sleep is never longer than
:data:`MAX_SLEEP_S`, so a suspended machine or a changed wall clock is noticed.

Stopping (SIGTERM, Ctrl+C: the caller sets ``stop``) cancels a dream in flight: its run
is recorded as stopped and retried later, and no card is written — a card is stored in
one transaction after the model's reply, never in pieces.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.dream_schedule import RunState, Schedule, latest_slot
from chathub_desktop.core.dream_wake import Watch, next_wake
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.dream_service import DreamOutcome, DreamService
from chathub_desktop.services.events import (
    AssistantsChanged,
    ChatEvent,
    MemoryChanged,
    SettingsChanged,
    TopicChanged,
)
from chathub_desktop.storage.dream_rows import scheduled_assistants, scheduled_run

log = logging.getLogger(__name__)

#: Longest sleep, seconds (suspend and wall-clock changes are noticed within it).
MAX_SLEEP_S = 3600.0
#: Pause before looking again when a slot is due but this turn could not run it (the
#: store failed, or another process's claim is being settled).
RETRY_IDLE = timedelta(seconds=5)
#: SQLite change-check period of the service's watcher, seconds (PostgreSQL: LISTEN).
SERVE_WATCH_S = 1.0

#: ``wait(until, changed, stop)``: return at ``until`` (None: never by itself), when
#: ``changed`` or ``stop`` is set, whichever is first.
Waiter = Callable[[datetime | None, asyncio.Event, asyncio.Event], Awaitable[None]]


class DreamServe:
    """The service loop over ``svc`` (module docstring). ``dreams``: the dream service to
    run (default ``svc.dreams``; a test passes one with a simulated clock, and the same
    ``clock`` here); ``waiter``: how to sleep (default: real time). ``wakeups`` counts
    loop turns (each one checks for due dreams), ``outcomes`` every run's outcome."""

    def __init__(self, svc: Services, *, dreams: DreamService | None = None,
                 clock: Callable[[], datetime] = utcnow, waiter: Waiter | None = None) -> None:
        self._svc = svc
        self._dreams = dreams or svc.dreams
        self._clock = clock
        self._wait = waiter or self._real_wait
        self.wakeups = 0
        self.outcomes: list[DreamOutcome] = []

    def watches(self) -> list[Watch]:
        """Every assistant with memory on and a schedule, with its latest slot's state
        (blocking store read: call it on a store worker)."""
        now = self._clock()
        out: list[Watch] = []
        with self._svc.db.read() as s:
            for a in scheduled_assistants(s):
                try:
                    schedule = Schedule(a.dream_frequency, a.dream_time_utc, a.dream_weekday)
                except ValueError:
                    log.warning("assistant %s has an unusable dream schedule; skipped", a.id)
                    continue
                slot = latest_slot(schedule, now)
                row = None if slot is None else scheduled_run(s, a.id, slot.period_stamp)
                state = None if row is None else RunState(row.status, row.attempts, row.started_at,
                                                          row.next_retry_at, row.heartbeat_at)
                out.append(Watch(schedule, state, a.created_at))
        return out

    def next_wake(self) -> datetime | None:
        """When to look again (None: only on a change); blocking, on a store worker."""
        if self._dreams.paused():
            return None
        return next_wake(self.watches(), self._clock(), self._dreams.stale_after)

    async def run_once(self) -> list[DreamOutcome]:
        """Fire every due dream once (claim first); logs each outcome."""
        outcomes = await self._dreams.run_due(self._clock())
        for o in outcomes:
            log.info("dream for assistant %s, %s: %s: %s", o.assistant_id, o.history_day, o.status, o.message)
        self.outcomes.extend(outcomes)
        return outcomes

    async def serve(self, stop: asyncio.Event) -> None:
        """Run until ``stop`` is set (module docstring)."""
        loop = asyncio.get_running_loop()
        changed = asyncio.Event()

        def on_event(event: ChatEvent) -> None:
            if isinstance(event, (TopicChanged, SettingsChanged, AssistantsChanged, MemoryChanged)):
                loop.call_soon_threadsafe(changed.set)

        unsubscribe = self._svc.bus.subscribe(on_event)
        watcher = self._svc.watcher
        if self._svc.db.is_sqlite:
            watcher.interval_s = SERVE_WATCH_S
        watcher.start()
        log.info("dream service started on %s", self._svc.db.engine.url.render_as_string(hide_password=True))
        try:
            while not stop.is_set():
                self.wakeups += 1
                changed.clear()
                run = asyncio.ensure_future(self.run_once())
                stopping = asyncio.ensure_future(stop.wait())
                await asyncio.wait({run, stopping}, return_when=asyncio.FIRST_COMPLETED)
                stopping.cancel()
                if not run.done():  # stopped mid-run: the run records itself as stopped
                    run.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await run
                    break
                failed = run.exception() is not None
                if failed:
                    log.error("checking for due dreams failed: %s", run.exception())
                wake = await self._svc.db.run(self.next_wake)
                if wake is not None and wake <= self._clock() and (failed or not run.result()):
                    wake = self._clock() + RETRY_IDLE  # due, yet nothing ran: never spin
                log.info("next dream check: %s", wake.isoformat() if wake else "when a schedule changes")
                await self._wait(wake, changed, stop)
        finally:
            unsubscribe()
            watcher.stop()
            log.info("dream service stopped")

    async def _real_wait(self, until: datetime | None, changed: asyncio.Event, stop: asyncio.Event) -> None:
        timeout = MAX_SLEEP_S
        if until is not None:
            timeout = min(MAX_SLEEP_S, max(0.0, (until - self._clock()).total_seconds()))
        waits = [asyncio.ensure_future(changed.wait()), asyncio.ensure_future(stop.wait())]
        try:
            await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for w in waits:
                w.cancel()
