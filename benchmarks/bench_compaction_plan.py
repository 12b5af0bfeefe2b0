"""Planning a compaction of a 50,000-message topic with tool calls (CMP-4, REF-19, REF-20).

    python benchmarks/bench_compaction_plan.py [RUNS]

The topic: 12,500 turns of user → assistant tool call → tool result → assistant answer,
each message with a cached token count (as ``request_context`` loads them: the counts
stored with the messages, REF-26). Nothing is re-tokenized.

Measured (median of RUNS, ms):

- ``index``: building :class:`core.compaction.HistoryIndex` (prefix sums, O(n); done
  once per topic load, shared by the history window and the planner);
- ``plan (token, pre-send)``: choosing the shortest prefix that reaches the low
  watermark and its first ≤ 3 batches (what a send does) — goal ≤ 5 ms;
- ``plan (manual, all batches)``: the longest prefix, every batch;
- LangChain ``trim_messages`` on the same 50,000 messages (``max_tokens`` = low target,
  ``strategy="last"``, a token counter reading the same cached counts) as the reference
  point, when ``langchain_core`` is importable; else "not installed".
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from chathub_desktop.core import compaction as cc  # noqa: E402
from chathub_desktop.core.messages import ChatMessage, Role, ToolCall  # noqa: E402
from chathub_desktop.core.request_assembly import HistoryMessage  # noqa: E402

N = 50_000
BUDGET = 400_000 - 128_000  # gpt-5 window minus its listed max output


def topic() -> list[HistoryMessage]:
    """50,000 rows: 12,500 turns of user / tool call / tool result / answer."""
    rows: list[HistoryMessage] = []
    for t in range(N // 4):
        call = ToolCall(f"call_{t}", "search", '{"q": "x"}')
        rows.append(HistoryMessage(len(rows) + 1, ChatMessage(Role.USER, f"question {t}"), 40))
        rows.append(HistoryMessage(len(rows) + 1, ChatMessage(Role.ASSISTANT, "", tool_calls=(call,)), 25))
        rows.append(HistoryMessage(len(rows) + 1, ChatMessage(Role.TOOL, "result", tool_call_id=call.id,
                                                              tool_name="search"), 300))
        rows.append(HistoryMessage(len(rows) + 1, ChatMessage(Role.ASSISTANT, f"answer {t}"), 120))
    return rows


def _median_ms(fn, runs: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main(runs: int = 21) -> None:
    """Print the medians (ms)."""
    rows = topic()
    index = cc.HistoryIndex(rows)
    window = cc.history_window(index, 0, None)
    total = index.tokens(0, len(rows)) + 2000
    high, low = cc.watermarks(0.8)
    budget = cc.batch_token_budget(400_000, 600)

    def plan(trigger: str, max_batches: int | None) -> cc.CompactionPlan:
        return cc.plan_compaction(
            index, window, trigger=trigger, total_tokens=total, summary_tokens=0,
            projected_summary_tokens=650, budget=BUDGET, low=low, batch_budget=budget,
            max_batches=max_batches,
        )

    token_plan = plan(cc.TRIGGER_TOKEN, cc.MAX_PRESEND_BATCHES)
    manual = plan(cc.TRIGGER_MANUAL, None)
    print(f"topic: {len(rows):,} messages, {index.tokens(0, len(rows)):,} tokens (cached counts)")
    print(f"index build:                 {_median_ms(lambda: cc.HistoryIndex(rows), runs):8.3f} ms")
    print(f"plan (token, pre-send ≤3):   {_median_ms(lambda: plan(cc.TRIGGER_TOKEN, 3), runs):8.3f} ms"
          f"   → boundary {token_plan.target_end:,}, {len(token_plan.batches)} batches (goal ≤ 5 ms)")
    print(f"plan (manual, all batches):  {_median_ms(lambda: plan(cc.TRIGGER_MANUAL, None), runs):8.3f} ms"
          f"   → {len(manual.batches):,} batches")
    try:
        from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
        from langchain_core.messages.utils import trim_messages
    except ImportError:
        print("langchain_core trim_messages:  not installed (pip install langchain-core for the reference)")
        return
    lc = []
    for h in rows:
        m = h.message
        if m.role is Role.USER:
            lc.append(HumanMessage(m.content, id=str(h.id)))
        elif m.role is Role.TOOL:
            lc.append(ToolMessage(m.content, tool_call_id=m.tool_call_id or "", id=str(h.id)))
        else:
            lc.append(AIMessage(m.content, id=str(h.id), tool_calls=[
                {"id": c.id, "name": c.name, "args": {"q": "x"}} for c in m.tool_calls]))
    cached = {str(h.id): h.tokens or 0 for h in rows}

    def counter(messages: list) -> int:  # type: ignore[type-arg]
        return sum(cached[m.id] for m in messages)

    target = int(low * BUDGET)
    ms = _median_ms(lambda: trim_messages(lc, max_tokens=target, token_counter=counter, strategy="last",
                                          start_on="human", include_system=False), max(3, runs // 4))
    print(f"langchain_core trim_messages: {ms:8.3f} ms   (reference: same messages, cached counts)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 21)
