"""Search everything (issue 14): the trigram index kept in step with messages, CJK,
ranking, both engines, the migration for existing stores, the memory tab, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text, update

from chathub_desktop.cli import main
from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.core.search_text import SearchMode
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.storage.models import DynamicMemoryDocument, Message


def _store(svc: Services) -> tuple[int, int]:
    svc.assistants.create("Helper")
    svc.assistants.create("Other")
    t1 = svc.topics.create("Helper", "Trip planning").id
    t2 = svc.topics.create("Other", "Cooking").id
    svc.topics.append_message(t1, Role.USER, "Where should we hike near Kyoto in autumn?")
    svc.topics.append_message(t1, Role.ASSISTANT, "Try the Kurama to Kibune trail; autumn leaves are best in November.")
    svc.topics.append_message(t1, Role.USER, "我们今天去公园散步吧")
    svc.topics.append_message(t2, Role.USER, "A recipe for autumn pumpkin soup, autumn style, autumn autumn")
    while svc.search.catch_up(batch=2) > 0:  # in small batches, as the window does
        pass
    assert svc.search.index_lag() == 0
    return t1, t2


@pytest.fixture(params=["sqlite", "postgresql"])
def svc(request: pytest.FixtureRequest) -> Services:
    if request.param == "sqlite":
        s = open_services(request.getfixturevalue("migrated_sqlite")("s.sqlite3"))
    else:
        s = open_services(request.getfixturevalue("migrated_postgres_url"))
    request.addfinalizer(s.close)
    return s


def test_every_topic_is_searched_with_snippet_topic_and_date(svc: Services) -> None:
    t1, t2 = _store(svc)
    res = svc.search.search("autumn")
    assert {h.topic_id for h in res.hits} == {t1, t2}
    assert res.mode in ("fts", "trgm")
    hit = next(h for h in res.hits if h.topic_id == t1 and h.role == "assistant")
    assert hit.topic_title == "Trip planning" and hit.assistant_name == "Helper"
    start, end = hit.snippet.spans[0]
    assert hit.snippet.text[start:end].lower() == "autumn"
    assert hit.created_at.tzinfo is not None


def test_all_terms_are_required_and_case_does_not_matter(svc: Services) -> None:
    t1, _ = _store(svc)
    hits = svc.search.search("KYOTO autumn").hits
    assert [(h.topic_id, h.role) for h in hits] == [(t1, "user")]


def test_the_like_mode_scans_and_finds_what_the_index_finds(svc: Services) -> None:
    """Issue 31: ``SearchMode.LIKE`` forces the plain scan on SQLite (the benchmark's
    baseline), with the same hits as the index."""
    _store(svc)
    indexed = svc.search.search("autumn")
    scanned = svc.search.search("autumn", mode=SearchMode.LIKE)
    assert [h.message_id for h in scanned.hits] == [h.message_id for h in indexed.hits]
    assert scanned.mode == ("like" if svc.db.is_sqlite else indexed.mode)


def test_messages_the_index_has_not_reached_are_found_too(svc: Services) -> None:
    """Appends are indexed behind the writes; search scans what is not indexed yet, so
    the results before and after catching up are the same."""
    t1, _ = _store(svc)
    late = svc.topics.append_message(t1, Role.ASSISTANT, "Autumn in Kyoto: book the inn early")
    if svc.db.is_sqlite:
        assert svc.search.index_lag() == 1
    before = [(h.message_id, h.rank) for h in svc.search.search("autumn").hits]
    assert late.id in {m for m, _ in before}
    svc.search.catch_up()
    assert svc.search.index_lag() == 0
    assert [(h.message_id, h.rank) for h in svc.search.search("autumn").hits] == before


def test_an_id_reused_below_the_mark_is_indexed(tmp_path: Path) -> None:
    """SQLite may give a new row the id of a deleted highest row; the insert trigger
    indexes it because the indexer has already walked past that id."""
    svc = open_services(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        t1, _ = _store(svc)
        top = max(m.id for m in svc.topics.messages(svc.topics.list("Other")[0].id))
        with svc.db.write() as s:  # the highest row goes, so the next insert takes its id
            s.execute(text("DELETE FROM message WHERE id = :i"), {"i": top})
        again = svc.topics.append_message(t1, Role.USER, "a reused id about zeppelins")
        assert again.id == top and svc.search.index_lag() == 0
        assert [h.message_id for h in svc.search.search("zeppelin").hits] == [top]
        assert svc.search.search("pumpkin").hits == []  # the deleted row left the index
    finally:
        svc.close()


def test_the_message_with_more_matches_ranks_first(svc: Services) -> None:
    _, t2 = _store(svc)
    assert svc.search.search("autumn").hits[0].topic_id == t2  # four "autumn"s against one or two


def test_cjk_is_found_with_three_or_more_and_with_one_or_two_characters(svc: Services) -> None:
    t1, _ = _store(svc)
    for q in ("公园散步", "公园", "园"):
        hits = svc.search.search(q).hits
        assert [h.topic_id for h in hits] == [t1], q
        s = hits[0].snippet
        assert s.text[s.spans[0][0]:s.spans[0][1]] == q


def test_the_assistant_filter_keeps_to_its_topics(svc: Services) -> None:
    t1, _ = _store(svc)
    aid = svc.assistants.get("Helper").id
    assert {h.topic_id for h in svc.search.search("autumn", assistant_id=aid).hits} == {t1}


def test_edits_and_deletions_reach_the_index(svc: Services) -> None:
    t1, _ = _store(svc)
    first = svc.topics.messages(t1)[0]
    svc.messages.edit_message(first.id, "Where should we cycle near Osaka?")
    assert [h.message_id for h in svc.search.search("Osaka").hits] == [first.id]
    assert first.id not in {h.message_id for h in svc.search.search("Kyoto").hits}
    svc.messages.delete_message(first.id)
    assert svc.search.search("Osaka").hits == []


def test_a_streaming_reply_is_indexed_when_it_finishes(svc: Services) -> None:
    """Checkpoints of a streaming reply do not touch the index; the finished text does
    (the indexer walked past the reply while it was still streaming)."""
    t1, _ = _store(svc)
    reply = svc.topics.append_message(t1, Role.ASSISTANT, "", status=MessageStatus.STREAMING)
    svc.search.catch_up()
    with svc.db.write() as s:
        s.execute(update(Message).where(Message.id == reply.id).values(content="partial zebra"))
    assert svc.search.search("zebra").hits == []
    with svc.db.write() as s:
        s.execute(update(Message).where(Message.id == reply.id)
                  .values(content="partial zebra, then giraffe", status="complete"))
    assert [h.message_id for h in svc.search.search("giraffe").hits] == [reply.id]
    with svc.db.write() as s:  # retry: the reply streams again from empty
        s.execute(update(Message).where(Message.id == reply.id).values(content="", status="streaming"))
    assert svc.search.search("giraffe").hits == []


def test_like_metacharacters_are_literal(svc: Services) -> None:
    t1, _ = _store(svc)
    svc.topics.append_message(t1, Role.USER, "a 100% sure thing")
    assert len(svc.search.search("100%").hits) == 1
    assert svc.search.search("_").hits == []


@pytest.mark.parametrize("mode", [SearchMode.INDEX, SearchMode.LIKE])
def test_a_word_matches_at_a_word_start_never_inside_a_word(svc: Services, mode: SearchMode) -> None:
    """polish52: "car" found "scar"; a term matches at the start of a word ("car" finds
    cars, Car-sharing and carrying, never scar; "arry" is not in "carrying"), on both
    engines, indexed or not, a short term and CJK too (no spaces: anywhere)."""
    svc.assistants.create("Helper")
    t = svc.topics.create("Helper", "Words").id
    ids = {text: svc.topics.append_message(t, Role.USER, text).id for text in (
        "my car broke", "two cars", "Car-sharing app", "carrying bags", "a scar healed", "Oscar won",
        "snake_car here", "le carré rouge", "écarté", "我的car坏了", "东京大学")}
    while svc.search.catch_up(batch=4) > 0:
        pass
    late = svc.topics.append_message(t, Role.USER, "(carpool) at noon").id  # above the index's mark: scanned
    svc.topics.append_message(t, Role.ASSISTANT, "scarcity")

    def found(q: str) -> set[int]:
        return {h.message_id for h in svc.search.search(q, limit=50, mode=mode).hits}

    car = {ids[k] for k in ("my car broke", "two cars", "Car-sharing app", "carrying bags", "snake_car here",
                            "le carré rouge", "我的car坏了")} | {late}
    assert found("car") == car
    assert found("CAR broke") == {ids["my car broke"]}
    assert found("arry") == set()  # a mid-word hit is not a hit
    assert found("ca") == car  # a short term, matched by a scan: the same rule
    assert found("carr") == {ids["carrying bags"], ids["le carré rouge"]}
    assert found("京大") == {ids["东京大学"]}  # no spaces between CJK words: anywhere
    assert found("sharing") == {ids["Car-sharing app"]}
    hit = svc.search.search("car", mode=mode).hits
    for h in hit:  # the bold spans are word starts too
        assert all(a == 0 or not h.snippet.text[a - 1].isalpha() or h.snippet.text[a - 1] == "的"
                   for a, _b in h.snippet.spans), h.snippet


def test_memory_entries_and_dream_cards_are_searched(svc: Services) -> None:
    _store(svc)
    svc.memory.add("Helper", "Prefers hiking trails in Kyoto")
    aid = svc.assistants.get("Other").id
    with svc.db.write() as s:
        s.add(DynamicMemoryDocument(assistant_id=aid, body="#1 [2026-11-30]: Tried a pumpkin soup in Kyoto\n"))
    hits = svc.search.search_memory("kyoto")
    assert [(h.assistant_name, h.kind, h.number) for h in hits] == [("Helper", "memory", 1), ("Other", "dream", 1)]
    assert svc.search.search_memory("kyoto soup")[0].kind == "dream"


def test_an_existing_store_is_indexed_by_the_migration(tmp_path: Path) -> None:
    """A store made before the index (revision 0003) finds its old messages after the upgrade."""
    from alembic import command

    from chathub_desktop.storage.database import alembic_config, open_database

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    db = open_database(url, migrate=False)
    with db.engine.begin() as conn:
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
        conn.execute(text("INSERT INTO assistant (name, model, instructions, input_template, max_tokens_enabled,"
                          " history_limit_enabled, history_limit, summarize_history, compact_preset, auto_compact,"
                          " high_watermark, memory_enabled, memory_budget_tokens, topic_snippets, dream_frequency,"
                          " dream_time_utc, dream_weekday, keep_dream_cards, created_at) VALUES ('A', '', '', "
                          "'{{text}}', 0, 0, 20, 0, 'balanced', 1, 0.8, 1, 6000, 0, 'off', '02:00', 0, 14, "
                          "'2026-01-01 00:00:00')"))
        conn.execute(text("INSERT INTO topic (assistant_id, title, title_generated, kind, created_at, updated_at) "
                          "VALUES (1, 'Old', 0, 'regular', '2026-01-01 00:00:00', '2026-01-01 00:00:00')"))
        conn.execute(text("INSERT INTO message (topic_id, seq, role, content, content_type, status, created_at) "
                          "VALUES (1, 1, 'user', 'an old message about lighthouses', 'text', 'complete', "
                          "'2026-01-01 00:00:00')"))
    db.dispose()
    svc = open_services(url)
    try:
        assert svc.search.index_lag() == 1  # opening did not index (quick start); search still finds it
        assert [h.topic_title for h in svc.search.search("lighthouse").hits] == ["Old"]
        assert svc.search.catch_up() == 0
        assert [h.topic_title for h in svc.search.search("lighthouse").hits] == ["Old"]
        assert svc.search.search("lighthouse").mode == "fts"
    finally:
        svc.close()


@pytest.mark.expect_log(r"the pg_trgm extension is not installed")
def test_postgres_without_pg_trgm_scans_and_says_so(postgres_url: str) -> None:
    svc = open_services(postgres_url)
    try:
        _store(svc)
        with svc.db.engine.begin() as conn:
            conn.execute(text("DROP INDEX ix_message_content_trgm"))
        res = svc.search.search("autumn")
        assert res.mode == "scan" and res.note and "pg_trgm" in res.note
        assert len(res.hits) == 3
    finally:
        svc.close()


def test_cli_search_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    svc = open_services(url)
    t1, _ = _store(svc)
    svc.close()
    assert main(["search", "autumn", "--assistant", "Helper", "--json", "--database-url", url]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {h["topic_id"] for h in out["hits"]} == {t1}
    assert all("autumn" in h["snippet"].lower() and h["created_at"] for h in out["hits"])
    assert main(["search", "nothing-like-this", "--database-url", url]) == 0
    assert "no matches" in capsys.readouterr().out


def test_postgres_windows_find_exactly_the_newest_matches(postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The PostgreSQL search walks the newest messages, then asks the trigram index in
    id windows below (issue 14 speed): whatever the density of the matches, the pool it
    ranks is the newest matches, in every case and for CJK and regex metacharacters."""
    from chathub_desktop.services.search import search_service
    from chathub_desktop.storage import message_search

    monkeypatch.setattr(message_search, "PG_WALK_ROWS", 20)
    monkeypatch.setattr(search_service, "RANKED_POOL", 10)
    svc = open_services(postgres_url)
    try:
        svc.assistants.create("Helper")
        topic = svc.topics.create("Helper", "Zoo").id
        texts = []
        for i in range(600):
            if i % 97 == 0:  # sparse: found only in the windows below the walk
                t = f"a QUOKKA sighting number {i}"
            elif i % 13 == 0:
                t = f"the quokka smiles, note {i}"
            elif i % 7 == 0:
                t = f"喝咖啡 at the zoo café {i} (a.b)"
            else:
                t = f"plain zoo note {i} axb"
            texts.append(t)
        with svc.db.write() as s:
            s.execute(text("INSERT INTO message (topic_id, seq, role, content, content_type, status, created_at) "
                           "VALUES (:t, :seq, 'user', :c, 'text', 'complete', now())"),
                      [{"t": topic, "seq": i + 1, "c": c} for i, c in enumerate(texts)])
        with svc.db.read() as s:
            ids = [r[0] for r in s.execute(text("SELECT id FROM message ORDER BY id"))]

        def newest(pred, n: int = 10) -> set[int]:  # type: ignore[no-untyped-def]
            return set(sorted((i for i, t in zip(ids, texts, strict=True) if pred(t)), reverse=True)[:n])

        for query, pred in [("quokka", lambda t: "quokka" in t.lower()),
                            ("QUOKKA sighting", lambda t: "quokka" in t.lower() and "sighting" in t),
                            ("咖啡", lambda t: "咖啡" in t), ("café", lambda t: "café" in t),
                            ("(a.b)", lambda t: "(a.b)" in t), ("a.b", lambda t: "a.b" in t)]:
            res = svc.search.search(query, limit=10)
            assert res.mode == "trgm"
            assert {h.message_id for h in res.hits} == newest(pred), query
    finally:
        svc.close()


def test_the_page_filters_keep_to_assistant_period_and_role(svc: Services) -> None:
    """The Search page's filters (walk29 #16): one assistant, past week / month / year,
    you or the assistant; on both engines."""
    from datetime import UTC, datetime, timedelta

    from chathub_desktop.services.search.search_service import (
        SearchFilters,
        SearchPeriod,
        SearchRole,
    )

    now = datetime(2026, 12, 2, 12, tzinfo=UTC)
    helper = svc.assistants.create("Helper").id
    other = svc.assistants.create("Other").id
    ids: dict[str, int] = {}
    for key, assistant, role, days in [("today", helper, Role.USER, 0), ("week", helper, Role.ASSISTANT, 5),
                                       ("month", other, Role.USER, 20), ("year", helper, Role.USER, 200),
                                       ("old", other, Role.ASSISTANT, 800)]:
        topic = svc.topics.create(assistant, key).id
        ids[key] = svc.topics.append_message(topic, role, f"the lantern notes, {key}").id
        with svc.db.write() as s:
            s.execute(update(Message).where(Message.id == ids[key]).values(created_at=now - timedelta(days=days)))
    while svc.search.catch_up() > 0:
        pass

    def found(**kw: object) -> set[str]:
        scope = SearchFilters(**kw).scope(now)  # type: ignore[arg-type]
        return {h.topic_title for h in svc.search.search("lantern", scope=scope).hits}

    assert found() == set(ids)
    assert found(period=SearchPeriod.WEEK) == {"today", "week"}
    assert found(period=SearchPeriod.MONTH) == {"today", "week", "month"}
    assert found(period=SearchPeriod.YEAR) == {"today", "week", "month", "year"}
    assert found(role=SearchRole.USER) == {"today", "month", "year"}
    assert found(role=SearchRole.ASSISTANT) == {"week", "old"}
    assert found(assistant_id=other) == {"month", "old"}
    assert found(assistant_id=helper, period=SearchPeriod.MONTH, role=SearchRole.USER) == {"today"}


def test_snippets_read_markdown_as_plain_text(svc: Services) -> None:
    """walk29 #16: no ``**``, backticks or fences in a result; code kept as code text."""
    svc.assistants.create("Coder")
    topic = svc.topics.create("Coder", "Retry").id
    svc.topics.append_message(topic, Role.ASSISTANT, "Here is a small **retry** helper for any `async` callable:\n\n"
                                                  "```python\nimport asyncio\n```\n")
    svc.memory.add("Coder", "Prefers **retry** loops over `while True`")
    hit = svc.search.search("retry").hits[0].snippet
    assert hit.text == "Here is a small retry helper for any async callable: import asyncio"
    assert [hit.text[a:b] for a, b in hit.spans] == ["retry"]
    assert [hit.text[a:b] for a, b in hit.code] == ["async", "import asyncio"]
    mem = svc.search.search_memory("retry")[0].snippet
    assert mem.text == "Prefers retry loops over while True" and [mem.text[a:b] for a, b in mem.code] == ["while True"]
