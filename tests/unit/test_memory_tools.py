"""The model's memory tools and the trust check (MEM-4, MEM-5, MEM-7, REF-2..REF-5, REF-7)."""

from __future__ import annotations

import json
from typing import NamedTuple

import pytest

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.memory_search import utf16_len
from chathub_desktop.core.memory_tools import (
    MEMORY_TOOLS,
    is_external_tool_output,
    run_tool,
    write_is_untrusted,
)


def call(name: str, args: object, doc: str) -> tuple[dict[str, object], str | None]:
    out = run_tool(name, args if isinstance(args, str) else json.dumps(args), doc)
    return json.loads(out.result_json), out.new_doc


FIVE = "".join(f"#{i}: fact number {i} about topic{i}\n" for i in range(1, 6))


def test_specs_names_and_schemas() -> None:
    """MEM-4, MEM-5: add, update, delete, searchMemory, readMemory with JSON-schema parameters."""
    specs = {s.name: s for s in MEMORY_TOOLS}
    assert list(specs) == ["add", "update", "delete", "searchMemory", "readMemory"]
    assert specs["add"].parameters["required"] == ["text"]
    assert specs["update"].parameters["required"] == ["number", "match", "new_text"]
    assert specs["delete"].parameters["required"] == ["number", "match"]
    assert specs["searchMemory"].parameters["required"] == ["query"]
    assert specs["readMemory"].parameters["required"] == ["number"]
    for s in MEMORY_TOOLS:
        assert s.parameters["type"] == "object" and len(s.description) > 40
        json.dumps(s.parameters)


def test_add_returns_the_new_number() -> None:
    """MEM-4, REF-1: add → the new entry's number (highest + 1) and the written text."""
    out = run_tool("add", '{"text": "  likes   green tea "}', "#1: a\n#4: b\n")
    assert json.loads(out.result_json) == {"ok": True, "number": 5, "text": "likes green tea"}
    assert out.new_doc == "#1: a\n#4: b\n#5: likes green tea\n"
    assert out.written_texts == ["likes green tea"]
    res, doc = call("add", {"text": " \n "}, "#1: a\n")
    assert res["ok"] is False and res["error"] == "empty_text" and doc is None


def test_stale_update_after_delete_is_a_mismatch_result() -> None:
    """REF-2 (issue case 1): entries 1–5, delete #2, update(4, <old #4 phrase>) → mismatch
    result, no change, current entries listed (old #4 shown as #3)."""
    res, doc = call("delete", {"number": 2, "match": "number 2"}, FIVE)
    assert res["ok"] is True and doc is not None
    res2, doc2 = call("update", {"number": 4, "match": "about topic4", "new_text": "x"}, doc)
    assert res2["ok"] is False and res2["error"] == "mismatch" and doc2 is None
    assert "#3: fact number 4 about topic4" in res2["entries"]  # type: ignore[operator]
    assert res2["entryCount"] == 4


def test_update_with_shared_phrase_changes_only_the_named_entry() -> None:
    """REF-2 (issue case 2): update(2, match="dark mode") changes #2 only; no fallback add."""
    doc = "#1: dark mode in IDE\n#2: dark mode on phone\n#3: no dark mode in docs\n"
    res, new = call("update", {"number": 2, "match": "dark mode", "new_text": "light theme on phone"}, doc)
    assert res == {"ok": True, "number": 2, "text": "light theme on phone", "previous": "dark mode on phone"}
    assert new == "#1: dark mode in IDE\n#2: light theme on phone\n#3: no dark mode in docs\n"
    res, new = call("update", {"number": 4, "match": "dark mode", "new_text": "z"}, doc)
    assert res["error"] == "not_found" and new is None


@pytest.mark.parametrize(
    ("name", "args", "code"),
    [
        ("add", "{not json", "invalid_arguments"),
        ("add", "[1, 2]", "invalid_arguments"),
        ("add", "{}", "invalid_arguments"),
        ("add", '{"text": 5}', "invalid_arguments"),
        ("update", '{"number": "two", "match": "a", "new_text": "b"}', "invalid_arguments"),
        ("update", '{"number": true, "match": "a", "new_text": "b"}', "invalid_arguments"),
        ("update", '{"number": 1, "new_text": "b"}', "invalid_arguments"),
        ("update", '{"number": 1, "match": "", "new_text": "b"}', "empty_match"),
        ("delete", '{"number": 1}', "invalid_arguments"),
        ("delete", '{"number": -1, "match": "a"}', "invalid_arguments"),
        ("searchMemory", '{"query": 3}', "invalid_arguments"),
        ("searchMemory", '{"query": "a", "limit": 0}', "invalid_arguments"),
        ("readMemory", '{"number": 1, "offset": 999}', "bad_offset"),
        ("readMemory", '{"number": 9}', "not_found"),
        ("readMemory", "", "invalid_arguments"),
        ("bio", "{}", "unknown_tool"),
    ],
)
def test_bad_calls_are_results_not_exceptions(name: str, args: str, code: str) -> None:
    """MEM-4: malformed arguments or unknown tools give an explaining result; nothing changes."""
    out = run_tool(name, args, "#1: abc\n")
    res = json.loads(out.result_json)
    assert res["ok"] is False and res["error"] == code and res["message"]
    assert out.new_doc is None and out.written_texts == []


def test_lenient_numbers() -> None:
    """MEM-4: a number sent as "3", "#3" or 3.0 is accepted."""
    for n in ('"3"', '"#3"', "3.0"):
        res, _ = call("readMemory", '{"number": ' + n + '}', FIVE)
        assert res["ok"] is True and res["number"] == 3


def test_search_result_shape_and_limit() -> None:
    """MEM-5, REF-3: hits (source, number, score, snippet), best first; limit capped at 10."""
    doc = "".join(f"#{i}: tea note {i}\n" for i in range(1, 30)) + "#30: 東京で寿司を食べた\n"
    res, _ = call("searchMemory", {"query": "寿司"}, doc)
    assert res["hits"] == [{"source": "fixed", "number": 30, "score": 1.0, "snippet": "東京で寿司を食べた"}]
    res, _ = call("searchMemory", {"query": "tea", "limit": 50}, doc)
    assert len(res["hits"]) == 10  # type: ignore[arg-type]
    res, _ = call("searchMemory", {"query": "tea"}, doc)
    assert [h["number"] for h in res["hits"]] == [1, 2, 3, 4, 5]  # type: ignore[union-attr,index]


def test_read_memory_pages_reassemble_a_200kb_entry() -> None:
    """REF-5 (issue case 6): readMemory pages of a 200 KB entry (emoji on page boundaries,
    quotes and newlines that JSON escapes) stay under 8,000 and reassemble exactly."""
    body = ("a" * 7799 + "😀" + 'q"\\' * 50) * 25
    body = fm.clean_text(body)[:200_000]
    doc = f"#1: short\n#2: {body}\n"
    text = fm.entries(doc)[1].text
    parts, offset, pages = [], 0, 0
    while True:
        out = run_tool("readMemory", json.dumps({"number": 2, "offset": offset}), doc)
        assert utf16_len(out.result_json) < 8000  # REF-5: under about 8,000
        res = json.loads(out.result_json)
        parts.append(res["text"])
        pages += 1
        if not res["truncated"]:
            assert "nextOffset" not in res
            break
        offset = res["nextOffset"]
    assert "".join(parts) == text and pages >= 26


def test_read_memory_shrinks_pages_full_of_escapes() -> None:
    """REF-5: a page whose JSON escapes would exceed 8,000 is shortened, never cut mid-pair."""
    text = "\x01" * 20_000  # each serializes as \\u0001 (6 characters)
    doc = f"#1: x{text}y\n"
    full, offset = [], 0
    while True:
        res_json = run_tool("readMemory", json.dumps({"number": 1, "offset": offset}), doc).result_json
        assert utf16_len(res_json) < 8000  # REF-5: under about 8,000
        res = json.loads(res_json)
        full.append(res["text"])
        if not res["truncated"]:
            break
        offset = res["nextOffset"]
    assert "".join(full) == fm.entries(doc)[0].text


def test_failure_listing_is_bounded_for_huge_memories() -> None:
    """REF-2: on 10,000 entries a mismatch still lists entries, as a window around the number."""
    doc = "".join(f"#{i}: entry {i} " + "w" * 70 + "\n" for i in range(1, 10_001))
    res, _ = call("delete", {"number": 5000, "match": "nope"}, doc)
    assert res["error"] == "mismatch" and res["listingCut"] is True and res["entryCount"] == 10_000
    listed = res["entries"]
    assert any(s.startswith("#5000: ") for s in listed)  # type: ignore[union-attr]
    assert len(json.dumps(res, ensure_ascii=False)) < 8000


class Trace(NamedTuple):
    tool_name: str | None
    content_type: str | None = "text"


@pytest.mark.parametrize(
    ("name", "ctype", "external"),
    [
        ("browser", "text", True),
        ("web", "text", True),
        ("web.run", "text", True),
        ("python", "tether_browsing_display", True),
        ("python", "tether_quote", True),
        ("mcp_github_search", "text", True),
        ("github__list_issues", "text", True),
        ("some_plugin", "text", True),
        (None, "text", True),
        ("python", "text", False),
        ("dalle.text2im", "text", False),
        ("add", "text", False),
        ("searchMemory", "tether_quote", False),
        ("readMemory", "text", False),
    ],
)
def test_external_tool_output(name: str | None, ctype: str, external: bool) -> None:
    """REF-7, MEM-7: web browsing, MCP-style and non-builtin tools are external; memory tools never."""
    assert is_external_tool_output(name, ctype) is external


def test_write_is_untrusted_window() -> None:
    """REF-7: any of the last 10 (non-memory) tool messages external → untrusted; memory-tool
    results never taint and do not push an external result out of the window."""
    assert write_is_untrusted([]) is False
    assert write_is_untrusted([Trace("python")] * 3) is False
    assert write_is_untrusted([Trace("browser")] + [Trace("python")] * 9) is True
    assert write_is_untrusted([Trace("browser")] + [Trace("python")] * 10) is False
    assert write_is_untrusted([Trace("browser")] + [Trace("searchMemory")] * 20) is True
    assert write_is_untrusted([Trace("readMemory"), Trace("add")]) is False
