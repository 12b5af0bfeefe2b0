"""Memory files: fixed + dynamic memory with provenance and dates, JSON and Markdown,
lossless round trip; a bad file writes nothing (APP-5)."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import memory_export as mx
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
from tests.cases import cases

DAY = date(2026, 11, 30)


def seed(svc: Services, name: str = "Source") -> None:
    """Owner and agent entries (one untrusted), a free-form line, two dream cards."""
    svc.assistants.create(name)
    svc.memory.save_raw(name, "# About me\n#1: Likes tea\n#2: Works in Lisbon\n")
    topic = svc.topics.create(name).id
    svc.chat.append_row(topic, role=Role.TOOL, content="page text", tool_name="browser", tool_call_id="x")
    svc.memory.execute_tool(name, topic, _add_call("Prefers metric units"))
    cards = dm.append_day_card([], DAY - timedelta(days=1), "Wants tables\n[2026-01-01]\nliteral line")
    cards = dm.append_day_card(cards, DAY, "Asks for code first")
    aid = svc.assistants.get(name).id
    with svc.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))


def _add_call(text: str):  # type: ignore[no-untyped-def]
    from chathub_desktop.core.messages import ToolCall

    return ToolCall("c1", "add", json.dumps({"text": text}))


def snapshot(svc: Services, name: str) -> tuple[str, str, list[tuple[int, str, str | None, bool]]]:
    return (svc.memory.document(name), svc.dreams.document(name),
            [(e.number, e.text, e.origin, e.trusted) for e in svc.memory.entry_views(name)])


@pytest.mark.parametrize("fmt", ["json", "markdown"])
def test_round_trip_is_lossless(services: Services, fmt: str) -> None:
    seed(services)
    before = snapshot(services, "Source")
    assert before[2][2] == (3, "Prefers metric units", "agent", False)  # the seed did make an untrusted entry
    text = services.memory_files.export("Source", fmt)
    services.assistants.create("Copy")
    out = services.memory_files.import_text("Copy", text)
    assert (out.fixed_entries, out.dynamic_cards) == (3, 2)
    assert snapshot(services, "Copy") == before
    again = services.memory_files.export("Copy", fmt)
    if fmt == "json":
        a, b = json.loads(text), json.loads(again)
        for d in (a, b):
            d.pop("exported_at")
            d.pop("assistant")
        assert a == b
    assert services.memory.injection_block("Copy") == services.memory.injection_block("Source")


def test_json_export_is_readable(services: Services) -> None:
    seed(services)
    data = json.loads(services.memory_files.export("Source", "json"))
    assert data["format"] == "chathub-memory" and data["version"] == 1 and data["assistant"] == "Source"
    assert [(e["text"], e["origin"], e["trusted"]) for e in data["fixed"]["entries"]] == [
        ("Likes tea", "owner", True), ("Works in Lisbon", "owner", True), ("Prefers metric units", "agent", False)]
    assert all(e["recorded_at"] for e in data["fixed"]["entries"])
    assert [(c["tag"], c["text"]) for c in data["dynamic"]["cards"]] == [
        ("2026-11-29", "Wants tables\n[2026-01-01]\nliteral line"), ("2026-11-30", "Asks for code first")]


def test_a_plain_markdown_document_becomes_owner_fixed_memory(services: Services, tmp_path: Path) -> None:
    seed(services)
    dynamic = services.dreams.document("Source")
    out = services.memory_files.import_text("Source", "Notes\n#7: Cycles to work\n#9: Has a cat\n")
    assert (out.fixed_entries, out.dynamic_cards) == (2, None)
    assert [(e.number, e.text, e.origin, e.trusted) for e in services.memory.entry_views("Source")] == [
        (1, "Cycles to work", "owner", True), (2, "Has a cat", "owner", True)]
    assert services.dreams.document("Source") == dynamic  # not in the file: left alone


def test_a_plain_bullet_list_imports_as_entries_and_other_lines_as_notes(services: Services,
                                                                        tmp_path: Path) -> None:
    """A hand-written Markdown list (no ``#N:`` entries) is a list of facts: each item
    becomes an entry in order, the heading stays a note; a document without list items
    still says what replaces fixed memory."""
    seed(services)
    path = tmp_path / "notes.md"
    path.write_text("# My notes\n- likes tea\n- cycles\n", encoding="utf-8")
    preview = services.memory_files.preview_import("Source", path)
    fixed_line = next(line for line in preview.lines() if line.startswith("fixed memory:"))
    assert "→ 2 entries and 1 line of notes" in fixed_line
    services.memory_files.apply_import(preview)
    assert [e.text for e in services.memory.entries("Source")] == ["likes tea", "cycles"]
    prose = tmp_path / "prose.md"
    prose.write_text("# My notes\nI like tea.\n", encoding="utf-8")
    preview = services.memory_files.preview_import("Source", prose)
    fixed_line = next(line for line in preview.lines() if line.startswith("fixed memory:"))
    assert "→ 0 entries and 2 lines of notes" in fixed_line


@pytest.mark.parametrize(("text", "reason"), [
    ("", "the file is empty"),
    ("{not json", "not valid JSON"),
    ('{"format": "something-else"}', "not a ChatHub memory file"),
    ('{"format": "chathub-memory", "version": 9, "fixed": {"document": ""}}', "version 9 is not supported"),
    ('{"format": "chathub-memory", "version": 1, "fixed": {"document": 5}}', "fixed must be an object"),
    ('{"format": "chathub-memory", "version": 1, "fixed": {"document": "#1: a"}, '
     '"provenance": [{"hash": "abc", "origin": "owner"}]}', "provenance[0].hash"),
    ('{"format": "chathub-memory", "version": 1, "fixed": {"document": "#1: a"}, '
     '"provenance": [{"hash": "' + "a" * 64 + '", "origin": "robot"}]}', "provenance[0].origin"),
    ('{"format": "chathub-memory", "version": 1}', "neither fixed nor dynamic"),
    ("<!-- chathub-memory v1 -->\n<!-- chathub:fixed chars=99 -->\nshort\n<!-- /chathub:fixed -->\n",
     "fixed memory block at line 2 is damaged"),
    ("[1, 2, 3]", "a JSON array, not a ChatHub memory file"),
    ('[{"title": "a ChatGPT export", "mapping": {}}]', "import chatgpt"),
    ("x" * (mx.MAX_PLAIN_LINE_CHARS + 1), f"line 1 has {mx.MAX_PLAIN_LINE_CHARS + 1:,} characters"),
    ("note\n" * (mx.MAX_PLAIN_CHARS // 5 + 1), "characters of plain text"),
])
def test_bad_files_say_why_and_write_nothing(services: Services, text: str, reason: str) -> None:
    seed(services)
    before = snapshot(services, "Source")
    with pytest.raises(InvalidInput) as err:
        services.memory_files.import_text("Source", text)
    assert reason in str(err.value) and len(str(err.value).splitlines()) == 1
    assert snapshot(services, "Source") == before


def test_a_markdown_export_cut_short_is_refused(services: Services) -> None:
    """A Markdown export cut inside its provenance block would lose untrusted marks:
    refused, nothing written."""
    seed(services)
    text = services.memory_files.export("Source", "markdown")
    services.assistants.create("Copy")
    with pytest.raises(InvalidInput, match="damaged"):
        services.memory_files.import_text("Copy", text[: text.index("chathub:provenance") + 100])
    assert services.memory.document("Copy") == ""


#: Any document text but NUL, which no store keeps (PostgreSQL refuses it; issue 10).
_doc_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
                    max_size=200)


@settings(max_examples=cases(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fixed=_doc_text, dynamic=_doc_text)
def test_markdown_carries_any_documents_exactly(fixed: str, dynamic: str) -> None:
    """Even documents holding the file's own marker lines come back exactly."""
    tricky = f"{fixed}\n<!-- /chathub:fixed -->\n<!-- chathub:dynamic chars=3 -->\n"
    mf = mx.MemoryFile(tricky, dynamic, (), "A", utcnow())
    back = mx.parse(mx.to_markdown(mf))
    assert (back.fixed, back.dynamic) == (tricky, dynamic)


def test_cli_export_and_import(services: Services, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from chathub_desktop.cli import main as cli

    def main(*argv: str) -> int:
        return cli([*argv, "--database-url", services.database_url])

    seed(services)
    services.assistants.create("Copy")
    path = tmp_path / "memory.md"
    assert main("memory", "export", "--assistant", "Source", "--format", "markdown", "--output", str(path)) == 0
    assert path.read_text(encoding="utf-8").startswith("<!-- chathub-memory v1 -->")
    capsys.readouterr()
    assert main("memory", "import", "--assistant", "Copy", str(path)) == 0
    assert "3 fixed memory entries and 2 dynamic memory cards" in capsys.readouterr().out
    assert snapshot(services, "Copy") == snapshot(services, "Source")
    (tmp_path / "bad.json").write_bytes(b"garbage \xff\xfe end")
    assert main("memory", "import", "--assistant", "Copy", str(tmp_path / "bad.json")) == 1
    assert "not UTF-8" in capsys.readouterr().err


def test_a_file_import_records_how_many_new_entries_it_brought(services: Services, tmp_path: Path) -> None:
    """Memview54: History read "Imported import.md" for a Merge that added 3 entries; the
    change now records the file and its count of new fixed entries ("imported notes.md
    (2 new fixed entry(ies))"); a file that brings none (a Replace by fewer entries) is
    recorded by its name only."""
    from chathub_desktop.core.memory_actions import ActionKind, ChangeAction

    seed(services)
    path = tmp_path / "notes.md"
    path.write_text("- Drinks coffee black\n- Cycles to work\n", encoding="utf-8")
    services.memory_files.apply_import(services.memory_files.preview_import("Source", path, mode=mx.ImportMode.MERGE))
    aid = services.assistants.get("Source").id
    latest = services.history.changes(aid)[0]
    assert latest.action == "imported notes.md (2 new fixed entry(ies))"
    assert latest.did == ChangeAction(ActionKind.IMPORTED_ENTRIES, ("notes.md", "2"))
    fewer = tmp_path / "fewer.md"
    fewer.write_text("- Likes tea\n", encoding="utf-8")  # Replace: entries go, none is new
    services.memory_files.apply_import(services.memory_files.preview_import("Source", fewer))
    assert services.history.changes(aid)[0].action == "imported fewer.md"
