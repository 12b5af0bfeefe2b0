"""Fuzz: the arguments the model sends to the recall tools and the results read back
into receipts (issue 26, APP-12). Every call's arguments parse into bounded values or
are a one-line refusal; every result stays under RESULT_CHARS; a receipt reads any
tool text without failing."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.core.messages import ChatMessage, Role
from chathub_desktop.core.recall_tools import (
    MAX_RESULTS,
    QUERY_CHARS,
    RECENT_TOPICS,
    RESULT_CHARS,
    SEARCH_TOPICS,
    RecallArgumentError,
    RecentTopic,
    TopicHit,
    consulted_topics,
    parse_args,
    recent_result,
    search_result,
)
from tests.fuzz.harness import fuzz_settings

pytestmark = pytest.mark.fuzz

_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=300),
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                    max_size=4),
                       max_leaves=10)
_ARGS = (st.fixed_dictionaries({}, optional={"query": _VALUES, "limit": _VALUES}).map(json.dumps)
         | st.text(max_size=200) | _VALUES.map(json.dumps))
_AT = datetime(2026, 12, 2, tzinfo=UTC)


@given(st.sampled_from([SEARCH_TOPICS, RECENT_TOPICS]), _ARGS)
@fuzz_settings(300)
def test_arguments_parse_bounded_or_refuse_in_one_line(name: str, arguments: str) -> None:
    try:
        args = parse_args(name, arguments)
    except RecallArgumentError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert 1 <= args.limit <= MAX_RESULTS and len(args.query) <= QUERY_CHARS
    assert args.query or name == RECENT_TOPICS


@given(st.lists(st.tuples(st.integers(1, 5), st.text(max_size=900), st.text(max_size=2000)), max_size=30),
       st.integers(1, MAX_RESULTS))
@fuzz_settings(150)
def test_results_stay_bounded_and_receipts_read_them(items: list[tuple[int, str, str]], limit: int) -> None:
    hits = [TopicHit(t, title, i, "user", _AT, text) for i, (t, title, text) in enumerate(items)]
    found = search_result("q", hits, limit)
    listed = recent_result([RecentTopic(t, title, _AT, text) for t, title, text in items], limit)
    for result in (found, listed):
        assert len(result) <= RESULT_CHARS
        msg = ChatMessage(Role.TOOL, result, tool_name=SEARCH_TOPICS if result is found else RECENT_TOPICS)
        named = {r["topic_id"] for r in consulted_topics([ChatMessage(Role.USER, "q"), msg])}
        assert named <= {t for t, _, _ in items}


@given(st.text(max_size=500) | _VALUES.map(json.dumps))
@fuzz_settings(200)
def test_a_receipt_reads_any_tool_text(content: str) -> None:
    for item in consulted_topics([ChatMessage(Role.TOOL, content, tool_name=SEARCH_TOPICS)]):
        assert isinstance(item["topic_id"], int)
