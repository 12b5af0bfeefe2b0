"""The badge anchors on the provider's own count and does not trust stale reports
(TOK-3, TOK-4, TOK-6, REF-27, REF-28, REF-31)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import insert, select, update

from chathub_desktop.core.messages import Role, Usage
from chathub_desktop.core.token_estimate import scale
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.storage.models import CorrectionFactor, Message, TopicCompaction
from tests.fakes.vendor_server import FakeVendor, Reply

WINDOW = 64_000
ROW_TEXT = "The quarterly report covers revenue, churn, hiring plans and the roadmap for {i}. " * 10
#: The anchor reply's reported input: under the 80% watermark of 64k, and at least 70% of
#: the local count, so it is a tokenizer difference and not a silent truncation (REF-27).
REPORT = 50_000


def card_64k(svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    """Give every model a 64k window and no listed max output (input budget = 64,000)."""
    real = svc.catalog.card
    monkeypatch.setattr(svc.catalog, "card",
                        lambda *a, **k: replace(real(*a, **k), context_window=WINDOW, max_output=None))


def long_topic(svc: Services, vendor: FakeVendor, rows: int = 400) -> int:
    svc.providers.add("F", "openai", vendor.base_url, api_key="sk-x")
    svc.assistants.create("A", provider="F", model="gpt-4o", instructions="Be brief.")
    # no anchor exists before the first reply: keep pre-send token auto-compact out of the way
    svc.assistants.update("A", auto_compact=False)
    topic = svc.topics.create("A").id
    now = datetime.now(UTC) - timedelta(days=1)
    with svc.db.write() as s:
        s.execute(insert(Message), [
            {"topic_id": topic, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
             "content": ROW_TEXT.format(i=i), "created_at": now}
            for i in range(rows)
        ])
    return topic


def send(svc: Services, vendor: FakeVendor, topic: int, text: str, usage: Usage) -> int:
    vendor.script(Reply(text_chunks=["Sure", ", noted."], usage=usage))
    out = asyncio.run(svc.chat.send(topic, text))
    assert out.status == "complete"
    return out.reply_message_id


@pytest.fixture
def anchored(services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """A topic whose local whole-window estimate is ~69,000 and whose last reply reported
    50,000 input tokens; returns (topic id, reply id)."""
    card_64k(services, monkeypatch)
    topic = long_topic(services, fake_vendor)
    before = services.estimates.estimate(topic)
    assert WINDOW < before.local_total < REPORT / 0.7 and before.anchor.mode == "counted"
    reply = send(services, fake_vendor, topic, "Summarise the plan.", Usage(input_tokens=REPORT, output_tokens=3))
    return topic, reply


def test_anchor_replaces_the_local_whole_window_figure(services: Services, anchored: tuple[int, int]) -> None:
    topic, reply = anchored
    est = services.estimates.estimate(topic)
    assert est.local_total > WINDOW  # the local count alone would be over the budget
    assert est.anchor.mode == "anchored" and est.anchor.used and est.anchor.message_id == reply
    assert 0 < est.anchor.tail_tokens < 30
    assert est.total == REPORT + est.anchor.tail_tokens
    assert est.input_budget == WINDOW
    # token auto-compact compares this figure: it stays under 80% of 64k
    assert est.total < est.high_watermark * est.input_budget == 0.8 * WINDOW
    assert est.low_watermark == pytest.approx(0.6)
    with_draft = services.estimates.estimate(topic, "and the hiring plan?")
    assert with_draft.total == est.total + with_draft.parts["draft"]


def test_token_auto_compact_does_not_fire_on_the_anchored_figure(
    services: Services, anchored: tuple[int, int]
) -> None:
    topic, _ = anchored
    services.assistants.update("A", auto_compact=True)
    assert services.estimates.estimate(topic).total < 0.8 * WINDOW
    assert asyncio.run(services.compaction.after_reply(topic)) is None


def test_fixed_overhead_changes_are_added_to_the_report(services: Services, anchored: tuple[int, int]) -> None:
    topic, _ = anchored
    est = services.estimates.estimate(topic)
    services.assistants.update("A", instructions="Be brief. " + "Always cite the source document. " * 20)
    after = services.estimates.estimate(topic)
    delta = after.parts["instructions"] - est.parts["instructions"]
    assert delta > 100 and after.anchor.mode == "anchored"
    assert after.total == est.total + delta


@pytest.mark.parametrize("change", [
    {"input_template": "Answer carefully: {{text}}"},
    {"history_limit_enabled": True, "history_limit": 10},  # turning the limit ON shrinks: a slide
])
def test_template_change_recounts_and_a_lower_limit_slides(
    services: Services, anchored: tuple[int, int], change: dict[str, object]
) -> None:
    topic, _ = anchored
    services.assistants.update("A", **change)
    est = services.estimates.estimate(topic)
    if "input_template" in change:
        assert est.anchor.mode == "recounted" and "template" in est.anchor.reason
        assert est.total == est.local_total
    else:
        assert est.anchor.mode == "anchored" and est.history.dropped_by_limit > 300
        assert est.total < REPORT  # the rows that slid out leave the report


def test_raising_or_removing_the_history_limit_drops_the_anchor(
    services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    card_64k(services, monkeypatch)
    topic = long_topic(services, fake_vendor)
    services.assistants.update("A", history_limit_enabled=True, history_limit=20)
    send(services, fake_vendor, topic, "go on", Usage(input_tokens=5_000, output_tokens=3))
    assert services.estimates.estimate(topic).anchor.mode == "anchored"
    services.assistants.update("A", history_limit=40)
    raised = services.estimates.estimate(topic)
    assert raised.anchor.mode == "recounted" and "history limit" in raised.anchor.reason
    assert raised.total == raised.local_total
    services.assistants.update("A", history_limit=20)
    assert services.estimates.estimate(topic).anchor.mode == "anchored"
    services.assistants.update("A", history_limit_enabled=False)
    removed = services.estimates.estimate(topic)
    assert removed.anchor.mode == "recounted" and removed.total == removed.local_total > WINDOW


def test_editing_a_sent_row_drops_the_anchor(services: Services, anchored: tuple[int, int]) -> None:
    topic, _ = anchored
    with services.db.write() as s:
        first = s.scalar(select(Message).where(Message.topic_id == topic).order_by(Message.seq))
        assert first is not None
        first.content = "edited " + first.content
        first.token_count = None
        first.edited_at = datetime.now(UTC)  # as every edit path stamps it
    services.estimates.invalidate(topic)
    est = services.estimates.estimate(topic)
    assert est.anchor.mode == "recounted" and est.total == est.local_total


def test_reload_with_an_anchor_and_a_pasted_draft_never_shows_less_than_report_plus_draft(
    services: Services, anchored: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    topic, _ = anchored
    fresh = open_services(services.database_url)
    try:
        card_64k(fresh, monkeypatch)
        pasted = " ".join(f"token{i}" for i in range(5_000))
        est = fresh.estimates.estimate(topic, pasted)
        assert est.parts["draft"] >= 10_000
        assert est.anchor.mode == "fallback" and "before this run of ChatHub" in est.anchor.reason
        assert est.total >= REPORT + est.parts["draft"]
        assert est.total >= est.local_total  # a stale report never shrinks the badge
    finally:
        fresh.close()


def test_a_report_another_process_sent_uses_the_larger_figure(
    services: Services, anchored: tuple[int, int]
) -> None:
    topic, reply = anchored
    with services.db.write() as s:
        s.execute(update(Message).where(Message.id == reply).values(sent_by_process="another-machine",
                                                                     input_tokens=100_000))
    services.estimates.invalidate(topic)
    est = services.estimates.estimate(topic)
    assert est.anchor.mode == "fallback" and "another ChatHub process" in est.anchor.reason
    assert est.total == 100_000 + est.anchor.tail_tokens > est.local_total


def compact(svc: Services, topic: int, cursor: int, at: datetime, log: list[dict[str, object]] | None = None) -> None:
    with svc.db.write() as s:
        s.merge(TopicCompaction(topic_id=topic, summary="Earlier: the plan was discussed.",
                                cursor_message_id=cursor, updated_at=at, debug_log=log or []))
    svc.estimates.invalidate(topic)


def test_an_anchor_older_than_a_compact_is_ignored(services: Services, anchored: tuple[int, int]) -> None:
    topic, reply = anchored
    compact(services, topic, cursor=reply, at=datetime.now(UTC))
    est = services.estimates.estimate(topic)
    # the reply is covered by the summary: out of the window, never the anchor
    assert est.anchor.mode in ("counted", "recounted") and not est.anchor.used
    assert est.total == est.local_total < REPORT and est.parts.get("summary", 0) > 0
    assert est.history.dropped_by_cursor == 402
    assert est.history.last_compaction is not None


def test_protected_pre_compact_reply_is_ignored_and_a_clock_difference_does_not_revive_it(
    services: Services, anchored: tuple[int, int]
) -> None:
    topic, reply = anchored
    # the reply lies after the cursor (protected tail) but existed when the compaction ran
    compact(services, topic, cursor=reply - 2, at=datetime.now(UTC) + timedelta(seconds=5))
    assert services.estimates.estimate(topic).anchor.mode == "recounted"
    # another machine's clock wrote the reply "later" than the compaction: ids still win
    with services.db.write() as s:
        s.execute(update(Message).where(Message.id == reply).values(created_at=datetime(2099, 1, 1, tzinfo=UTC)))
    compact(services, topic, cursor=reply - 2, at=datetime.now(UTC),
            log=[{"trigger": "manual", "result": "compacted", "through_message_id": reply}])
    est = services.estimates.estimate(topic)
    assert est.anchor.mode == "recounted" and est.total == est.local_total
    assert est.history.last_compaction is not None and "compacted" in est.history.last_compaction


def test_the_next_completed_reply_after_compact_anchors_again(
    services: Services, fake_vendor: FakeVendor, anchored: tuple[int, int]
) -> None:
    topic, reply = anchored
    compact(services, topic, cursor=reply, at=datetime.now(UTC) - timedelta(seconds=1),
            log=[{"result": "compacted", "through_message_id": reply}])
    new = send(services, fake_vendor, topic, "what next?", Usage(input_tokens=9_000, output_tokens=3))
    est = services.estimates.estimate(topic)
    assert est.anchor.mode == "anchored" and est.anchor.message_id == new
    assert est.total == 9_000 + est.anchor.tail_tokens


def test_correction_factor_is_learned_persisted_and_scales_only_local_tokens(
    services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    services.providers.add("F", "openai", fake_vendor.base_url, api_key="sk-x")
    services.assistants.create("A", provider="F", model="gpt-4o", instructions="Be brief.")
    topic = services.topics.create("A").id
    for i in range(8):
        text = f"question number {i} about the budget"
        local = services.estimates.recount(topic, text)
        send(services, fake_vendor, topic, text, Usage(input_tokens=round(local * 1.25), output_tokens=2))
        assert services.estimates.estimate(topic).correction_samples == i + 1
    est = services.estimates.estimate(topic, "one more")
    assert est.correction == pytest.approx(1.25, abs=0.01) and est.correction_samples == 8
    report = est.anchor.reported_input
    assert report is not None and est.anchor.mode == "anchored"
    assert est.total == report + scale(est.anchor.tail_tokens, est.correction)
    assert est.parts["draft"] == est.local_total - services.estimates.estimate(topic).local_total  # unscaled
    with services.db.write() as s:
        row = s.scalar(select(CorrectionFactor))
        assert row is not None and row.samples == 8 and row.model == "gpt-4o"
    fresh = open_services(services.database_url)
    try:
        assert fresh.estimates.correction(row.provider_id, "gpt-4o").factor == pytest.approx(1.25, abs=0.01)
    finally:
        fresh.close()


def test_replies_whose_inputs_were_not_fully_known_are_not_learned(
    services: Services, fake_vendor: FakeVendor
) -> None:
    services.providers.add("F", "openai", fake_vendor.base_url, api_key="sk-x")
    services.assistants.create("A", provider="F", model="gpt-4o")
    topic = services.topics.create("A").id
    reply = send(services, fake_vendor, topic, "hi", Usage(input_tokens=500, output_tokens=2))
    record = services.estimates.sent_record(reply)
    assert record is not None and record.local_total > 0
    with services.db.write() as s:  # a reply this process never sent
        s.add(Message(topic_id=topic, seq=99, role=Role.ASSISTANT, content="x", input_tokens=50, status="complete"))
        s.flush()
        other = s.scalar(select(Message.id).where(Message.seq == 99))
    services.estimates._learn(other)  # no send record → skipped
    services.estimates._sent[reply] = replace(record, has_images=True)
    services.estimates._learn(reply)  # images → skipped
    with services.db.write() as s:
        assert s.scalar(select(CorrectionFactor.samples)) == 1  # only the real send


@pytest.mark.parametrize("kind", ["openai", "openai_responses", "anthropic"])
def test_cache_block_from_the_newest_reply_that_reported_cache(
    services: Services, fake_vendor: FakeVendor, kind: str
) -> None:
    services.providers.add("F", kind, fake_vendor.base_url, api_key="sk-x")
    model = "claude-sonnet-4-5" if kind == "anthropic" else "gpt-4o"
    services.assistants.create("A", provider="F", model=model)
    topic = services.topics.create("A").id
    assert services.estimates.estimate(topic).cache.line == "No provider telemetry yet"
    if kind == "anthropic":
        send(services, fake_vendor, topic, "first", Usage(input_tokens=5_000, output_tokens=2, cache_write_tokens=4_800))
        assert services.estimates.estimate(topic).cache.line == "0% hit / no hit yet"
    reply = send(services, fake_vendor, topic, "second",
                 Usage(input_tokens=18_579, output_tokens=2, cached_tokens=18_432))
    est = services.estimates.estimate(topic)
    assert est.cache.line == "99.2% hit · working · 18,432 / 18,579"
    assert est.cache.model == model and model in est.cache.help and est.cache.message_id == reply
    if kind == "openai":  # a newer reply with totals only does not replace the cache rate
        send(services, fake_vendor, topic, "third", Usage(input_tokens=19_000, output_tokens=2))
        assert services.estimates.estimate(topic).cache.line == est.cache.line
    compact(services, topic, cursor=reply, at=datetime.now(UTC))
    assert services.estimates.estimate(topic).cache.line == est.cache.line  # Compact does not reset it
