"""Text that is not text, the same on SQLite and PostgreSQL (APP-3, APP-5, issue 12).

NUL characters and lone surrogates in a ChatGPT export are replaced by U+FFFD and
counted (PostgreSQL refused NUL with a DataError, both engines failed on surrogates);
in a memory file they are refused with one line; model cards too large for a column
are refused before the store sees them. Each engine gives the same outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chathub_desktop.core.stored_text import REPLACEMENT
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export

pytestmark = pytest.mark.fuzz


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def engine_services(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    url = request.getfixturevalue("migrated_sqlite")("store.sqlite3") if request.param == "sqlite" \
        else str(request.getfixturevalue("migrated_postgres_url"))
    svc = open_services(url)
    yield svc
    svc.close()


def test_chatgpt_import_replaces_nul_and_lone_surrogates_visibly(engine_services: Services, tmp_path: Path) -> None:
    svc = engine_services
    aid = svc.assistants.create("Imp").id
    conv = {"title": "Ti\x00tle", "conversation_id": "c\x00id", "current_node": "b", "mapping": {
        "a": {"id": "a", "parent": None, "children": ["b"], "message": {
            "author": {"role": "user"}, "content": {"content_type": "text", "parts": ["a\x00b\ud800c"]}}},
        "b": {"id": "b", "parent": "a", "children": [], "message": {
            "author": {"role": "assistant"}, "content": {"content_type": "text", "parts": ["x\udc00y 😀"]}}}}}
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps([conv]))  # ensure_ascii: the escapes \u0000, \ud800, \udc00
    result = import_chatgpt_export(svc.db, aid, path)
    assert (result.topics_created, result.characters_replaced) == (1, 5)
    assert "5 characters" in result.replaced_note()
    topic = svc.topics.list("Imp")[0]
    assert topic.title == f"Ti{REPLACEMENT}tle"
    assert [m.content for m in svc.topics.messages(topic.id)] == [f"a{REPLACEMENT}b{REPLACEMENT}c",
                                                                  f"x{REPLACEMENT}y 😀"]


@pytest.mark.parametrize(("document", "words"), [("#1: a\x00b", "NUL"), ("#1: a\ud800b", "surrogate")])
def test_memory_import_refuses_nul_and_lone_surrogates(engine_services: Services, document: str, words: str) -> None:
    svc = engine_services
    svc.assistants.create("M")
    data = json.dumps({"format": "chathub-memory", "version": 1, "fixed": {"document": document}}).encode()
    with pytest.raises(InvalidInput, match=words):
        svc.memory_files.preview_import("M", data, name="memory.json")
    assert svc.memory.document("M") == ""


@pytest.mark.parametrize(("entry", "words"), [
    ({"id": "m", "context_window": 2**31}, "up to 100,000,000"),
    ({"id": "m" * 201, "context_window": 8000}, "the limit is 200"),
    ({"id": "a\x00b", "context_window": 8000}, "NUL"),
    ({"id": "m", "context_window": 8000, "aliases": ["\ud800"]}, "surrogate")])
def test_model_import_refuses_what_a_column_cannot_hold(engine_services: Services, tmp_path: Path,
                                                        entry: dict[str, object], words: str) -> None:
    """Before: SQLite stored a 201-character id and 2^31 tokens that PostgreSQL refused
    with a DataError."""
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps({"version": 1, "models": [entry]}))
    with pytest.raises(InvalidInput, match=words):
        engine_services.models.import_catalog(path)
