"""A topic's typed "untitled" (issue 27, migration 0028, SQLite and PostgreSQL): a new
topic is stored untitled (its title column keeps the English "New topic" the CLI prints),
the first message or a rename titles it, a user title "New topic" is a title, the JSON
export carries the flag back, and 0028 goes down and up marking only the never-titled
"New topic" rows."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from sqlalchemy import create_engine, inspect, text

from chathub_desktop.cli import main
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import open_services
from chathub_desktop.storage.database import SCHEMA_HEAD
from tests.integration.store_migrations import migrate, store_url_fixture

store_url = store_url_fixture("untitled.sqlite3")


def test_untitled_is_typed_and_0028_goes_down_and_up(store_url: str) -> None:
    svc = open_services(store_url)
    try:
        svc.assistants.create("Helper")
        fresh = svc.topics.create("Helper")
        given = svc.topics.create("Helper", "New topic")  # the user's own title, the same words
        renamed = svc.topics.create("Helper").id
        svc.topics.rename(renamed, "Trip notes")
        assert (fresh.untitled, fresh.title) == (True, "New topic")  # what the CLI prints
        assert given.untitled is False and svc.topics.get(renamed).untitled is False
        assert fresh.to_json()["untitled"] is True  # the CLI's --json says it
    finally:
        svc.close()
    assert SCHEMA_HEAD >= "0028"
    migrate(store_url, "0027", down=True)
    engine = create_engine(store_url)
    try:
        with engine.connect() as conn:
            assert "untitled" not in {c["name"] for c in inspect(conn).get_columns("topic")}
            assert conn.execute(text("SELECT count(*) FROM topic WHERE title = 'New topic'")).scalar() == 2
    finally:
        engine.dispose()
    migrate(store_url, "head", down=False)
    svc = open_services(store_url)
    try:
        by_id = {t.id: t for t in svc.topics.list("Helper")}
        assert [by_id[t].untitled for t in (fresh.id, given.id, renamed)] == [True, False, False]
    finally:
        svc.close()


def test_a_first_message_titles_it_and_the_json_export_keeps_the_flag(
        migrated_sqlite: Callable[[str], str], capsys: pytest.CaptureFixture[str]) -> None:
    url = migrated_sqlite("flag.sqlite3")
    svc = open_services(url)
    try:
        svc.assistants.create("Helper")
        svc.assistants.create("Other")
        empty = svc.topics.create("Helper").id
        doc = svc.topic_files.export_json(empty)
        assert doc["topic"]["untitled"] is True and doc["topic"]["title"] == "New topic"
        back = svc.topic_files.import_json(json.dumps(doc).encode(), "Other")
        assert (back.untitled, back.title) == (True, "New topic")
        assert svc.topic_files.export_markdown(empty).startswith("# New topic\n")  # readable
    finally:
        svc.close()
    db = ["--database-url", url]
    capsys.readouterr()
    assert main(["topic", "list", *db]) == 0
    assert "\tNew topic" in capsys.readouterr().out  # the CLI stays English


def test_the_chat_send_titles_an_untitled_topic(services, fake_vendor) -> None:  # type: ignore[no-untyped-def]
    import asyncio

    services.providers.add("Fake", "openai", fake_vendor.base_url, api_key="sk-test-key")
    services.assistants.create("Helper", provider="Fake", model="fake-model")
    t = services.topics.create("Helper").id
    asyncio.run(services.chat.send(t, "Plan a quiet weekend in Kyoto"))
    view = services.topics.get(t)
    assert view.untitled is False and view.title != "New topic"
    services.topics.append_message(t, Role.USER, "more")  # later messages change nothing
    assert services.topics.get(t).untitled is False
