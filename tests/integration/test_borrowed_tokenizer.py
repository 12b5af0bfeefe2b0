"""Issue 28 (walk39 #2): a model counted with a borrowed tokenizer is not undercounted for
8 replies (REF-27, REF-28, CMP-7, TOK-1).

SmolLM2 on llama.cpp: our o200k_base count was 1,475 where the server counted 2,023 (×1.37),
so the badge sat under the 80% mark of its 2,048-token window and token auto-compact never
fired before the overflow. The fake vendor here reports 1.37 × our local count.
"""

from __future__ import annotations

import asyncio

import pytest

from chathub_desktop.core.messages import Usage
from chathub_desktop.core.token_estimate import scale
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor, Reply

RATIO = 1.37
#: The catalog's card for this id says 2,048 tokens and no listed max output.
SMALL = "smollm2-135m"
QUESTION = "Tell me about the history of the harbour town and its lighthouse keepers. " * 50


def _first_turn(svc: Services, vendor: FakeVendor, model: str) -> tuple[int, int]:
    """An assistant on ``model`` whose first reply reported 1.37× our count of its
    request; returns (topic id, the report)."""
    svc.providers.add("Local", "openai_compatible", vendor.base_url)
    svc.settings.set("history-compress-model", f"Local/{model}")
    svc.assistants.create("Small", provider="Local", model=model)
    # llama.cpp's SmolLM2 template takes no tools: the history is the request's bulk
    svc.assistants.update("Small", memory_enabled=False, recall_topics=False)
    topic = svc.topics.create("Small").id
    local = svc.estimates.recount(topic, QUESTION)
    report = round(local * RATIO)
    vendor.script(Reply(text_chunks=["The keepers", " lived there."], usage=Usage(input_tokens=report, output_tokens=4)))
    assert asyncio.run(svc.chat.send(topic, QUESTION)).status == "complete"
    return topic, report


def test_the_first_report_of_a_borrowed_tokenizer_raises_the_badge_and_auto_compact_reads_it(
        services: Services, fake_vendor: FakeVendor) -> None:
    topic, report = _first_turn(services, fake_vendor, SMALL)
    est = services.estimates.estimate(topic)
    assert est.correction_samples == 1
    assert est.correction == pytest.approx(RATIO, abs=0.01)  # not 1.0 for 7 more replies
    assert est.anchor.mode == "anchored" and est.anchor.reported_input == report
    assert est.total == report + scale(est.anchor.tail_tokens, est.correction)
    # a draft whose local count keeps the uncorrected figure under the 80% mark of 2,048
    high = est.high_watermark * est.input_budget
    assert est.input_budget == 2048
    words = 0
    with_draft = est
    while with_draft.total < high:  # the shortest draft that reaches the mark, ~10 words at a time
        words += 10
        draft = "harbour " * words
        with_draft = services.estimates.estimate(topic, draft)
    assert report + with_draft.anchor.tail_tokens < high <= with_draft.total  # 1.0 would stay under it
    # one source: what token auto-compact compares is the badge's figure (CMP-7)
    assert services.estimates.next_request_tokens(services.loader.load(topic, pending_user=True)) == est.total
    # the send compacts first (CMP-13): the request carries the summary, not the first turn
    fake_vendor.script(Reply(text_chunks=["<summary>Asked about the harbour town.</summary>"]),
                       Reply(text_chunks=["Sure."], usage=Usage(input_tokens=900, output_tokens=2)))
    assert asyncio.run(services.chat.send(topic, draft)).status == "complete"
    sent = str(fake_vendor.requests[-1].body)
    assert "<conversation_summary>" in sent and "lighthouse keepers" not in sent
    fake_vendor.clear_script()


def test_an_openai_model_keeps_the_factor_at_one_until_its_8_samples(
        services: Services, fake_vendor: FakeVendor) -> None:
    """REF-27 as written for a model counted with its own tokenizer."""
    topic, report = _first_turn(services, fake_vendor, "gpt-4o-mini")
    est = services.estimates.estimate(topic)
    assert est.correction_samples == 1 and est.correction == 1.0
    assert est.total == report + est.anchor.tail_tokens
