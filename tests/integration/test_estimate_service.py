"""The token badge figure comes from the same assembler as send (issue #2 item 7, TOK-2)."""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime

import pytest
from sqlalchemy import insert

from chathub_desktop.core.messages import Usage
from chathub_desktop.core.request_assembly import assemble_request
from chathub_desktop.services.container import Services
from chathub_desktop.services.context import request_context
from chathub_desktop.storage.models import Message
from tests.fakes.vendor_server import FakeVendor, Reply


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
    with svc.db.write() as s:
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
    real_load = services.loader.load
    monkeypatch.setattr(services.loader, "load", lambda *a, **k: loads.append(1) or real_load(*a, **k))
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
    # the fake reports 1,000 input tokens (≥ 70% of the local count: not a truncation, REF-27)
    fake_vendor.script(Reply(text_chunks=["fine"], usage=Usage(input_tokens=1_000, output_tokens=1)))
    asyncio.run(services.chat.send(topic, "a question with several words"))
    after = services.estimates.estimate(topic, "")
    assert after.included == 2 and after.local_total > before.local_total
    assert 1_000 >= 0.7 * before.local_total
    # this process sent that request, so its report anchors
    assert after.anchor.mode == "anchored" and after.anchor.reported_input == 1_000
    assert after.total == 1_000 + after.anchor.tail_tokens
    asyncio.run(services.chat.send(topic, "a second question"))
    two = services.estimates.estimate(topic, "")
    assert two.included == 4
    services.assistants.update("B", history_limit_enabled=True, history_limit=3)
    limited = services.estimates.estimate(topic, "")
    # the limit counts the next user message (the draft) as the newest of its 3 rows, as send does
    assert (limited.included, limited.dropped) == (2, 2)
    assert limited.history.dropped_by_limit == 2 and limited.history.configured_limit == 3
    assert limited.history.warning  # older turns dropped and no summary


def count_posted_body(body: dict[str, object], count) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Count a recorded Chat Completions body with the REF-26 rules; returns
    (tokens, rows) where rows is the number of messages + tools (framing rows)."""
    import json as _json

    total = rows = 0
    for m in body["messages"]:  # type: ignore[union-attr]
        assert isinstance(m, dict)
        content = m.get("content") or ""
        total += count(f"{m['role']}:\n{content}") + 3
        for call in m.get("tool_calls") or ():
            total += count(call["id"]) + count(call["function"]["name"]) + count(call["function"]["arguments"])
        if m.get("tool_call_id"):
            total += count(m["tool_call_id"])
        rows += 1
    for t in body.get("tools") or ():  # type: ignore[union-attr]
        f = t["function"]
        total += count(f["name"]) + count(f["description"]) + count(_json.dumps(f["parameters"], sort_keys=True)) + 3
        rows += 1
    return total, rows


def test_property_badge_equals_the_posted_request_within_the_framing_allowance(
    services: Services, fake_vendor: FakeVendor
) -> None:
    """For random topics and settings, the badge total (before send) equals the count of
    the request body send posts, within 3 framing tokens per row (REF-26)."""
    import random

    from tests.fakes.vendor_server import Reply

    rng = random.Random(20240611)
    words = ["alpha", "beta", "naïve", "код", "数据", "emoji 🎉", "x" * 40, "\n\n", "{{text}}", "1234", "—"]
    services.providers.add("F", "openai", fake_vendor.base_url, api_key="sk-x")
    for case in range(12):
        name = f"A{case}"
        template = rng.choice(["{{text}}", "Question: {{text}}", "{{text}}\n\nContext first.", "<q>{{text}}</q> please"])
        limit = rng.choice([None, 1, 3, 7, 50])
        services.assistants.create(
            name, provider="F", model=rng.choice(["gpt-4o", "gpt-4", "gpt-3.5-turbo"]),
            instructions=" ".join(rng.choices(words, k=rng.randint(0, 30))),
        )
        services.assistants.update(name, input_template=template, history_limit_enabled=limit is not None,
                                   history_limit=limit or 20)
        topic = services.topics.create(name).id
        now = datetime.now(UTC)
        n = rng.randint(0, 25)
        if n:
            with services.db.write() as s:
                s.execute(insert(Message), [
                    {"topic_id": topic, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
                     "content": " ".join(rng.choices(words, k=rng.randint(1, 40))), "created_at": now,
                     "status": rng.choice(["complete"] * 5 + ["error"])}
                    for i in range(n)
                ])
        draft = " ".join(rng.choices(words, k=rng.randint(1, 30)))
        est = services.estimates.estimate(topic, draft)
        assert est.anchor.mode == "counted"
        fake_vendor.script(Reply())
        sent_before = len(fake_vendor.requests)
        asyncio.run(services.chat.send(topic, draft))
        body = fake_vendor.requests[sent_before].body
        assert body is not None
        ctx = request_context.load_context(services.db, services.catalog, topic)
        posted, rows = count_posted_body(body, ctx.counter.count)
        assert abs(est.total - posted) <= 3 * rows, (case, limit, est.parts, posted)


def test_cli_topic_estimate_prints_the_popover_breakdown(
    capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``topic estimate TOPIC --draft TEXT --json``: parts, total, budget, watermarks,
    history window, anchor, cache block (TOK-1..TOK-6)."""
    import json

    from tests.integration.test_cli import run, setup

    topic = setup(capsys, fake_vendor, monkeypatch)
    code, out, _ = run(capsys, "topic", "estimate", str(topic), "--draft", "hello world", "--json")
    data = json.loads(out)
    assert code == 0 and data["parts"]["draft"] > 0
    assert {"total", "local_total", "input_budget", "high_watermark", "low_watermark", "history", "anchor",
            "cache", "correction"} <= set(data)
    assert data["high_watermark"] == 0.8 and data["low_watermark"] == pytest.approx(0.6)
    assert {"included", "dropped_by_limit", "dropped_by_cursor", "configured_limit", "expanded_to",
            "topic_tokens", "last_compaction", "warning"} <= set(data["history"])
    assert data["anchor"]["mode"] in ("counted", "fallback") and "used" in data["anchor"]
    assert data["cache"]["line"]
    code, out, _ = run(capsys, "topic", "estimate", str(topic))
    assert code == 0 and "next request:" in out and "anchor:" in out and "cache:" in out
    # issue 24: the popover's rows, which add up to the figure
    rows = re.findall(r"^  (?!Total Used)[^:\n]+: ([+−]?[\d,]+)", out, re.MULTILINE)
    total = re.search(r"^  Total Used: ([\d,]+)", out, re.MULTILINE)
    assert "Per-message overhead:" in out and total is not None
    assert sum(int(r.replace(",", "").replace("+", "").replace("−", "-")) for r in rows) == \
        int(total.group(1).replace(",", ""))


def test_an_unknown_model_says_its_window_is_a_fallback(services: Services) -> None:
    """NUM-2: a model in neither the catalog nor the user's cards gets the provider
    kind's fallback window, and the estimate says so."""
    services.providers.add("Claude", "anthropic", "http://127.0.0.1:9", api_key="k")
    services.assistants.create("Known", provider="Claude", model="claude-sonnet-4-5")
    services.assistants.create("Odd", provider="Claude", model="totally-unknown-model")
    known, odd = services.topics.create("Known").id, services.topics.create("Odd").id
    assert services.estimates.estimate(known).window_known is True
    est = services.estimates.estimate(odd)
    assert est.window_known is False and est.context_window == 1_000_000
    services.models.set("totally-unknown-model", context_window=8192)
    assert services.estimates.estimate(odd).window_known is True
