"""When ``dream serve`` looks at the store next (issue 13; DRM-6 latest slot only,
REF-17 retry back-off, issue 10 stale heartbeats): the earliest of the next fire time,
a failed attempt's retry time and a running attempt's stale moment; now when due;
None when nothing is scheduled."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from chathub_desktop.core.dream_schedule import STALE_HEARTBEAT, STALE_RUN, RunState, Schedule
from chathub_desktop.core.dream_wake import Watch, next_wake

NOW = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)  # a Tuesday, before the 02:00 slot
DAILY = Schedule("daily", "02:00")
DONE = RunState("appended", 1, NOW - timedelta(hours=23), None, NOW - timedelta(hours=23))


def test_nothing_scheduled_waits_for_a_change() -> None:
    assert next_wake([], NOW) is None
    assert next_wake([Watch(Schedule("off"), None)], NOW) is None


def test_a_slot_not_yet_run_is_due_now() -> None:
    assert next_wake([Watch(DAILY, None)], NOW) == NOW


def test_after_a_finished_run_the_next_fire_time() -> None:
    assert next_wake([Watch(DAILY, DONE)], NOW) == datetime(2026, 12, 1, 2, 0, tzinfo=UTC)


def test_weekly_fires_on_its_weekday() -> None:
    weekly = Schedule("weekly", "03:30", weekday=5)  # Friday
    done = RunState("appended", 1, NOW - timedelta(days=3), None, None)
    assert next_wake([Watch(weekly, done)], NOW) == datetime(2026, 12, 4, 3, 30, tzinfo=UTC)


def test_a_failed_attempt_wakes_at_its_retry_time_when_earlier() -> None:
    retry = NOW + timedelta(minutes=20)
    failed = RunState("failed", 1, NOW - timedelta(minutes=5), retry, None)
    assert next_wake([Watch(DAILY, failed)], NOW) == retry
    late = RunState("failed", 6, NOW - timedelta(minutes=5), NOW + timedelta(hours=6), None)
    assert next_wake([Watch(DAILY, late)], NOW) == datetime(2026, 12, 1, 2, 0, tzinfo=UTC)


def test_another_process_running_it_wakes_when_it_would_be_stale() -> None:
    beat = NOW - timedelta(seconds=10)
    running = RunState("running", 1, NOW - timedelta(minutes=1), None, beat)
    assert next_wake([Watch(DAILY, running)], NOW) == beat + STALE_HEARTBEAT
    old_style = RunState("running", 1, NOW - timedelta(minutes=1), None, None)
    assert next_wake([Watch(DAILY, old_style)], NOW) == NOW - timedelta(minutes=1) + STALE_RUN


def test_the_earliest_assistant_wins() -> None:
    later = Schedule("daily", "05:00")
    assert next_wake([Watch(later, DONE), Watch(DAILY, DONE)], NOW) == datetime(2026, 12, 1, 2, 0, tzinfo=UTC)


def test_a_failed_run_waits_10_minutes_doubling_up_to_6_hours() -> None:
    """REF-17: a failed run retries after min(10 min × 2^(attempts − 1), 6 h)."""
    from chathub_desktop.core.dream_schedule import retry_delay

    assert [retry_delay(n) for n in (1, 2, 3, 4, 5, 6)] == [
        timedelta(minutes=m) for m in (10, 20, 40, 80, 160, 320)]
    assert retry_delay(7) == timedelta(hours=6)  # 640 min capped
    assert retry_delay(50) == timedelta(hours=6) and retry_delay(0) == timedelta(minutes=10)


def test_period_stamps_weekdays_and_the_retry_moment() -> None:
    """REF-17 / DRM-3: a daily run's period is the UTC day before it fires, a weekly run's
    the ISO week; weekday 0 = Sunday … 6 = Saturday; a failed run is due again at its
    retry time, not before."""
    from chathub_desktop.core.dream_schedule import is_due, latest_slot, period_stamp

    assert period_stamp("daily", datetime(2026, 12, 1).date()) == "2026-11-30"
    assert period_stamp("weekly", datetime(2026, 12, 1).date()) == "2026-W49"
    assert Schedule("weekly", "02:00", 6).weekday == 6 and Schedule("weekly", "02:00", 0).weekday == 0
    for bad in (-1, 7):
        try:
            Schedule("weekly", "02:00", bad)
        except ValueError:
            continue
        raise AssertionError(f"weekday {bad} was accepted")
    now = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)
    slot = latest_slot(Schedule("daily", "02:00"), now)
    retry = now + timedelta(minutes=10)
    failed = RunState("failed", 1, now - timedelta(minutes=5), retry)
    assert not is_due(slot, failed, retry - timedelta(seconds=1))
    assert is_due(slot, failed, retry) and is_due(slot, RunState("failed", 1, now, None), now)
