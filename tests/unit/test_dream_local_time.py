"""The dream schedule in the user's own time (DRM-2, issue 30): the stored UTC time beside
its local equivalent on the firing day, a DST change included."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.dream_schedule import Schedule, local_equivalent, zone_place
from tests.cases import cases

BERLIN = ZoneInfo("Europe/Berlin")


def test_daily_time_follows_summer_time() -> None:
    s = Schedule("daily", "02:00")
    assert local_equivalent(s, datetime(2026, 3, 28, 2, tzinfo=UTC), BERLIN, "Berlin") == "02:00 UTC — 03:00 in Berlin"
    assert local_equivalent(s, datetime(2026, 3, 29, 2, tzinfo=UTC), BERLIN, "Berlin") == "02:00 UTC — 04:00 in Berlin"
    assert local_equivalent(s, datetime(2026, 10, 25, 2, tzinfo=UTC), BERLIN, "Berlin") == "02:00 UTC — 03:00 in Berlin"


def test_weekly_names_the_local_weekday_when_it_differs() -> None:
    s = Schedule("weekly", "23:30", 0)  # Sunday
    at = datetime(2026, 7, 5, 23, 30, tzinfo=UTC)
    assert local_equivalent(s, at, BERLIN, "Berlin") == "Sunday 23:30 UTC — Monday 01:30 in Berlin"
    s = Schedule("weekly", "12:00", 3)
    assert local_equivalent(s, datetime(2026, 7, 8, 12, tzinfo=UTC), BERLIN, "Berlin") == \
        "Wednesday 12:00 UTC — 14:00 in Berlin"
    with pytest.raises(ValueError):
        local_equivalent(s, datetime(2026, 7, 8, 12), BERLIN, "Berlin")


def test_zone_place_is_the_city() -> None:
    assert zone_place("Europe/Berlin") == "Berlin"
    assert zone_place("America/Argentina/Buenos_Aires") == "Buenos Aires"
    assert zone_place("UTC") == "UTC" and zone_place("") == "UTC"


@given(st.integers(0, 23), st.integers(0, 59), st.datetimes(min_value=datetime(2000, 1, 1),
                                                             max_value=datetime(2099, 12, 31)))
@settings(max_examples=cases(150), deadline=None)
def test_the_utc_half_is_always_the_stored_time(hour: int, minute: int, day: datetime) -> None:
    s = Schedule("daily", f"{hour:02d}:{minute:02d}")
    text = local_equivalent(s, day.replace(tzinfo=UTC), ZoneInfo("America/New_York"), "New York")
    assert text.startswith(f"{hour:02d}:{minute:02d} UTC — ") and text.endswith(" in New York")
