"""The deep, huge and not-text files of issue 12, as fixed fuzz examples (APP-5, APP-7,
DRM-13, MEM-4, NUM-2).

Heavy ones (deep nesting, 80 MB and 300 MB texts) run in their own process, killed past
30 s or 500 MB (:func:`~tests.fuzz.harness.run_isolated`); each must be refused with its
own one-line reason and the store unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import memory_tools as mt
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.transfer.chatgpt_import import ImportFailed, import_chatgpt_export
from tests.fuzz import hostile_inputs as hi
from tests.fuzz.harness import CASE_RSS_MB, CASE_SECONDS, IsolatedResult, check_case, run_isolated

pytestmark = pytest.mark.fuzz

_MB = 1024 * 1024


def _conv(part: str) -> list[dict[str, object]]:
    return [{"title": "T", "conversation_id": "c1", "current_node": "a", "mapping": {"a": {
        "id": "a", "parent": None, "children": [], "message": {
            "author": {"role": "user"}, "content": {"content_type": "text", "parts": [part]}}}}}]


HEAVY = [
    # (id, importer, writer, words the refusal must hold)
    ("chatgpt-200000-brackets", "chatgpt", lambda p: hi.write_deep_brackets(p, 200_000), "levels deep"),
    ("chatgpt-depth-40000", "chatgpt", lambda p: hi.write_deep_brackets(p, 40_000), "levels deep"),
    ("chatgpt-deep-parts", "chatgpt", lambda p: hi.write_deep_parts(p, 50_000), "levels deep"),
    ("chatgpt-deep-metadata", "chatgpt", lambda p: hi.write_deep_metadata(p, 100_000), "levels deep"),
    ("chatgpt-80-MB-message", "chatgpt", lambda p: hi.write_huge_message(p, 80 * _MB),
     "has a message of 80.0 MB"),
    ("chatgpt-zip-bomb-300-MB", "chatgpt", lambda p: hi.write_zip_bomb(p.with_suffix(".zip"), 300 * _MB),
     "zip bomb"),
    ("chatgpt-zip-40-MB-message", "chatgpt", lambda p: hi.write_zip_long_string(p.with_suffix(".zip"), 40 * _MB),
     "has a message of 40.0 MB"),
    ("memory-deep-json", "memory", lambda p: p.write_bytes(b'{"a":' * 200_000) and p, "levels deep"),
    ("model-deep-json", "models", lambda p: p.write_bytes(b"[" * 100_000 + b"]" * 100_000) and p, "levels deep"),
]


@pytest.fixture(scope="module")
def heavy_results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, IsolatedResult]:
    """Every heavy case run once, in watched worker processes (one normally)."""
    root = tmp_path_factory.mktemp("heavy")
    cases = [(kind, Path(write(root / f"{label}.json")), label) for label, kind, write, _ in HEAVY]
    return run_isolated(cases, root / "store.sqlite3")


@pytest.mark.parametrize(("label", "words"), [(h[0], h[3]) for h in HEAVY], ids=[h[0] for h in HEAVY])
def test_heavy_file_is_refused_in_bounded_time_and_memory(heavy_results: dict[str, IsolatedResult], label: str,
                                                          words: str) -> None:
    """Issue 12: these grew the importer to gigabytes or ran for minutes; each is now
    refused early with a one-line reason, in under 30 s and 500 MB, writing nothing."""
    result = heavy_results[label]
    assert result.outcome == "refused", result
    assert words in result.message and len(result.message.splitlines()) == 1, result.message
    assert result.store_unchanged
    assert result.seconds <= CASE_SECONDS and result.peak_rss_mb <= CASE_RSS_MB


def _chatgpt(services: Services, tmp_path: Path, data: bytes) -> str:
    aid = services.assistants.create("Imp").id
    path = tmp_path / "conversations.json"
    path.write_bytes(data)
    return check_case("conversations.json", services.db, lambda: import_chatgpt_export(services.db, aid, path),
                      ImportFailed)


def test_huge_integer_is_named_not_called_truncated(services: Services, tmp_path: Path) -> None:
    data = json.dumps(_conv("hi")).encode().replace(b'"title"', b'"n": ' + b"9" * 400 + b', "title"')
    message = _chatgpt(services, tmp_path, data)
    assert "number too large" in message and "truncated" not in message


@pytest.mark.parametrize("bad", [b"\xc0\xaf", b"\xed\xa0\x80", b"\xff"])
def test_text_that_is_not_utf8_is_named(services: Services, tmp_path: Path, bad: bytes) -> None:
    """Invalid UTF-8 inside a string (overlong, an encoded surrogate, a stray byte): its
    own message, no traceback logged (check_case)."""
    data = json.dumps(_conv("PLACE")).encode().replace(b"PLACE", bad)
    assert "not valid UTF-8" in _chatgpt(services, tmp_path, data)


def test_memory_import_of_a_10_mb_card_is_refused(services: Services) -> None:
    """DRM-13: a single-day card holds at most 3,200 characters."""
    services.assistants.create("M")
    data = json.dumps({"format": "chathub-memory", "version": 1,
                       "dynamic": {"document": dm.render_document([dm.Card("2026-01-02", "w" * (10 * _MB))])}}).encode()
    message = check_case("memory.json", services.db,
                         lambda: services.memory_files.preview_import("M", data, name="memory.json"), InvalidInput)
    assert "has 10,485,760 characters" in message and "at most 3,200" in message


def test_memory_import_of_5000_cards_is_refused(services: Services) -> None:
    """DRM-13: the whole document ≤ N × 3200 + 6400 characters (N = Keep dream cards, 14)."""
    services.assistants.create("M")
    doc = dm.render_document([dm.Card(f"{2000 + i // 365:04d}-01-01", f"card {i} of many") for i in range(5000)])
    data = json.dumps({"format": "chathub-memory", "version": 1, "dynamic": {"document": doc}}).encode()
    message = check_case("memory.json", services.db,
                         lambda: services.memory_files.preview_import("M", data, name="memory.json"), InvalidInput)
    assert "5,000 cards" in message and "at most 51,200 characters" in message


@pytest.mark.parametrize("text", ['{"format": "chathub-memory", "version": NUM}', "[NUM]"])
def test_memory_import_of_a_huge_integer_is_named(services: Services, text: str) -> None:
    """json.loads refuses integers over 4,300 digits with a ValueError (was a traceback)."""
    services.assistants.create("M")
    data = text.replace("NUM", "9" * 5000).encode()
    message = check_case("memory.json", services.db,
                         lambda: services.memory_files.preview_import("M", data, name="memory.json"), InvalidInput)
    assert "number too large" in message


def test_model_add_of_2_000_000_characters_is_refused_with_the_reason() -> None:
    """The model's add/update store at most 2,000 characters; the 2M text is not echoed."""
    out = mt.run_tool(mt.ADD, json.dumps({"text": "x" * 2_000_000}), "#1: tea\n")
    result = json.loads(out.result_json)
    assert out.new_doc is None and result["error"] == "too_long" and result["limit"] == 2000
    assert len(out.result_json) < 1000
    upd = mt.run_tool(mt.UPDATE, json.dumps({"number": 1, "match": "tea", "new_text": "y" * 2001}), "#1: tea\n")
    assert upd.new_doc is None and json.loads(upd.result_json)["error"] == "too_long"
    ok = mt.run_tool(mt.ADD, json.dumps({"text": "z" * 2000}), "#1: tea\n")
    assert ok.new_doc is not None


@pytest.mark.parametrize("text", ["a\x00b", "a\ud800b"])
def test_model_add_of_nul_or_a_lone_surrogate_is_refused(text: str) -> None:
    """No store keeps these: the model is told, nothing changes (was a DataError or a
    UnicodeEncodeError when the service stored it)."""
    out = mt.run_tool(mt.ADD, json.dumps({"text": text}), "#1: tea\n")
    assert out.new_doc is None and json.loads(out.result_json)["error"] == "invalid_text"


@pytest.mark.parametrize(("value", "words"), [
    (9 * 10**400, "number too large"), (2**31, "up to 100,000,000"), ("m" * 201, "the limit is 200"),
    ("a\x00b", "NUL"), ("a\ud800", "surrogate")])
def test_model_import_of_hostile_values_is_refused(services: Services, tmp_path: Path, value: object,
                                                    words: str) -> None:
    key = "context_window" if isinstance(value, int) else "id"
    entry = {"id": "m", "context_window": 8000, key: value}
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps({"version": 1, "models": [entry]}))
    message = check_case("catalog.json", services.db, lambda: services.models.import_catalog(path), InvalidInput)
    assert words in message
