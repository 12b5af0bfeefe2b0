"""Recall earlier topics in a real chat turn (issue 26, APP-12, MEM-1, MEM-4, MEM-7, TOK-1).

Real store, real search index, the fake vendor over HTTP calling ``searchTopics`` /
``recentTopics`` in each wire format. Every test runs on SQLite; the tools' own queries
(a search in one wire format, a CJK search, the recent-topics listing) run on PostgreSQL
too (:data:`BOTH_ENGINES`). The flows that only pass a result through (the other wire
formats, the receipt, the badge, the switches, the bound, a memory write) add nothing
there that tests/integration/test_search.py's PostgreSQL runs do not cover (issue 28).
"""

from __future__ import annotations

import asyncio
import json

import pytest

from chathub_desktop.core.context_receipt import receipt_lines
from chathub_desktop.core.memory_injection import UNTRUSTED_OPEN
from chathub_desktop.core.messages import Role, ToolCall
from chathub_desktop.core.recall_tools import DATA_NOTICE, RESULT_CHARS
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.storage.models import Topic, TopicCompaction
from tests.fakes.vendor_server import FakeVendor, Reply

RECALL = {"searchTopics", "recentTopics"}


BOTH_ENGINES = pytest.mark.parametrize("svc", ["sqlite", "postgresql"], indirect=True)


@pytest.fixture
def svc(request: pytest.FixtureRequest) -> Services:
    """Services over a fresh store at the newest schema: SQLite, or the engine a
    :data:`BOTH_ENGINES` test names."""
    if getattr(request, "param", "sqlite") == "sqlite":
        s = open_services(request.getfixturevalue("migrated_sqlite")("s.sqlite3"))
    else:
        s = open_services(request.getfixturevalue("migrated_postgres_url"))
    request.addfinalizer(s.close)
    return s


def setup(svc: Services, vendor: FakeVendor, kind: str = "openai") -> dict[str, int]:
    """An assistant with three earlier topics (one private) and a new topic to ask in."""
    svc.providers.add("Fake", kind, vendor.base_url, api_key="sk-t")
    svc.assistants.create("Helper", provider="Fake", model="gpt-4o", instructions="Be brief.")
    svc.assistants.create("Other", provider="Fake", model="gpt-4o")
    ids: dict[str, int] = {}
    for key, title, text in [
        ("trip", "Kyoto trip", "We booked the ryokan in Kyoto for the 14th, room with a garden view."),
        ("db", "Schema work", "The migration adds /srv/app/schema.sql and keeps the ryokan table out."),
        ("secret", "Private notes", "My ryokan budget is secret."),
    ]:
        ids[key] = svc.topics.create("Helper", title).id
        svc.topics.append_message(ids[key], Role.USER, text)
        svc.topics.append_message(ids[key], Role.ASSISTANT, "Noted.")
    svc.topics.set_private(ids["secret"], True)
    other = svc.topics.create("Other", "Someone else's").id
    svc.topics.append_message(other, Role.USER, "Another assistant's ryokan plan.")
    with svc.db.write() as s:
        s.add(TopicCompaction(topic_id=ids["trip"], summary="Planned a Kyoto trip; ryokan booked.",
                              debug_log=[], archives=[], failure_count=0))
    ids["now"] = svc.topics.create("Helper", "Today").id
    return ids


def tool_names(body: object) -> set[str]:
    assert isinstance(body, dict)
    return {(t.get("function") or t)["name"] for t in body.get("tools") or ()}


def tool_rows(svc: Services, topic: int) -> list[dict[str, object]]:
    return [json.loads(m.content) for m in svc.topics.messages(topic) if m.role == "tool"]


@pytest.mark.parametrize(("svc", "kind"), [("sqlite", "openai"), ("sqlite", "openai_responses"),
                                           ("sqlite", "anthropic"), ("postgresql", "openai")], indirect=["svc"])
def test_the_model_searches_earlier_topics_in_each_wire_format(
        svc: Services, fake_vendor: FakeVendor, kind: str) -> None:
    """Both tools are posted; a search returns ranked snippets of this assistant's other
    public topics with title, date and message reference; the reply's receipt names the
    topics consulted."""
    ids = setup(svc, fake_vendor, kind)
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("c1", "searchTopics", json.dumps({"query": "ryokan"}))]),
        Reply(text_chunks=["You booked it for the 14th."]),
    )
    out = asyncio.run(svc.chat.send(ids["now"], "when was the ryokan?"))
    assert out.text == "You booked it for the 14th."
    assert RECALL <= tool_names(fake_vendor.requests[0].body)
    [result] = tool_rows(svc, ids["now"])
    assert result["notice"] == DATA_NOTICE
    hits = result["results"]
    assert isinstance(hits, list)
    assert {h["topic_id"] for h in hits} == {ids["trip"], ids["db"]}  # not private, not another assistant's
    trip = next(h for h in hits if h["topic_id"] == ids["trip"])
    assert trip["title"] == "Kyoto trip" and "ryokan" in trip["snippet"] and len(trip["date"]) == 10
    assert trip["message_id"] == svc.topics.messages(ids["trip"])[0].id
    # the result went back to the model, and the reply's receipt lists the topics
    assert json.dumps(svc.topics.messages(ids["now"])[2].content)[1:-1] in json.dumps(fake_vendor.requests[1].body)
    assert out.receipt is not None
    assert {r["topic_id"] for r in out.receipt["recalled"]} == {ids["trip"], ids["db"]}  # type: ignore[union-attr]
    lines = receipt_lines(out.receipt)
    assert any(line.startswith("Recalled topics: ") and "Kyoto trip (topic" in line for line in lines)


@BOTH_ENGINES
def test_recent_topics_lists_dates_and_summaries_without_the_current_or_private_topic(
        svc: Services, fake_vendor: FakeVendor) -> None:
    ids = setup(svc, fake_vendor)
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("c1", "recentTopics", json.dumps({"limit": 50}))]),
        Reply(text_chunks=["Two topics."]),
    )
    out = asyncio.run(svc.chat.send(ids["now"], "what did we talk about lately?"))
    [result] = tool_rows(svc, ids["now"])
    topics = result["topics"]
    assert isinstance(topics, list)
    assert [t["topic_id"] for t in topics] == [ids["db"], ids["trip"]]  # newest first
    assert topics[1]["summary"] == "Planned a Kyoto trip; ryokan booked."
    assert topics[0]["summary"] == "(no summary yet)"
    assert out.receipt is not None and len(out.receipt["recalled"]) == 2  # type: ignore[arg-type]


def test_a_recalled_untitled_topic_is_marked_in_the_receipt_not_in_what_the_model_reads(
        svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 27: the receipt marks a recalled topic nobody titled (the window says its
    title in the interface language); the tool result the model reads keeps "New topic"."""
    ids = setup(svc, fake_vendor)
    untitled = svc.topics.create("Helper").id
    svc.topics.append_message(untitled, Role.USER, "The ryokan deposit is paid.")
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("c1", "recentTopics", json.dumps({"limit": 50}))]),
        Reply(text_chunks=["Three topics."]),
    )
    out = asyncio.run(svc.chat.send(ids["now"], "what did we talk about lately?"))
    [result] = tool_rows(svc, ids["now"])
    assert {t["topic_id"]: t["title"] for t in result["topics"]}[untitled] == "New topic"  # type: ignore[union-attr]
    assert "untitled" not in json.dumps(result)
    assert out.receipt is not None
    marked = {r["topic_id"]: r.get("untitled") for r in out.receipt["recalled"]}  # type: ignore[union-attr]
    assert marked == {untitled: True, ids["db"]: None, ids["trip"]: None}


def test_the_tools_are_absent_in_private_and_group_topics_and_with_memory_or_recall_off(
        svc: Services, fake_vendor: FakeVendor) -> None:
    ids = setup(svc, fake_vendor)

    def posted(topic: int) -> set[str]:
        fake_vendor.script(Reply(text_chunks=["Hi."]))
        asyncio.run(svc.chat.send(topic, "hello"))
        return tool_names(fake_vendor.last_request.body)

    assert RECALL <= posted(ids["now"])
    assert not RECALL & posted(ids["secret"])  # private
    with svc.db.write() as s:
        s.get(Topic, ids["db"]).kind = "group"  # type: ignore[union-attr]
    assert not RECALL & posted(ids["db"])  # group
    svc.assistants.update("Helper", recall_topics=False)
    assert not RECALL & posted(ids["now"])
    svc.assistants.update("Helper", recall_topics=True, memory_enabled=False)
    assert not RECALL & posted(ids["now"])


def test_the_badge_counts_the_recall_schemas_the_send_posts(svc: Services, fake_vendor: FakeVendor) -> None:
    """TOK-1: switching recall off shrinks the Tools part of the estimate."""
    ids = setup(svc, fake_vendor)
    on = svc.estimates.estimate(ids["now"], "").parts["tools"]
    svc.assistants.update("Helper", recall_topics=False)
    svc.estimates.invalidate(ids["now"])
    off = svc.estimates.estimate(ids["now"], "").parts.get("tools", 0)
    assert on > off > 0


def test_a_memory_write_after_a_recall_result_is_stored_untrusted(svc: Services, fake_vendor: FakeVendor) -> None:
    """MEM-7: recalled text is data; an entry the model saves after reading it lands in
    the untrusted section of the next request."""
    ids = setup(svc, fake_vendor)
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("c1", "searchTopics", json.dumps({"query": "ryokan"}))]),
        Reply(text_chunks=[], tool_calls=[ToolCall("c2", "add", json.dumps({"text": "Stays in ryokans"}))]),
        Reply(text_chunks=["Saved."]),
    )
    asyncio.run(svc.chat.send(ids["now"], "remember how I travel"))
    view = {v.text: v for v in svc.memory.entry_views("Helper")}["Stays in ryokans"]
    assert view.origin == "agent" and view.trusted is False
    block = svc.memory.injection_block("Helper")
    assert UNTRUSTED_OPEN in block and "Stays in ryokans" in block.split(UNTRUSTED_OPEN, 1)[1]


@BOTH_ENGINES
def test_bad_arguments_and_cjk_queries(svc: Services, fake_vendor: FakeVendor) -> None:
    ids = setup(svc, fake_vendor)
    cjk = svc.topics.create("Helper", "花生").id
    svc.topics.append_message(cjk, Role.USER, "我对花生过敏，请记住。")
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("c1", "searchTopics", json.dumps({"query": ""}))]),
        Reply(text_chunks=[], tool_calls=[ToolCall("c2", "searchTopics", json.dumps({"query": "花生过敏"}))]),
        Reply(text_chunks=["Noted."]),
    )
    asyncio.run(svc.chat.send(ids["now"], "allergies?"))
    bad, found = tool_rows(svc, ids["now"])
    assert bad == {"error": "query must be a non-empty string"}
    assert [h["topic_id"] for h in found["results"]] == [cjk]  # type: ignore[index]


def test_a_result_stays_bounded(svc: Services, fake_vendor: FakeVendor) -> None:
    ids = setup(svc, fake_vendor)
    for i in range(12):
        t = svc.topics.create("Helper", f"Long {i} " + "x" * 400).id
        svc.topics.append_message(t, Role.USER, "ryokan " + "y" * 5000)
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("c1", "searchTopics", json.dumps({"query": "ryokan", "limit": 10}))]),
        Reply(text_chunks=["Ok."]),
    )
    asyncio.run(svc.chat.send(ids["now"], "ryokan?"))
    [row] = [m for m in svc.topics.messages(ids["now"]) if m.role == "tool"]
    assert len(row.content) <= RESULT_CHARS
    assert 1 <= len(json.loads(row.content)["results"]) <= 10
