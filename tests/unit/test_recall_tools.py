"""The recall tools' pure rules (issue 26, APP-12, MEM-4, MEM-7)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from chathub_desktop.core.context_receipt import recalled_topics, receipt_lines
from chathub_desktop.core.memory_tools import MEMORY_TOOLS, write_is_untrusted
from chathub_desktop.core.messages import ChatMessage, Role
from chathub_desktop.core.recall_tools import (
    DATA_NOTICE,
    HITS_PER_TOPIC,
    RECALL_TOOLS,
    RECENT_TOPICS,
    SEARCH_TOPICS,
    RecallArgumentError,
    RecentTopic,
    TopicHit,
    consulted_topics,
    parse_args,
    recent_result,
    search_result,
)
from chathub_desktop.core.request_plan import PlanInputs, without_memory

AT = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Trace:
    """A stored tool message as the trust check reads it."""

    tool_name: str
    content_type: str | None = None


def test_arguments_are_checked_and_the_limit_clamped() -> None:
    assert parse_args(SEARCH_TOPICS, '{"query": " ryokan ", "limit": 99}').limit == 10
    assert parse_args(SEARCH_TOPICS, '{"query": "ryokan"}').query == "ryokan"
    assert parse_args(RECENT_TOPICS, None).limit == 5
    for bad, reason in [('{"query": ""}', "query must be a non-empty string"),
                        ('{"query": "x", "limit": "3"}', "limit must be a whole number"),
                        ("[1]", "the arguments of searchTopics must be a JSON object"),
                        ("{", "the arguments of searchTopics are not JSON"),
                        (json.dumps({"query": "q" * 201}), "query is longer than 200 characters")]:
        with pytest.raises(RecallArgumentError) as err:
            parse_args(SEARCH_TOPICS, bad)
        assert str(err.value) == reason


def test_a_search_result_keeps_two_hits_per_topic_and_says_it_is_data() -> None:
    hits = [TopicHit(1, "Kyoto trip", i, "user", AT, f"ryokan {i}") for i in range(5)]
    hits.append(TopicHit(2, "Schema", 9, "assistant", AT, "ryokan table"))
    result = json.loads(search_result("ryokan", hits, 10))
    assert result["notice"] == DATA_NOTICE
    assert [h["topic_id"] for h in result["results"]] == [1] * HITS_PER_TOPIC + [2]
    assert result["results"][0] == {"topic_id": 1, "title": "Kyoto trip", "date": "2026-11-30",
                                    "message_id": 0, "role": "user", "snippet": "ryokan 0"}
    assert json.loads(search_result("zz", [], 5))["found"] == "nothing in this assistant's other topics"


def test_a_recent_result_cuts_long_summaries_and_leaves_out_what_does_not_fit() -> None:
    topics = [RecentTopic(i, f"T{i}", AT, "word " * 400) for i in range(10)]
    result = json.loads(recent_result(topics, 10))
    assert all(len(t["summary"]) <= 600 and t["summary"].endswith("…") for t in result["topics"])
    assert len(result["topics"]) < 10 and result["more"].endswith("left out to keep this result short")


def test_the_receipt_names_the_topics_of_this_turn_only() -> None:
    old = ChatMessage(Role.TOOL, search_result("a", [TopicHit(7, "Old", 1, "user", AT, "a")], 5),
                      tool_name=SEARCH_TOPICS)
    new = ChatMessage(Role.TOOL, recent_result([RecentTopic(8, "New", AT, "")], 5), tool_name=RECENT_TOPICS)
    other = ChatMessage(Role.TOOL, json.dumps({"results": [{"topic_id": 9}]}), tool_name="time__now")
    sent = [ChatMessage(Role.USER, "1"), old, ChatMessage(Role.USER, "2"), new, other]
    assert consulted_topics(sent) == [{"topic_id": 8, "title": "New"}]
    receipt = {"recalled": [{"topic_id": 8, "title": "New"}, {"topic_id": True}, "x"]}
    assert recalled_topics(receipt) == [(8, "New")]
    assert "Recalled topics: New (topic 8)" in receipt_lines(receipt)
    assert not any(line.startswith("Recalled") for line in receipt_lines({}))


def test_private_and_group_topics_get_no_recall_tools() -> None:
    tools = MEMORY_TOOLS + RECALL_TOOLS
    regular = PlanInputs(history=(), tools=tools)
    assert without_memory(regular).tools == tools
    for inputs in (PlanInputs(history=(), tools=tools, private=True),
                   PlanInputs(history=(), tools=tools, regular=False)):
        assert without_memory(inputs).tools == ()


def test_a_recall_result_taints_a_later_memory_write() -> None:
    """MEM-7: recalled text came from earlier conversations, not from the user now."""
    assert write_is_untrusted([Trace(SEARCH_TOPICS)]) is True
    assert write_is_untrusted([Trace(RECENT_TOPICS)]) is True
    assert write_is_untrusted([Trace("searchMemory")]) is False
