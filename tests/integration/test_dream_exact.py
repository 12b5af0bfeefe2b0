"""Dynamic memory and the dream, exact (issue 11), through the services over real HTTP
and a real store: caps on every write path (DRM-13), older grammars written back
(REF-14), a dream bounded by the History Compress model's window (DRM-3, REF-17), fixed
memory as already known (DRM-14), cleaned answers, and readMemory on dream cards
(MEM-5, REF-5)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta

import pytest

from chathub_desktop.core import dream_prompt as dp
from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import memory_export as mx
from chathub_desktop.core.messages import Role, ToolCall
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import DynamicMemoryDocument, TopicCompaction
from chathub_desktop.tokens.counter import TokenCounter
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.test_dream import AT, DAY, card, prompt, run, say, setup, stored_cards


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's (and here the chat model's) own server."""
    with FakeVendor() as vendor:
        yield vendor


OLD_DAY = (DAY - timedelta(days=1)).isoformat()
BIG_DAY = "".join(f"line {i:04} " + "d" * 89 + "\n" for i in range(200))  # 20,000 characters
BARE_RANGE = "\n\n".join(f"[2026-11-{k:02}]\nday {k} " + "r" * 2993 for k in range(20, 25))  # ~15,000


def within_caps(svc: Services, keep: int) -> list[dm.Card]:
    doc = svc.dreams.document("Helper")
    cards = dm.parse_document(doc)
    assert all(len(c.body) <= (3200 if c.kind == "day" else 6400)
               for c in cards if c.kind in ("day", "range"))
    assert len(doc) <= keep * 3200 + 6400
    return cards


def raw_document(svc: Services, body: str, backup: str = "") -> None:
    """Store ``body`` as the document untouched (an older release, a hand-edited store)."""
    aid = svc.assistants.get("Helper").id
    with svc.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=body, backup_body=backup))


OVERSIZED = f"#1 [2026-11-20..2026-11-24]:\n{BARE_RANGE}\n\n#2 [{OLD_DAY}]:\n{BIG_DAY}"


# --- DRM-13 / REF-14 on every write path ------------------------------------------------


def test_import_meets_the_caps_and_says_so(services: Services, summ: FakeVendor) -> None:
    setup(services, summ)
    text = mx.to_json(mx.MemoryFile(fixed=None, dynamic=OVERSIZED))
    preview = services.memory_files.preview_import("Helper", text)
    assert preview.dynamic_shortened == 2 and "2 cards of the file shortened" in preview.summary()
    services.memory_files.apply_import(preview)
    rng, day = within_caps(services, 14)
    assert dm.framing(rng) == "v1" and rng.body.startswith("[overflow:v1]\n[date:2026-11-23]\n")  # oldest dropped
    assert rng.tag == "2026-11-23..2026-11-24" and day.body == BIG_DAY[:3199]


def test_edit_and_delete_write_every_card_within_its_cap(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    raw_document(services, OVERSIZED + f"\n\n#3 [{DAY.isoformat()}]:\nnewest")
    dreams.edit_card("Helper", 3, "newest, edited")
    cards = within_caps(services, 14)
    assert [c.tag for c in cards] == ["2026-11-23..2026-11-24", OLD_DAY, DAY.isoformat()]
    raw_document(services, OVERSIZED)
    dreams.delete_card("Helper", 1)
    assert [c.tag for c in within_caps(services, 14)] == [OLD_DAY]


def test_restore_brings_an_old_version_back_within_the_caps(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    raw_document(services, "", backup=OVERSIZED)
    dreams.restore("Helper")
    assert len(within_caps(services, 14)) == 2


def test_keep_1_with_an_oversized_newest_day_keeps_the_range(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    rng = "#1 [2026-11-20..2026-11-21]:\n[overflow:v1]\n[date:2026-11-20]\nold habit\n\n[date:2026-11-21]\nnewer habit"
    raw_document(services, f"{rng}\n\n#2 [{OLD_DAY}]:\n{BIG_DAY}")
    dreams.set_keep("Helper", 1)
    cards = within_caps(services, 1)
    assert [c.tag for c in cards] == ["2026-11-20..2026-11-21", OLD_DAY]
    assert dm.visible_body(cards[0]).endswith("newer habit")


def test_a_dream_commit_writes_an_old_grammar_range_back_in_the_current_layout(
        services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    raw_document(services, "#1 [2026-11-01..2026-11-03]:\n[2026-11-01]\nold text\n\n[2026-11-03]\nnewer text")
    say(services, services.topics.create("Helper").id, Role.USER, "answer in Spanish please", AT)
    summ.script(card("- Wants answers in Spanish"))
    assert run(dreams.run_day("Helper", DAY)).status == "appended"
    assert stored_cards(services)[0].body == (
        "[overflow:v1]\n[date:2026-11-01]\nold text\n\n[date:2026-11-03]\nnewer text")


# --- DRM-14: fixed memory is already known --------------------------------------------------


def test_a_card_repeating_fixed_memory_is_a_duplicate_and_the_marker_commits(
        services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    services.memory.add("Helper", "Always use British spelling: colour, not color")
    say(services, services.topics.create("Helper").id, Role.USER, "colour please", AT)
    summ.script(card("- Always use British spelling (colour, not color)."))
    outs = run(dreams.run_due())
    assert [o.status for o in outs] == ["duplicate"] and "fixed memory #1" in outs[0].message
    assert "#1: Always use British spelling: colour, not color" in prompt(summ)
    assert stored_cards(services) == []
    assert dreams.due() == []  # the schedule marker was committed


def test_a_fenced_announced_answer_becomes_a_clean_card(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    say(services, services.topics.create("Helper").id, Role.USER, "bullets please", AT)
    summ.script(card("Here is the updated assistant memory:\n\n```markdown\n- Wants bullet points\n```"))
    assert run(dreams.run_day("Helper", DAY)).status == "appended"
    assert [c.text for c in dreams.cards("Helper")] == ["- Wants bullet points"]


# --- DRM-3 / REF-17: what the dream reads is bounded --------------------------------------


def small_summarizer(svc: Services, summ: FakeVendor) -> None:
    """The History Compress model is one whose card says 2,048 tokens."""
    svc.settings.set("history-compress-model", "Summ/smollm2-135m")


def test_30_long_summaries_fit_the_models_window_and_the_outcome_says_what_was_left_out(
        services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    small_summarizer(services, summ)
    for i in range(30):
        topic = services.topics.create("Helper", title=f"Topic {i}").id
        say(services, topic, Role.USER, f"question {i}", AT + timedelta(minutes=i))
        with services.db.write() as s:
            s.add(TopicCompaction(topic_id=topic, summary=f"Summary of topic {i}. " + "The user wants tests. " * 550))
    summ.script(card("- Wants tests"))
    out = run(dreams.run_day("Helper", DAY))
    assert out.status == "appended" and out.topics_left_out > 0
    assert f"{out.topics_left_out} of 30 topics were left out" in out.message and "2,048-token window" in out.message
    body = summ.requests[0].body
    assert body is not None and body["max_tokens"] == 512  # a quarter of 2,048
    count = TokenCounter.for_model("smollm2-135m").count
    sent = sum(count(str(m["content"])) + dp.MESSAGE_OVERHEAD_TOKENS for m in body["messages"])  # type: ignore[union-attr,index]
    assert sent <= 1024
    assert "Topic 29 (summary)" in prompt(summ)  # the newest topic is read first


def test_a_fold_too_big_for_a_small_window_concatenates_without_a_call(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    small_summarizer(services, summ)
    days = [(DAY - timedelta(days=k)).isoformat() for k in (3, 2, 1)]
    old_range = "#1 [2026-11-01..2026-11-02]:\n" + dm.opaque_body("habit words " * 500)
    raw_document(services, old_range + "\n\n" + "\n\n".join(
        f"#{i} [{d}]:\n" + "habit words " * 250 for i, d in enumerate(days, 2)))
    dreams.set_keep("Helper", 3)
    assert summ.requests == []
    say(services, services.topics.create("Helper").id, Role.USER, "new day", AT)
    summ.script(card("- A new habit"))
    out = run(dreams.run_day("Helper", DAY))
    assert out.status == "appended" and out.fold == "concatenated"
    assert len(summ.requests) == 1  # only the card: the fold did not fit and was not sent


# --- readMemory reads dream cards ----------------------------------------------------------


def test_read_memory_reads_a_long_dream_card_in_pages(services: Services, summ: FakeVendor) -> None:
    """A dream card found by searchMemory is read whole with source "dynamic" (REF-5)."""
    setup(services, summ)
    long = "\n".join(f"- habit {i}: prefers zebra tables" for i in range(300))  # over one page
    raw_document(services, f"#1 [{OLD_DAY}]:\n{long[:3200]}")
    text = dm.visible_body(stored_cards(services)[0])
    topic = services.topics.create("Helper").id
    calls = [Reply(tool_calls=[ToolCall("s", "searchMemory", json.dumps({"query": "zebra"}))])]
    calls.append(Reply(tool_calls=[ToolCall("r", "readMemory", json.dumps({"source": "dynamic", "number": 1}))]))
    summ.script(*calls, Reply(text_chunks=["done"]))
    out = run(services.chat.send(topic, "what do you know about zebras?"))
    assert out.text == "done"
    first = summ.requests[0].body
    assert first is not None
    read_spec = next(t for t in first["tools"] if t["function"]["name"] == "readMemory")  # type: ignore[union-attr,index]
    assert read_spec["function"]["parameters"]["properties"]["source"]["enum"] == ["fixed", "dynamic"]
    results = [m.content for m in services.topics.messages(topic) if m.role == "tool"]
    hit = json.loads(results[0])["hits"][0]
    assert (hit["source"], hit["number"]) == ("dynamic", 1)
    page = json.loads(results[1])
    assert page["ok"] and page["source"] == "dynamic" and page["text"] == text[: len(page["text"])]
    assert page["length"] == len(text)


def test_a_window_too_small_for_any_topic_fails_without_a_call(services: Services, summ: FakeVendor) -> None:
    """A user model card of 300 tokens leaves no room for a topic: the run fails with a
    hint (retried later) instead of asking the model about nothing."""
    dreams = setup(services, summ)
    services.models.set("tiny-model", 300, provider="Summ")
    services.settings.set("history-compress-model", "Summ/tiny-model")
    say(services, services.topics.create("Helper").id, Role.USER, "hello " * 400, AT)
    out = run(dreams.run_day("Helper", DAY))
    assert out.status == "failed" and "300-token window is too small" in out.message
    assert summ.requests == []
