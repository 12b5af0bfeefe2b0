"""readMemory reads dream cards too (MEM-5, REF-3, REF-5; issue 11): ``source``
``"dynamic"`` addresses the card numbers searchMemory hits carry, paged like entries."""

from __future__ import annotations

import json

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.memory_search import utf16_len
from chathub_desktop.core.memory_tools import MEMORY_TOOLS, run_tool

FIXED = "#1: short fixed entry\n"
CARD = "- prefers zebra tables 😀\n" * 900  # about 23,000 UTF-16 units: several pages
CARDS = [fm.Entry(1, "first card"), fm.Entry(2, CARD)]


def read(args: dict[str, object]) -> dict[str, object]:
    return json.loads(run_tool("readMemory", json.dumps(args), FIXED, dynamic_cards=CARDS).result_json)  # type: ignore[no-any-return]


def test_schema_names_both_sources() -> None:
    spec = next(s for s in MEMORY_TOOLS if s.name == "readMemory")
    assert spec.parameters["properties"]["source"]["enum"] == ["fixed", "dynamic"]  # type: ignore[index]
    assert spec.parameters["required"] == ["number"]  # fixed stays the default
    assert "dream card" in spec.description


def test_a_search_hit_on_a_card_can_be_read_whole_in_pages() -> None:
    hit = json.loads(run_tool("searchMemory", '{"query": "zebra"}', FIXED, dynamic_cards=CARDS).result_json)["hits"][0]
    assert (hit["source"], hit["number"]) == ("dynamic", 2)
    parts, offset = [], 0
    while True:
        out = run_tool("readMemory", json.dumps({"source": hit["source"], "number": hit["number"], "offset": offset}),
                       FIXED, dynamic_cards=CARDS).result_json
        assert utf16_len(out) < 8000  # REF-5: under about 8,000
        page = json.loads(out)
        assert page["ok"] and page["source"] == "dynamic" and page["length"] == utf16_len(CARD)
        parts.append(page["text"])
        if not page["truncated"]:
            break
        offset = page["nextOffset"]
    assert "".join(parts) == CARD and len(parts) >= 3


def test_fixed_is_the_default_and_numbers_are_per_source() -> None:
    assert read({"number": 1})["text"] == "short fixed entry"
    assert read({"number": 1, "source": "fixed"})["source"] == "fixed"
    assert read({"number": 1, "source": "dynamic"})["text"] == "first card"
    missing = read({"number": 2, "source": "fixed"})
    assert missing["ok"] is False and missing["error"] == "not_found"
    bad = read({"number": 1, "source": "topics"})
    assert bad["ok"] is False and bad["error"] == "invalid_arguments"
