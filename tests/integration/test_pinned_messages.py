"""Pinned messages (issue 19): once the summary covers a pinned message, every request
still carries it word for word — after the summary, before the recent history — and it
counts against the input budget as its own part ("pinned"), in the badge, the posted
body and the reply's receipt alike. Tool messages cannot be pinned.

Real SQLite, real HTTP to the fake vendors (chat model and History Compress model).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from tests.fakes.vendor_server import FakeVendor, Reply


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    with FakeVendor() as vendor:
        yield vendor


@pytest.fixture(autouse=True)
def small_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "4000")


PINNED = "The schema: CREATE TABLE trip (id INTEGER PRIMARY KEY, city TEXT NOT NULL);"


def _topic(svc: Services, chat: FakeVendor, summ: FakeVendor) -> tuple[int, list[int]]:
    svc.providers.add("Chat", "openai_compatible", chat.base_url, api_key="sk-chat")
    svc.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
    svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
    svc.assistants.create("Helper", provider="Chat", model="local-llm")
    topic = svc.topics.create("Helper").id
    ids = []
    filler = " lorem" * 200  # a summary of such turns shrinks the request (walk37 #12)
    for k in range(1, 4):
        ids.append(svc.chat.append_row(topic, role=Role.USER, content=PINNED if k == 2 else f"question {k}" + filler))
        ids.append(svc.chat.append_row(topic, role=Role.ASSISTANT, content=f"answer {k}" + filler))
    ids.append(svc.chat.append_row(topic, role=Role.USER, content="latest"))
    return topic, ids


def test_a_pinned_message_survives_compaction_verbatim_and_is_counted(services: Services, fake_vendor: FakeVendor,
                                                                    summ: FakeVendor) -> None:
    topic, ids = _topic(services, fake_vendor, summ)
    pinned = ids[2]  # the user's schema message
    assert services.topics.set_message_pinned(pinned, True).pinned
    assert "pinned" not in services.estimates.estimate(topic, "x").parts  # not covered yet: plain history
    summ.script(Reply(text_chunks=["<summary>Three questions about a trip database.</summary>"]))
    assert services.compaction is not None
    out = asyncio.run(services.compaction.compact(topic))
    assert out.status == "compacted" and out.cursor_message_id is not None and out.cursor_message_id > pinned
    badge = services.estimates.estimate(topic, "next question")
    assert badge.parts["pinned"] > 0
    fake_vendor.script(Reply(text_chunks=["ok"]))
    asyncio.run(services.chat.send(topic, "next question"))
    body = fake_vendor.requests[-1].body
    assert isinstance(body, dict)
    msgs = body["messages"]
    assert isinstance(msgs, list)
    assert msgs[0]["role"] == "system" and "Three questions about a trip database." in msgs[0]["content"]
    assert msgs[1] == {"role": "user", "content": PINNED}  # word for word, right after the summary
    assert [m["content"] for m in msgs].count(PINNED) == 1
    assert "question 1" not in json.dumps(msgs) and "answer 2" not in json.dumps(msgs)  # the rest stays summarized
    receipt = services.topics.messages(topic)[-1].receipt
    assert receipt is not None and receipt["pinned"] == [pinned]
    assert receipt["parts"]["pinned"] == badge.parts["pinned"]
    # unpinned: it is summarized like the rest
    services.topics.set_message_pinned(pinned, False)
    assert "pinned" not in services.estimates.estimate(topic, "x").parts


def test_tool_messages_cannot_be_pinned(services: Services) -> None:
    services.assistants.create("Helper")
    topic = services.topics.create("Helper").id
    tool = services.chat.append_row(topic, role=Role.TOOL, content="page", tool_name="browser", tool_call_id="c")
    with pytest.raises(InvalidInput):
        services.topics.set_message_pinned(tool, True)
    assert not services.topics.message(tool).pinned


def test_cli_pin(services: Services, capsys: pytest.CaptureFixture[str]) -> None:
    from chathub_desktop.cli import main

    services.assistants.create("Helper")
    topic = services.topics.create("Helper").id
    mid = services.chat.append_row(topic, role=Role.USER, content="keep me")
    assert main(["topic", "pin-message", str(mid), "--database-url", services.database_url]) == 0
    assert "pinned: compaction keeps it word for word" in capsys.readouterr().out
    assert services.topics.message(mid).pinned
    assert main(["topic", "pin-message", str(mid), "--off", "--database-url", services.database_url]) == 0
    assert not services.topics.message(mid).pinned
