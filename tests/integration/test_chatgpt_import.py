"""ChatGPT export import against a real database (APP-5, APP-7; issue "File → Import →
ChatGPT export"): json and zip, dedupe on re-import, all-or-nothing on bad input,
cancellation, progress. PostgreSQL runs only when ``CHATHUB_TEST_POSTGRES_URL`` is set."""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import delete, func, select, text

from chathub_desktop.core.chatgpt_export import parse_conversation
from chathub_desktop.core.messages import Role
from chathub_desktop.services.transfer import chat_import, import_writer
from chathub_desktop.services.transfer.chatgpt_import import (
    ImportCancelled,
    ImportFailed,
    ImportProgress,
    UnknownAssistantError,
    import_chatgpt_export,
)
from chathub_desktop.services.transfer.import_writer import last_activity
from chathub_desktop.storage.database import Database, open_database
from chathub_desktop.storage.models import Assistant, Message, Topic
from tests.fakes.chatgpt_exports import (
    browser_conversation,
    sample_export,
    simple_conversation,
    write_export,
    write_zip,
)


@pytest.fixture
def db(migrated_sqlite: Callable[[str], str]) -> Iterator[Database]:
    """A new SQLite store at the newest schema (a copy of the migrated template, issue 28)."""
    database = open_database(migrated_sqlite("t.sqlite3"))
    yield database
    database.dispose()


def _make_assistant(db: Database, name: str = "Imported") -> int:
    with db.write() as session:
        assistant = Assistant(name=name)
        session.add(assistant)
        session.flush()
        return assistant.id


@pytest.fixture
def assistant_id(db: Database) -> int:
    return _make_assistant(db)


def _counts(db: Database, assistant_id: int | None = None) -> tuple[int, int]:
    with db.engine.connect() as conn:
        topics = select(func.count()).select_from(Topic)
        messages = (
            select(func.count()).select_from(Message).join(Topic, Message.topic_id == Topic.id)
        )
        if assistant_id is not None:
            topics = topics.where(Topic.assistant_id == assistant_id)
            messages = messages.where(Topic.assistant_id == assistant_id)
        return conn.execute(topics).scalar_one(), conn.execute(messages).scalar_one()


def _expected_message_count(convs: list[dict]) -> int:
    return sum(len(parse_conversation(c, i).messages) for i, c in enumerate(convs))


def _assert_stored_like_parsed(db: Database, assistant_id: int, convs: list[dict]) -> None:
    with db.write() as session:
        topics = {
            t.source_id: t
            for t in session.scalars(select(Topic).where(Topic.assistant_id == assistant_id))
        }
        for index, conv in enumerate(convs):
            parsed = parse_conversation(conv, index)
            topic = topics[parsed.source_id]
            assert topic.source == "chatgpt"
            assert topic.title == parsed.title
            assert topic.created_at == parsed.created_at
            assert topic.updated_at == last_activity(parsed)  # its newest message (issue 29)
            rows = session.scalars(
                select(Message).where(Message.topic_id == topic.id).order_by(Message.seq)
            ).all()
            assert [r.seq for r in rows] == list(range(1, len(parsed.messages) + 1))
            for row, m in zip(rows, parsed.messages, strict=True):
                assert (row.role, row.content, row.content_type, row.source_id) == (
                    m.role.value,
                    m.content,
                    m.content_type,
                    m.source_id,
                )
                assert row.created_at == m.created_at and row.created_at.tzinfo is not None
                assert (row.tool_name, row.tool_call_id, row.status, row.model) == (
                    m.tool_name,
                    m.tool_call_id,
                    m.status.value,
                    m.model,
                )
                expected_calls = [
                    {"id": c.id, "name": c.name, "arguments": c.arguments} for c in m.tool_calls
                ] or None
                assert row.tool_calls == expected_calls


# --- happy paths -----------------------------------------------------------------------


def test_import_json_creates_topics_and_messages(
    db: Database, assistant_id: int, tmp_path: Path
) -> None:
    convs = sample_export(6)
    path = write_export(tmp_path / "conversations.json", convs)
    result = import_chatgpt_export(db, assistant_id, path)
    assert result.topics_created == 6 and result.topics_skipped == 0
    assert result.messages_imported == _expected_message_count(convs)
    assert _counts(db) == (6, result.messages_imported)
    _assert_stored_like_parsed(db, assistant_id, convs)
    with db.engine.connect() as conn:  # messages without tool calls store SQL NULL
        nulls = conn.execute(
            text("SELECT count(*) FROM message WHERE tool_calls IS NULL")
        ).scalar_one()
        with_calls = conn.execute(
            text("SELECT count(*) FROM message WHERE tool_calls IS NOT NULL")
        ).scalar_one()
    assert with_calls == 3 and nulls == result.messages_imported - 3


def test_import_zip_with_nested_member(db: Database, assistant_id: int, tmp_path: Path) -> None:
    convs = sample_export(5)
    path = write_zip(tmp_path / "export.zip", convs, folder="chatgpt-export-2024")
    result = import_chatgpt_export(db, assistant_id, path)
    assert (result.topics_created, result.messages_imported) == (5, _expected_message_count(convs))
    _assert_stored_like_parsed(db, assistant_id, convs)


def test_reimport_skips_everything(db: Database, assistant_id: int, tmp_path: Path) -> None:
    convs = sample_export(5)
    first = import_chatgpt_export(db, assistant_id, write_export(tmp_path / "c.json", convs))
    before = _counts(db)
    again = import_chatgpt_export(db, assistant_id, write_zip(tmp_path / "c.zip", convs))
    assert (again.topics_created, again.topics_skipped, again.messages_imported) == (0, 5, 0)
    assert _counts(db) == before == (5, first.messages_imported)
    # another assistant gets its own copy
    other = _make_assistant(db, "Other")
    assert import_chatgpt_export(db, other, tmp_path / "c.json").topics_created == 5


def test_duplicates_within_one_file_and_missing_ids(
    db: Database, assistant_id: int, tmp_path: Path
) -> None:
    conv, _ = simple_conversation("Twice")
    anon, _ = simple_conversation("No id", seed=9)
    del anon["conversation_id"], anon["id"]
    path = write_export(tmp_path / "c.json", [conv, conv, anon, anon])
    result = import_chatgpt_export(db, assistant_id, path)
    assert (result.topics_created, result.topics_skipped) == (2, 2)
    again = import_chatgpt_export(db, assistant_id, path)
    assert (again.topics_created, again.topics_skipped) == (0, 4)


def test_many_conversations_across_chunks_keep_topic_ids_straight(
    db: Database, assistant_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(import_writer, "MESSAGE_CHUNK_ROWS", 7)
    convs = [simple_conversation(f"C{i}", turns=1 + i % 4, seed=500 + i)[0] for i in range(40)]
    result = import_chatgpt_export(db, assistant_id, write_export(tmp_path / "c.json", convs))
    assert result.topics_created == 40
    _assert_stored_like_parsed(db, assistant_id, convs)


def test_utf8_bom_and_raw_unicode(db: Database, assistant_id: int, tmp_path: Path) -> None:
    conv, _ = simple_conversation("東京 “trip” — café")
    path = tmp_path / "c.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps([conv], ensure_ascii=False).encode("utf-8"))
    assert import_chatgpt_export(db, assistant_id, path).topics_created == 1
    with db.write() as session:
        assert session.scalar(select(Topic.title)) == "東京 “trip” — café"


def test_empty_array_imports_nothing(db: Database, assistant_id: int, tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text("[ ]\n")
    result = import_chatgpt_export(db, assistant_id, path)
    assert (result.topics_created, result.topics_skipped, result.messages_imported) == (0, 0, 0)


# --- all or nothing --------------------------------------------------------------------


def test_strict_third_conversation_malformed_writes_nothing(
    db: Database, assistant_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--strict`` keeps refuse-all (issue 15): one malformed conversation, nothing written."""
    monkeypatch.setattr(import_writer, "MESSAGE_CHUNK_ROWS", 2)  # the first two are flushed
    convs = sample_export(5)
    convs[2]["title"] = "Trip plan"
    convs[2]["mapping"] = ["not", "an", "object"]
    before = _counts(db)
    with pytest.raises(ImportFailed) as err:
        import_chatgpt_export(db, assistant_id, write_export(tmp_path / "c.json", convs), strict=True)
    assert "conversation 3 ('Trip plan')" in str(err.value)
    assert "mapping is not an object" in str(err.value)
    assert _counts(db) == before == (0, 0)


def test_truncated_json_writes_nothing(
    db: Database, assistant_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(import_writer, "MESSAGE_CHUNK_ROWS", 2)
    path = write_export(tmp_path / "c.json", sample_export(8))
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * 0.8)])
    with pytest.raises(ImportFailed, match="not valid JSON.*truncated") as err:
        import_chatgpt_export(db, assistant_id, path)
    assert "c.json" in str(err.value)
    assert _counts(db) == (0, 0)


@pytest.mark.parametrize(
    ("payload", "fragment"),
    [
        (b"PK\x03\x04 not really a zip", "damaged or truncated zip"),
        (b"<html><body>chat</body></html>", "is not JSON"),
        (b"", "is empty"),
        (b'{"id": "user-1", "email": "a@b.c"}', "JSON object (keys: id, email)"),
        (b'[{"uuid": "1", "name": "x", "chat_messages": []}]', "Claude export"),
        (b'[{"hello": "world"}]', "has no mapping"),
        (b"[1, 2, 3]", "expected an object, found a number"),
        (b"null\n", "holds a single JSON value (null)"),
        (b"{}", "is a JSON object; expected"),
        (bytes(range(200, 256)) * 4, "is binary data, not JSON"),
    ],
)
def test_foreign_files_fail_clearly(
    db: Database, assistant_id: int, tmp_path: Path, payload: bytes, fragment: str
) -> None:
    path = tmp_path / "conversations.json"
    path.write_bytes(payload)
    with pytest.raises(ImportFailed) as err:
        import_chatgpt_export(db, assistant_id, path)
    assert fragment in str(err.value)
    assert _counts(db) == (0, 0)


def test_a_folder_is_refused_by_name(db: Database, assistant_id: int, tmp_path: Path) -> None:
    folder = tmp_path / "export"
    folder.mkdir()
    with pytest.raises(ImportFailed, match="export is a folder"):
        import_chatgpt_export(db, assistant_id, folder)


def test_zip_without_conversations_json(db: Database, assistant_id: int, tmp_path: Path) -> None:
    path = write_zip(tmp_path / "export.zip", None)
    with pytest.raises(ImportFailed, match="zip without conversations.json") as err:
        import_chatgpt_export(db, assistant_id, path)
    assert "chat.html" in str(err.value)


def test_missing_file_and_unknown_assistant(
    db: Database, assistant_id: int, tmp_path: Path
) -> None:
    with pytest.raises(ImportFailed, match="file not found"):
        import_chatgpt_export(db, assistant_id, tmp_path / "nope.json")
    path = write_export(tmp_path / "c.json", sample_export(4))
    with pytest.raises(UnknownAssistantError) as err:
        import_chatgpt_export(db, assistant_id + 999, path)
    assert isinstance(err.value, ValueError) and isinstance(err.value, ImportFailed)
    assert _counts(db) == (0, 0)


def test_cancel_mid_import_writes_nothing(
    db: Database, assistant_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(import_writer, "MESSAGE_CHUNK_ROWS", 3)
    monkeypatch.setattr(chat_import, "PROGRESS_INTERVAL_S", 0.0)
    path = write_export(tmp_path / "c.json", sample_export(20))
    cancel = threading.Event()
    seen: list[ImportProgress] = []

    def on_progress(p: ImportProgress) -> None:
        seen.append(p)
        if p.conversations_done >= 10:
            cancel.set()

    with pytest.raises(ImportCancelled):
        import_chatgpt_export(db, assistant_id, path, progress=on_progress, cancel=cancel)
    assert max(p.conversations_done for p in seen) == 10
    assert _counts(db) == (0, 0)


def test_progress_is_monotonic_and_reaches_total(
    db: Database, assistant_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chat_import, "PROGRESS_INTERVAL_S", 0.0)
    convs = sample_export(12)
    path = write_export(tmp_path / "c.json", convs)
    seen: list[ImportProgress] = []
    import_chatgpt_export(db, assistant_id, path, progress=seen.append)
    total = path.stat().st_size
    assert seen[0] == ImportProgress(0, total, 0)
    assert seen[-1] == ImportProgress(total, total, 12)
    assert all(p.total_bytes == total for p in seen)
    assert all(a.bytes_read <= b.bytes_read for a, b in zip(seen, seen[1:], strict=False))
    assert all(
        a.conversations_done <= b.conversations_done for a, b in zip(seen, seen[1:], strict=False)
    )
    assert seen[-1].fraction == 1.0


def test_progress_is_throttled(db: Database, assistant_id: int, tmp_path: Path) -> None:
    path = write_export(tmp_path / "c.json", sample_export(30))
    seen: list[ImportProgress] = []
    import_chatgpt_export(db, assistant_id, path, progress=seen.append)
    assert 2 <= len(seen) <= 5  # start + end (+ maybe one on a slow machine)


def test_zip_progress_counts_uncompressed_bytes(
    db: Database, assistant_id: int, tmp_path: Path
) -> None:
    convs = [browser_conversation()[0]]
    path = write_zip(tmp_path / "e.zip", convs)
    seen: list[ImportProgress] = []
    import_chatgpt_export(db, assistant_id, path, progress=seen.append)
    assert seen[-1].total_bytes == len(json.dumps(convs).encode())
    assert seen[-1].bytes_read == seen[-1].total_bytes


# --- PostgreSQL ------------------------------------------------------------------------


@pytest.mark.postgres
def test_postgres_same_import_same_counts(tmp_path: Path, postgres_url: str) -> None:
    pg = open_database(postgres_url)  # a fresh database: the server's own may hold other schemas
    sqlite = open_database(f"sqlite:///{tmp_path}/ref.sqlite3")
    name = f"pg-import-{uuid.uuid4().hex[:8]}"
    pg_assistant = _make_assistant(pg, name)
    sqlite_assistant = _make_assistant(sqlite, name)
    try:
        convs = sample_export(9)
        path = write_export(tmp_path / "c.json", convs)
        want = import_chatgpt_export(sqlite, sqlite_assistant, path)
        got = import_chatgpt_export(pg, pg_assistant, path)
        assert got == want
        assert _counts(pg, pg_assistant) == _counts(sqlite, sqlite_assistant)
        _assert_stored_like_parsed(pg, pg_assistant, convs)
        again = import_chatgpt_export(pg, pg_assistant, path)
        assert (again.topics_created, again.topics_skipped) == (0, 9)
        bad = list(convs)
        bad[2] = {**bad[2], "conversation_id": "x-new", "mapping": 42}
        before = _counts(pg, pg_assistant)
        with pytest.raises(ImportFailed, match="conversation 3"):
            import_chatgpt_export(pg, pg_assistant, write_export(tmp_path / "bad.json", bad), strict=True)
        assert _counts(pg, pg_assistant) == before
    finally:
        with pg.write() as session:
            session.execute(delete(Assistant).where(Assistant.id == pg_assistant))
        pg.dispose()
        sqlite.dispose()


def test_a_conversation_that_went_on_gets_only_its_new_messages(
    db: Database, assistant_id: int, tmp_path: Path
) -> None:
    """Importing a newer export of a conversation imported before appends the messages
    that were added since, in order, without duplicating the topic or the old ones."""
    from tests.fakes.chatgpt_exports import ConversationBuilder

    b = ConversationBuilder("Going on")
    b.user("first question")
    b.assistant("first answer")
    write_export(tmp_path / "old.json", [b.build()])
    first = import_chatgpt_export(db, assistant_id, tmp_path / "old.json")
    assert (first.topics_created, first.messages_imported) == (1, 2)

    b.user("second question")
    b.assistant("second answer")
    write_export(tmp_path / "new.json", [b.build()])
    again = import_chatgpt_export(db, assistant_id, tmp_path / "new.json")
    assert (again.topics_created, again.topics_updated, again.messages_imported) == (0, 1, 2)
    with db.read() as s:
        (topic,) = s.scalars(select(Topic).where(Topic.assistant_id == assistant_id)).all()
        rows = s.scalars(select(Message).where(Message.topic_id == topic.id).order_by(Message.seq)).all()
    assert [(m.seq, m.content) for m in rows] == [
        (1, "first question"), (2, "first answer"), (3, "second question"), (4, "second answer")]

    unchanged = import_chatgpt_export(db, assistant_id, tmp_path / "new.json")
    assert (unchanged.topics_updated, unchanged.topics_skipped, unchanged.messages_imported) == (0, 1, 0)


# --- chunked commits, staged topics (issue 10) --------------------------------------------


def _staged(db: Database) -> int:
    from chathub_desktop.services.transfer.import_staging import STAGED_PREFIX

    with db.read() as s:
        return s.scalar(select(func.count()).select_from(Topic).where(Topic.source.startswith(STAGED_PREFIX))) or 0


def test_committed_chunks_stay_invisible_until_the_import_is_published(
    db: Database, assistant_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Other writers get the store between chunks, yet the topic list never shows part
    of an import."""

    from chathub_desktop.services.events import EventBus
    from chathub_desktop.services.topics.topic_service import TopicService

    monkeypatch.setattr(import_writer, "MESSAGE_CHUNK_ROWS", 2)
    monkeypatch.setattr(chat_import, "PROGRESS_INTERVAL_S", 0.0)
    topics = TopicService(db, EventBus())
    convs = sample_export(12)
    seen: list[tuple[int, int]] = []

    def on_progress(p: ImportProgress) -> None:
        if p.conversations_done == 8:
            with db.write() as s:  # another writer gets the store mid-import
                s.add(Topic(assistant_id=assistant_id, title="written meanwhile"))
            seen.append((_staged(db), len(topics.list(assistant_id))))

    result = import_chatgpt_export(db, assistant_id, write_export(tmp_path / "c.json", convs), progress=on_progress)
    staged_then, listed_then = seen[0]
    assert staged_then >= 6 and listed_then == 1  # chunks committed; only the other write shows
    assert result.topics_created == 12 and _staged(db) == 0
    assert len(topics.list(assistant_id)) == 13
    _assert_stored_like_parsed(db, assistant_id, convs)


def test_an_export_imported_twice_at_once_gives_each_conversation_one_topic(
    db: Database, assistant_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second import of the same file publishes while the first is still staging: the
    first one's twins are dropped (counted as skipped), nothing is duplicated."""
    monkeypatch.setattr(import_writer, "MESSAGE_CHUNK_ROWS", 2)
    monkeypatch.setattr(chat_import, "PROGRESS_INTERVAL_S", 0.0)
    convs = sample_export(6)
    path = write_export(tmp_path / "c.json", convs)
    inner: list[chat_import.ImportResult] = []

    def on_progress(p: ImportProgress) -> None:
        if p.conversations_done == 4 and not inner:
            inner.append(import_chatgpt_export(db, assistant_id, path))

    outer = import_chatgpt_export(db, assistant_id, path, progress=on_progress)
    assert (inner[0].topics_created, inner[0].topics_skipped) == (6, 0)
    assert (outer.topics_created, outer.topics_skipped, outer.messages_imported) == (0, 6, 0)
    assert _counts(db, assistant_id) == (6, _expected_message_count(convs))
    _assert_stored_like_parsed(db, assistant_id, convs)


def test_start_up_discards_only_imports_whose_process_is_gone(db: Database, assistant_id: int) -> None:
    from chathub_desktop.services.transfer import import_staging
    from chathub_desktop.storage.models import AppSetting

    mine = import_staging.begin_run(db, assistant_id)  # this process: alive
    dead = import_staging.begin_run(db, assistant_id)
    with db.write() as s:
        s.get(AppSetting, dead.key).value = {"process": "nohost-that-exists:1:dead", "assistant_id": assistant_id,
                                             "started_at": "2020-01-01T00:00:00+00:00"}
        for run in (mine, dead):
            t = Topic(assistant_id=assistant_id, title="staged", source=run.source, source_id="c1")
            s.add(t)
            s.flush()
            s.add(Message(topic_id=t.id, seq=1, role=Role.USER, content="hi"))
    assert import_staging.discard_abandoned_imports(db) == 1
    with db.read() as s:
        left = s.scalars(select(Topic.source)).all()
        assert left == [mine.source] and s.get(AppSetting, dead.key) is None
        assert s.scalar(select(func.count()).select_from(Message)) == 1
