"""Benchmark: the memory dream's local work (DRM-3, DRM-9, DRM-13, DRM-14).

Everything a dream run does besides the model call, at the sizes the rules allow:

1. **Reading the day** (``DreamService.materials``): a UTC day with 30 active topics
   (the REF-17 maximum) in a store of 60 topics × 2,000 messages over 20 days (120,000
   rows, SQLite), against the floor of one SQL query that fetches the same day's
   user/assistant rows of those topics, in the same run.
2. **The document** at its DRM-13 cap (90 single-day cards of 3,200 characters plus a
   6,400-character range card, about 294,000 characters): ``parse_document``,
   ``render_document``, the near-duplicate check of a new card against all 91 cards
   (REF-16), and a Keep-N fold by concatenation (``apply_retention`` from 90 to 14),
   against ``str.splitlines`` over the same text as a floor; plus the DRM-13 caps of
   every write (``enforce_caps``) and the near-duplicate check against 10,000 fixed
   entries (DRM-14).
3. **The prompt** of a day with 30 topics of 12,000-character summaries, bounded to a
   2,048-token History Compress window (``dream_request`` with the real tokenizer),
   against counting the tokens of all that text once as a floor.

Prints medians in milliseconds and ratios. Usage: ``python benchmarks/bench_dream.py``.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import insert, select  # noqa: E402

from chathub_desktop.core import dynamic_memory as dm  # noqa: E402
from chathub_desktop.services.container import open_services  # noqa: E402
from chathub_desktop.storage.models import Message, Topic  # noqa: E402

DAY = date(2026, 11, 20)
WORDS = "prefers tables concise answers python tests fixtures markdown metric units dark mode".split()


def median_ms(fn, runs: int = 15) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def bench_materials() -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        svc = open_services(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
        svc.assistants.create("Bench")
        aid = svc.assistants.get("Bench").id
        start = datetime.combine(DAY - timedelta(days=10), datetime.min.time(), tzinfo=UTC)
        with svc.db.write() as s:
            topic_ids = []
            for t in range(60):
                row = Topic(assistant_id=aid, title=f"topic {t}")
                s.add(row)
                s.flush()
                topic_ids.append(row.id)
            for i, tid in enumerate(topic_ids):
                active_today = i % 2 == 0  # 30 topics active on DAY
                rows = []
                for k in range(2000):
                    day_off = 10 if active_today and k >= 1900 else k % 20 if k % 20 != 10 else 9
                    at = start + timedelta(days=day_off, seconds=k)
                    rows.append({"topic_id": tid, "seq": k + 1, "role": "user" if k % 2 == 0 else "assistant",
                                 "content": text(rng, 30), "created_at": at})
                s.execute(insert(Message), rows)
        day_start = datetime.combine(DAY, datetime.min.time(), tzinfo=UTC)

        def floor() -> None:
            with svc.db.read() as s:
                s.execute(select(Message.topic_id, Message.role, Message.content)
                          .join(Topic, Topic.id == Message.topic_id)
                          .where(Topic.assistant_id == aid, Message.role.in_(("user", "assistant")),
                                 Message.created_at >= day_start,
                                 Message.created_at < day_start + timedelta(days=1))).all()

        got = svc.dreams.materials(aid, DAY)
        assert len(got) == 30, len(got)
        ours = median_ms(lambda: svc.dreams.materials(aid, DAY))
        base = median_ms(floor)
        svc.close()
    print("reading one day (30 active topics in 120,000 messages, SQLite)")
    print(f"  DreamService.materials : {ours:8.2f} ms")
    print(f"  one SQL query (floor)  : {base:8.2f} ms   ratio {ours / base:5.2f}x")


def bench_document() -> None:
    rng = random.Random(2)
    cards: list[dm.Card] = []
    first = DAY - timedelta(days=120)
    for k in range(90):
        cards = dm.append_day_card(cards, first + timedelta(days=k + 20), text(rng, 500)[: dm.SINGLE_CARD_MAX])
    folded = [dm.Card((first + timedelta(days=d)).isoformat(), text(rng, 60)) for d in range(20)]
    plan = dm.FoldPlan(tuple(folded), None, (first, first + timedelta(days=19)))
    cards = dm.apply_fold([*folded, *cards], plan, dm.concat_fold_body(plan))
    doc = dm.render_document(cards)
    new = text(rng, 400)
    fixed = [text(rng, 12) for _ in range(10_000)]
    print(f"the document at its cap: {len(cards)} cards, {len(doc):,} characters")
    rows = [
        ("parse_document", lambda: dm.parse_document(doc)),
        ("render_document", lambda: dm.render_document(cards)),
        ("near-duplicate check vs all cards", lambda: dm.is_near_duplicate(new, cards)),
        ("fold 90 -> 14 by concatenation", lambda: dm.apply_retention(cards, 14)),
        ("DRM-13 caps of a write (enforce_caps)", lambda: dm.enforce_caps(cards, 90)),
        ("near-duplicate vs 10,000 fixed entries", lambda: dm.is_near_duplicate(new, cards, fixed)),
    ]
    base = median_ms(lambda: doc.splitlines())
    for name, fn in rows:
        ms = median_ms(fn)
        print(f"  {name:40s}: {ms:8.2f} ms   ({ms / base:6.1f}x str.splitlines, {base:.3f} ms)")


def bench_prompt() -> None:
    from chathub_desktop.core import dream_prompt as dp
    from chathub_desktop.tokens.counter import TokenCounter

    rng = random.Random(3)
    topics = [dp.TopicMaterial(f"Topic {i}", summary=text(rng, 2500)[:12_000]) for i in range(30)]
    count = TokenCounter.for_model("smollm2-135m").count
    budget = dp.dream_budget(2048)
    prompt = dp.dream_request("Helper", DAY, topics, [], [], prompt_tokens=budget.prompt_tokens, count=count)
    print(f"a dream prompt for a 2,048-token window: {prompt.topics_shown} of 30 topics shown, "
          f"{sum(count(m.content) for m in prompt.messages):,} tokens of {budget.prompt_tokens:,}")
    ours = median_ms(lambda: dp.dream_request("Helper", DAY, topics, [], [], prompt_tokens=budget.prompt_tokens,
                                              count=count), runs=5)
    base = median_ms(lambda: [count(t.text) for t in topics], runs=5)
    print(f"  dream_request (bounded)                 : {ours:8.2f} ms")
    print(f"  count all topics once (floor)           : {base:8.2f} ms   ratio {ours / base:5.2f}x")


if __name__ == "__main__":
    bench_materials()
    bench_document()
    bench_prompt()
