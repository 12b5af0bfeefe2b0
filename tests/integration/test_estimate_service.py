"""The token badge figure comes from the same assembler as send (issue #2 item 7, TOK-2)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest
from sqlalchemy import insert

from chathub_desktop.core.request_assembly import assemble_request
from chathub_desktop.services import estimate_service, request_context
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import Message
from tests.fakes.vendor_server import FakeVendor


def big_topic(svc: Services, n: int) -> int:
    svc.providers.add("P", "openai_compatible", "http://127.0.0.1:9/v1")
    svc.assistants.create("A", provider="P", model="gpt-4o", instructions="Be brief.")
    topic = svc.topics.create("A").id
    now = datetime.now(UTC)
    rows = [
        {"topic_id": topic, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
         "content": f"message {i} about the weather in Lisbon and code", "created_at": now}
        for i in range(n)
    ]
    with svc.db.transaction() as s:
        s.execute(insert(Message), rows)
    return topic


def test_typing_recounts_only_the_draft_on_a_20000_message_topic(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TOK-2: after the first estimate, a keystroke neither reloads nor re-tokenizes history."""
    topic = big_topic(services, 20_000)
    first = services.estimates.estimate(topic, "")
    assert first.included == 20_000

    loads: list[int] = []
    real_load = request_context.load_context
    monkeypatch.setattr(estimate_service, "load_context", lambda *a, **k: loads.append(1) or real_load(*a, **k))
    counted: list[str] = []
    counter = services.estimates._cache[topic].ctx.counter
    real_count = counter.count
    monkeypatch.setattr(counter, "count", lambda text: counted.append(text) or real_count(text))

    draft = ""
    for ch in "What should I pack?":
        draft += ch
        est = services.estimates.estimate(topic, draft)
    assert loads == []
    assert all("Lisbon" not in text for text in counted)
    assert est.parts["draft"] > 0
    assert est.total == first.total + est.parts["draft"]


def test_badge_equals_the_assembled_request_with_the_draft(services: Services) -> None:
    """The badge total is the count of the request send would build with that draft."""
    topic = big_topic(services, 50)
    services.assistants.update("A", input_template="Please: {{text}}")
    est = services.estimates.estimate(topic, "hello there")
    ctx = request_context.load_context(services.db, services.catalog, topic, services.memory, services.tools)
    assert ctx.base_input.tools  # the memory tools are offered (MEM-4) and counted
    plan = assemble_request(ctx.with_draft("hello there"), ctx.counter.count)
    assert est.total == plan.total_tokens
    assert est.parts == {p.name: p.tokens for p in plan.parts}


def test_estimate_follows_history_limit_and_invalidates_on_new_messages(
    services: Services, fake_vendor: FakeVendor
) -> None:
    services.providers.add("F", "openai", fake_vendor.base_url, api_key="sk-x")
    services.assistants.create("B", provider="F", model="gpt-4o")
    topic = services.topics.create("B").id
    before = services.estimates.estimate(topic, "")
    asyncio.run(services.chat.send(topic, "a question with several words"))
    after = services.estimates.estimate(topic, "")
    assert after.included == 2 and after.total > before.total
    services.assistants.update("B", history_limit_enabled=True, history_limit=1)
    limited = services.estimates.estimate(topic, "")
    assert (limited.included, limited.dropped) == (1, 1)
