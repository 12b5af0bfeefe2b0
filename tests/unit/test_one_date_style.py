"""One way to say a date (issue 29, walk53 #8): message meta, the topic list, search
results and the summary write an instant the same way, in the desktop's zone, so a day
across midnight is the same day everywhere; an imported topic is dated by its newest
message, not by the export's update time."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from chathub_desktop.core.imported_chat import ImportedConversation, ImportedMessage
from chathub_desktop.core.messages import Role
from chathub_desktop.gui.chat.message_texts import time_text
from chathub_desktop.gui.shell.day_format import format_day_time, format_local_time
from chathub_desktop.gui.topics.topic_groups import TopicGroup, row_date
from chathub_desktop.gui.topics.topic_list_delegate import day_label
from chathub_desktop.services.transfer.import_writer import last_activity
from chathub_desktop.services.views import TopicView

#: 7 Jan 2024 20:30 UTC: 8 Jan 05:30 in Tokyo (UTC+9), still 7 Jan 15:30 in New York.
LATE = datetime(2024, 1, 7, 20, 30, tzinfo=UTC)
NOW = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """Set the process's time zone (``TZ``) for one test; the old one back after."""

    def use(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield use
    monkeypatch.undo()
    time.tzset()


def _topic(at: datetime) -> TopicView:
    return TopicView(id=1, assistant_id=1, title="T", created_at=at, updated_at=at, message_count=2)


@pytest.mark.parametrize(("name", "day"), [("Asia/Tokyo", "8 Jan 2024, 05:30"), ("America/New_York", "7 Jan 2024, 15:30")])
def test_every_place_says_the_same_local_day_across_midnight(zone: object, name: str, day: str) -> None:
    zone(name)  # type: ignore[operator]
    assert time_text(LATE, NOW) == format_local_time(LATE, NOW) == day  # a message's meta line
    just_day = day.split(",")[0]
    assert row_date(_topic(LATE), TopicGroup.OLDER) == just_day  # the topic list
    assert day_label(LATE, NOW) == just_day  # search results
    assert format_day_time(LATE, None, "") == day  # the topic's tooltip, the summary


def test_today_is_the_local_today(zone: object) -> None:
    zone("Asia/Tokyo")  # type: ignore[operator]
    morning = datetime(2024, 1, 8, 1, 0, tzinfo=UTC)  # 10:00 on 8 Jan in Tokyo
    assert format_local_time(LATE, morning) == "05:30"  # the same Tokyo day: the time alone
    zone("UTC")  # type: ignore[operator]
    assert format_local_time(LATE, morning) == "7 Jan 2024, 20:30"  # yesterday in UTC
    assert format_local_time(LATE.replace(tzinfo=None), NOW) == "7 Jan 2024, 20:30"  # naive: stored UTC


def test_an_imported_topic_is_dated_by_its_newest_message() -> None:
    said = [ImportedMessage("a", Role.USER, "hi", created_at=datetime(2024, 1, 7, 12, 18, tzinfo=UTC)),
            ImportedMessage("b", Role.ASSISTANT, "hello", created_at=datetime(2024, 1, 7, 12, 20, tzinfo=UTC)),
            ImportedMessage("c", Role.TOOL, "…")]
    opened_later = datetime(2024, 1, 8, 12, 37, tzinfo=UTC)  # ChatGPT's update_time: opened again
    conv = ImportedConversation("x", "T", said[0].created_at, opened_later, None, tuple(said))
    assert last_activity(conv) == datetime(2024, 1, 7, 12, 20, tzinfo=UTC)
    assert last_activity(ImportedConversation("y", "T", None, opened_later, None, (said[2],))) == opened_later
