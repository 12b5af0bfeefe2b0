"""Where imported fixed-memory entries came from (issue 15, MEM-7): ``add_many`` notes the
source assistant, the file and the UTC day in ``app_setting`` ``memory-source:<id>`` in
the same write; a memory file import notes the entries it brings in; the note follows the
entry's text."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from chathub_desktop.services.container import Services
from chathub_desktop.services.memory.memory_sources import SOURCE_KEY_PREFIX, ImportSource
from chathub_desktop.storage.models import AppSetting


def test_a_pasted_import_notes_its_source_file_and_day(services: Services) -> None:
    a = services.assistants.create("Helper")
    services.memory.add(a.id, "Mine")
    services.memory.add_many(a.id, ["Ana is a nurse.", "Mine"], source="Claude", file="data-2026.zip")
    services.memory.add_many(a.id, ["Works nights."], source="ChatGPT")
    day = datetime.now(UTC).date().isoformat()
    views = services.memory.entry_views(a.id)
    assert [(v.text, v.source) for v in views] == [
        ("Mine", None), ("Ana is a nurse.", ImportSource("Claude", "data-2026.zip", day)),
        ("Works nights.", ImportSource("ChatGPT", None, day))]
    assert views[1].source.line() == f"imported from Claude (export data-2026.zip, {day})"
    assert views[2].source.line() == f"imported from ChatGPT ({day})"
    with services.db.read() as s:
        stored = s.get(AppSetting, f"{SOURCE_KEY_PREFIX}{a.id}").value
    assert sorted(n["source"] for n in stored.values()) == ["ChatGPT", "Claude"]
    assert {n.get("file") for n in stored.values()} == {"data-2026.zip", None}


def test_a_memory_file_import_notes_the_entries_it_brings(services: Services) -> None:
    src = services.assistants.create("Old")
    services.memory.add(src.id, "Prefers metric units")
    services.memory.add(src.id, "Shared fact")
    exported = services.memory_files.export(src.id, "json")
    dst = services.assistants.create("New")
    services.memory.add(dst.id, "Shared fact")
    preview = services.memory_files.preview_import(dst.id, exported, name="Old memory.json", mode="merge")
    services.memory_files.apply_import(preview)
    day = datetime.now(UTC).date().isoformat()
    got = {v.text: v.source for v in services.memory.entry_views(dst.id)}
    assert got == {"Shared fact": None, "Prefers metric units": ImportSource("a memory file", "Old memory.json", day)}
    assert json.loads(exported)  # the export itself is unchanged JSON
