"""After a compaction, "could not reach the low watermark" is judged on the recount of the
request that will be sent next — the figure the badge shows — never on the provider's
report of the request before the run (issue 24, CMP-7, REF-19, TOK-4).

The topic's last reply reported 2,000 prompt + 28,000 cached tokens (a llama.cpp-style
server), far above our count of it: token auto-compact fires on that figure and the
planner cannot see the low watermark from it, yet once the turns are summarized the next
request is a few hundred tokens.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import insert

from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import Message, TopicCompaction
from tests.fakes.vendor_server import FakeVendor, Reply, beside_cache_usage

ROW = "The migration plan covers the schema, the backfill, the rollback and step {i}. " * 10
WINDOW = 32_000


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


def test_a_compaction_that_worked_is_compacted_on_the_recount_not_the_stale_cached_report(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    services.providers.add("F", "openai_compatible", fake_vendor.base_url, api_key="sk-x")
    services.models.set("qwen-local", WINDOW, provider="F", max_output=WINDOW)
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-s")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    services.assistants.create("A", provider="F", model="qwen-local", instructions="Be brief.")
    services.assistants.update("A", auto_compact=True)
    topic = services.topics.create("A").id
    now = datetime.now(UTC) - timedelta(days=1)
    with services.db.write() as s:
        s.execute(insert(Message), [
            {"topic_id": topic, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
             "content": ROW.format(i=i), "created_at": now} for i in range(44)])
    before = services.estimates.estimate(topic)
    assert before.input_budget == WINDOW
    assert before.local_total < 0.3 * WINDOW  # our count: far below the high watermark

    summ.script(*[Reply(text_chunks=["<summary>The plan: schema, backfill, rollback.</summary>"])] * 4)
    fake_vendor.script(Reply(text_chunks=["ok"], raw_usage=beside_cache_usage(2_000, 28_000)))
    out = asyncio.run(services.chat.send(topic, "go on"))
    assert out.status == "complete", out.error

    assert services.compaction is not None
    run = services.compaction.summary(topic).debug_log[-1]
    assert run["trigger"] == "token_threshold"
    assert run["before_tokens"] >= 30_000 >= 0.8 * WINDOW  # the report fired it (CMP-7)
    assert run["result"] == "compacted", run["message"]
    badge = services.estimates.estimate(topic)
    assert badge.anchor.mode != "anchored"  # the pre-compact report is no anchor (TOK-4)
    assert run["after_tokens"] == badge.total < 0.6 * WINDOW  # one figure: the badge's
    with services.db.read() as s:  # auto-compact stays armed
        state = s.get(TopicCompaction, topic)
        assert state is not None and state.unreachable_fingerprint is None


def test_compact_now_reports_the_figure_the_badge_shows_before_it(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    """Compact now said "next request 380 → 260" while the badge showed 440 for the same
    request (walk36): the "before" figure is the badge's, anchored on the provider's
    report (TOK-3), not our local count."""
    from chathub_desktop.core.messages import Usage

    services.providers.add("F", "openai_compatible", fake_vendor.base_url, api_key="sk-x")
    services.models.set("qwen-local", WINDOW, provider="F", max_output=WINDOW)
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-s")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    services.assistants.create("A", provider="F", model="qwen-local")
    topic = services.topics.create("A").id
    now = datetime.now(UTC) - timedelta(days=1)
    with services.db.write() as s:
        s.execute(insert(Message), [
            {"topic_id": topic, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
             "content": ROW.format(i=i), "created_at": now} for i in range(10)])
    local = services.estimates.estimate(topic).local_total
    reported = local + 600  # the server counts its own template: more than we do
    fake_vendor.script(Reply(text_chunks=["ok"], usage=Usage(input_tokens=reported, output_tokens=1)))
    out = asyncio.run(services.chat.send(topic, "go on"))
    assert out.status == "complete", out.error
    badge = services.estimates.estimate(topic)
    assert badge.anchor.mode == "anchored" and badge.total != badge.local_total

    summ.script(Reply(text_chunks=["<summary>The plan: schema, backfill, rollback.</summary>"]))
    assert services.compaction is not None
    run = asyncio.run(services.compaction.compact(topic))
    assert run.status == "compacted", run.message
    assert run.before_tokens == badge.total  # one figure: the badge's
