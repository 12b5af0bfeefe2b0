"""A group topic through the real send path, against the fake vendor over HTTP (issue 24).

MEM-4: the memory tools are offered only in a one-to-one topic chat. Seed 000 "Scope" /
CMP-16: group chats keep their own raw history — the assistant's memory block still
applies, but there is no topic summary and no compaction.

The group topic is made the way a user gets one: a topic export whose ``kind`` is
``group``, imported with Topic → Import.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest

from chathub_desktop.core.memory_tools import MEMORY_TOOL_NAMES
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import Topic, TopicCompaction
from tests.fakes.vendor_server import FakeVendor, Reply

ROW = "The migration plan covers the schema, the backfill, the rollback and step {i}. " * 10


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


def group_topic(svc: Services, chat: FakeVendor, summ: FakeVendor) -> int:
    """A group topic of 24 rows (about 4,300 tokens, over the 0.8 high watermark of a
    4,000-token window) of an assistant with memory on, a history limit of 4, Summarize
    history and token auto-compact on, and a stored topic summary."""
    svc.providers.add("Fake", "openai", chat.base_url, api_key="sk-m")
    svc.models.set("gpt-4o", 4_000, provider="Fake", max_output=4_000)
    svc.providers.add("Summ", "openai", summ.base_url, api_key="sk-s")
    svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
    svc.assistants.create("Mem", provider="Fake", model="gpt-4o", instructions="Be brief.")
    svc.assistants.update("Mem", auto_compact=True, history_limit_enabled=True, history_limit=4,
                          summarize_history=True)
    svc.memory.add("Mem", "Prefers dark mode in every editor")
    source = svc.topics.create("Mem", "Team chat").id
    for i in range(24):
        svc.chat.append_row(source, role=Role.USER if i % 2 == 0 else Role.ASSISTANT, content=ROW.format(i=i))
    export = svc.topic_files.export_json(source)
    export["topic"]["kind"] = "group"
    topic = svc.topic_files.import_json(json.dumps(export).encode(), "Mem").id
    first = svc.topics.messages(topic)[0].id
    with svc.db.write() as s:
        s.add(TopicCompaction(topic_id=topic, summary="GROUP SUMMARY NOT TO BE SENT", cursor_message_id=first,
                              debug_log=[], archives=[], failure_count=0))
    return topic


def test_a_group_topic_is_sent_with_the_memory_block_but_no_memory_tools_summary_or_compaction(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    topic = group_topic(services, fake_vendor, summ)
    with services.db.read() as s:
        assert s.get(Topic, topic).kind == "group"  # type: ignore[union-attr]
    fake_vendor.script(Reply(text_chunks=["ok"]))
    out = asyncio.run(services.chat.send(topic, "hello team"))
    assert out.status == "complete", out.error
    body = fake_vendor.last_request.body
    assert body is not None
    offered = {t["function"]["name"] for t in body.get("tools") or ()}  # type: ignore[union-attr,index]
    assert offered.isdisjoint(MEMORY_TOOL_NAMES), offered  # MEM-4
    messages = body["messages"]
    system = messages[0]["content"]  # type: ignore[index]
    assert system.startswith("Be brief.") and "#1: Prefers dark mode in every editor" in system
    assert "GROUP SUMMARY NOT TO BE SENT" not in json.dumps(body)  # CMP-16: no topic summary
    assert summ.requests == []  # no compaction, before or after the send
    assert services.compaction is not None
    assert len(services.compaction.summary(topic).debug_log) == 0
    assert services.estimates.estimate(topic).parts.get("tools", 0) == 0  # the badge weighs the same


def test_a_stray_memory_tool_call_in_a_group_topic_changes_no_memory(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    """The tools are not offered there; a call the model makes anyway writes nothing."""
    from chathub_desktop.core.messages import ToolCall

    topic = group_topic(services, fake_vendor, summ)
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("c1", "add", json.dumps({"text": "Team likes tabs"}))]),
        Reply(text_chunks=["ok"]),
    )
    asyncio.run(services.chat.send(topic, "remember that the team likes tabs"))
    assert [e.text for e in services.memory.entries("Mem")] == ["Prefers dark mode in every editor"]
