"""Usage figures that tell the truth, through the fake vendor over HTTP (issue 17,
APP-1, TOK-3, TOK-6, CMP-7, REF-27, REF-31): for each usage shape — OpenAI with cached
tokens inside the prompt, llama.cpp-style cached tokens beside it, Anthropic cache read
and cache write — the stored input, the badge, the token trigger and the cache line;
then the trigger and the planner using one figure (CMP-7), a server that silently read
only part of a request (REF-27), message-count compaction under the bounded history
limit (CMP-13, REF-19a) and a 2,048-token summarizer (CMP-4)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import insert, select

from chathub_desktop.core.messages import Role, Usage
from chathub_desktop.core.request_assembly import message_tokens
from chathub_desktop.core.token_estimate import INPUT_TRUNCATED
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import CorrectionFactor, Message, TopicCompaction
from chathub_desktop.tokens.counter import TokenCounter
from tests.fakes.vendor_server import FakeVendor, Reply, beside_cache_usage

ROW = "The migration plan covers the schema, the backfill, the rollback and step {i}. " * 10


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


def topic_of(svc: Services, vendor: FakeVendor, rows: int, *, kind: str = "openai", model: str = "gpt-4o",
             window: int | None = None, **assistant: object) -> int:
    """A topic of ``rows`` stored messages (about 170 tokens each) on ``model``."""
    svc.providers.add("F", kind, vendor.base_url, api_key="sk-x")
    if window is not None:
        svc.models.set(model, window, provider="F")
    svc.assistants.create("A", provider="F", model=model, instructions="Be brief.")
    svc.assistants.update("A", auto_compact=False, **assistant)
    topic = svc.topics.create("A").id
    now = datetime.now(UTC) - timedelta(days=1)
    with svc.db.write() as s:
        s.execute(insert(Message), [
            {"topic_id": topic, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
             "content": ROW.format(i=i), "created_at": now} for i in range(rows)])
    return topic


def send(svc: Services, vendor: FakeVendor, topic: int, reply: Reply, text: str = "go on") -> Message:
    vendor.script(reply)
    out = asyncio.run(svc.chat.send(topic, text))
    assert out.status == "complete", out.error
    with svc.db.read() as s:
        row = s.get(Message, out.reply_message_id)
        assert row is not None
        s.expunge(row)
        return row


def trigger_figure(svc: Services, topic: int) -> int:
    assert svc.compaction is not None
    return svc.compaction.trigger_estimate(svc.loader.load(topic, pending_user=True))


def test_openai_cached_inside_the_prompt(services: Services, fake_vendor: FakeVendor) -> None:
    topic = topic_of(services, fake_vendor, 104)
    local = services.estimates.estimate(topic).local_total
    reported = round(local * 1.02)
    cached = reported - 147
    row = send(services, fake_vendor, topic, Reply(text_chunks=["ok"], raw_usage={
        "prompt_tokens": reported, "completion_tokens": 1, "prompt_tokens_details": {"cached_tokens": cached}}))
    assert (row.input_tokens, row.cached_tokens) == (reported, cached)  # stored as reported: inside
    est = services.estimates.estimate(topic)
    assert est.anchor.mode == "anchored" and est.total == reported + est.anchor.tail_tokens
    assert trigger_figure(services, topic) == est.total
    rate = f"{round(1000 * cached / reported) / 10:.1f}"
    assert est.cache.line == f"{rate}% hit · working · {cached:,} / {reported:,}"


def test_llamacpp_cached_beside_the_prompt_counts_the_whole_input_and_fires_compaction(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    """prompt 2,000 + cached 28,000 = 30,000 input in a 32k window: stored, anchored,
    the hit rate ≤ 100%, and token auto-compact fires (the issue saw 2,000 / 2,006 /
    "1400.0% hit" and no compaction)."""
    topic = topic_of(services, fake_vendor, 130, kind="openai_compatible", model="qwen-local", window=32_000)
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-s")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    local = services.estimates.estimate(topic).local_total
    assert 0.7 * 30_000 < local < 0.8 * 32_000  # the local count alone stays under the watermark
    row = send(services, fake_vendor, topic, Reply(text_chunks=["ok"], raw_usage=beside_cache_usage(2000, 28_000)))
    assert (row.input_tokens, row.cached_tokens) == (30_000, 28_000)
    est = services.estimates.estimate(topic)
    assert est.anchor.mode == "anchored" and est.total == 30_000 + est.anchor.tail_tokens
    assert est.cache.line == "93.3% hit · working · 28,000 / 30,000"
    assert trigger_figure(services, topic) == est.total >= 0.8 * est.input_budget
    services.assistants.update("A", auto_compact=True)
    summ.script(*[Reply(text_chunks=["<summary>The plan so far.</summary>"])] * 4)
    assert services.compaction is not None
    out = asyncio.run(services.compaction.after_reply(topic))
    assert out is not None and out.batches > 0, out
    assert out.before_tokens == est.total  # CMP-7: the planner used the figure that triggered


@pytest.mark.parametrize("shape", ["write", "read"])
def test_anthropic_cache_read_and_cache_write(services: Services, fake_vendor: FakeVendor, shape: str) -> None:
    topic = topic_of(services, fake_vendor, 60, kind="anthropic", model="claude-sonnet-4-5")
    local = services.estimates.estimate(topic).local_total
    total = round(local * 1.1)
    usage = (Usage(input_tokens=total, output_tokens=1, cached_tokens=0, cache_write_tokens=total - 20)
             if shape == "write" else
             Usage(input_tokens=total, output_tokens=1, cached_tokens=total - 500, cache_write_tokens=300))
    row = send(services, fake_vendor, topic, Reply(text_chunks=["ok"], usage=usage))
    # the fake sends uncached input apart from cache read and write: stored is their sum
    assert (row.input_tokens, row.cached_tokens, row.cache_write_tokens) == (
        total, usage.cached_tokens, usage.cache_write_tokens)
    est = services.estimates.estimate(topic)
    assert est.anchor.mode == "anchored" and est.total == total + est.anchor.tail_tokens
    assert trigger_figure(services, topic) == est.total
    if shape == "write":
        assert est.cache.line == "0% hit / no hit yet"
    else:
        cached = total - 500
        tenths = (2000 * cached + total) // (2 * total)
        assert est.cache.line == f"{tenths // 10}.{tenths % 10}% hit · working · {cached:,} / {total:,}"


@pytest.mark.expect_log(r"the server read only 2,048 of about")  # REF-27: the warning under test
def test_a_server_that_read_only_part_of_the_request_is_flagged_not_learned(
        services: Services, fake_vendor: FakeVendor) -> None:
    """REF-27: reported < 70% of what this process sent and counted exactly keeps the
    local figure, marks the reply, learns no correction, and offers the reported window."""
    topic = topic_of(services, fake_vendor, 60, kind="openai_compatible", model="llama3-local", window=32_000)
    local = services.estimates.estimate(topic).local_total
    assert local > 8_000
    row = send(services, fake_vendor, topic, Reply(text_chunks=["ok"], usage=Usage(input_tokens=2048,
                                                                                   output_tokens=1)))
    assert row.status == "complete" and row.input_tokens == 2048
    assert row.error_kind == INPUT_TRUNCATED
    assert row.error is not None and row.error.startswith("the server read only 2,048 of about ")
    assert row.error.endswith(" tokens: its context is smaller than the model card says")
    est = services.estimates.estimate(topic)
    assert est.anchor.mode == "counted" and est.total == est.local_total > 8_000  # not 2,054
    assert est.truncation is not None and est.truncation.reported == 2048
    assert (est.truncation.model, est.truncation.provider) == ("llama3-local", "F")
    with services.db.read() as s:
        assert s.scalars(select(CorrectionFactor)).all() == []  # no correction learned
    view = services.topics.messages(topic)[-1]
    assert view.input_truncated
    # the offer: set the model card's window to the size the server reported
    services.models.set(est.truncation.model, est.truncation.reported, provider=est.truncation.provider)
    assert services.estimates.estimate(topic).context_window == 2048


def test_the_planner_plans_against_the_anchored_figure_and_keeps_the_anchor(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    """CMP-7: the anchored figure crosses the high watermark while the local count does
    not; the run plans against the anchored figure (it compacts), and a run that finds
    nothing eligible does not drop the anchor."""
    topic = topic_of(services, fake_vendor, 90, kind="openai_compatible", model="qwen-local", window=32_000)
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-s")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    local = services.estimates.estimate(topic).local_total
    assert local < 0.6 * 32_000
    send(services, fake_vendor, topic, Reply(text_chunks=["ok"], usage=Usage(input_tokens=27_000, output_tokens=1)))
    est = services.estimates.estimate(topic)
    assert est.anchor.mode == "anchored" and est.total >= 0.8 * 32_000 > est.local_total
    # a run that finds nothing eligible (manual, on a topic compacted to the latest turn
    # by another path) records a debug entry; the anchor stays
    with services.db.write() as s:
        s.merge(TopicCompaction(topic_id=topic, summary="", debug_log=[
            {"trigger": "manual", "result": "nothing_eligible", "batches": 0,
             "latest_message_id": 10_000}], archives=[], failure_count=0))
    services.estimates.invalidate(topic)
    assert services.estimates.estimate(topic).total == est.total
    services.assistants.update("A", auto_compact=True)
    summ.script(*[Reply(text_chunks=["<summary>The migration plan so far.</summary>"])] * 4)
    assert services.compaction is not None
    out = asyncio.run(services.compaction.after_reply(topic))
    assert out is not None and out.before_tokens == est.total and out.batches > 0, out


def test_message_count_compaction_under_a_bounded_limit(services: Services, fake_vendor: FakeVendor,
                                                       summ: FakeVendor) -> None:
    """CMP-13, REF-19a: limit 4 with a tool turn before the send: the request carries at
    most 4 rows up to the new user message, and the dropped rows are summarized whole."""
    services.providers.add("F", "openai", fake_vendor.base_url, api_key="sk-x")
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-s")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    services.assistants.create("A", provider="F", model="gpt-4o", instructions="Be brief.")
    services.assistants.update("A", history_limit_enabled=True, history_limit=4, summarize_history=True)
    topic = services.topics.create("A").id
    append = services.chat.append_row
    append(topic, role=Role.USER, content="u1 look it up")
    for k in range(6):  # 12 tool/assistant rows in one turn
        append(topic, role=Role.ASSISTANT, content="", tool_calls=[{"id": f"c{k}", "name": "f", "arguments": "{}"}])
        append(topic, role=Role.TOOL, content=f"result {k}", tool_call_id=f"c{k}", tool_name="f")
    append(topic, role=Role.ASSISTANT, content="a1 done")
    summ.script(Reply(text_chunks=["<summary>u1 asked to look it up; done.</summary>"]))
    fake_vendor.script(Reply(text_chunks=["fine"], usage=Usage(input_tokens=700, output_tokens=1)))
    out = asyncio.run(services.chat.send(topic, "u2 next"))
    assert out.status == "complete"
    posted = [m for m in fake_vendor.requests[-1].body["messages"] if m["role"] != "system"]  # type: ignore[index, union-attr]
    assert len(posted) <= 4 and posted[-1]["content"] == "u2 next"
    assert len(summ.requests) == 1  # the whole first turn, in one batch
    transcript = str(summ.requests[0].body["messages"][-1]["content"])  # type: ignore[index]
    assert "u1 look it up" in transcript and "a1 done" in transcript  # rounded up to the whole turn
    ids = [m.id for m in services.topics.messages(topic)]
    assert services.compaction.summary(topic).cursor_message_id == ids[-3]  # type: ignore[union-attr]


def test_a_2048_token_summarizer_compacts_batch_by_batch_within_90_percent(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor, caplog: pytest.LogCaptureFixture) -> None:
    """CMP-4 over REF-20's floor: every summarizer request's prompt (local count) plus
    max_tokens stays within 0.9 × 2,048, batch by batch."""
    topic = topic_of(services, fake_vendor, 40)
    services.providers.add("Summ", "openai_compatible", summ.base_url, api_key="sk-s")
    services.models.set("tiny-summ", 2048, provider="Summ")
    services.settings.set("history-compress-model", "Summ/tiny-summ")
    services.chat.append_row(topic, role=Role.USER, content="latest question")
    summ.script(*[Reply(text_chunks=["<summary>So far: the migration plan.</summary>"])] * 40)
    caplog.set_level(logging.INFO, logger="chathub_desktop.services")
    assert services.compaction is not None
    out = asyncio.run(services.compaction.compact(topic))
    assert out.status == "compacted" and out.batches > 3, out
    counter = TokenCounter.for_model("tiny-summ")
    from chathub_desktop.core.messages import ChatMessage

    for req in summ.requests:
        body = req.body
        assert body is not None
        prompt = sum(message_tokens(ChatMessage(Role(m["role"]), m["content"]), counter.count)  # type: ignore[index]
                     for m in body["messages"])  # type: ignore[union-attr]
        assert prompt + int(body["max_tokens"]) <= 0.9 * 2048, (prompt, body["max_tokens"])  # type: ignore[call-overload]
        assert prompt <= 2048 // 2 + 64
    assert sum("summarizer request to Summ/tiny-summ" in r.message for r in caplog.records) == len(summ.requests)
