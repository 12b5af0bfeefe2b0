"""The "server read only part of the request" warning is for local servers only (issue 24,
REF-27, REF-28, TOK-1..TOK-3), through the fake vendor over HTTP.

The same topic gets the same small report (58% of our local count, a real hosted case:
our count over-estimates some models' tool schemas and framing) from two providers:

- a hosted vendor (kind OpenAI): its report is its bill — no warning, the report anchors
  the badge, and token auto-compact does not fire at the local figure;
- an OpenAI-compatible server on 127.0.0.1 (Ollama, LM Studio, llama.cpp, vLLM): it read
  far fewer tokens than it was sent — the reply carries the warning and the local figure
  stays.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import insert, select

from chathub_desktop.core.messages import Usage
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import CorrectionFactor, Message
from tests.fakes.vendor_server import FakeVendor, Reply

ROW = "The migration plan covers the schema, the backfill, the rollback and step {i}. " * 10
WINDOW = 64_000


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


def topic_of(svc: Services, vendor: FakeVendor, summ: FakeVendor, kind: str, model: str) -> int:
    """A topic of 250 stored rows (about 180 tokens each: between 70% and 80% of the input
    budget) on ``model`` with a 64,000-token window and token auto-compact on."""
    svc.providers.add("F", kind, vendor.base_url, api_key="sk-x")
    svc.models.set(model, WINDOW, provider="F", max_output=4_000)
    svc.providers.add("Summ", "openai", summ.base_url, api_key="sk-s")
    svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
    svc.assistants.create("A", provider="F", model=model, instructions="Be brief.")
    svc.assistants.update("A", auto_compact=True)
    topic = svc.topics.create("A").id
    now = datetime.now(UTC) - timedelta(days=1)
    with svc.db.write() as s:
        s.execute(insert(Message), [
            {"topic_id": topic, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
             "content": ROW.format(i=i), "created_at": now} for i in range(250)])
    return topic


def send_with_report(svc: Services, vendor: FakeVendor, topic: int, reported: int, text: str = "go on") -> Message:
    vendor.script(Reply(text_chunks=["ok"], usage=Usage(input_tokens=reported, output_tokens=1)))
    out = asyncio.run(svc.chat.send(topic, text))
    assert out.status == "complete", out.error
    with svc.db.read() as s:
        row = s.get(Message, out.reply_message_id)
        assert row is not None
        s.expunge(row)
        return row


def test_a_hosted_providers_small_report_is_its_bill_anchored_without_a_warning(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    topic = topic_of(services, fake_vendor, summ, "openai", "gpt-4o")
    before = services.estimates.estimate(topic)
    assert before.input_budget == WINDOW - 4_000
    assert 0.7 * before.input_budget <= before.local_total < 0.8 * before.input_budget
    reported = round(0.58 * before.local_total)
    row = send_with_report(services, fake_vendor, topic, reported)
    assert (row.error_kind, row.error) == (None, None)  # no warning on the reply
    assert not services.topics.messages(topic)[-1].input_truncated
    est = services.estimates.estimate(topic)
    assert est.truncation is None
    assert est.anchor.mode == "anchored" and est.total == reported + est.anchor.tail_tokens
    with services.db.read() as s:  # the report is a correction sample (REF-27: clamped to 0.6)
        factor = s.scalars(select(CorrectionFactor)).one()
        assert (factor.samples, factor.ratio) == (1, 0.6)

    # the topic grows: our local count crosses the high watermark, the anchored figure does not
    long = "Please also check this log line of the backfill job. " * 400
    est = services.estimates.estimate(topic, long)
    assert est.local_total >= 0.8 * est.input_budget > est.total
    send_with_report(services, fake_vendor, topic, round(0.58 * est.local_total), long)
    # no token auto-compact at the local figure, before or after the send
    assert summ.requests == []
    assert services.compaction is not None and len(services.compaction.summary(topic).debug_log) == 0
    est = services.estimates.estimate(topic)
    assert est.local_total >= 0.8 * est.input_budget > est.total
    assert est.truncation is None


@pytest.mark.expect_log(r"the server read only [\d,]+ of about [\d,]+ tokens")
def test_a_local_server_that_read_far_fewer_tokens_than_it_was_sent_carries_the_warning(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    topic = topic_of(services, fake_vendor, summ, "openai_compatible", "llama3-local")
    local = services.estimates.estimate(topic).local_total
    reported = round(0.58 * local)
    row = send_with_report(services, fake_vendor, topic, reported)
    assert row.error_kind == "input_truncated"
    assert row.error is not None and row.error.startswith(f"the server read only {reported:,} of about ")
    est = services.estimates.estimate(topic)
    assert est.truncation is not None and est.truncation.reported == reported
    assert est.anchor.mode == "counted"  # its report is no anchor: the local figure stays
    with services.db.read() as s:
        assert s.scalars(select(CorrectionFactor)).all() == []
