"""The scheduled dream runs' ledger (DRM-5, DRM-6, REF-17; issue 10): which slots are due,
claiming a slot's ``dream_run`` row so a day is dreamt at most once even with two
processes on one database, the heartbeat of a claimed run (a run silent for 8 beats is
taken over), the outcome recorded with its retry time, and the pause of scheduled
dreams (APP-4). A base of
:class:`~chathub_desktop.services.dream.dream_service.DreamService`, which runs the
claimed slots (``run_due``) and shows the last run (``settings``).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from chathub_desktop.core.app_settings import DREAMS_PAUSED
from chathub_desktop.core.dream_schedule import (
    HEARTBEAT_EVERY,
    DreamStatus,
    RunNote,
    RunState,
    Schedule,
    Slot,
    is_due,
    is_stalled,
    last_sign_of_life,
    latest_slot,
    retry_delay,
    silent_note,
    stopped_note,
)
from chathub_desktop.services.assistants.settings_service import SettingsService
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.dream_rows import (
    StoredRun,
    add_run,
    run_by_id,
    scheduled_assistants,
    scheduled_run,
    update_run_if,
)
from chathub_desktop.storage.errors import IntegrityError
from chathub_desktop.storage.session import Session

if TYPE_CHECKING:
    from chathub_desktop.services.dream.dream_service import DreamOutcome

log = logging.getLogger(__name__)

#: Seconds between a running dream's heartbeats (default 15; a run silent for 8 of them
#: is taken over). Tests lower it to see a killed run taken over in seconds.
HEARTBEAT_ENV = "CHATHUB_DREAM_HEARTBEAT_S"

@dataclass(frozen=True)
class LastRun:
    """The latest scheduled attempt (DRM-5): when it started and finished, its status,
    and the failure hint when it failed (it is retried at ``next_retry_at``).

    ``stalled``: it is recorded as running but stopped heart-beating (its process ended
    without finishing; the next due check retries it); ``prior_stopped_at``: this attempt
    took over one that stopped without finishing then; ``note`` says either in English
    words (None when neither happened) — ``note_kind`` is which (a :class:`RunNote`),
    ``note_at`` the moment it names (the last sign of life, or when the earlier attempt
    stopped) and ``takeover_at`` when a silent one is taken over, for the window to say
    in its language and the user's time (walk55)."""

    history_day: date
    status: DreamStatus
    started_at: datetime
    finished_at: datetime | None
    error: str | None
    next_retry_at: datetime | None
    heartbeat_at: datetime | None = None
    stalled: bool = False
    prior_stopped_at: datetime | None = None
    note: str | None = None
    note_kind: RunNote | None = None
    note_at: datetime | None = None
    takeover_at: datetime | None = None


def heartbeat_from_env() -> timedelta:
    """:data:`HEARTBEAT_ENV` in seconds (> 0), else :data:`HEARTBEAT_EVERY`."""
    raw = os.environ.get(HEARTBEAT_ENV, "").strip()
    try:
        seconds = float(raw) if raw else 0.0
    except ValueError:
        seconds = 0.0
    return timedelta(seconds=seconds) if seconds > 0 else HEARTBEAT_EVERY


class ScheduledRuns:
    """Due slots, claims, heartbeats and recorded outcomes of scheduled runs (see the
    module docstring). The service sets ``_db``, ``_settings``, ``_clock``,
    :attr:`heartbeat` and :attr:`stale_after`."""

    _db: Database
    _settings: SettingsService
    _clock: Callable[[], datetime]
    #: Time between heartbeats of a claimed run.
    heartbeat: timedelta
    #: A running attempt silent this long stopped without finishing (8 heartbeats).
    stale_after: timedelta

    def paused(self) -> bool:
        """True while scheduled dreams are paused (the ``dreams-paused`` setting, APP-4)."""
        return self._settings.value(DREAMS_PAUSED)

    def set_paused(self, paused: bool) -> None:
        """Pause or resume scheduled dreams, for every process on this store (APP-4)."""
        self._settings.set(DREAMS_PAUSED, paused)

    def due(self, now: datetime | None = None, *, even_if_paused: bool = False) -> list[tuple[int, Slot]]:
        """``(assistant id, slot)`` for every assistant (memory on, schedule not off)
        whose latest slot has not run, failed past its retry delay, or died (DRM-6).
        Empty while dreams are paused, unless ``even_if_paused`` (an explicit "run now")."""
        if not even_if_paused and self.paused():
            return []
        now = now or self._clock()
        out: list[tuple[int, Slot]] = []
        with self._db.read() as s:
            for a in scheduled_assistants(s):
                slot = latest_slot(Schedule(a.dream_frequency, a.dream_time_utc, a.dream_weekday), now)
                if slot is not None and is_due(slot, self._state(s, a.id, slot), now, self.stale_after,
                                               since=a.created_at):
                    out.append((a.id, slot))
        return out

    @staticmethod
    def _row_state(row: StoredRun) -> RunState:
        return RunState(row.status, row.attempts, row.started_at, row.next_retry_at, row.heartbeat_at)

    def _state(self, s: Session, aid: int, slot: Slot) -> RunState | None:
        row = scheduled_run(s, aid, slot.period_stamp)
        return None if row is None else self._row_state(row)

    def _last_run(self, run: StoredRun, now: datetime) -> LastRun:
        state = self._row_state(run)
        stalled = is_stalled(state, now, self.stale_after)
        note = kind = at = takeover = None
        alive = last_sign_of_life(state)
        if stalled:
            note, kind, at = stopped_note(alive, now, retried=False), RunNote.STOPPED, alive
        elif state.status == DreamStatus.RUNNING and now - alive >= 3 * self.heartbeat:  # beats are missing
            takeover = alive + self.stale_after
            note, kind, at = silent_note(alive, takeover, now), RunNote.SILENT, alive
        elif run.prior_stopped_at is not None:
            note = stopped_note(run.prior_stopped_at, now, retried=True)
            kind, at = RunNote.RETRIED, run.prior_stopped_at
        return LastRun(run.history_day, run.status, run.started_at, run.finished_at, run.error, run.next_retry_at,
                       run.heartbeat_at, stalled, run.prior_stopped_at, note, kind, at, takeover)

    def claim(self, aid: int, slot: Slot, now: datetime | None = None) -> int | None:
        """Take the run of ``slot`` for assistant ``aid``: the ``dream_run`` id, or None
        when it is not due or another process took it (DRM-6). A running attempt that
        stopped heart-beating is taken over, and the new attempt records when it stopped."""
        claimed = self._claim(aid, slot, now)
        return None if claimed is None else claimed[0]

    def _claim(self, aid: int, slot: Slot, now: datetime | None = None) -> tuple[int, int] | None:
        """:meth:`claim`, returning ``(run id, attempt number)``: the attempt number is
        what the heartbeat and the final record check to know the run is still theirs."""
        now = now or self._clock()
        try:
            with self._db.write() as s:
                row = scheduled_run(s, aid, slot.period_stamp)
                if row is None:
                    return add_run(s, aid, slot.history_day, slot.period_stamp, now), 1
                state = self._row_state(row)
                if not is_due(slot, state, now, self.stale_after):
                    return None
                stopped = last_sign_of_life(state) if state.status == DreamStatus.RUNNING else None
                if stopped is not None:
                    log.warning("dream run %s (attempt %s) stopped without finishing at %s; taking it over",
                                row.id, row.attempts, stopped.isoformat())
                run_id, attempt = row.id, row.attempts + 1  # the update below refreshes ``row``
                taken = update_run_if(s, run_id, state.status, state.attempts, dict(
                    status=DreamStatus.RUNNING, attempts=attempt, started_at=now, error=None, finished_at=None,
                    next_retry_at=None, heartbeat_at=now, prior_stopped_at=stopped))
                return (run_id, attempt) if taken else None
        except IntegrityError:  # another process inserted the same period first
            return None

    def _beat(self, run_id: int, attempt: int) -> bool:
        """Record that attempt ``attempt`` of run ``run_id`` is alive; False when the run
        is no longer this attempt's (another process took it over)."""
        with self._db.write() as s:
            return update_run_if(s, run_id, DreamStatus.RUNNING, attempt, {"heartbeat_at": self._clock()})

    def _heartbeat(self, run_id: int, attempt: int) -> threading.Event:
        """Start heart-beating for a claimed run on a thread of its own (so a busy event
        loop cannot silence it); set the returned event to stop it."""
        stop = threading.Event()

        def beat() -> None:
            while not stop.wait(self.heartbeat.total_seconds()):
                try:
                    if not self._beat(run_id, attempt):
                        if not stop.is_set():  # not just recorded by its own run
                            log.warning("dream run %s was taken over by another process", run_id)
                        return
                except Exception:  # a busy store: try again at the next beat
                    log.warning("dream heartbeat failed", exc_info=True)

        threading.Thread(target=beat, name=f"dream-heartbeat-{run_id}", daemon=True).start()
        return stop

    def _record(self, run_id: int, outcome: DreamOutcome, attempt: int | None = None) -> None:
        now = self._clock()
        with self._db.write() as s:
            row = run_by_id(s, run_id)
            if row is None:
                return
            if attempt is not None and (row.attempts != attempt or row.status != DreamStatus.RUNNING):
                log.warning("dream run %s was taken over meanwhile; not recording attempt %s", run_id, attempt)
                return
            failed = outcome.status == DreamStatus.FAILED
            # the write lock is held: the guard below only restates the row just read
            update_run_if(s, run_id, row.status, row.attempts, dict(
                status=outcome.status, heartbeat_at=now, finished_at=now,
                error=outcome.message if failed else None,
                next_retry_at=now + retry_delay(row.attempts) if failed else None))
