"""The memory dream against a scripted History Compress model over real HTTP on
127.0.0.1 (DRM-2 … DRM-16, REF-8 … REF-17)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.dream.dream_service import DreamService
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage.models import DreamRun, TopicCompaction
from tests.fakes.assistant_age import existing_since
from tests.fakes.vendor_server import FakeVendor, Reply, openai_error

DAY = date(2026, 11, 30)
AT = datetime(2026, 11, 30, 15, 0, tzinfo=UTC)  # a moment on DAY
NOW = datetime(2026, 12, 1, 2, 30, tzinfo=UTC)  # after the 02:00 UTC slot whose history day is DAY


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


class Clock:
    """A settable UTC clock for the dream service."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def setup(svc: Services, summ: FakeVendor, clock: Clock | None = None) -> DreamService:
    """An assistant "Helper" with a daily 02:00 schedule and a summarizer on ``summ``."""
    svc.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
    svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
    svc.assistants.create("Helper", provider="Summ", model="gpt-4o")
    dreams = DreamService(svc.db, svc.bus, svc.providers, svc.catalog, svc.settings, clock=clock or Clock(NOW))
    dreams.set_schedule("Helper", "daily", "02:00")
    return dreams


def say(svc: Services, topic: int, role: Role, text: str, at: datetime) -> int:
    return svc.chat.append_row(topic, role=role, content=text, created_at=at)


def card(text: str) -> Reply:
    return Reply(text_chunks=[text])


def prompt(vendor: FakeVendor, i: int = -1) -> str:
    body = vendor.requests[i].body
    assert body is not None
    return "\n".join(str(m.get("content")) for m in body["messages"])  # type: ignore[union-attr]


def run(coro):  # type: ignore[no-untyped-def]
    return asyncio.run(coro)


def stored_cards(svc: Services) -> list[dm.Card]:
    return dm.parse_document(svc.dreams.document("Helper"))


def seed_cards(svc: Services, days: list[date]) -> None:
    """Single-day cards for ``days`` written straight into the document."""
    cards: list[dm.Card] = []
    for d in days:
        cards = dm.append_day_card(cards, d, f"Prefers answers about theme {d.day} in tables")
    from chathub_desktop.storage.models import DynamicMemoryDocument

    aid = svc.assistants.get("Helper").id
    with svc.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=NOW))


# --- DRM-3 / DRM-16: what a run reads and writes -------------------------------------------
def test_a_run_reads_summaries_or_that_days_excerpt_and_appends_one_dated_card(
        services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    plain = services.topics.create("Helper", title="Plain topic").id
    say(services, plain, Role.USER, "Old question from the day before", AT - timedelta(days=1))
    say(services, plain, Role.USER, "Please answer in bullet points, no prose", AT)
    say(services, plain, Role.ASSISTANT, "- Sure", AT + timedelta(minutes=1))
    say(services, plain, Role.TOOL, "tool output is not part of the excerpt", AT + timedelta(minutes=2))
    summed = services.topics.create("Helper", title="Summarized topic").id
    say(services, summed, Role.USER, "raw text the summary replaces", AT)
    with services.db.write() as s:
        s.add(TopicCompaction(topic_id=summed, summary="SUMMARY: the user likes pytest fixtures"))
    other_day = services.topics.create("Helper", title="Quiet topic").id
    say(services, other_day, Role.USER, "said two days earlier", AT - timedelta(days=2))
    before = {t: [(m.id, m.content) for m in services.topics.messages(t)] for t in (plain, summed, other_day)}
    summ.script(card("- Wants bullet points\n- Uses pytest fixtures"))

    out = run(dreams.run_day("Helper", DAY))

    assert out.status == "appended" and out.card_number == 1
    assert len(summ.requests) == 1
    text = prompt(summ)
    assert "User: Please answer in bullet points, no prose" in text and "Assistant: - Sure" in text
    assert "SUMMARY: the user likes pytest fixtures" in text
    assert "raw text the summary replaces" not in text  # the summary wins (DRM-3)
    assert "Old question" not in text and "said two days earlier" not in text and "tool output" not in text
    assert "Quiet topic" not in text
    assert "tools" not in (summ.last_request.body or {})
    cards = dreams.cards("Helper")
    assert [(c.number, c.tag, c.text) for c in cards] == [(1, "2026-11-30", "- Wants bullet points\n- Uses pytest fixtures")]
    assert services.dreams.document("Helper").startswith("#1 [2026-11-30]:\n")  # REF-8
    after = {t: [(m.id, m.content) for m in services.topics.messages(t)] for t in (plain, summed, other_day)}
    assert after == before  # DRM-16: topics are read, never changed
    assert services.compaction.summary(summed).text == "SUMMARY: the user likes pytest fixtures"


def test_excerpt_keeps_the_newest_lines_within_1200_characters(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    topic = services.topics.create("Helper", title="Long day").id
    for i in range(40):
        say(services, topic, Role.USER, f"message {i:02d} " + "x" * 60, AT + timedelta(minutes=i))
    material = dreams.materials("Helper", DAY)
    assert len(material) == 1
    excerpt = material[0].excerpt
    assert len(excerpt) <= 1200
    lines = excerpt.splitlines()
    assert lines[-1].startswith("User: message 39")  # newest kept, in time order (REF-17)
    assert "message 00" not in excerpt
    assert [ln[:16] for ln in lines] == sorted(ln[:16] for ln in lines)


def test_no_active_topic_finds_nothing_and_makes_no_call(services: Services, summ: FakeVendor) -> None:
    """DRM-4: no topic with user/assistant messages on the day: no card, no model call,
    and the scheduled run is recorded as having found nothing."""
    dreams = setup(services, summ)
    topic = services.topics.create("Helper").id
    say(services, topic, Role.USER, "yesterday's yesterday", AT - timedelta(days=1))
    outs = run(dreams.run_due())
    assert [(o.status, o.history_day) for o in outs] == [("nothing", DAY)]
    assert summ.requests == [] and dreams.cards("Helper") == []
    last = dreams.settings("Helper").last_run
    assert last is not None and last.status == "nothing" and last.history_day == DAY
    assert dreams.due() == []


def test_no_changes_answer_appends_nothing(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    say(services, services.topics.create("Helper").id, Role.USER, "hello", AT)
    summ.script(card("NO_CHANGES"))
    out = run(dreams.run_day("Helper", DAY))
    assert out.status == "nothing" and dreams.cards("Helper") == []
    assert dreams.settings("Helper").can_restore is False  # DRM-15: nothing changed, nothing kept


def test_a_day_that_has_a_card_makes_no_call(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    say(services, services.topics.create("Helper").id, Role.USER, "hello", AT)
    seed_cards(services, [DAY])
    out = run(dreams.run_day("Helper", DAY))
    assert out.status == "exists" and summ.requests == []


def test_a_day_inside_or_before_the_range_card_makes_no_call(services: Services, summ: FakeVendor) -> None:
    """Found by a fresh-user trial: folded days stay folded; no model call, the range
    card is untouched, and the message names the card — a day before the range is not
    "already folded into" it (walk56 #12: each its own true message)."""
    dreams = setup(services, summ)
    seed_cards(services, [DAY - timedelta(days=k) for k in (5, 4, 3)])
    dreams.set_keep("Helper", 1)  # 25th..26th fold into a range card, 27th stays
    doc = services.dreams.document("Helper")
    topic = services.topics.create("Helper").id
    for back, said in ((4, "is already folded into range card #1 [2026-11-25 – 2026-11-26]"),
                       (30, "comes before range card #1 [2026-11-25 – 2026-11-26], which keeps the oldest days")):
        say(services, topic, Role.USER, "old day", AT - timedelta(days=back))
        out = run(dreams.run_day("Helper", DAY - timedelta(days=back)))
        assert out.status == "exists" and out.message == f"{DAY - timedelta(days=back)} {said}"
    assert summ.requests == [] and services.dreams.document("Helper") == doc


def test_a_day_that_is_not_over_is_refused_and_an_empty_answer_fails(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    with pytest.raises(InvalidInput, match="not over yet"):
        run(dreams.run_day("Helper", NOW.date()))
    say(services, services.topics.create("Helper").id, Role.USER, "hello", AT)
    summ.script(card(""))
    out = run(dreams.run_day("Helper", DAY))
    assert out.status == "failed" and "empty answer" in out.message  # retried later, unlike NO_CHANGES


@pytest.mark.parametrize("finish", ["length", "MAX_TOKENS", "max_output_tokens"])
def test_a_new_card_cut_at_the_length_stop_is_never_kept(
        services: Services, summ: FakeVendor, finish: str) -> None:
    """A NEW single-day card the provider cut at its token limit (any of the three stop
    names, any case) before one complete line is never kept. The product fails the
    run: no card, no period marker, so the scheduled run retries and a complete answer
    then becomes the card."""
    clock = Clock(NOW)
    dreams = setup(services, summ, clock)
    say(services, services.topics.create("Helper").id, Role.USER, "I like tables", AT)
    summ.script(Reply(text_chunks=["- Prefers answers in tab"], finish_reason=finish))
    outs = run(dreams.run_due())
    assert [o.status for o in outs] == ["failed"] and "stopped at its output cap" in outs[0].message
    assert stored_cards(services) == [] and services.dreams.document("Helper") == ""
    clock.now = NOW + timedelta(minutes=10)  # the back-off of a failed run (REF-17)
    summ.script(card("- Prefers answers in tables"))
    assert [o.status for o in run(dreams.run_due())] == ["appended"]
    assert [c.body for c in stored_cards(services)] == ["- Prefers answers in tables"]


def test_a_small_model_rambling_to_its_limit_still_gives_a_card_of_its_complete_lines(
        services: Services, summ: FakeVendor) -> None:
    """Issue 28 (walk39: no dream card with SmolLM2, "stopped at its token limit" twice):
    a 2,048-token History Compress model that loops over its bullets until the length
    stop gives a card of its complete lines, each once; the outcome says it was cut; the
    card call asked for a max output that fits the window."""
    dreams = setup(services, summ)
    services.settings.set("history-compress-model", "Summ/smollm2-135m")  # the catalog's 2,048-token card
    say(services, services.topics.create("Helper").id, Role.USER, "Short answers, British spelling please", AT)
    loop = "- Prefers short answers.\n- Uses British spelling.\n"
    summ.script(Reply(text_chunks=["Here is the profile:\n", loop * 20, "- Prefers sh"], finish_reason="length"))
    outs = run(dreams.run_due())
    assert [o.status for o in outs] == ["appended"], outs[0].message
    assert ("the card may be missing its end: the History Compress model reached its token limit, so its "
            "unfinished last line was left out") in outs[0].message  # what it means for the card first (walk53b #2)
    assert [c.body for c in stored_cards(services)] == ["- Prefers short answers.\n- Uses British spelling."]
    assert dreams.due() == []  # the period is done
    body = summ.requests[0].body
    assert body is not None and body["max_tokens"] == 512


def test_the_card_call_of_an_unlisted_small_model_fits_its_window(services: Services, summ: FakeVendor) -> None:
    """Issue 28 / REF-21: an unlisted History Compress model gets +2,048 completion tokens,
    but never more than 90% of its window leaves beside the prompt (a 4,096-token model
    was asked for 3,072 after a 2,048-token prompt)."""
    dreams = setup(services, summ)
    services.models.set("tiny-local", 4096, provider="Summ", reasoning=True)
    services.settings.set("history-compress-model", "Summ/tiny-local")
    for i in range(10):
        topic = services.topics.create("Helper", title=f"Topic {i}").id
        say(services, topic, Role.USER, f"question {i}", AT + timedelta(minutes=i))
        with services.db.write() as s:
            s.add(TopicCompaction(topic_id=topic, summary=f"Summary {i}. " + "The user wants tables. " * 200))
    summ.script(card("- Wants tables"))
    assert run(dreams.run_day("Helper", DAY)).status == "appended"
    body = summ.requests[0].body
    assert body is not None
    from chathub_desktop.core import dream_prompt as dp
    from chathub_desktop.tokens.counter import TokenCounter

    count = TokenCounter.for_model("tiny-local").count
    sent = sum(count(str(m["content"])) + dp.MESSAGE_OVERHEAD_TOKENS for m in body["messages"])  # type: ignore[union-attr,index]
    assert sent + body["max_tokens"] <= int(0.9 * 4096)  # type: ignore[operator]
    assert body["max_tokens"] < 1024 + 2048


def test_near_duplicate_card_is_skipped_but_the_schedule_marker_commits(
        services: Services, summ: FakeVendor) -> None:
    """DRM-14 / REF-16."""
    dreams = setup(services, summ)
    seed_cards(services, [DAY - timedelta(days=1)])
    say(services, services.topics.create("Helper").id, Role.USER, "hello", AT)
    summ.script(card("Prefers answers about theme 29 in tables."))
    outs = run(dreams.run_due())
    assert [o.status for o in outs] == ["duplicate"]
    assert len(stored_cards(services)) == 1
    assert dreams.due() == []  # marker committed: not run again


# --- DRM-6: at most once, catch-up once ------------------------------------------------------
def test_two_processes_dream_a_period_at_most_once(tmp_path: Path, summ: FakeVendor) -> None:
    """DRM-6 with two real processes: two ``dream run-due`` CLI processes on one SQLite
    file, both past the due check before either claims (a barrier in the test child),
    while the History Compress model answers slowly; the (assistant, day) period is
    dreamed once: one model call, one run row, one card, and the other process runs
    nothing."""
    from tests.integration.crash_harness import CliStore

    store = CliStore(tmp_path, {"SUMM_KEY": "sk-summ"})
    svc = open_services(store.url)
    try:
        svc.providers.add("Summ", "openai", summ.base_url, api_key_env="SUMM_KEY")
        svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
        svc.assistants.create("Helper", provider="Summ", model="gpt-4o")
        existing_since(svc, "Helper")  # today's slot was missed, not before the assistant's time (DRM-6)
        svc.dreams.set_schedule("Helper", "daily", "00:00")  # today's slot has passed at any hour
        yesterday = datetime.now(UTC).date() - timedelta(days=1)
        noon = datetime.combine(yesterday, datetime.min.time(), UTC) + timedelta(hours=12)
        say(svc, svc.topics.create("Helper").id, Role.USER, "hello, code first please", noon)
    finally:
        svc.close()
    slow = Reply(text_chunks=[f"word{i} " for i in range(30)] + ["- Says hello first"], chunk_delay_s=0.05)
    summ.script(slow, slow)
    barrier = tmp_path / "barrier"
    barrier.mkdir()
    # both processes have seen the day due before either claims it (cli_child's barrier)
    race = {"CHATHUB_TEST_BARRIER": str(barrier), "CHATHUB_TEST_BARRIER_N": "2"}
    procs = [store.start("dream", "run-due", env=race) for _ in range(2)]
    outs = [p.communicate(timeout=60) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    printed = sorted(o.decode().strip() for o, _ in outs)
    assert printed[1] == "no dream is due" and ": appended: added the card for " in printed[0], printed
    assert len(list(barrier.iterdir())) == 2  # both reached the claim
    assert len(summ.requests) == 1  # one model call for the period
    with sqlite3.connect(store.path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM dream_run").fetchone() == (1,)
        body = conn.execute("SELECT body FROM dynamic_memory_document").fetchone()[0]
    assert [c.tag for c in dm.parse_document(body)] == [yesterday.isoformat()]


def test_racing_claims_on_postgresql_let_exactly_one_win(postgres_url: str, summ: FakeVendor) -> None:
    """DRM-6 on a shared PostgreSQL store: eight threads with their own services claim
    the same slot at once; one gets it."""
    from concurrent.futures import ThreadPoolExecutor

    first = open_services(postgres_url)
    others = [open_services(postgres_url) for _ in range(8)]
    try:
        setup(first, summ)
        say(first, first.topics.create("Helper").id, Role.USER, "hello", AT)
        (aid, slot), = DreamService(first.db, first.bus, first.providers, first.catalog, first.settings,
                                    clock=Clock(NOW)).due()
        racers = [DreamService(o.db, o.bus, o.providers, o.catalog, o.settings, clock=Clock(NOW)) for o in others]
        with ThreadPoolExecutor(len(racers)) as pool:
            got = list(pool.map(lambda d: d.claim(aid, slot), racers))
        assert len([g for g in got if g is not None]) == 1
        with first.db.read() as s:
            assert s.query(DreamRun).count() == 1
    finally:
        for svc in (first, *others):
            svc.close()


def test_missed_slots_are_caught_up_once_for_the_latest_day(services: Services, summ: FakeVendor) -> None:
    clock = Clock(NOW + timedelta(days=3))  # the app was closed for three slots
    dreams = setup(services, summ, clock)
    topic = services.topics.create("Helper").id
    for back in range(4):
        say(services, topic, Role.USER, f"day -{back}", AT + timedelta(days=3 - back))
    summ.script(card("- Counts days"))
    outs = run(dreams.run_due())
    assert [o.history_day for o in outs] == [DAY + timedelta(days=3)]
    assert run(dreams.run_due()) == []
    assert len(summ.requests) == 1


def test_paused_dreams_do_not_run_unless_asked(services: Services, summ: FakeVendor) -> None:
    """APP-4 "pause dreams": scheduled runs wait; an explicit run-now still goes."""
    dreams = setup(services, summ)
    say(services, services.topics.create("Helper").id, Role.USER, "hello", AT)
    dreams.set_paused(True)
    assert dreams.due() == [] and run(dreams.run_due()) == []
    summ.script(card("- Greets first"))
    assert [o.status for o in run(dreams.run_due(even_if_paused=True))] == ["appended"]


def test_memory_off_refuses_a_manual_dream(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    services.assistants.update("Helper", memory_enabled=False)
    with pytest.raises(InvalidInput, match="memory is off"):
        run(dreams.run_day("Helper", DAY))
    assert dreams.due() == []


# --- DRM-5 / REF-17: failure, hint, retry with back-off --------------------------------------
def test_failed_run_shows_its_hint_and_retries_after_the_back_off(services: Services, summ: FakeVendor) -> None:
    clock = Clock(NOW)
    dreams = setup(services, summ, clock)
    say(services, services.topics.create("Helper").id, Role.USER, "hello", AT)
    summ.script(Reply(error_status=500, error_body=openai_error("upstream exploded", "server_error")))
    outs = run(dreams.run_due())
    assert [o.status for o in outs] == ["failed"]
    last = dreams.settings("Helper").last_run
    assert last is not None and last.status == "failed" and "upstream exploded" in (last.error or "")
    assert last.next_retry_at == NOW + timedelta(minutes=10)
    assert dreams.cards("Helper") == []
    clock.now = NOW + timedelta(minutes=9)
    assert dreams.due() == []
    clock.now = NOW + timedelta(minutes=10)
    summ.script(card("- Says hello first"))
    assert [o.status for o in run(dreams.run_due())] == ["appended"]
    last = dreams.settings("Helper").last_run
    assert last is not None and last.status == "appended" and last.error is None
    with services.db.read() as s:
        assert s.query(DreamRun).one().attempts == 2


def test_weekly_schedule_reads_the_previous_day_and_stamps_the_iso_week(
        services: Services, summ: FakeVendor) -> None:
    """DRM-3: Weekly still dreams the UTC day before the run; REF-17: period ``YYYY-Www``."""
    dreams = setup(services, summ)
    dreams.set_schedule("Helper", "weekly", "02:00", 2)  # Tuesday; 2026-12-01 is a Tuesday
    say(services, services.topics.create("Helper").id, Role.USER, "hello", AT)
    summ.script(card("- Greets first"))
    outs = run(dreams.run_due())
    assert [o.history_day for o in outs] == [DAY]
    with services.db.read() as s:
        assert s.query(DreamRun).one().period_stamp == "2026-W49"


def test_impossible_schedules_are_refused(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    for args in (("hourly", "02:00", 0), ("daily", "25:00", 0), ("weekly", "02:00", 7), ("daily", "2am", 0)):
        with pytest.raises(InvalidInput):
            dreams.set_schedule("Helper", *args)
    with pytest.raises(InvalidInput):
        dreams.set_keep("Helper", 0)
    with pytest.raises(InvalidInput):
        dreams.set_keep("Helper", 91)
    assert dreams.settings("Helper").schedule.frequency == "daily"


# --- DRM-7 / DRM-9: retention ----------------------------------------------------------------
def test_fold_re_summarizes_the_oldest_cards_into_one_range_card(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    days = [DAY - timedelta(days=k) for k in (3, 2, 1)]
    seed_cards(services, days)
    dreams.set_keep("Helper", 3)
    say(services, services.topics.create("Helper").id, Role.USER, "new day", AT)
    summ.script(card("- Brand new habit: asks for diagrams"), card("- Merged: prefers tables"))
    out = run(dreams.run_day("Helper", DAY))
    assert out.status == "appended" and out.fold is dm.FoldMethod.MODEL
    assert "[date:2026-11-27]" in prompt(summ, 1)  # the folded day went to the re-summary
    cards = dreams.cards("Helper")
    assert [(c.kind, c.tag) for c in cards] == [
        ("range", "2026-11-27..2026-11-27"), ("day", "2026-11-28"), ("day", "2026-11-29"), ("day", "2026-11-30")]
    assert cards[0].text == "- Merged: prefers tables"  # framing hidden (DRM-10)
    assert cards[0].display_tag == "2026-11-27 – 2026-11-27" and not cards[0].regenerable
    assert "[overflow:" not in dreams.copy_text("Helper")


def test_too_long_fold_gets_one_shorter_rewrite_then_falls_back_to_concatenation(
        services: Services, summ: FakeVendor) -> None:
    """DRM-9 / REF-12: an over-cap draft is sent back once; a still-bad answer (here cut
    at the token limit) ends in the dated concatenation."""
    dreams = setup(services, summ)
    seed_cards(services, [DAY - timedelta(days=2), DAY - timedelta(days=1)])
    dreams.set_keep("Helper", 1)  # settings-only fold: concatenation, no call (DRM-7)
    assert summ.requests == []
    folded = dreams.cards("Helper")
    assert [c.kind for c in folded] == ["range", "day"]
    say(services, services.topics.create("Helper").id, Role.USER, "new day", AT)
    summ.script(card("- A new day's habit"), card("y" * 7000),
                Reply(text_chunks=["- half a rewr"], finish_reason="length"))
    out = run(dreams.run_day("Helper", DAY))
    assert out.status == "appended" and out.fold is dm.FoldMethod.CONCATENATED
    assert len(summ.requests) == 3 and "shorter" in prompt(summ, 2)
    body = stored_cards(services)[0].body
    assert body.startswith("[overflow:v1]") and "[date:2026-11-28]" in body and "[date:2026-11-29]" in body
    assert len(body) <= 6400


# --- DRM-8 / DRM-15: cards -------------------------------------------------------------------
def test_edit_delete_clear_and_restore(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    seed_cards(services, [DAY - timedelta(days=1), DAY])
    dreams.edit_card("Helper", 1, "Edited\n[2026-01-01]\nstill text")
    assert dreams.cards("Helper")[0].text == "Edited\n[2026-01-01]\nstill text"  # DRM-12 lossless
    assert len(dreams.cards("Helper")) == 2
    dreams.delete_card("Helper", 1)
    assert [c.number for c in dreams.cards("Helper")] == [1]
    dreams.clear("Helper")
    assert dreams.cards("Helper") == []
    dreams.restore("Helper")
    assert len(dreams.cards("Helper")) == 1
    dreams.restore("Helper")  # twice = redo
    assert dreams.cards("Helper") == []
    with pytest.raises(InvalidInput):
        dreams.edit_card("Helper", 1, "   ")
    dreams.restore("Helper")  # the two cards back
    before = services.dreams.document("Helper")
    with pytest.raises(InvalidInput, match="at most 3,200 characters"):
        dreams.edit_card("Helper", 1, "x" * 3300)  # DRM-13: refused, never cut silently
    assert services.dreams.document("Helper") == before
    dreams.edit_card("Helper", 1, "y" * 3200)
    assert dreams.cards("Helper")[0].text == "y" * 3200


def test_regenerate_replaces_one_days_body_only(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    seed_cards(services, [DAY - timedelta(days=1), DAY])
    say(services, services.topics.create("Helper").id, Role.USER, "regenerate me", AT)
    summ.script(card("- Regenerated habit"))
    out = run(dreams.regenerate("Helper", 2))
    assert out.status == "regenerated"
    cards = dreams.cards("Helper")
    assert cards[1].text == "- Regenerated habit" and cards[0].text.startswith("Prefers answers about theme 29")
    assert "regenerate me" in prompt(summ)
    with services.db.read() as s:
        assert s.query(DreamRun).count() == 0  # no schedule marker (REF-17)
    dreams.set_keep("Helper", 1)
    with pytest.raises(InvalidInput):
        run(dreams.regenerate("Helper", 1))  # a range card


# --- MEM-6: the cards reach the chat model ---------------------------------------------------
def test_dynamic_cards_are_injected_without_framing(services: Services, summ: FakeVendor,
                                                    fake_vendor: FakeVendor) -> None:
    setup(services, summ)
    seed_cards(services, [DAY - timedelta(days=2), DAY - timedelta(days=1)])
    services.dreams.set_keep("Helper", 1)
    block = services.memory.injection_block("Helper")
    assert "Prefers answers about theme 29 in tables" in block
    assert "theme 28" in block and "[overflow:" not in block


# --- APP-4: the headless command -------------------------------------------------------------
def test_cli_dream_commands(services: Services, summ: FakeVendor, capsys: pytest.CaptureFixture[str]) -> None:
    from chathub_desktop.cli import main as cli

    setup(services, summ)

    def main(argv: list[str]) -> int:
        return cli([*argv, "--database-url", services.database_url])

    assert main(["dream", "schedule", "--assistant", "Helper", "--frequency", "weekly", "--weekday", "1",
                 "--time", "03:15", "--keep", "5"]) == 0
    out = capsys.readouterr().out
    assert "Weekly on Monday at 03:15 UTC" in out and "keep 5" in out
    assert main(["dream", "schedule", "--assistant", "Helper", "--time", "3pm"]) == 1
    assert "HH:MM" in capsys.readouterr().err
    assert main(["dream", "run-due", "--json"]) == 0
    assert isinstance(json.loads(capsys.readouterr().out), list)
    assert main(["dream", "pause"]) == 0
    capsys.readouterr()
    assert main(["dream", "run-due"]) == 0
    assert "dreams are paused" in capsys.readouterr().out
    assert main(["dream", "resume"]) == 0
    capsys.readouterr()
    assert main(["dream", "cards", "--assistant", "Helper"]) == 0
    assert "no dynamic memory yet" in capsys.readouterr().out
    assert main(["dream", "restore", "--assistant", "Helper"]) == 1


def test_a_day_older_than_every_kept_card_is_added_and_folded_not_said_to_exist(
        services: Services, summ: FakeVendor) -> None:
    """walk56 #12's sibling: a dream over a day older than every single-day card, with Keep N
    full, adds its card and Keep N folds it straight into a new range card — the run said
    "got a dream card meanwhile" (EXISTS) although it wrote the card."""
    dreams = setup(services, summ)
    seed_cards(services, [DAY - timedelta(days=1), DAY])
    dreams.set_keep("Helper", 2)
    old = DAY - timedelta(days=10)
    say(services, services.topics.create("Helper").id, Role.USER, "old day", AT - timedelta(days=10))
    summ.script(card("- Liked tables back then"), card("<summary>- Liked tables back then</summary>"))
    out = run(dreams.run_day("Helper", old))
    assert out.status == "appended" and out.message.startswith(f"added the card for {old}"), out.message
    assert [c.display_tag for c in stored_cards(services)] == [f"{old} – {old}", str(DAY - timedelta(days=1)),
                                                               str(DAY)]
