"""When the first dream card can come (walkthrough F1; DRM-3, DRM-2): a card covers one
finished UTC day, so today's chats are first read by the first slot after today ends,
and the empty card list says exactly when."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from chathub_desktop.core.dream_schedule import Schedule, first_slot_reading
from chathub_desktop.gui.memory.dream_panel import empty_text

BERLIN = ZoneInfo("Europe/Berlin")
NOW = datetime(2026, 12, 2, 13, 20, tzinfo=UTC)  # a Wednesday


def test_daily_reads_today_the_next_day_at_its_time() -> None:
    slot = first_slot_reading(Schedule("daily", "02:00"), date(2026, 12, 2))
    assert slot is not None
    assert (slot.fire_at, slot.history_day) == (datetime(2026, 12, 3, 2, tzinfo=UTC), date(2026, 12, 2))
    midnight = first_slot_reading(Schedule("daily", "00:00"), date(2026, 12, 2))
    assert midnight is not None and midnight.fire_at == datetime(2026, 12, 3, 0, tzinfo=UTC)
    assert midnight.history_day == date(2026, 12, 2)


def test_weekly_reads_only_the_day_before_its_weekday() -> None:
    sunday = first_slot_reading(Schedule("weekly", "02:00", 0), date(2026, 12, 2))
    assert sunday is not None
    assert (sunday.fire_at, sunday.history_day) == (datetime(2026, 12, 6, 2, tzinfo=UTC), date(2026, 12, 5))
    thursday = first_slot_reading(Schedule("weekly", "00:00", 4), date(2026, 12, 2))
    assert thursday is not None and thursday.history_day == date(2026, 12, 2)
    assert first_slot_reading(Schedule("off"), date(2026, 12, 2)) is None


def test_empty_text_names_the_first_card_time() -> None:
    assert empty_text(Schedule("daily", "02:00"), NOW, BERLIN, "Berlin") == (
        "No dream cards yet.\nA card covers one finished UTC day: today's chats (2026-12-02) get theirs at "
        "Thu 2026-12-03 02:00 UTC (03:00 in Berlin). The earliest possible is 00:00 UTC: set that time above to "
        "get it then.\nChatHub has to be open then, in its window or the tray; a run missed while it is closed "
        "happens at the next start.\nDream now (Ctrl+Shift+D) reads a past day you chatted on.")
    assert "at Thu 2026-12-03 00:00 UTC.\nChatHub has to be open" in \
        empty_text(Schedule("daily", "00:00"), NOW, UTC, "UTC")


def test_empty_text_when_off_or_weekly() -> None:
    off = empty_text(Schedule("off"), NOW, UTC, "UTC")
    assert off == ("No dream cards yet.\nA card covers one finished UTC day, so today's chats (2026-12-02) can "
                   "become one from 00:00 UTC tomorrow at the earliest.\nThe schedule is off: choose Daily above "
                   "and Save.\nDream now (Ctrl+Shift+D) reads a past day you chatted on.")
    weekly = empty_text(Schedule("weekly", "02:00", 0), NOW, UTC, "UTC")
    assert "the next one, Sun 2026-12-06 02:00 UTC, reads Sat 2026-12-05. Choose Daily above" in weekly
    assert empty_text(None, NOW, UTC, "UTC") == "No dream cards yet."
