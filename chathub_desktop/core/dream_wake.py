"""When a headless dream service must next look at the store (issue 13 ``dream serve``,
DRM-6, REF-17). Pure, no I/O; all times aware UTC.

The service sleeps until the earliest of, over every assistant whose schedule is on:
its next slot's fire time; the retry time of a failed attempt of its latest slot; the
moment a running attempt would count as stopped (its last sign of life plus the
stale-heartbeat limit), when another process may have died with it. A due slot means
"now". Nothing to wait for (every schedule off, or dreams paused) is ``None``: sleep
until something in the store changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from chathub_desktop.core.dream_schedule import (
    STALE_HEARTBEAT,
    STALE_RUN,
    DreamStatus,
    RunState,
    Schedule,
    Slot,
    is_due,
    latest_slot,
    next_slot,
)


@dataclass(frozen=True)
class Watch:
    """One assistant as the service sees it: its ``schedule``, the recorded state of its
    latest slot's run (None when nothing is recorded) and when it was created (``since``:
    a slot before it is never due, :func:`~chathub_desktop.core.dream_schedule.is_due`)."""

    schedule: Schedule
    latest_state: RunState | None
    since: datetime | None = None


def next_wake(watches: Iterable[Watch], now: datetime,
              stale_after: timedelta = STALE_HEARTBEAT) -> datetime | None:
    """The earliest moment something may become due (module docstring): ``now`` when a
    slot is due already, ``None`` when nothing ever will without a change."""
    best: datetime | None = None

    def consider(at: datetime) -> None:
        nonlocal best
        if best is None or at < best:
            best = at

    for w in watches:
        latest: Slot | None = latest_slot(w.schedule, now)
        state = w.latest_state
        if latest is not None and is_due(latest, state, now, stale_after, since=w.since):
            return now
        if state is not None and latest is not None:
            if state.status == DreamStatus.FAILED and state.next_retry_at is not None:
                consider(state.next_retry_at)
            elif state.status == DreamStatus.RUNNING:
                alive = state.heartbeat_at
                consider(alive + stale_after if alive is not None else state.started_at + STALE_RUN)
        upcoming = next_slot(w.schedule, now)
        if upcoming is not None:
            consider(upcoming.fire_at)
    return best
