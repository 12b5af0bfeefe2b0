"""Paused entries and cards, and no duplicates by rewording (issue 18; MEM-4, MEM-5,
MEM-6, REF-6, REF-16): a paused item is kept and listed, not injected and not offered to
the model's tools, and survives export → import; a model ``add`` of stored text writes
nothing; an ambiguous update is refused with the candidates."""

from __future__ import annotations

import json
from datetime import date

import pytest

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.messages import ToolCall
from chathub_desktop.services.container import Services
from chathub_desktop.storage import memory_history as mh
from chathub_desktop.storage.models import DynamicMemoryDocument


@pytest.fixture
def svc(services: Services) -> Services:
    services.assistants.create("Helper")
    for text in ("prefers dark mode", "lives in Berlin", "secret project Falcon"):
        services.memory.add("Helper", text)
    cards = dm.append_day_card([], date(2026, 11, 1), "Likes answers as tables")
    cards = dm.append_day_card(cards, date(2026, 11, 2), "Writes Python with pytest")
    with services.db.write() as s:
        mh.authored(s, mh.Author("dream", "2026-11-02", "seeded"))
        s.add(DynamicMemoryDocument(assistant_id=services.assistants.get("Helper").id,
                                    body=dm.render_document(cards), backup_body=""))
    return services


def tool(svc: Services, name: str, **args: object) -> dict[str, object]:
    topic = svc.topics.create("Helper").id
    return json.loads(svc.memory.execute_tool("Helper", topic, ToolCall("c", name, json.dumps(args))))


def test_a_paused_entry_and_card_are_kept_listed_and_not_injected(svc: Services) -> None:
    view = svc.memory.set_paused("Helper", 3, True)
    assert view.paused and view.text == "secret project Falcon"
    cards = svc.dreams.set_card_paused("Helper", 1, True)
    assert [c.paused for c in cards] == [True, False]
    assert [v.paused for v in svc.memory.entry_views("Helper")] == [False, False, True]
    assert "#3: secret project Falcon" in svc.memory.document("Helper")  # kept as stored
    block = svc.memory.injection_block("Helper")
    assert "Falcon" not in block and "tables" not in block
    assert "#2: lives in Berlin" in block and "pytest" in block
    svc.memory.set_paused("Helper", 3, False)
    assert "#3: secret project Falcon" in svc.memory.injection_block("Helper")


def test_paused_items_are_not_offered_to_the_models_tools(svc: Services) -> None:
    svc.memory.set_paused("Helper", 3, True)
    svc.dreams.set_card_paused("Helper", 1, True)
    hits = tool(svc, "searchMemory", query="secret project Falcon tables")["hits"]
    assert all((h["source"], h["number"]) not in (("fixed", 3), ("dynamic", 1)) for h in hits)  # type: ignore[index,union-attr]
    assert tool(svc, "readMemory", number=3)["error"] == "not_found"
    assert tool(svc, "readMemory", number=1, source="dynamic")["error"] == "not_found"
    doc = svc.memory.document("Helper")
    assert tool(svc, "update", number=3, match="Falcon", new_text="x")["error"] == "not_found"
    assert tool(svc, "delete", number=3, match="Falcon")["error"] == "not_found"
    refused = tool(svc, "add", text="Secret  project falcon")
    assert refused["error"] == "already_stored" and "number" not in refused  # a paused entry is not revealed
    assert svc.memory.document("Helper") == doc


def test_pauses_survive_export_and_import_in_both_formats(svc: Services) -> None:
    svc.memory.set_paused("Helper", 3, True)
    svc.dreams.set_card_paused("Helper", 2, True)
    for fmt in ("json", "markdown"):
        text = svc.memory_files.export("Helper", fmt)
        svc.assistants.create(f"Copy-{fmt}")
        svc.memory_files.import_text(f"Copy-{fmt}", text)
        assert [v.paused for v in svc.memory.entry_views(f"Copy-{fmt}")] == [False, False, True]
        assert [c.paused for c in svc.dreams.cards(f"Copy-{fmt}")] == [False, True]


def test_an_export_without_paused_items_is_what_earlier_versions_wrote(svc: Services) -> None:
    """Backward compatible: no ``paused`` / ``document`` keys unless something is paused."""
    data = json.loads(svc.memory_files.export("Helper", "json"))
    assert all(set(p) == {"hash", "origin", "trusted", "recorded_at"} for p in data["provenance"])
    assert all("paused" not in e for e in data["fixed"]["entries"])


def test_a_model_add_of_stored_text_writes_nothing_and_names_the_entry(svc: Services) -> None:
    doc = svc.memory.document("Helper")
    n = len(svc.history.changes("Helper"))
    for text in ("prefers dark mode", "  Prefers   DARK mode ", "dark mode prefers"):
        out = tool(svc, "add", text=text)
        assert out == {"ok": False, "error": "already_stored", "number": 1,
                       "message": "Already stored as #1. Nothing saved."}
    assert svc.memory.document("Helper") == doc and len(svc.history.changes("Helper")) == n
    assert tool(svc, "add", text="prefers light mode in the evening")["ok"] is True


def test_an_ambiguous_update_is_refused_with_the_candidates(svc: Services) -> None:
    svc.memory.add("Helper", "lives near Berlin Mitte")
    doc = svc.memory.document("Helper")
    out = tool(svc, "update", number=1, match="Berlin", new_text="lives in Potsdam")
    assert out["error"] == "ambiguous" and out["candidates"] == [2, 4]
    out = tool(svc, "update", number=1, match="dark", new_text="lives in Berlin")
    assert out == {"ok": False, "error": "already_stored", "number": 2, "message": "Already stored as #2. Nothing saved."}
    assert svc.memory.document("Helper") == doc
    assert tool(svc, "update", number=2, match="Berlin", new_text="lives in Potsdam")["ok"] is True
