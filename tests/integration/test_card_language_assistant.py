"""An assistant's card language reaches the History Compress model (issue 27): stored in
``assistant.card_language`` (migration 0026, SQLite and PostgreSQL), set from the CLI, it
asks the dream and the topic summary for that language — one line of each request — and
wins over System Agent's ``card-language``; unset, the requests ask as they always did.

Real SQLite, real HTTP to the fake History Compress model.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect, text

from chathub_desktop.core.compaction_prompt import LANGUAGE_RULE
from chathub_desktop.core.dream_prompt import DREAM_LANGUAGE_RULE
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage.database import alembic_config, open_database
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.test_compaction import add_turns, compact, summary_reply
from tests.integration.test_dream_review import DAY, _dreams


def _system(vendor: FakeVendor, i: int = -1) -> str:
    body = vendor.requests[i].body
    assert body is not None
    return str(body["messages"][0]["content"])  # type: ignore[index]


def test_the_setting_is_stored_shown_and_refused_in_one_line(services: Services) -> None:
    """``assistant set NAME card-language`` takes a word or a name; ``same`` unsets it."""
    a = services.assistants.create("Helper")
    assert a.card_language is None
    assert services.assistants.set_from_text("Helper", "card-language", "日本語").card_language == "ja"
    assert services.assistants.get(a.id).to_json()["card_language"] == "ja"
    assert services.assistants.update(a.id, card_language="Simplified Chinese").card_language == "zh_CN"
    with pytest.raises(InvalidInput, match=r"^card language must be one of same, en, zh_CN, ja \(got 'Klingon'\)$"):
        services.assistants.set_from_text("Helper", "card-language", "Klingon")
    assert services.assistants.get(a.id).card_language == "zh_CN"  # refused: nothing written
    assert services.assistants.set_from_text("Helper", "card-language", "same").card_language is None


def test_the_dream_asks_for_the_assistants_language_and_only_then(services: Services,
                                                                 fake_vendor: FakeVendor) -> None:
    dreams = _dreams(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["NO_CHANGES"]), Reply(text_chunks=["NO_CHANGES"]),
                       Reply(text_chunks=["NO_CHANGES"]))
    asyncio.run(dreams.run_day("Helper", DAY))
    unset = _system(fake_vendor)
    assert DREAM_LANGUAGE_RULE in unset
    services.assistants.set_from_text("Helper", "card-language", "ja")
    asyncio.run(dreams.run_day("Helper", DAY))
    assert _system(fake_vendor) == unset.replace(DREAM_LANGUAGE_RULE, "- Write in Japanese.")
    services.settings.set("card-language", "Korean")  # System Agent's: the assistant's wins
    asyncio.run(dreams.run_day("Helper", DAY))
    assert "- Write in Japanese." in _system(fake_vendor) and "Korean" not in _system(fake_vendor)


def test_a_topic_summary_asks_for_the_assistants_language(services: Services, fake_vendor: FakeVendor,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.integration.test_compaction import setup

    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "4000")
    with FakeVendor() as summ:
        topic = setup(services, fake_vendor, summ)
        add_turns(services, topic, 1, 3)
        services.chat.append_row(topic, role=Role.USER, content="latest")
        services.assistants.set_from_text("Helper", "card-language", "zh_CN")
        summ.script(summary_reply("用户在数回合。"))
        out = compact(services, topic)
        assert out.status == "compacted", out.message
        rules = _system(summ)
        assert "- Write in Simplified Chinese." in rules and LANGUAGE_RULE not in rules


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    return str(request.getfixturevalue("postgres_url"))


def test_migration_0026_adds_the_column_unset_and_goes_down_and_up(store_url: str) -> None:
    """An assistant from before 0026 keeps today's behaviour (NULL); 0026 goes down and
    up on both engines."""
    open_database(store_url).dispose()
    engine = create_engine(store_url)
    try:
        cfg = alembic_config()
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0025")
        with engine.begin() as conn:
            assert "card_language" not in {c["name"] for c in inspect(conn).get_columns("assistant")}
            conn.execute(text("INSERT INTO assistant (name, model, instructions, input_template, "
                              "max_tokens_enabled, history_limit_enabled, history_limit, summarize_history, "
                              "compact_preset, auto_compact, high_watermark, probe_summaries, memory_enabled, "
                              "memory_budget_tokens, topic_snippets, dream_frequency, dream_time_utc, dream_weekday, "
                              "keep_dream_cards, dream_review, recall_topics, created_at) VALUES ('Old', '', '', "
                              "'{{text}}', false, false, 20, false, 'balanced', true, 0.8, false, true, 6000, false, "
                              "'off', '02:00', 0, 14, false, true, CURRENT_TIMESTAMP)"))
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
        with engine.connect() as conn:
            assert conn.execute(text("SELECT card_language FROM assistant WHERE name = 'Old'")).scalar_one() is None
    finally:
        engine.dispose()
