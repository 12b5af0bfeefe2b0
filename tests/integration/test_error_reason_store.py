"""A failed reply keeps its typed reason beside its English (issue 27, migration 0027,
SQLite and PostgreSQL): the stored row reads back the reason the window says in its
language, the CLI's JSON and ``error`` are unchanged, a retry clears it, and 0027 goes
down and up keeping the rows' English."""

from __future__ import annotations

import asyncio

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect, text

from chathub_desktop.core.reasons import Reason
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.storage.database import alembic_config
from tests.fakes.vendor_server import FakeVendor, Reply, html_error_page

ENGLISH = "HTTP 503 Service Unavailable from 127.0.0.1 (an HTML error page: Site under maintenance)"


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest) -> str:
    if request.param == "sqlite":
        return str(request.getfixturevalue("migrated_sqlite")("reasons.sqlite3"))
    return str(request.getfixturevalue("migrated_postgres_url"))


def _failed_reply(svc: Services, vendor: FakeVendor) -> int:
    """A topic whose one reply failed on a proxy's 503 page; returns the topic id."""
    svc.providers.add("Fake", "openai", vendor.base_url, api_key="sk-test-key")
    svc.assistants.create("Helper", provider="Fake", model="fake-model")
    topic = svc.topics.create("Helper").id
    vendor.script(Reply(error_status=503, error_content_type="text/html",
                        error_body=html_error_page("Site under maintenance")))
    out = asyncio.run(svc.chat.send(topic, "hello"))
    assert out.status == "error" and out.error == ENGLISH
    return topic


def test_the_reason_is_stored_read_back_and_cleared_by_a_retry(store_url: str, fake_vendor: FakeVendor) -> None:
    svc = open_services(store_url)
    try:
        topic = _failed_reply(svc, fake_vendor)
        reply = svc.topics.messages(topic)[-1]
        assert reply.error == ENGLISH and "error_why" not in reply.to_json()
        assert reply.error_why == Reason("HTTP %1 from %2", ("503 Service Unavailable", "127.0.0.1"),
                                         (Reason(" (an HTML error page: %1)", ("Site under maintenance",)),))
        fake_vendor.script(Reply(text_chunks=["Hi"]))
        asyncio.run(svc.chat.retry(topic))
        again = svc.topics.messages(topic)[-1]
        assert again.status == "complete" and again.error is None and again.error_why is None
    finally:
        svc.close()


def test_migration_0027_goes_down_and_up_keeping_the_english(store_url: str, fake_vendor: FakeVendor) -> None:
    svc = open_services(store_url)
    try:
        topic = _failed_reply(svc, fake_vendor)
    finally:
        svc.close()
    engine = create_engine(store_url)
    try:
        cfg = alembic_config()
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0026")
        with engine.connect() as conn:
            assert "error_reason" not in {c["name"] for c in inspect(conn).get_columns("message")}
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
        with engine.connect() as conn:
            row = conn.execute(text("SELECT error, error_reason FROM message WHERE status = 'error'")).one()
            assert tuple(row) == (ENGLISH, None)
    finally:
        engine.dispose()
    svc = open_services(store_url)
    try:
        reply = svc.topics.messages(topic)[-1]
        assert reply.error == ENGLISH and reply.error_why is None  # shown as stored
    finally:
        svc.close()
