"""Private topics (issue 19): no memory block and no memory tools in their requests, the
dream never reads them, the CLI creates and toggles them; and each reply's context
receipt (``topic show --receipts --json``) states what its request carried.

Real SQLite, real HTTP against the fake vendor; the CLI's ``main`` runs in-process (the
test is about what the commands print and store, not about the process).
"""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, date, datetime, timedelta

import pytest

from chathub_desktop.cli import main
from chathub_desktop.core.messages import Role, ToolCall, Usage
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.dream_service import DreamService
from tests.fakes.vendor_server import FakeVendor, Reply

DAY = date(2026, 11, 30)
AT = datetime(2026, 11, 30, 15, 0, tzinfo=UTC)
NOW = datetime(2026, 12, 1, 2, 30, tzinfo=UTC)


def _helper(services: Services, vendor: FakeVendor) -> None:
    services.providers.add("F", "openai", vendor.base_url, api_key="sk-x")
    services.assistants.create("Helper", provider="F", model="gpt-4o", instructions="Be brief.")
    services.memory.add("Helper", "Prefers window seats on trains.")


def _body(vendor: FakeVendor, i: int = -1) -> dict[str, object]:
    body = vendor.requests[i].body
    assert isinstance(body, dict)
    return body


def test_a_private_topic_sends_no_memory_and_no_memory_tools(services: Services, fake_vendor: FakeVendor) -> None:
    _helper(services, fake_vendor)
    open_topic = services.topics.create("Helper").id
    private = services.topics.create("Helper", private=True)
    assert private.private and services.topics.get(private.id).private
    fake_vendor.script(Reply(text_chunks=["ok"]), Reply(text_chunks=["ok"]))
    asyncio.run(services.chat.send(open_topic, "hello"))
    asyncio.run(services.chat.send(private.id, "hello"))
    normal, secret = _body(fake_vendor, -2), _body(fake_vendor, -1)
    assert "Prefers window seats" in json.dumps(normal) and normal.get("tools")
    assert "Prefers window seats" not in json.dumps(secret) and "<assistant_memory>" not in json.dumps(secret)
    assert "tools" not in secret
    badge = services.estimates.estimate(private.id, "next")
    assert "memory" not in badge.parts and "tools" not in badge.parts
    # A memory tool called anyway (e.g. from an older reply) does nothing there.
    result = services.memory.execute_tool("Helper", private.id,
                                          ToolCall("c1", "addMemory", '{"text": "Owns a red bike."}'))
    assert json.loads(result)["error"] == "private_topic"
    assert [e.text for e in services.memory.entries("Helper")] == ["Prefers window seats on trains."]


def test_turning_privacy_off_brings_memory_back_from_the_next_request(services: Services,
                                                                      fake_vendor: FakeVendor) -> None:
    _helper(services, fake_vendor)
    topic = services.topics.create("Helper", private=True).id
    assert "memory" not in services.estimates.estimate(topic, "x").parts
    assert not services.topics.set_private(topic, False).private
    assert services.estimates.estimate(topic, "x").parts.get("memory", 0) > 0
    assert services.topics.set_private(topic, True).private
    assert "memory" not in services.estimates.estimate(topic, "x").parts


def test_the_dream_never_reads_a_private_topic(services: Services, fake_vendor: FakeVendor) -> None:
    services.providers.add("Summ", "openai", fake_vendor.base_url, api_key="sk-summ")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    services.assistants.create("Helper", provider="Summ", model="gpt-4o")
    dreams = DreamService(services.db, services.bus, services.providers, services.catalog, services.settings,
                          clock=lambda: NOW)
    shared = services.topics.create("Helper", title="Shared topic").id
    hidden = services.topics.create("Helper", title="Hidden topic", private=True).id
    services.chat.append_row(shared, role=Role.USER, content="I like bullet points", created_at=AT)
    services.chat.append_row(hidden, role=Role.USER, content="my medical results are private", created_at=AT)
    services.chat.append_row(hidden, role=Role.ASSISTANT, content="noted", created_at=AT + timedelta(minutes=1))
    titles = [m.title for m in dreams.materials("Helper", DAY)]
    assert titles == ["Shared topic"]
    fake_vendor.script(Reply(text_chunks=["- Likes bullet points"]))
    out = asyncio.run(dreams.run_day("Helper", DAY))
    assert out.status == "appended"
    sent = json.dumps(_body(fake_vendor))
    assert "bullet points" in sent and "medical" not in sent and "Hidden topic" not in sent


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run one command of the CLI in-process; its stdout. Fails on a non-zero exit."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_cli_private_topics_and_receipts(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                         fake_vendor: FakeVendor) -> None:
    monkeypatch.setenv("FAKE_KEY", "sk-x")  # the data dir is the test's own (tests/conftest.py)
    _cli(capsys, "provider", "add", "Fake", "--kind", "openai", "--base-url", fake_vendor.base_url,
         "--api-key-env", "FAKE_KEY")
    _cli(capsys, "assistant", "create", "Helper", "--provider", "Fake", "--model", "gpt-4o")
    _cli(capsys, "memory", "add", "--assistant", "Helper", "Lives in Lisbon.")
    created = json.loads(_cli(capsys, "topic", "create", "--assistant", "Helper", "--private", "--json"))
    assert created["private"] is True
    topic = str(created["id"])
    fake_vendor.script(Reply(text_chunks=["hi"], usage=Usage(input_tokens=40, output_tokens=1, cached_tokens=10)))
    _cli(capsys, "chat", "send", "--topic", topic, "hello")
    assert "tools" not in _body(fake_vendor)
    assert "is not private" in _cli(capsys, "topic", "set", topic, "private", "off")
    assert json.loads(_cli(capsys, "topic", "list", "--json"))[0]["private"] is False
    fake_vendor.script(Reply(text_chunks=["hi again"]))
    _cli(capsys, "chat", "send", "--topic", topic, "and now?")
    shown = json.loads(_cli(capsys, "topic", "show", topic, "--receipts", "--json"))["messages"]
    receipts = [m["receipt"] for m in shown if m["role"] == "assistant"]
    assert [r["private"] for r in receipts] == [True, False]
    first, second = receipts
    assert "memory" not in first["parts"] and first["memory"]["fixed"] == [] and first["tools"] == []
    assert second["memory"]["fixed"] == [1] and second["parts"]["memory"] > 0
    assert second["history"]["included"] == 3  # hello, hi, and now?
    assert first["local_tokens"] == sum(first["parts"].values())
    plain = json.loads(_cli(capsys, "topic", "show", topic, "--json"))["messages"]
    assert all("receipt" not in m for m in plain)  # only when asked for
    human = _cli(capsys, "topic", "show", topic, "--receipts")
    assert "ⓘ Memory: none — this topic is private" in human and "provider reported 40, cache hit 10 (25%)" in human
