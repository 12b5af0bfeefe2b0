"""The schedule form's local time comes from the system's zone (issue 30: "02:00 UTC —
03:00 in Berlin", DRM-2): the IANA id of ``TZ`` or the zone files gives the zone and the
place named beside the UTC time; a zone Python does not know falls back to UTC, with no
local time shown."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import tzlocal
import tzlocal.unix

from chathub_desktop.gui.memory.dream_words import system_zone


@pytest.fixture
def tz(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Set ``TZ`` for one test and read the system zone afresh; the old one back after."""

    def use(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        monkeypatch.setattr(tzlocal.unix, "_cache_tz_name", None)  # tzlocal reads it once per process
        system_zone.cache_clear()

    yield use
    monkeypatch.undo()
    system_zone.cache_clear()


@pytest.mark.parametrize(("name", "place", "local"), [
    ("Europe/Berlin", "Berlin", "03:00"),  # 02:00 UTC in January: CET, UTC+1
    ("America/New_York", "New York", "21:00"),  # the day before, EST
    ("Asia/Kolkata", "Kolkata", "07:30"),
])
def test_the_system_zone_names_its_place_and_gives_the_local_time(
        tz: Callable[[str], None], name: str, place: str, local: str) -> None:
    tz(name)
    zone, shown = system_zone()
    assert shown == place
    assert datetime(2027, 1, 10, 2, 0, tzinfo=UTC).astimezone(zone).strftime("%H:%M") == local
    assert zone == ZoneInfo(name)


def test_utc_and_an_unknown_zone_show_no_local_time(tz: Callable[[str], None]) -> None:
    tz("Etc/UTC")
    assert system_zone()[1] == "UTC"
    tz("Mars/Olympus_Mons")
    zone, place = system_zone()
    assert place == "UTC"
    assert datetime(2027, 1, 10, 2, 0, tzinfo=UTC).astimezone(zone).utcoffset() == timedelta(0)
