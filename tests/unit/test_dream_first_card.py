"""When the first dream card can come (walkthrough F1; DRM-3, DRM-2): a card covers one
finished UTC day, so today's chats are first read by the first slot after today ends,
and the empty card list says exactly when."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import QCoreApplication, QLocale

from chathub_desktop.core.dream_schedule import Schedule, first_slot_reading
from chathub_desktop.gui.memory.dream_panel import empty_line, empty_text
from chathub_desktop.gui.shell.day_format import format_day, format_day_time, format_iso_day
from chathub_desktop.gui.shell.i18n import UI_LANGUAGE

BERLIN = ZoneInfo("Europe/Berlin")
NOW = datetime(2026, 12, 2, 13, 20, tzinfo=UTC)  # a Wednesday


@pytest.fixture(autouse=True)
def english_dates() -> Iterator[None]:
    """Dates in the "en" locale, as the GUI tests' (issue 30: the page's dates follow the locale)."""
    before = QLocale()
    QLocale.setDefault(QLocale("en"))
    yield
    QLocale.setDefault(before)


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
    # the next dream said as the schedule row says it (rev54): the user's day and time first
    assert empty_text(Schedule("daily", "02:00"), NOW, BERLIN, "Berlin") == (
        "No dream cards yet.\nA card covers one finished UTC day: today's chats (2 Dec 2026) get "
        "theirs tomorrow at 03:00 in Berlin (02:00\u00a0UTC). The earliest possible is 00:00 UTC: set that time "
        "above to get it then.\nChatHub has to be open then, in its window or the tray; a run missed while it is closed "
        "happens at the next start.\nDream now (Ctrl+Shift+D) reads a past day you chatted on.")
    assert "get theirs tomorrow at 00:00 UTC.\nChatHub has to be open" in \
        empty_text(Schedule("daily", "00:00"), NOW, UTC, "UTC")


def test_empty_text_when_off_or_weekly() -> None:
    off = empty_text(Schedule("off"), NOW, UTC, "UTC")
    assert off == ("No dream cards yet.\nA card covers one finished UTC day, so today's chats (2 Dec 2026)"
                   " can become one from 00:00 UTC tomorrow at the earliest.\nThe schedule is off: choose Daily above "
                   "and Save.\nDream now (Ctrl+Shift+D) reads a past day you chatted on.")
    weekly = empty_text(Schedule("weekly", "02:00", 0), NOW, UTC, "UTC")
    assert "the next one, 6\u00a0Dec\u00a02026 at 02:00 UTC, reads 5 Dec 2026. Choose Daily above" in weekly
    assert empty_text(None, NOW, UTC, "UTC") == "No dream cards yet."


def test_the_empty_list_says_two_short_lines() -> None:
    """walk45 #8: four centred lines were too many; the list says when in two (the tooltip
    keeps the whole explanation, :func:`empty_text`)."""
    assert empty_line(Schedule("daily", "02:00"), NOW, BERLIN, "Berlin") == (
        "No dream cards yet.\nToday's chats become a card tomorrow at 03:00 in Berlin (02:00\u00a0UTC).")
    assert empty_line(Schedule("off"), NOW, UTC, "UTC") == (
        "No dream cards yet.\nThe schedule is off: choose Daily above and Save.")
    assert empty_line(Schedule("weekly", "02:00", 0), NOW, UTC, "UTC") == (
        "No dream cards yet.\nThe next Weekly run, 6\u00a0Dec\u00a02026 at 02:00 UTC, reads 5 Dec 2026.")
    assert empty_line(None, NOW, UTC, "UTC") == "No dream cards yet."


def test_one_medium_date_style_in_the_interface_language_and_utc_stays_said(qapp: QCoreApplication) -> None:
    """Walk50 #6: the page writes a day one way, "2 Dec 2026" (no "12/2/26", no ISO day,
    no weekday); a time of the schedule keeps "UTC" (DRM-2); the month names follow the
    interface language, not the desktop's locale."""
    day = date(2026, 12, 2)
    assert format_day(day) == "2 Dec 2026"
    assert format_day_time(datetime(2026, 12, 3, 2, 0, tzinfo=UTC)) == "3 Dec 2026, 02:00 UTC"
    assert format_day_time(datetime(2026, 12, 3, 2, 0, 7), seconds=True) == "3 Dec 2026, 02:00:07 UTC"  # naive: UTC
    assert format_day_time(datetime(2026, 12, 3, 23, 30, tzinfo=UTC), BERLIN, "Berlin") == "4 Dec 2026, 00:30 Berlin"
    assert format_iso_day("2026-12-02") == "2 Dec 2026" and format_iso_day("soon") == "soon"
    QLocale.setDefault(QLocale("de"))  # the desktop's locale while the window is in English
    app = qapp
    app.setProperty(UI_LANGUAGE, "en")
    try:
        assert format_day(day) == "2 Dec 2026"
        app.setProperty(UI_LANGUAGE, "de")  # no German pattern: the English one, German month names
        assert format_day(day).startswith("2 Dez")
    finally:
        app.setProperty(UI_LANGUAGE, None)
