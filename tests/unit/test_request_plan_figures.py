"""The figures the request plan hands on: NUM-4's heuristic size of the request under the
threshold policy and CMP-14's fixed overhead (survivors of the issue 24 mutation run in
``core.request_plan``: nothing asserted either figure at the unit level).

Expected values are worked out by hand from the rules, not from the product's helpers:
NUM-4 counts compact JSON characters (keys included) and takes ``ceil(chars / 3)``;
CMP-14/REF-24's fixed overhead is the instructions' ``system:`` line + 3 framing tokens
(REF-26), the memory block, the summary block and the tools.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core import threshold_compaction as tc
from chathub_desktop.core.messages import ChatMessage, Role
from chathub_desktop.core.request_assembly import HistoryMessage
from chathub_desktop.core.request_plan import PlanInputs, plan_request
from chathub_desktop.core.threshold_compaction import ThresholdConfig


def chars(text: str) -> int:
    """A counter of one token per character, so every figure can be added up by hand."""
    return len(text)


def rows(*texts: str) -> tuple[HistoryMessage, ...]:
    roles = (Role.USER, Role.ASSISTANT)
    return tuple(HistoryMessage(id=i + 1, message=ChatMessage(roles[i % 2], t), tokens=len(t))
                 for i, t in enumerate(texts))


def test_the_threshold_policy_sizes_the_whole_request_by_num4() -> None:
    """NUM-4: {"role":"system","content":"Be brief."} is 39 characters,
    {"role":"user","content":"hello"} 33, {"role":"assistant","content":"hi"} 35:
    107 characters → ceil(107 / 3) = 36 tokens."""
    inputs = PlanInputs(history=rows("hello", "hi"), instructions="Be brief.",
                        input_budget=100_000, context_window=100_000,
                        threshold=ThresholdConfig(enabled=True))
    plan = plan_request(inputs, chars, pending_user=True)
    assert plan.threshold_estimate == 36


def test_without_the_threshold_policy_there_is_no_heuristic_size() -> None:
    inputs = PlanInputs(history=rows("hello", "hi"), instructions="Be brief.",
                        input_budget=100_000, context_window=100_000)
    assert plan_request(inputs, chars, pending_user=True).threshold_estimate is None


def test_the_large_window_expansion_weighs_instructions_memory_and_framing() -> None:
    """CMP-14 at an input budget of 128,000 with a history limit: "system:\\nabc" is 11
    tokens + 3 framing (REF-26), the memory block "mem" 3 → 17 tokens of fixed overhead."""
    inputs = PlanInputs(history=rows("q1", "a1", "q2"), instructions="abc", memory_block="mem",
                        history_limit=2, input_budget=128_000, context_window=200_000)
    assert plan_request(inputs, chars, pending_user=False).fixed_tokens == 17


def test_below_a_128000_budget_nothing_is_weighed() -> None:
    """REF-24: the expansion applies only when the input budget is at least 128,000."""
    inputs = PlanInputs(history=rows("q1", "a1", "q2"), instructions="abc", memory_block="mem",
                        history_limit=2, input_budget=127_999, context_window=200_000)
    assert plan_request(inputs, chars, pending_user=False).fixed_tokens == 0


_TEXT = st.lists(st.sampled_from(['a', 'b c', '"', '\\', '\n', 'é', '数据', '🎉']), min_size=1, max_size=12).map(''.join)


@settings(max_examples=200)
@given(texts=st.lists(_TEXT, max_size=14), pins=st.sets(st.integers(0, 13)), cursor=st.none() | st.integers(0, 13),
       buffer=st.integers(0, 400), bounds=st.tuples(st.none() | st.integers(1, 8), st.none() | st.integers(1, 120)))
def test_rows_without_their_texts_plan_what_the_rows_with_them_plan(
        texts: list[str], pins: set[int], cursor: int | None, buffer: int,
        bounds: tuple[int | None, int | None]) -> None:
    """Issue 29: the badge's rows keep no text, only the characters NUM-4/NUM-5 and
    NUM-11 count (``HistoryMessage.chars`` / ``text_chars``); with the threshold policy
    and both bounds on, its plan keeps the same rows and sizes the request the same as
    the plan of the rows with their texts (what send posts)."""
    roles = (Role.USER, Role.ASSISTANT)
    full = tuple(HistoryMessage(i + 1, ChatMessage(roles[i % 2], t), len(t), pinned=i in pins)
                 for i, t in enumerate(texts))
    bare = tuple(HistoryMessage(h.id, ChatMessage(h.message.role, ""), h.tokens, pinned=h.pinned,
                                chars=tc.message_chars(h.message), text_chars=len(h.message.content))
                 for h in full)
    plans = [plan_request(PlanInputs(history=h, instructions="Be brief.", summary="Earlier: trains.",
                                     cursor_message_id=cursor, history_bounds=bounds, input_budget=100_000,
                                     context_window=400, threshold=ThresholdConfig(True, buffer_tokens=buffer)),
                          chars, pending_user=True)
             for h in (full, bare)]
    with_texts, without = plans
    assert without.threshold_estimate == with_texts.threshold_estimate
    assert without.window == with_texts.window
    assert [h.id for h in without.assembly.history] == [h.id for h in with_texts.assembly.history]
    assert without.assembly.history_limit == with_texts.assembly.history_limit
    assert [h.id for h in without.assembly.pinned] == [h.id for h in with_texts.assembly.pinned]
