"""Secrets stay out of memory and summaries (issue 19): a memory entry written by the user,
the raw editor, the model's tools or an import, a dream card and a topic summary are
stored with likely secrets as ``[redacted: KIND]`` and a visible notice (the tool
result, a ``SecretsRedacted`` event, the CLI's stderr, the dream's outcome, the import
preview); the raw messages keep what the user wrote.

Real SQLite, real HTTP against the fake vendor (the model and the History Compress model).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.messages import Role, ToolCall
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.dream_service import DreamService
from chathub_desktop.services.events import SecretsRedacted
from tests.fakes.vendor_server import FakeVendor, Reply

KEY = "sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zT3BlbkFJQr7sTu0vWx3yZa6bCd9eFg2h"
AWS = "AKIAZ4NRT7QXK2LMP3VB"
DAY = date(2026, 11, 30)
AT = datetime(2026, 11, 30, 15, 0, tzinfo=UTC)
NOW = datetime(2026, 12, 1, 2, 30, tzinfo=UTC)


@pytest.fixture
def events(services: Services) -> Iterator[list[SecretsRedacted]]:
    seen: list[SecretsRedacted] = []
    stop = services.bus.subscribe(lambda e: seen.append(e) if isinstance(e, SecretsRedacted) else None)
    yield seen
    stop()


def test_user_entries_and_the_raw_editor_store_no_secret(services: Services,
                                                         events: list[SecretsRedacted]) -> None:
    services.assistants.create("Helper")
    view = services.memory.add("Helper", f"Bot key is {KEY}, keep it")
    assert view.text == "Bot key is [redacted: openai-api-key], keep it" and view.redacted == ("openai-api-key",)
    assert KEY not in services.memory.document("Helper")
    edited = services.memory.edit("Helper", 1, f"AWS id {AWS} and password=hunter2!x")
    assert edited.text == "AWS id [redacted: aws-access-key-id] and password=[redacted: password]"
    doc = services.memory.save_raw("Helper", f"#1: Likes tea\n#2: token={KEY}\nnotes: ok\n")
    assert doc == "#1: Likes tea\n#2: token=[redacted: openai-api-key]\nnotes: ok\n"
    assert [(e.where, e.kinds) for e in events] == [
        ("the memory entry", ("openai-api-key",)),
        ("the memory entry", ("aws-access-key-id", "password")),
        ("the memory", ("openai-api-key",)),
    ]
    assert events[1].notice == ("Redacted from the memory entry: 1 aws-access-key-id, 1 password "
                                "(likely secrets are never remembered).")
    clean = services.memory.add("Helper", "Prefers window seats")
    assert clean.redacted == () and len(events) == 3  # nothing to say, nothing said


def test_a_model_memory_tool_gets_the_notice_in_its_result(services: Services, fake_vendor: FakeVendor,
                                                           events: list[SecretsRedacted]) -> None:
    services.providers.add("F", "openai", fake_vendor.base_url, api_key="sk-x")
    services.assistants.create("Helper", provider="F", model="gpt-4o")
    topic = services.topics.create("Helper").id
    call = ToolCall("c1", "add", json.dumps({"text": f"The user's deploy key is {KEY}"}))
    fake_vendor.script(Reply(tool_calls=[call]), Reply(text_chunks=["Saved, without the key."]))
    asyncio.run(services.chat.send(topic, f"remember that my deploy key is {KEY}"))
    assert [e.text for e in services.memory.entries("Helper")] == ["The user's deploy key is [redacted: openai-api-key]"]
    rows = services.topics.messages(topic)
    result = json.loads(next(m.content for m in rows if m.role == "tool"))
    assert result["redacted"] == ["openai-api-key"]
    assert result["notice"].startswith("Redacted from the memory entry: 1 openai-api-key")
    assert rows[0].content == f"remember that my deploy key is {KEY}"  # the raw message stays as written
    assert events and events[0].topic_id == topic


def test_a_dream_card_and_a_topic_summary_store_no_secret(services: Services, fake_vendor: FakeVendor,
                                                          events: list[SecretsRedacted]) -> None:
    services.providers.add("Summ", "openai", fake_vendor.base_url, api_key="sk-summ")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    services.assistants.create("Helper", provider="Summ", model="gpt-4o")
    dreams = DreamService(services.db, services.bus, services.providers, services.catalog, services.settings,
                          clock=lambda: NOW)
    topic = services.topics.create("Helper", title="Setup").id
    services.chat.append_row(topic, role=Role.USER, content=f"my key {KEY} works now", created_at=AT)
    fake_vendor.script(Reply(text_chunks=[f"- Configured the API with key {KEY}"]))
    out = asyncio.run(dreams.run_day("Helper", DAY))
    assert out.status == "appended"
    assert KEY not in dreams.document("Helper") and "[redacted: openai-api-key]" in dreams.document("Helper")
    assert "Redacted from the dream card: 1 openai-api-key" in out.message
    # a topic summary
    for i in range(3):  # long enough that a summary of them shrinks the request (walk37 #12)
        services.chat.append_row(topic, role=Role.USER, content=f"question {i} with {AWS}" + " lorem" * 200)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"answer {i}" + " lorem" * 200)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    fake_vendor.script(Reply(text_chunks=[f"<summary>User set up AWS with {AWS}.</summary>"]))
    assert services.compaction is not None
    result = asyncio.run(services.compaction.compact(topic))
    assert result.status == "compacted"
    assert services.compaction.summary(topic).text == "User set up AWS with [redacted: aws-access-key-id]."
    assert [e.where for e in events] == ["the dream card", "the topic summary"]
    assert all(AWS in m.content for m in services.topics.messages(topic) if m.content.startswith("question"))


def test_an_imported_memory_file_is_redacted_and_keeps_its_provenance(services: Services, tmp_path: Path) -> None:
    services.assistants.create("Source")
    services.assistants.create("Copy")
    topic = services.topics.create("Source").id
    services.chat.append_row(topic, role=Role.TOOL, content="page text", tool_name="browser", tool_call_id="x")
    services.memory.execute_tool("Source", topic, ToolCall("c1", "add", json.dumps({"text": "Likes tea"})))
    exported = json.loads(services.memory_files.export("Source", "json"))
    secret_text = f"Likes tea; key {KEY}"  # the file records this text's origin
    text = (json.dumps(exported).replace(fm.text_hash("Likes tea"), fm.text_hash(secret_text))
            .replace("Likes tea", secret_text))
    path = tmp_path / "memory.json"
    path.write_text(text, encoding="utf-8")
    preview = services.memory_files.preview_import("Copy", path)
    assert preview.redacted == ("openai-api-key",)
    assert "Redacted from the imported memory: 1 openai-api-key" in preview.summary()
    services.memory_files.apply_import(preview)
    entries = services.memory.entry_views("Copy")
    assert [(e.text, e.origin, e.trusted) for e in entries] == [
        ("Likes tea; key [redacted: openai-api-key]", "agent", False)]  # untrusted stays untrusted


def test_cli_memory_add_says_what_was_redacted(capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI's ``main`` in-process (what it prints is the point, not the process)."""
    from chathub_desktop.cli import main

    def cli(*argv: str) -> tuple[str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        assert code == 0, err
        return out, err

    cli("provider", "add", "Fake", "--kind", "openai", "--base-url", "http://127.0.0.1:9", "--api-key-env", "NO_KEY")
    cli("assistant", "create", "Helper", "--provider", "Fake", "--model", "gpt-4o")
    out, err = cli("memory", "add", "--assistant", "Helper", "github token ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8")
    assert out.strip() == "added #1: github token [redacted: github-token]"
    assert "Redacted from the memory entry: 1 github-token" in err
