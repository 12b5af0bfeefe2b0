"""Issue 17 rules in the pure core: the history limit is a bound (CMP-1, CMP-10, CMP-13,
REF-19a), summarizer batches fit small windows (CMP-4 over REF-20's floor), cached
tokens reported beside the prompt, silent truncation (REF-27) and half-up cache rates
(REF-31). Expected values come from the SPEC lines and the issue's small inputs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core import compaction as cc
from chathub_desktop.core.compaction_prompt import summary_prompt
from chathub_desktop.core.messages import ChatMessage, Role, ToolCall
from chathub_desktop.core.request_assembly import HistoryMessage, assemble_request, message_tokens
from chathub_desktop.core.request_plan import PlanInputs, plan_request
from chathub_desktop.core.token_estimate import (
    CacheReport,
    cache_line,
    hit_rate_text,
    reported_input,
    silently_truncated,
    truncation_warning,
)
from chathub_desktop.providers.openai_chat import parse_chat_usage
from chathub_desktop.tokens.counter import TokenCounter
from tests.cases import cases

COUNT = TokenCounter.for_model("gpt-4o").count


def rows(spec: str, tokens: int = 10) -> list[HistoryMessage]:
    """``"u a u a u"``: u user, a assistant, c assistant with a tool call, t its result."""
    out: list[HistoryMessage] = []
    call = ""
    for i, ch in enumerate(spec.split()):
        if ch == "u":
            msg = ChatMessage(Role.USER, f"question {i}")
        elif ch == "a":
            msg = ChatMessage(Role.ASSISTANT, f"answer {i}")
        elif ch == "c":
            call = f"call{i}"
            msg = ChatMessage(Role.ASSISTANT, "", tool_calls=(ToolCall(call, "lookup", "{}"),))
        else:
            msg = ChatMessage(Role.TOOL, f"result {i}", tool_call_id=call, tool_name="lookup")
        out.append(HistoryMessage(id=i + 1, message=msg, tokens=tokens))
    return out


def sent_ids(history: list[HistoryMessage], limit: int | None, cursor: int | None = None) -> list[int]:
    plan = plan_request(PlanInputs(history=tuple(history), history_limit=limit, input_budget=100_000,
                                   context_window=100_000, cursor_message_id=cursor, summary="s" if cursor else ""),
                        COUNT, pending_user=False)
    return list(assemble_request(plan.assembly, COUNT).included_ids)


# --- the history limit is a bound (CMP-10, REF-19a) -------------------------------------
def test_limit_2_on_u_a_u_a_u_sends_a2_u3() -> None:
    assert sent_ids(rows("u a u a u"), 2) == [4, 5]


def test_limit_2_after_a_tool_turn_sends_two_messages_not_the_whole_turn() -> None:
    assert sent_ids(rows("u c t a u"), 2) == [4, 5]  # was 5: the cut moved back to the turn start
    big = rows("u " + "c t " * 31 + "u")  # 1 user + 62 tool/assistant rows, then the latest user
    assert len(big) == 64
    sent = sent_ids(big, 2)
    assert len(sent) <= 2 and sent[-1] == 64  # was 65 rows... never more than the limit


def test_the_latest_turn_keeps_its_own_tool_continuation_newest_20() -> None:
    h = rows("u a u " + "c t " * 15)  # the latest user turn has 30 continuation rows
    sent = sent_ids(h, 2)
    assert sent[:2] == [2, 3]  # 2 rows up to the latest user message
    assert len(sent) == 2 + 20 and sent[-1] == len(h)  # + the newest 20 of its continuation (CMP-10)


def test_a_text_only_tail_keeps_exactly_its_newest_20() -> None:
    """CMP-10 / REF-19a with a tail of plain assistant rows: 25 continuation rows → the
    newest 20 are sent, 5 capped. (With call/result pairs a cap of 20 and of 21 cut at
    the same place, so only a text-only tail shows the figure.)"""
    h = rows("u a u " + "a " * 25)
    sent = sent_ids(h, 2)
    assert sent == [2, 3, *range(len(h) - 19, len(h) + 1)]
    assert len(sent) - 2 == 20
    window = cc.history_window(cc.HistoryIndex(h), 0, 2)
    assert len(window.capped) == 5 and window.kept == 22
    exactly = rows("u " + "a " * 20)  # a tail of exactly 20 is not capped
    assert cc.history_window(cc.HistoryIndex(exactly), 0, 1).capped == ()
    assert len(sent_ids(rows("u " + "a " * 21), 1)) == 1 + 20


def _plan(history: list[HistoryMessage], limit: int | None, budget: int, **kw: object):  # type: ignore[no-untyped-def]
    return plan_request(PlanInputs(history=tuple(history), history_limit=limit, input_budget=budget,
                                   context_window=budget, **kw), COUNT, pending_user=False)  # type: ignore[arg-type]


def test_a_large_window_expands_the_limit_within_55_percent() -> None:
    """CMP-14 through the request plan: with an input budget of 128,000 or more the limit
    of 2 grows while the chat payload stays under 55% of the budget; below 128,000 it
    does not."""
    h = rows("u a " * 100 + "u", tokens=1000)
    instructions = "Answer in a formal register. " * 5000  # ~30,000 tokens of fixed overhead
    big = _plan(h, 2, 200_000, instructions=instructions)
    assert big.window.expanded and big.window.effective_limit is not None and big.window.effective_limit > 2
    sent = assemble_request(big.assembly, COUNT).included_ids
    fixed = COUNT(f"system:\n{instructions.strip()}")
    assert fixed > 25_000 and len(sent) > 2
    assert 1000 * len(sent) <= 0.55 * 200_000 - fixed  # the payload after fixed overhead
    small = _plan(h, 2, 127_999)
    assert not small.window.expanded and len(assemble_request(small.assembly, COUNT).included_ids) == 2


def test_a_cursor_that_no_longer_exists_drops_the_summary() -> None:
    """REF-19: the summary's cursor row was deleted: the summary is not injected (the next
    run rebuilds it from scratch) and the whole history is sent again."""
    h = rows("u a u a u")
    gone = _plan(h, None, 100_000, cursor_message_id=99, summary="old summary")
    assert gone.stale_cursor and gone.summary == "" and "old summary" not in (gone.assembly.summary_block or "")
    assert list(assemble_request(gone.assembly, COUNT).included_ids) == [1, 2, 3, 4, 5]
    kept = _plan(h, None, 100_000, cursor_message_id=2, summary="old summary")
    assert not kept.stale_cursor and "old summary" in (kept.assembly.summary_block or "")


def test_message_count_compaction_rounds_the_dropped_rows_up_to_whole_turns() -> None:
    h = rows("u a u a u")
    for limit, end in ((4, 2), (2, 4)):  # limit 4 compacts u1 a1; limit 2 compacts u1 a1 u2 a2
        index = cc.HistoryIndex(h)
        window = cc.history_window(index, 0, limit)
        p = cc.plan_compaction(index, window, trigger=cc.TRIGGER_MESSAGE_COUNT, total_tokens=50,
                               summary_tokens=0, projected_summary_tokens=0, budget=1000, low=0.6,
                               batch_budget=1000)
        assert p.status == "ready" and p.target_end == end and p.covered_end == end
    # the window then starts after the cursor: limit 2 after u1 a1 u2 a2 were compacted
    assert sent_ids(h, 2, cursor=4) == [5]
    assert sent_ids(h, 4, cursor=2) == [3, 4, 5]


def test_nothing_dropped_means_nothing_eligible_for_message_count() -> None:
    h = rows("u a u a u")
    index = cc.HistoryIndex(h)
    p = cc.plan_compaction(index, cc.history_window(index, 0, 5), trigger=cc.TRIGGER_MESSAGE_COUNT,
                           total_tokens=50, summary_tokens=0, projected_summary_tokens=0, budget=1000,
                           low=0.6, batch_budget=1000)
    assert p.status == "nothing_eligible"


specs = st.lists(st.sampled_from(["u", "a", "c t", "c t t"]), min_size=1, max_size=40).map(
    lambda parts: " ".join(["u", *parts]))


@settings(max_examples=cases(200), deadline=None)
@given(specs, st.integers(1, 30), st.data())
def test_property_rows_up_to_the_latest_user_message_never_exceed_the_limit(
        spec: str, limit: int, data: st.DataObject) -> None:
    """REF-19a: for any topic, limit and cursor, the rows sent up to and including the
    latest user message are at most the limit (the latest turn's tail is extra)."""
    h = rows(spec.replace("c t t", "c t"))
    cursor = data.draw(st.none() | st.integers(1, len(h)))
    ids = sent_ids(h, limit, cursor)
    users = [r.id for r in h if r.message.role is Role.USER]
    latest = users[-1]
    if cursor is not None and cursor >= latest:
        assert latest not in ids
        return
    assert latest in ids
    upto = ids[: ids.index(latest) + 1]
    assert len(upto) <= limit
    assert all(i > (cursor or 0) for i in ids)  # the window starts after the cursor
    assert len(ids) - len(upto) <= 20  # CMP-10


# --- summarizer budgets (CMP-4, CMP-5, REF-20, REF-21) ----------------------------------
def test_a_2048_token_summarizer_is_not_given_the_2048_floor() -> None:
    b = cc.summarizer_budget(2048, 600)
    assert cc.batch_token_budget(2048, 600) != 2048
    assert b.batch > 0 and not b.too_small
    assert b.prompt <= 2048 // 2  # under about half the window (CMP-4)
    assert b.prompt + b.completion <= 0.9 * 2048
    # 4k and 8k summarizers: the old floor (2048 turns + 2648 completion + the prompt) did not fit 4k
    small = cc.summarizer_budget(4096, 600, True)
    assert small.batch + cc.SUMMARY_PROMPT_OVERHEAD + small.cap + small.completion <= 0.9 * 4096


@settings(max_examples=cases(300), deadline=None)
@given(st.integers(1024, 2_000_000), st.sampled_from([400, 600, 800]), st.booleans(),
       st.integers(100, 600))
def test_property_every_summarizer_request_fits_90_percent_of_its_window(
        window: int, cap: int, extra: bool, overhead: int) -> None:
    """A full batch, the instructions, the summary read back (at its cap) and the
    completion stay within floor(0.9 × window); the prompt under about half of it."""
    b = cc.summarizer_budget(window, cap, extra, overhead)
    if b.too_small:
        return
    assert b.batch + overhead + b.cap + b.completion <= 0.9 * window
    assert b.batch + overhead + b.cap <= 0.5 * window + 1
    assert b.completion >= b.cap


def test_the_summary_prompt_of_a_planned_batch_fits_the_2048_model() -> None:
    """The real prompt text around a full 2,048-window batch, counted with o200k."""
    counter = TokenCounter.for_model("smollm2-135m")
    overhead = sum(message_tokens(m, counter.count) for m in summary_prompt("", (), 256))
    b = cc.summarizer_budget(2048, 600, False, overhead)
    words = " ".join(["timetable"] * (b.batch - 10))
    batch = [ChatMessage(Role.USER, words)]
    while sum(message_tokens(m, counter.count) for m in batch) > b.batch:
        words = words.rsplit(" ", 20)[0]
        batch = [ChatMessage(Role.USER, words)]
    existing = " ".join(["summary"] * (b.cap - 5))
    prompt = summary_prompt(existing, batch, b.cap)
    assert sum(message_tokens(m, counter.count) for m in prompt) + b.completion <= 0.9 * 2048


# --- usage figures ----------------------------------------------------------------------
def test_cached_tokens_beside_the_prompt_are_added_to_it() -> None:
    llama = parse_chat_usage({"prompt_tokens": 2000, "completion_tokens": 10,
                              "prompt_tokens_details": {"cached_tokens": 28000}})
    assert llama.input_tokens == 30_000 and llama.cached_tokens == 28_000
    top = parse_chat_usage({"prompt_tokens": 2000, "cached_tokens": 28000, "completion_tokens": 1})
    assert top.input_tokens == 30_000
    inside = parse_chat_usage({"prompt_tokens": 18579, "prompt_tokens_details": {"cached_tokens": 18432}})
    assert inside.input_tokens == 18579  # OpenAI: cached inside the prompt
    assert reported_input(2000, 28000) == 30_000 and reported_input(2000, None) == 2000


def test_a_hit_rate_is_never_above_100_percent() -> None:
    stored = CacheReport(1, "m", input_tokens=2000, cached=28000, cache_write=None)  # a row stored before
    assert cache_line(stored) == "93.3% hit · working · 28,000 / 30,000"


@pytest.mark.parametrize(("cached", "total", "text"), [
    (1, 16, "6.3"),  # 6.25 % → 6.3 (half up, REF-31; Python's format gives 6.2)
    (18432, 18579, "99.2"),
    (0, 5, "0.0"),
    (5, 5, "100.0"),
    (1, 8, "12.5"),
    (1, 1600, "0.1"),  # 0.0625 % → 0.1
])
def test_cache_rate_rounds_half_up(cached: int, total: int, text: str) -> None:
    assert hit_rate_text(cached, total) == text
    assert cache_line(CacheReport(1, "m", total, cached, None)).startswith(f"{text}% hit")


def test_silent_truncation_is_below_70_percent_of_an_exactly_counted_request() -> None:
    assert silently_truncated(2048, 10_300, True)
    assert not silently_truncated(2048, 10_300, False)  # images: not counted exactly
    assert not silently_truncated(7300, 10_300, True)  # 71%: a tokenizer difference
    assert not silently_truncated(None, 10_300, True)
    assert not silently_truncated(11, 20, True)  # a tiny request: framing, not truncation
    assert not silently_truncated(9, 664, True)  # tool schemas counted apart: not a cut prompt
    assert truncation_warning(2048, 10_300) == (
        "the server read only 2,048 of about 10,300 tokens: its context is smaller than the model card says")


@settings(max_examples=cases(120), deadline=None)
@given(st.integers(1500, 200_000), st.sampled_from([400, 600, 800]), st.booleans(),
       st.lists(st.tuples(st.integers(1, 400), st.integers(1, 900)), min_size=1, max_size=30),
       st.integers(0, 900))
def test_property_the_summarizer_requests_of_a_planned_topic_fit_90_percent_of_the_window(
        window: int, cap: int, reasoning: bool, turns: list[tuple[int, int]], summary_words: int) -> None:
    """For any topic and summarizer window: each planned batch becomes a request whose
    prompt (local count) + max_tokens ≤ 0.9 × window — or, when the summary read back no
    longer leaves room, the batch is refused once (SummarizerFailed), never sent too big."""
    from chathub_desktop.core.model_cards import ModelCardInfo
    from chathub_desktop.core.provider_kinds import ProviderKind
    from chathub_desktop.services.compaction.summarizer import (
        Summarizer,
        SummarizerFailed,
        SummarizerTarget,
    )

    counter = TokenCounter.for_model("gpt-4o")
    history: list[HistoryMessage] = []
    for u, a in turns:
        for role, n in ((Role.USER, u), (Role.ASSISTANT, a)):
            msg = ChatMessage(role, " ".join(["word"] * n))
            history.append(HistoryMessage(id=len(history) + 1, message=msg, tokens=message_tokens(msg, counter.count)))
    history.append(HistoryMessage(id=len(history) + 1, message=ChatMessage(Role.USER, "latest"), tokens=5))
    card = ModelCardInfo("summ", window, None, reasoning, None, None, True)
    target = SummarizerTarget(1, "P", ProviderKind.OPENAI_COMPATIBLE, "summ", card, window)
    budget = target.budget(cap)
    if budget.too_small:
        return
    index = cc.HistoryIndex(history)
    plan = cc.plan_compaction(index, cc.history_window(index, 0, None), trigger=cc.TRIGGER_MANUAL,
                              total_tokens=index.tokens(0, len(history)), summary_tokens=0,
                              projected_summary_tokens=0, budget=10**9, low=0.6, batch_budget=budget.batch)
    summarizer = Summarizer(None, target)  # type: ignore[arg-type]  # builds requests only
    existing = " ".join(["fact"] * min(summary_words, budget.cap - 10))  # a summary within its cap
    for batch in plan.batches:
        if batch.placeholder:
            continue
        try:
            request = summarizer.summary_request(existing, [h.message for h in history[batch.start:batch.end]], cap)
        except SummarizerFailed:
            pytest.fail("a planned batch with a summary within its cap must fit")
        prompt = sum(message_tokens(m, counter.count) for m in request.messages)
        assert request.max_tokens is not None and request.max_tokens >= budget.cap
        assert prompt + request.max_tokens <= 0.9 * window
