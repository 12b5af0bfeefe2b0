"""Try a dream on any past day (issue 14): the active finished UTC days on both engines,
the outcome naming the topics read, and the CLI."""

from __future__ import annotations

import json
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

import pytest

from chathub_desktop.cli import main
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.dream.dream_days import read_titles_note


def _at(svc: Services, topic: int, role: Role, when: datetime, text: str = "hello") -> None:
    svc.chat.append_row(topic, role=role, content=text, created_at=when)


@pytest.fixture(params=["sqlite", "postgresql"])
def svc(request: pytest.FixtureRequest) -> Services:
    url = (request.getfixturevalue("migrated_sqlite")("s.sqlite3") if request.param == "sqlite"
           else request.getfixturevalue("migrated_postgres_url"))
    s = open_services(url)
    request.addfinalizer(s.close)
    return s


def test_finished_days_with_activity_newest_first(svc: Services) -> None:
    aid = svc.assistants.create("A").id
    other = svc.assistants.create("B").id
    t1, t2 = svc.topics.create(aid, "one").id, svc.topics.create(aid, "two").id
    today = svc.dreams._clock().date()
    d1, d3 = today - timedelta(days=1), today - timedelta(days=3)
    _at(svc, t1, Role.USER, datetime.combine(d3, time(23, 59, 59), UTC))
    _at(svc, t2, Role.ASSISTANT, datetime.combine(d3, time(0, 0), UTC))
    _at(svc, t1, Role.USER, datetime.combine(d1, time(12), UTC))
    _at(svc, t1, Role.TOOL, datetime.combine(today - timedelta(days=2), time(12), UTC))  # not a conversation row
    _at(svc, t1, Role.USER, datetime.combine(today, time(0, 1), UTC))  # today is not finished
    _at(svc, svc.topics.create(other, "elsewhere").id, Role.USER, datetime.combine(today - timedelta(days=5), time(1), UTC))
    days = svc.dreams.active_days(aid)
    assert [(d.day, d.topics, d.messages) for d in days] == [(d1, 1, 1), (d3, 2, 2)]


def test_the_outcome_line_names_what_was_read() -> None:
    assert read_titles_note([]) == ""
    assert read_titles_note(["A", "B"]) == "; read “A”, “B”"
    assert read_titles_note([str(i) for i in range(8)]).endswith("“4” and 3 more")


def test_cli_dream_days(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    s = open_services(url)
    aid = s.assistants.create("A").id
    day = datetime.now(UTC).date() - timedelta(days=2)
    _at(s, s.topics.create(aid, "t").id, Role.USER, datetime.combine(day, time(8), UTC))
    s.close()
    assert main(["dream", "days", "--assistant", "A", "--json", "--database-url", url]) == 0
    assert json.loads(capsys.readouterr().out) == [{"day": day.isoformat(), "topics": 1, "messages": 1}]


def test_a_day_with_a_card_or_folded_into_the_range_is_marked_dreamt(svc: Services) -> None:
    """walk40 #6: Dream now offered a day that had a card, then refused it."""
    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    aid = svc.assistants.create("A").id
    topic = svc.topics.create(aid, "one").id
    today = svc.dreams._clock().date()
    d1, d2, d5 = (today - timedelta(days=n) for n in (1, 2, 5))
    for d in (d1, d2, d5):
        _at(svc, topic, Role.USER, datetime.combine(d, time(12), UTC))
    cards = dm.append_day_card([], d2, "Prefers tables")
    with svc.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))
    days = svc.dreams.active_days(aid)
    assert [(d.day, d.dreamt) for d in days] == [(d1, False), (d2, True), (d5, False)]
