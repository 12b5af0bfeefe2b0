"""When a claimed dream run counts as stopped (issue 10 "Nothing lost", DRM-6): a
running attempt heart-beats; silent for STALE_HEARTBEAT it is due again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from chathub_desktop.core.dream_schedule import (
    HEARTBEAT_EVERY,
    STALE_HEARTBEAT,
    STALE_RUN,
    RunState,
    Schedule,
    is_due,
    is_stalled,
    latest_slot,
    stopped_note,
)

NOW = datetime(2026, 12, 1, 14, 10, tzinfo=UTC)
SLOT = latest_slot(Schedule("daily", "02:00"), NOW)


def running(started: timedelta, beat: timedelta | None) -> RunState:
    return RunState("running", 1, NOW - started, None, None if beat is None else NOW - beat)


def test_a_heart_beating_run_is_not_due_however_long_it_runs() -> None:
    assert STALE_HEARTBEAT == timedelta(minutes=2) and HEARTBEAT_EVERY == timedelta(seconds=15)
    state = running(timedelta(hours=3), HEARTBEAT_EVERY)
    assert not is_stalled(state, NOW) and not is_due(SLOT, state, NOW)


def test_a_run_silent_for_two_minutes_is_taken_over() -> None:
    assert not is_due(SLOT, running(timedelta(minutes=3), STALE_HEARTBEAT - timedelta(seconds=1)), NOW)
    state = running(timedelta(minutes=3), STALE_HEARTBEAT)
    assert is_stalled(state, NOW) and is_due(SLOT, state, NOW)
    assert is_due(SLOT, running(timedelta(seconds=5), timedelta(seconds=5)), NOW, timedelta(seconds=2))


def test_a_row_without_heartbeats_keeps_the_old_thirty_minutes() -> None:
    assert not is_due(SLOT, running(STALE_RUN - timedelta(seconds=1), None), NOW)
    assert is_due(SLOT, running(STALE_RUN, None), NOW)


def test_finished_and_failed_runs_are_never_stalled() -> None:
    for status in ("appended", "nothing", "failed"):
        assert not is_stalled(RunState(status, 1, NOW - timedelta(hours=1), None, NOW - timedelta(hours=1)), NOW)


def test_the_note_says_when_it_stopped_and_whether_it_was_retried() -> None:
    at = datetime(2026, 12, 1, 14, 2, tzinfo=UTC)
    assert stopped_note(at, NOW, retried=True) == "the previous run stopped without finishing at 14:02 UTC; retried"
    assert "stopped without finishing at 14:02 UTC" in stopped_note(at, NOW, retried=False)
    assert "2026-11-30 23:58 UTC" in stopped_note(datetime(2026, 11, 30, 23, 58, tzinfo=UTC), NOW, retried=True)
