"""The pure compaction planner (REF-18…REF-25, CMP-4, CMP-9, CMP-10, CMP-14), with property tests."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core import compaction as cc
from chathub_desktop.core.compaction_prompt import clean_summary, transcript
from chathub_desktop.core.messages import ChatMessage, Role, ToolCall
from chathub_desktop.core.request_assembly import HistoryMessage
from tests.cases import cases


def row(i: int, role: Role, tokens: int = 10, calls: tuple[str, ...] = (), result: str | None = None) -> HistoryMessage:
    msg = ChatMessage(role=role, content=f"m{i}", tool_calls=tuple(ToolCall(c, "t") for c in calls),
                      tool_call_id=result)
    return HistoryMessage(id=i + 1, message=msg, tokens=tokens)


def build(spec: list[list[object]]) -> list[HistoryMessage]:
    """Turns as lists: each turn is [user_tokens, ("a", tok) | ("call", n_parallel, with_results)]."""
    out: list[HistoryMessage] = []
    for turn in spec:
        out.append(row(len(out), Role.USER, int(turn[0])))  # type: ignore[arg-type]
        for part in turn[1:]:
            if part[0] == "a":  # type: ignore[index]
                out.append(row(len(out), Role.ASSISTANT, int(part[1])))  # type: ignore[index]
            else:
                n, with_results = int(part[1]), bool(part[2])  # type: ignore[index]
                ids = tuple(f"c{len(out)}_{k}" for k in range(n))
                out.append(row(len(out), Role.ASSISTANT, 5, calls=ids))
                if with_results:
                    for c in ids:
                        out.append(row(len(out), Role.TOOL, 7, result=c))
    return out


def plan(history: list[HistoryMessage], trigger: str = cc.TRIGGER_MANUAL, *, start: int = 0,
         total: int | None = None, budget: int = 10_000, max_batches: int | None = None,
         batch_budget: int = 100_000, projected: int = 0):  # type: ignore[no-untyped-def]
    index = cc.HistoryIndex(history)
    window = cc.history_window(index, start, None)
    total = index.tokens(start, len(history)) if total is None else total
    return cc.plan_compaction(index, window, trigger=trigger, total_tokens=total, summary_tokens=0,
                              projected_summary_tokens=projected, budget=budget, low=0.6,
                              batch_budget=batch_budget, max_batches=max_batches)


def test_watermarks_and_caps() -> None:
    assert cc.watermarks(0.8) == (0.8, 0.6)
    assert cc.watermarks(2.0) == (0.99, 0.79)
    assert cc.watermarks(0.1) == (0.5, 0.3)
    assert cc.watermarks(None) == (0.8, 0.6)
    assert [cc.summary_cap(p) for p in ("minimal", "balanced", "rich", "??")] == [400, 600, 800, 600]
    # CMP-4 wins over REF-20's 2048 floor: a 8k summarizer's batch leaves room for the
    # instructions, the summary read back and the completion within 90% of its window
    assert cc.batch_token_budget(8192, 600, prompt_overhead=300) + 300 + 600 + 600 <= 0.9 * 8192
    assert cc.batch_token_budget(400_000, 600) == 180_000 - 2648  # REF-20 on a large window
    assert cc.summarizer_window(None) == 128_000
    # issue 24: an unknown model on a local server (NUM-2 fallback 32,000) is not read as 128k;
    # a larger fallback (Anthropic's 1,000,000) still gets REF-20's 128,000
    assert cc.summarizer_window(None, 32_000) == 32_000
    assert cc.summarizer_window(None, 1_000_000) == 128_000
    assert cc.summarizer_window(8192, 32_000) == 8192
    assert cc.completion_budget(600, True) == 2648 and cc.completion_budget(400, False) == 400


def test_send_blocking_rule() -> None:
    assert cc.send_blocked(900, 1000, 0.8) and not cc.send_blocked(700, 1000, 0.8)
    assert cc.send_blocked(800, 1000, 0.8) and not cc.send_blocked(799, 1000, 0.8)  # at/above high (CMP-7)
    assert cc.send_blocked(None, 1000, 0.8) and cc.send_blocked(10, 0, 0.8)


def test_tool_call_and_result_stay_on_one_side_of_the_boundary() -> None:
    """Message 11 is a tool call, 12 its result, the protected tail 2 messages."""
    h = build([[10, ("a", 10)]] * 5 + [])  # messages 1..10
    h.append(row(10, Role.ASSISTANT, 5, calls=("x",)))  # 11
    h.append(row(11, Role.TOOL, 500, result="x"))  # 12
    h.append(row(12, Role.USER, 10))  # 13
    h.append(row(13, Role.ASSISTANT, 10))  # 14
    # a token target met by cutting right after 11 still moves the boundary to 13
    p = plan(h, cc.TRIGGER_TOKEN, total=1200, budget=1000)
    assert p.target_end == 12  # position of message 13
    assert p.covered_end == 12


def test_token_trigger_takes_the_shortest_prefix_and_reports_unreachable() -> None:
    h = build([[100, ("a", 100)]] * 10)
    p = plan(h, cc.TRIGGER_TOKEN, total=2000, budget=2000)  # low 1200: remove ≥ 800 → 4 turns
    assert p.status == "ready" and p.target_end == 8 and p.reachable
    huge = build([[100, ("a", 100)]] * 3 + [[5000]])
    p = plan(huge, cc.TRIGGER_TOKEN, total=5600, budget=2000)
    assert p.target_end == 6 and not p.reachable  # the longest, target unreachable
    assert plan(h, cc.TRIGGER_TOKEN, total=100, budget=2000).status == "not_needed"


def test_summary_growth_is_counted() -> None:
    h = build([[100, ("a", 100)]] * 10)
    without = plan(h, cc.TRIGGER_TOKEN, total=2000, budget=2000)
    grown = plan(h, cc.TRIGGER_TOKEN, total=2000, budget=2000, projected=400)
    assert grown.target_end == without.target_end + 4  # two more turns for 400 tokens


def test_batches_respect_message_and_token_limits_and_placeholders() -> None:
    h = build([[10, ("a", 10)]] * 30)  # 60 messages
    p = plan(h, batch_budget=100_000)
    assert [b.end - b.start for b in p.batches] == [40, 18]  # the latest turn is protected
    p = plan(h, max_batches=1)
    assert p.covered_end == 40 and not p.complete
    big = build([[10, ("a", 10)], [10, ("a", 5000)], [10, ("a", 10)], [10]])
    p = plan(big, batch_budget=2048)
    assert [(b.start, b.end, b.placeholder) for b in p.batches] == [(0, 2, False), (2, 4, True), (4, 6, False)]
    assert dict(p.batches[1].role_counts) == {"user": 1, "assistant": 1}
    # REF-20: only a turn OVER the batch budget is a placeholder; one of exactly 2,048 is summarized
    exact = build([[10, ("a", 10)], [48, ("a", 2000)], [10, ("a", 10)], [10]])
    p = plan(exact, batch_budget=2048)
    assert [(b.start, b.end, b.placeholder) for b in p.batches] == [(0, 2, False), (2, 4, False), (4, 6, False)]
    over = build([[10, ("a", 10)], [49, ("a", 2000)], [10, ("a", 10)], [10]])
    assert [b.placeholder for b in plan(over, batch_budget=2048).batches] == [False, True, False]


def test_placeholders_and_the_12000_character_cut() -> None:
    text = cc.placeholder_text({"user": 1, "assistant": 3, "tool": 2})
    assert "6 messages" in text and "1 user message" in text and "2 tool messages" in text
    summary = "x" * 11_990
    cut = cc.append_placeholder(summary, text)
    assert cut.startswith(cc.SUMMARY_CUT_MARKER) and cut.endswith(text) and len(cut) <= 12_000


def test_archives_dedupe_keep_24_and_mark_unknown_times() -> None:
    arch: list[dict[str, str]] = []
    for k in range(30):
        arch = cc.add_archive(arch, f"summary {k}", f"2026-01-01T00:00:{k:02d}+00:00")
    arch = cc.add_archive(arch, "summary 29", "2026-01-02T00:00:00+00:00")
    assert len(arch) == 24 and arch[-1]["excerpt"] == "summary 29"
    arch.append({"at": "garbage", "excerpt": "old one"})
    lines = cc.archive_lines(arch, "current")
    assert len(lines) == 8 and lines[-1] == "[unknown time] old one"
    assert lines[0].startswith("[2026-01-01T00:00:23+00:00] summary 23")
    assert len(cc.archive_excerpt("y" * 900)) == 600


def test_history_window_anchor_tail_cap_and_expansion() -> None:
    h = build([[10, ("a", 10)]] * 5)
    idx = cc.HistoryIndex(h)
    w = cc.history_window(idx, 0, 1)
    assert w.send_from == 8 and w.kept == 2  # the latest turn is kept whole (CMP-10)
    loop = build([[10, ("a", 10)], [10] + [("call", 1, True)] * 15])  # tail of 30
    w = cc.history_window(cc.HistoryIndex(loop), 0, 4)
    # REF-19a: the 3 rows up to the latest user message (limit 4) + the newest 20 of its tail
    assert len(w.capped) == 10 and w.kept == 23
    assert w.send_from == 0
    big = build([[1000, ("a", 1000)]] * 40)
    w = cc.history_window(cc.HistoryIndex(big), 0, 2, budget=200_000, fixed_tokens=1000)
    assert w.expanded and w.effective_limit is not None and w.effective_limit > 2
    assert cc.HistoryIndex(big).tokens(w.send_from, len(big)) <= 0.55 * 200_000 - 1000
    small = cc.history_window(cc.HistoryIndex(big), 0, 2, budget=100_000)
    assert not small.expanded and small.kept == 3  # a + the latest user (limit 2) + its reply


def test_prompt_helpers() -> None:
    assert clean_summary("<think>x</think>noise <summary> kept </summary>") == "kept"
    assert clean_summary("   ") == "" and clean_summary("plain") == "plain"
    text = transcript([ChatMessage(Role.ASSISTANT, "", tool_calls=(ToolCall("1", "f", '{"a": 1}'),)),
                       ChatMessage(Role.TOOL, "R" * 5000, tool_call_id="1", tool_name="f")])
    assert '{"a": 1}' in text and "R" * 5000 in text  # tool results in full (CMP-19)


# --- properties ------------------------------------------------------------------------
part = st.one_of(
    st.tuples(st.just("a"), st.integers(1, 300)),
    st.tuples(st.just("call"), st.integers(1, 3), st.just(True)),
)
turn = st.tuples(st.integers(1, 300), st.lists(part, max_size=4)).map(lambda t: [t[0], *t[1]])
histories = st.lists(turn, min_size=1, max_size=25).flatmap(
    lambda turns: st.tuples(st.just(turns), st.booleans())
)


def _with_trailing_call(turns: list[list[object]], trailing: bool) -> list[HistoryMessage]:
    h = build(turns)
    if trailing:
        h.append(row(len(h), Role.ASSISTANT, 5, calls=("dangling",)))
    return h


def _never_splits(h: list[HistoryMessage], end: int) -> bool:
    before = {c.id for x in h[:end] for c in x.message.tool_calls}
    return not any(x.message.tool_call_id in before for x in h[end:])


@settings(max_examples=cases(150), deadline=None)
@given(histories, st.sampled_from(sorted(cc.TRIGGERS)), st.integers(200, 20_000), st.integers(1, 4))
def test_boundaries_never_split_tool_calls_and_protect_the_latest_turn(
    data: tuple[list[list[object]], bool], trigger: str, budget: int, max_batches: int
) -> None:
    h = _with_trailing_call(*data)
    idx = cc.HistoryIndex(h)
    latest = max(i for i, x in enumerate(h) if x.message.role is Role.USER)
    p = plan(h, trigger, budget=budget, max_batches=max_batches, batch_budget=400)
    assert p.covered_end <= latest  # the latest user turn (and a dangling call) stay verbatim
    for b in p.batches:
        assert _never_splits(h, b.end) and h[b.start].message.role in (Role.USER, Role.ASSISTANT)
        assert b.placeholder or (b.end - b.start <= 40 and b.tokens <= 400)
    if p.batches:
        assert p.batches[0].start == 0
        assert all(a.end == b.start for a, b in zip(p.batches, p.batches[1:], strict=False))
        assert h[p.covered_end].message.role is Role.USER
    assert idx.tokens(0, len(h)) == sum(x.tokens or 0 for x in h)


@settings(max_examples=cases(100), deadline=None)
@given(histories, st.lists(st.integers(1, 3), min_size=1, max_size=6))
def test_successive_runs_cover_without_gap_or_overlap(
    data: tuple[list[list[object]], bool], growth: list[int]
) -> None:
    """Run after run (more turns arriving in between), coverage is contiguous."""
    turns, trailing = data
    history = build(turns)
    start = 0
    covered: list[int] = []
    for extra in growth:
        history = history + [row(len(history) + k, Role.USER if k % 2 == 0 else Role.ASSISTANT, 10)
                             for k in range(extra * 2)]
        p = plan(history, cc.TRIGGER_MANUAL, start=start, max_batches=3, batch_budget=500)
        assert p.start == start
        for b in p.batches:
            covered.extend(range(b.start, b.end))
        start = p.covered_end
    assert covered == list(range(len(covered)))  # no gap, no overlap, from the first row


def test_unreachable_runs_of_one_turn_are_logged_once_with_a_count() -> None:
    """CMP-17 (issue 25): the unreachable runs of one turn's tool rounds keep one debug-log
    entry with ``repeats`` and ``first_at``; another turn, another result or trigger, and
    an entry without a turn each get an entry of their own; 20 entries are kept."""
    def entry(at: str, turn: int | None, result: str = "unreachable", trigger: str = "token_threshold"
              ) -> dict[str, object]:
        return {"at": at, "turn": turn, "result": result, "trigger": trigger}

    log: list[dict[str, object]] = []
    for at in ("t1", "t2", "t3"):
        log = cc.append_debug(log, entry(at, 7))
    assert log == [{"at": "t3", "turn": 7, "result": "unreachable", "trigger": "token_threshold",
                    "repeats": 3, "first_at": "t1"}]
    log = cc.append_debug(log, entry("t4", 9))  # a new turn
    log = cc.append_debug(log, entry("t5", 9, trigger="overflow"))
    log = cc.append_debug(log, entry("t6", 9, result="compacted"))
    log = cc.append_debug(log, entry("t7", 9))
    log = cc.append_debug(log, entry("t8", None))
    log = cc.append_debug(log, entry("t9", None))
    assert [e["at"] for e in log] == ["t3", "t4", "t5", "t6", "t7", "t8", "t9"]
    assert all("repeats" not in e for e in log[1:])
    for n in range(30):
        log = cc.append_debug(log, entry(f"u{n}", 100 + n))
    assert len(log) == cc.DEBUG_LOG_KEPT and log[-1]["at"] == "u29"
