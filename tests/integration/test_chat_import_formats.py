"""Every export format through the one import pipeline, against a real SQLite store
(APP-5, APP-7, issue 15): ChatGPT's newer shapes (one conversation object, file
citations, attachments, a broken conversation skipped and named, ``strict``), Claude
(json and zip), Open WebUI and LibreChat (flat and nested): topic and message counts,
roles, order, times, tool calls, idempotent re-import, continued conversations, and a
refused file writes nothing."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import func, select

from chathub_desktop.services.transfer.chat_import import (
    ImportFailed,
    detect_file_format,
    import_export,
)
from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export
from chathub_desktop.storage.database import Database, open_database
from chathub_desktop.storage.models import Assistant, Message, Topic
from tests.fakes.chat_exports import (
    CJK,
    EMOJI,
    RTL,
    chatgpt_file_conversation,
    chatgpt_with_broken_middle,
    claude_conversation,
    claude_export,
    claude_message,
    iso,
    librechat_flat,
    librechat_message,
    librechat_tree,
    webui_chat,
    webui_export,
    write_claude_zip,
    write_json,
)


@pytest.fixture
def db(migrated_sqlite: Callable[[str], str]) -> Iterator[Database]:
    """A new SQLite store at the newest schema (a copy of the migrated template, issue 28)."""
    database = open_database(migrated_sqlite("t.sqlite3"))
    yield database
    database.dispose()


@pytest.fixture
def aid(db: Database) -> int:
    with db.write() as s:
        a = Assistant(name="Imported")
        s.add(a)
        s.flush()
        return a.id


def _counts(db: Database) -> tuple[int, int]:
    with db.read() as s:
        return (s.execute(select(func.count()).select_from(Topic)).scalar_one(),
                s.execute(select(func.count()).select_from(Message)).scalar_one())


def _topic(db: Database, source_id: str) -> tuple[Topic, list[Message]]:
    with db.read() as s:
        topic = s.execute(select(Topic).where(Topic.source_id == source_id)).scalar_one()
        rows = list(s.execute(select(Message).where(Message.topic_id == topic.id).order_by(Message.seq)).scalars())
        s.expunge_all()
        return topic, rows


# --- ChatGPT, every shape ----------------------------------------------------------------


def test_chatgpt_single_conversation_object(db: Database, aid: int, tmp_path: Path) -> None:
    """A conversation saved as one object (not an array) imports as one topic."""
    path = write_json(tmp_path / "one.json", chatgpt_file_conversation())
    result = import_chatgpt_export(db, aid, path)
    assert (result.topics_created, result.messages_imported) == (1, 2)
    topic, rows = _topic(db, "6b0f0d9c-0000-4000-8000-00000000f11e")
    assert (topic.source, topic.title) == ("chatgpt", "Quarterly report")
    assert [r.role for r in rows] == ["user", "assistant"]


def test_an_imported_title_is_one_line(db: Database, aid: int, tmp_path: Path) -> None:
    """A title with newlines and runs of spaces is stored on one line, as a rename stores
    it (lists and `topic list` print one line per topic)."""
    conv = chatgpt_file_conversation()
    conv["title"] = "Quarterly\n  report\r\n\tdraft "
    import_chatgpt_export(db, aid, write_json(tmp_path / "one.json", conv))
    topic, _rows = _topic(db, "6b0f0d9c-0000-4000-8000-00000000f11e")
    assert topic.title == "Quarterly report draft"


def test_chatgpt_file_citations_and_attachments(db: Database, aid: int, tmp_path: Path) -> None:
    """``filecite`` markers become references (name and quoted span when the export
    has it); ``metadata.attachments`` are listed on the message with the file text."""
    import_chatgpt_export(db, aid, write_json(tmp_path / "c.json", [chatgpt_file_conversation()]))
    _topic_row, (user, answer) = _topic(db, "6b0f0d9c-0000-4000-8000-00000000f11e")
    assert "\ue200" not in answer.content and "\ue201" not in answer.content
    assert "Revenue grew 12% [q3.pdf: “Revenue grew 12% year over year”]." in answer.content
    assert "See also [cited file]." in answer.content
    assert "📎 q3.pdf · application/pdf · 1.2 MB" in user.content
    assert "📎 notes.txt · text/plain · 20 B" in user.content
    assert "remember the margins" in user.content
    assert user.content.startswith(f"Summarise the report {EMOJI}")


def test_chatgpt_broken_conversation_is_skipped_and_named(db: Database, aid: int, tmp_path: Path) -> None:
    """"2 imported, 1 skipped: 'Corrupted entry' has no mapping"; nothing of it written."""
    path = write_json(tmp_path / "c.json", chatgpt_with_broken_middle())
    result = import_chatgpt_export(db, aid, path)
    assert result.topics_created == 2
    assert result.broken_note() == "1 skipped: 'Corrupted entry' has no mapping"
    assert _counts(db) == (2, 4)
    with db.read() as s:
        titles = set(s.execute(select(Topic.title)).scalars())
    assert titles == {"Quarterly report", "Weeknight pasta"}


def test_chatgpt_strict_refuses_the_whole_file(db: Database, aid: int, tmp_path: Path) -> None:
    path = write_json(tmp_path / "c.json", chatgpt_with_broken_middle())
    with pytest.raises(ImportFailed, match=r"conversation 2 \('Corrupted entry'\) has no mapping"):
        import_chatgpt_export(db, aid, path, strict=True)
    assert _counts(db) == (0, 0)


def test_a_file_whose_conversations_are_all_broken_is_refused(db: Database, aid: int, tmp_path: Path) -> None:
    bad = chatgpt_with_broken_middle()[1]
    with pytest.raises(ImportFailed, match="has no mapping.*Nothing was imported"):
        import_chatgpt_export(db, aid, write_json(tmp_path / "c.json", [bad, dict(bad, conversation_id="x")]))
    assert _counts(db) == (0, 0)


# --- Claude ------------------------------------------------------------------------------


def _check_claude(db: Database) -> None:
    topic, rows = _topic(db, "c0ffee00-0000-4000-8000-000000000001")
    assert (topic.source, topic.title) == ("claude", "Trip to Tokyo")
    assert topic.created_at == datetime.fromtimestamp(1_714_585_000, UTC)
    assert [(r.role, r.content_type) for r in rows] == [
        ("user", "text"), ("assistant", "thinking"), ("assistant", "tool_use"), ("tool", "tool_result"),
        ("assistant", "text"), ("user", "text"), ("assistant", "text")]
    assert rows[0].content.startswith(f"Plan my day. {CJK}")
    assert "📎 itinerary.txt · text/plain · 42 B" in rows[0].content and "📎 map.png" in rows[0].content
    assert "09:00 Senso-ji\n12:00 Ramen" in rows[0].content  # extracted_content kept as file text
    assert rows[2].tool_calls == [{"id": "toolu_01", "name": "web_search", "arguments": '{"query": "Tokyo weather"}'}]
    assert (rows[3].tool_call_id, rows[3].tool_name, rows[3].content) == ("toolu_01", "web_search", "Sunny, 24°C")
    assert rows[4].content == f"Sunny all day. {EMOJI}"
    assert rows[5].content == f"Translate: {RTL}"
    assert [r.created_at for r in rows][-2:] == [datetime.fromtimestamp(1_714_585_004, UTC),
                                                 datetime.fromtimestamp(1_714_585_005, UTC)]


def test_claude_json_with_a_broken_conversation(db: Database, aid: int, tmp_path: Path) -> None:
    result = import_export(db, aid, write_json(tmp_path / "conversations.json", claude_export()), "claude")
    assert (result.topics_created, result.messages_imported, result.format_name) == (2, 11, "claude")
    assert result.broken_note() == "1 skipped: 'Corrupted entry': chat_messages is not a list (found an object)"
    _check_claude(db)
    again = import_export(db, aid, tmp_path / "conversations.json", "claude")
    assert (again.topics_created, again.messages_imported, again.topics_skipped) == (0, 0, 2)
    assert _counts(db) == (2, 11)


def test_claude_zip_detected(db: Database, aid: int, tmp_path: Path) -> None:
    path = write_claude_zip(tmp_path / "data-2025.zip", [claude_conversation()])
    assert detect_file_format(path).name == "claude"  # type: ignore[union-attr]
    result = import_export(db, aid, path)
    assert (result.topics_created, result.messages_imported) == (1, 7)
    _check_claude(db)


def test_claude_conversation_that_went_on_gets_only_new_messages(db: Database, aid: int, tmp_path: Path) -> None:
    conv = claude_conversation()
    import_export(db, aid, write_json(tmp_path / "a.json", [conv]), "claude")
    later = copy.deepcopy(conv)
    later["updated_at"] = iso(1_714_590_000)
    later["chat_messages"].append(claude_message("m5", "human", 1_714_589_000, "One more thing"))
    result = import_export(db, aid, write_json(tmp_path / "b.json", [later]), "claude")
    assert (result.topics_created, result.topics_updated, result.messages_imported) == (0, 1, 1)
    _topic_row, rows = _topic(db, conv["uuid"])
    assert [r.seq for r in rows] == list(range(1, 9)) and rows[-1].content == "One more thing"


def test_a_chatgpt_file_given_as_claude_is_refused_by_name(db: Database, aid: int, tmp_path: Path) -> None:
    path = write_json(tmp_path / "c.json", [chatgpt_file_conversation()])
    with pytest.raises(ImportFailed, match="looks like a ChatGPT export, not a Claude export"):
        import_export(db, aid, path, "claude")
    assert _counts(db) == (0, 0)


# --- Open WebUI --------------------------------------------------------------------------


def test_openwebui_active_branch_tools_and_files(db: Database, aid: int, tmp_path: Path) -> None:
    path = write_json(tmp_path / "chat-export.json", webui_export())
    assert detect_file_format(path).name == "openwebui"  # type: ignore[union-attr]
    result = import_export(db, aid, path, "openwebui")
    assert (result.topics_created, result.messages_imported) == (2, 12)
    assert result.branch_messages_skipped == 1  # the first, regenerated answer
    assert result.broken_note().startswith("1 skipped: 'Corrupted entry'")
    topic, rows = _topic(db, "owui-1")
    assert topic.source == "openwebui"
    assert [(r.role, r.content_type) for r in rows] == [
        ("user", "text"), ("assistant", "thinking"), ("assistant", "text"), ("user", "text"),
        ("assistant", "thinking"), ("assistant", "tool_use"), ("tool", "tool_result"), ("assistant", "text")]
    assert rows[2].content == "255" and rows[2].model == "deepseek-r1"
    assert "250" not in [r.content for r in rows]
    assert "📎 notes.md · text/markdown · 12 B" in rows[0].content and "# notes\nhi" in rows[0].content
    call = next(r for r in rows if r.tool_calls)
    assert call.tool_calls == [{"id": "call_1", "name": "get_weather", "arguments": '{"city":"Paris"}'}]
    result_row = next(r for r in rows if r.role == "tool")
    assert (result_row.tool_call_id, result_row.content) == ("call_1", "Paris: 18C, rain")
    assert rows[-1].content == f"Rain, 18C {EMOJI}"
    assert rows[0].created_at == datetime.fromtimestamp(1_700_000_000, UTC)
    again = import_export(db, aid, path, "openwebui")
    assert (again.topics_created, again.messages_imported) == (0, 0)


def test_openwebui_single_chat_object(db: Database, aid: int, tmp_path: Path) -> None:
    result = import_export(db, aid, write_json(tmp_path / "chat.json", webui_chat()))
    assert (result.format_name, result.topics_created) == ("openwebui", 1)


# --- LibreChat ---------------------------------------------------------------------------


@pytest.mark.parametrize("build", [librechat_flat, librechat_tree])
def test_librechat_flat_and_nested(db: Database, aid: int, tmp_path: Path, build: object) -> None:
    path = write_json(tmp_path / "export.json", build())  # type: ignore[operator]
    result = import_export(db, aid, path, "librechat")
    assert (result.topics_created, result.messages_imported, result.branch_messages_skipped) == (1, 7, 2)
    topic, rows = _topic(db, "lc-1")
    assert (topic.source, topic.title) == ("librechat", f"Branches {RTL}")
    assert [r.content for r in rows[:3]] == [f"Hi {CJK}", "Hello!", "edited follow-up\n\n📎 plan.pdf · application/pdf · 2.0 KB"]
    assert [(r.role, r.content_type) for r in rows[3:]] == [
        ("assistant", "thinking"), ("assistant", "tool_use"), ("tool", "tool_result"), ("assistant", "text")]
    assert rows[-1].content == f"Found it {EMOJI}" and rows[-1].model == "gpt-4o"
    assert rows[0].created_at == datetime.fromtimestamp(1_714_000_000, UTC)


def test_librechat_reimport_adds_only_new_messages(db: Database, aid: int, tmp_path: Path) -> None:
    conv = librechat_flat()
    import_export(db, aid, write_json(tmp_path / "a.json", conv), "librechat")
    assert import_export(db, aid, tmp_path / "a.json", "librechat").messages_imported == 0
    conv["messages"].append(librechat_message("u4", "a3", True, "thanks", 1_714_000_010))
    result = import_export(db, aid, write_json(tmp_path / "b.json", conv), "librechat")
    assert (result.topics_created, result.topics_updated, result.messages_imported) == (0, 1, 1)
    assert _counts(db) == (1, 8)


def test_unknown_object_is_refused_with_its_keys(db: Database, aid: int, tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"version": 4, "history": 3}))
    with pytest.raises(ImportFailed):
        import_export(db, aid, path)
    path.write_text(json.dumps([{"foo": 1}]))
    with pytest.raises(ImportFailed, match="not an export this app reads.*keys: foo"):
        import_export(db, aid, path)
    assert _counts(db) == (0, 0)


def test_claude_memory_of_a_damaged_or_huge_zip_is_refused_in_one_line(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import zipfile

    from chathub_desktop.services.errors import InvalidInput
    from chathub_desktop.services.transfer import claude_memory

    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("memories.json", '[{"conversations_memory": "cut')
    with pytest.raises(InvalidInput, match="memories.json is not valid JSON"):
        claude_memory.read_claude_memory(path)
    monkeypatch.setattr(claude_memory, "MAX_MEMBER_BYTES", 10)
    with pytest.raises(InvalidInput, match="the limit is"):
        claude_memory.read_claude_memory(path)
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("conversations.json", "[]")
    assert claude_memory.read_claude_memory(path) == ""
    assert not claude_memory.has_claude_memory(path)
