"""Parsing rules of the ChatGPT export importer (APP-5, issue "File → Import → ChatGPT export")."""

from __future__ import annotations

import copy
import json
import random
from datetime import UTC, datetime

import pytest

from chathub_desktop.core.chatgpt_export import (
    UNTITLED,
    ExportFormatError,
    parse_conversation,
    parse_timestamp,
)
from chathub_desktop.core.messages import MessageStatus, Role
from tests.fakes.chatgpt_exports import (
    ConversationBuilder,
    branched_conversation,
    browser_conversation,
    python_conversation,
    reasoning_conversation,
    simple_conversation,
    text_content,
)


def _triples(conv: dict, index: int = 0) -> tuple[tuple[str, str, str], ...]:
    return tuple(
        (m.role.value, m.content_type, m.content) for m in parse_conversation(conv, index).messages
    )


def _node_time(conv: dict, node_id: str) -> datetime:
    return datetime.fromtimestamp(conv["mapping"][node_id]["message"]["create_time"], UTC)


# --- active branch --------------------------------------------------------------------


def test_active_branch_followed_and_off_branch_messages_absent() -> None:
    conv, expected, ids = branched_conversation()
    parsed = parse_conversation(conv, 0)
    assert _triples(conv) == expected.messages
    got_ids = {m.source_id for m in parsed.messages}
    assert got_ids.isdisjoint(expected.absent_ids)
    assert [m.source_id for m in parsed.messages] == [
        ids["hi"],
        ids["hello"],
        ids["joke_q"],
        ids["joke2"],
    ]


def test_every_user_and_assistant_message_on_branch_kept_in_order_with_times() -> None:
    conv, _, _ = branched_conversation()
    parsed = parse_conversation(conv, 0)
    mapping = conv["mapping"]
    # recompute the branch independently: from current_node up the parents
    branch = []
    node = conv["current_node"]
    while node is not None:
        branch.append(node)
        node = mapping[node]["parent"]
    branch.reverse()
    wanted = [
        n
        for n in branch
        if mapping[n]["message"]
        and mapping[n]["message"]["author"]["role"] in ("user", "assistant")
    ]
    assert [m.source_id for m in parsed.messages] == wanted
    for m in parsed.messages:
        assert m.created_at == _node_time(conv, m.source_id)
        assert m.created_at.tzinfo is not None
        assert m.role is Role(mapping[m.source_id]["message"]["author"]["role"])
    times = [m.created_at for m in parsed.messages]
    assert times == sorted(times)


def test_other_current_node_selects_the_other_path_and_interrupted_status() -> None:
    conv, _, ids = branched_conversation()
    conv["current_node"] = ids["story"]
    parsed = parse_conversation(conv, 0)
    assert [m.content for m in parsed.messages] == [
        "hi there",
        "Hello! How can I help?",
        "tell me a story",
        "Once upon a time, in a small village",
    ]
    assert parsed.messages[-1].status is MessageStatus.INTERRUPTED
    assert all(m.status is MessageStatus.COMPLETE for m in parsed.messages[:-1])


def test_finish_details_interrupted_alone_marks_interrupted() -> None:
    b = ConversationBuilder("x")
    b.user("go")
    b.add(
        "assistant", text_content("partial"), metadata={"finish_details": {"type": "interrupted"}}
    )
    assert parse_conversation(b.build(), 0).messages[-1].status is MessageStatus.INTERRUPTED


def test_missing_current_node_falls_back_to_newest_leaf() -> None:
    conv, _, ids = branched_conversation()
    for value in (None, "not-a-node"):
        c = copy.deepcopy(conv)
        c["current_node"] = value
        # newest leaf by create_time is joke2 (added last)
        assert parse_conversation(c, 0).messages[-1].source_id == ids["joke2"]
    c = copy.deepcopy(conv)
    del c["current_node"]
    c["mapping"][ids["story"]]["message"]["create_time"] = 9_999_999_999.0
    assert parse_conversation(c, 0).messages[-1].source_id == ids["story"]


def test_fragment_without_root_walks_until_parent_missing() -> None:
    b = ConversationBuilder("Fragment", with_root=False, hidden_system=False)
    tool = b.tool_result(
        "browser",
        {"content_type": "tether_browsing_display", "result": "# results"},
        parent="missing-parent-id",
    )
    b.mapping[tool]["parent"] = "missing-parent-id"
    answer = b.assistant("Signal Sciences is a security company.")
    b.mapping[answer]["children"] = ["missing-child-id"]
    conv = b.build(current_node="not-in-mapping")
    parsed = parse_conversation(conv, 0)
    assert [(m.role, m.content) for m in parsed.messages] == [
        (Role.TOOL, "# results"),
        (Role.ASSISTANT, "Signal Sciences is a security company."),
    ]
    assert parsed.messages[0].tool_call_id is None


# --- skipping -----------------------------------------------------------------------


def test_null_root_hidden_system_and_context_nodes_skipped() -> None:
    conv, expected, ids = reasoning_conversation()
    parsed = parse_conversation(conv, 0)
    assert all(m.role is not Role.SYSTEM for m in parsed.messages)
    assert ids["ctx"] not in {m.source_id for m in parsed.messages}
    assert len(parsed.messages) == len(expected.messages)


def test_visible_system_message_with_text_is_kept() -> None:
    b = ConversationBuilder("sys", hidden_system=False)
    b.add("system", text_content("You are terse."))
    b.user("hi")
    b.add("system", text_content("   "))  # empty system: skipped
    parsed = parse_conversation(b.build(), 0)
    assert [(m.role, m.content) for m in parsed.messages] == [
        (Role.SYSTEM, "You are terse."),
        (Role.USER, "hi"),
    ]


def test_empty_and_unknown_assistant_and_user_messages_never_dropped() -> None:
    b = ConversationBuilder("empty")
    b.user("")
    b.add("assistant", {"content_type": "brand_new_type"})
    b.add("user", {"content_type": "text", "parts": [None]})
    b.add(
        "assistant",
        {"content_type": "text"},
        metadata={"is_visually_hidden_from_conversation": True},
    )
    b.add("assistant", None)  # type: ignore[arg-type]
    parsed = parse_conversation(b.build(), 0)
    assert [(m.role.value, m.content_type, m.content) for m in parsed.messages] == [
        ("user", "text", ""),
        ("assistant", "brand_new_type", ""),
        ("user", "text", ""),
        ("assistant", "text", ""),
        ("assistant", "text", ""),
    ]


# --- content, tools ------------------------------------------------------------------


def test_browser_tool_calls_and_results_linked() -> None:
    conv, expected, ids = browser_conversation()
    parsed = parse_conversation(conv, 0)
    assert _triples(conv) == expected.messages
    by_id = {m.source_id: m for m in parsed.messages}
    search, click = by_id[ids["search"]], by_id[ids["click"]]
    assert search.tool_calls[0].id == f"call_{ids['search']}"
    assert search.tool_calls[0].name == "browser"
    assert json.loads(search.tool_calls[0].arguments) == {
        "code": 'search("VW Transporter fuel consumption l/100km")'
    }
    assert by_id[ids["display"]].tool_call_id == search.tool_calls[0].id
    assert by_id[ids["display"]].tool_name == "browser"
    # both quotes answer the one mclick call (the second falls back to the latest call)
    assert by_id[ids["quote1"]].tool_call_id == click.tool_calls[0].id
    assert by_id[ids["quote2"]].tool_call_id == click.tool_calls[0].id
    assert parsed.model == "gpt-4"
    assert by_id[ids["answer"]].model == "gpt-4"


def test_browsing_display_result_text_preferred_over_citations() -> None:
    b = ConversationBuilder("r")
    b.tool_call("browser", 'search("x")')
    b.tool_result(
        "browser",
        {"content_type": "tether_browsing_display", "result": "# 【0†Title†example.com】"},
        metadata={"_cite_metadata": {"metadata_list": [{"title": "T", "url": "https://e.x"}]}},
    )
    assert parse_conversation(b.build(), 0).messages[-1].content == "# 【0†Title†example.com】"


def test_python_code_execution_output_image_placeholder_system_error() -> None:
    conv, expected, ids = python_conversation()
    parsed = parse_conversation(conv, 0)
    assert _triples(conv) == expected.messages
    by_id = {m.source_id: m for m in parsed.messages}
    call = by_id[ids["code"]].tool_calls[0]
    assert (call.name, json.loads(call.arguments)) == ("python", {"code": "print(2**10)"})
    assert by_id[ids["out"]].tool_call_id == call.id
    assert by_id[ids["out"]].tool_name == "python"
    assert by_id[ids["err"]].tool_call_id == call.id  # no unmatched call left: latest one


def test_tool_result_matches_call_by_name() -> None:
    b = ConversationBuilder("two tools")
    b.user("go")
    py = b.tool_call("python", "1+1")
    br = b.tool_call("browser", 'search("a")')
    r_py = b.tool_result("python", {"content_type": "execution_output", "text": "2"})
    r_br = b.tool_result("browser", {"content_type": "tether_browsing_display", "result": "ok"})
    r_dalle = b.tool_result(
        "dalle.text2im",
        {"content_type": "multimodal_text", "parts": [{"content_type": "image_asset_pointer"}]},
    )
    by_id = {m.source_id: m for m in parse_conversation(b.build(), 0).messages}
    assert by_id[r_py].tool_call_id == f"call_{py}"
    assert by_id[r_br].tool_call_id == f"call_{br}"
    assert by_id[r_dalle].tool_call_id == f"call_{br}"  # no call named dalle: the latest one
    assert by_id[r_dalle].content == "[image]"


def test_thoughts_kept_as_assistant_thoughts() -> None:
    conv, expected, ids = reasoning_conversation()
    parsed = parse_conversation(conv, 0)
    assert _triples(conv) == expected.messages
    thoughts = next(m for m in parsed.messages if m.source_id == ids["thoughts"])
    assert thoughts.role is Role.ASSISTANT and thoughts.content_type == "thoughts"
    assert parsed.model == "o3"


def test_multimodal_parts_keep_text() -> None:
    b = ConversationBuilder("mm")
    b.add(
        "user",
        {
            "content_type": "multimodal_text",
            "parts": [
                "look:",
                {"content_type": "image_asset_pointer"},
                {"content_type": "audio_transcription", "text": "spoken"},
                "done",
            ],
        },
    )
    assert (
        parse_conversation(b.build(), 0).messages[0].content == "look:\n\n[image]\n\nspoken\n\ndone"
    )


def test_single_text_part_kept_byte_exact() -> None:
    text = "  leading spaces\n\n\ttabs and trailing  \n"
    b = ConversationBuilder("exact")
    b.user(text)
    assert parse_conversation(b.build(), 0).messages[0].content == text


# --- timestamps, ids, titles --------------------------------------------------------


def test_missing_message_time_falls_back_to_previous_then_conversation() -> None:
    b = ConversationBuilder("times", create_time=1_700_000_000.5)
    first = b.user("no time", create_time=None)
    b.assistant("has time", create_time=1_700_000_100.0)
    third = b.user("no time either", create_time=None)
    parsed = parse_conversation(b.build(), 0)
    by_id = {m.source_id: m for m in parsed.messages}
    assert by_id[first].created_at == datetime.fromtimestamp(1_700_000_000.5, UTC)
    assert by_id[third].created_at == datetime.fromtimestamp(1_700_000_100.0, UTC)
    assert parsed.created_at == datetime.fromtimestamp(1_700_000_000.5, UTC)
    assert parsed.updated_at is not None and parsed.updated_at > parsed.created_at


def test_parse_timestamp_forms() -> None:
    assert parse_timestamp(0) == datetime(1970, 1, 1, tzinfo=UTC)
    assert parse_timestamp("1704629915.5") == datetime.fromtimestamp(1704629915.5, UTC)
    assert parse_timestamp("2024-01-07T12:18:35Z") == datetime(2024, 1, 7, 12, 18, 35, tzinfo=UTC)
    assert parse_timestamp(None) is None
    for bad in (True, [1], {"a": 1}, "yesterday", float("nan"), 1e20):
        with pytest.raises(ValueError):
            parse_timestamp(bad)


def test_source_id_title_fallbacks_and_stable_hash() -> None:
    conv, _ = simple_conversation("Keep me")
    assert parse_conversation(conv, 0).source_id == conv["conversation_id"]
    c = copy.deepcopy(conv)
    del c["conversation_id"]
    assert parse_conversation(c, 0).source_id == conv["id"]
    del c["id"]
    hashed = parse_conversation(c, 0).source_id
    assert hashed.startswith("sha256:")
    assert parse_conversation(copy.deepcopy(c), 7).source_id == hashed  # position-independent
    c["title"] = None
    assert parse_conversation(c, 0).title == UNTITLED
    c["title"] = "   "
    assert parse_conversation(c, 0).title == UNTITLED


def test_random_branches_keep_every_branch_message() -> None:
    rng = random.Random(42)
    for n in range(30):
        b = ConversationBuilder(f"r{n}", rng=rng)
        nodes = [b.head]
        for _ in range(rng.randint(1, 25)):
            parent = rng.choice(nodes)
            role = rng.choice(["user", "assistant"])
            nodes.append(b.add(role, text_content(f"m{len(nodes)}"), parent=parent))
        current = rng.choice(nodes[1:])
        conv = b.build(current_node=current)
        branch = []
        node = current
        while node is not None:
            msg = conv["mapping"][node]["message"]
            if msg and msg["author"]["role"] in ("user", "assistant"):
                branch.append(node)
            node = conv["mapping"][node]["parent"]
        assert [m.source_id for m in parse_conversation(conv, 0).messages] == branch[::-1]


# --- malformed ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mutate", "fragment"),
    [
        (lambda c: c.__setitem__("mapping", []), "mapping is not an object"),
        (lambda c: c.pop("mapping"), "has no mapping"),
        (lambda c: c.__setitem__("title", {"x": 1}), "title is not a string"),
        (lambda c: c.__setitem__("create_time", "soon"), "create_time"),
    ],
)
def test_malformed_conversation_names_conversation(mutate, fragment: str) -> None:
    conv, _ = simple_conversation("Trip plan")
    mutate(conv)
    with pytest.raises(ExportFormatError) as err:
        parse_conversation(conv, 2)
    msg = str(err.value)
    assert fragment in msg
    assert msg.startswith("conversation 3") and ("'Trip plan'" in msg or "title" in fragment)


def test_malformed_nodes_name_the_node() -> None:
    conv, _ = simple_conversation("Nodes")
    node_id = conv["current_node"]
    for field, value, fragment in [
        ("author", "assistant", "author is not an object"),
        ("content", ["x"], "content is not an object"),
        ("create_time", [1], "create_time is not a time"),
    ]:
        c = copy.deepcopy(conv)
        c["mapping"][node_id]["message"][field] = value
        with pytest.raises(ExportFormatError, match=fragment) as err:
            parse_conversation(c, 0)
        assert node_id in str(err.value) and "conversation 1 ('Nodes')" in str(err.value)
    c = copy.deepcopy(conv)
    c["mapping"][node_id]["message"] = "oops"
    with pytest.raises(ExportFormatError, match="message is not an object"):
        parse_conversation(c, 0)
    c = copy.deepcopy(conv)
    c["mapping"][node_id] = 5
    with pytest.raises(ExportFormatError, match="is not an object"):
        parse_conversation(c, 0)


def test_not_an_object_and_claude_export_and_cycle() -> None:
    with pytest.raises(ExportFormatError, match="conversation 1: expected an object, found a list"):
        parse_conversation([], 0)  # type: ignore[arg-type]
    claude = {"uuid": "1", "name": "Hi", "chat_messages": [{"sender": "human", "text": "hi"}]}
    with pytest.raises(ExportFormatError, match="Claude export"):
        parse_conversation(claude, 0)
    conv, _ = simple_conversation("Loop")
    root = next(k for k, v in conv["mapping"].items() if v["parent"] is None)
    conv["mapping"][root]["parent"] = conv["current_node"]
    with pytest.raises(ExportFormatError, match="cycle"):
        parse_conversation(conv, 0)


def test_citation_markers_become_links_to_the_cited_pages() -> None:
    """ChatGPT answers carry ``【3:0†source】`` markers that mean nothing outside ChatGPT;
    the import turns them into Markdown links from ``metadata.citations``."""
    from chathub_desktop.core.chatgpt_export import link_citations

    text = "Fastly bought it【3:0†source】【3:1†source】. Unlinked【9†source】 stays."
    a = text.index("【3:0")
    b = text.index("【3:1")
    c = text.index("【9")
    meta = {"citations": [
        {"start_ix": a, "end_ix": b, "metadata": {"title": "Signal [Sciences]", "url": "https://a.example/x"}},
        {"start_ix": b, "end_ix": text.index(". U"), "metadata": {"title": "", "url": "https://b.example/"}},
        {"start_ix": c, "end_ix": c + len("【9†source】"), "metadata": {"title": "no url"}},
        {"start_ix": 0, "end_ix": 6, "metadata": {"url": "https://c.example/"}},  # not a marker: ignored
    ]}
    assert link_citations(text, meta) == (
        "Fastly bought it [Signal (Sciences)](https://a.example/x) [https://b.example/](https://b.example/)."
        " Unlinked stays.")
    assert link_citations(text, {}) == text
