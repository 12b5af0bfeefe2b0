"""Benchmark: search everything at 200,000 messages (issue 14).

1. builds an SQLite store at revision 0003 (before the search index) holding
   ``--messages`` messages (default 200,000) in 2,000 topics: runs of 10–80 words of
   real English prose (this repository's docs and docstrings), one in twenty Chinese;
2. times the migration to head (it creates the FTS5 trigram index empty), a search
   before the index is built, and the indexer (``SearchService.catch_up``) indexing
   the whole existing store in its batches;
3. times each query (median of ``--runs``) through ``SearchService.search`` with the
   index and with ``mode=SearchMode.LIKE`` (a plain ``LIKE`` scan of the same store, same run),
   50 results each, snippets included;
4. with ``--postgres URL`` (an empty database), the same store and queries on
   PostgreSQL with the ``pg_trgm`` GIN index and without it;
5. the recall tools (issue 26) on the indexed store: a ``searchTopics`` call (the
   assistant's other public topics, 40 hits grouped by topic, the bounded JSON result)
   and a ``recentTopics`` call, next to the plain search of the same query (ratio).

Goal: a query ≤ 50 ms at 200,000 messages.

Usage: ``python benchmarks/bench_search.py [--messages 200000] [--runs 7] [--postgres URL]``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from chathub_desktop.core.search_text import SearchMode  # noqa: E402

GOAL_MS = 50.0
TOPICS = 2000
CJK_WORDS = ["公园", "散步", "天气", "咖啡", "编程", "数据库", "旅行", "京都", "晚饭", "音乐"]
QUERIES = [
    ("a rare word", "rare"), ("a common word", "common"), ("two words", "two"),
    ("a phrase", "phrase"), ("CJK, 3 characters", "数据库"), ("CJK, 2 characters", "咖啡"),
    ("no match", "zzqxv"),
    # inside words only (polish52's word-start rule): every message holding it is a candidate, none a hit
    ("mid-word, no hit", "tion"),
]


def _corpus() -> list[str]:
    """Real English words in reading order: this repository's Markdown and Python text
    (docstrings, comments, docs), so trigram frequencies are those of real prose."""
    words: list[str] = []
    for path in sorted([*ROOT.glob("*.md"), *ROOT.glob("docs/**/*.md"), *ROOT.glob("chathub_desktop/**/*.py")]):
        words.extend(re.findall(r"[A-Za-z][A-Za-z'-]{1,20}", path.read_text(encoding="utf-8", errors="replace")))
    return words


def _message(rng: random.Random, corpus: list[str]) -> str:
    if rng.random() < 0.05:
        return "".join(rng.choice(CJK_WORDS) for _ in range(rng.randint(5, 40)))
    n = rng.randint(10, 80)
    at = rng.randrange(0, len(corpus) - n)
    return " ".join(corpus[at:at + n])


def build_store(url: str, n: int, seed: int = 7) -> tuple[list[str], float]:
    """An at-0003 store with ``n`` messages; returns the words by frequency (most
    common first) and the seconds the rows took to write."""
    from alembic import command
    from sqlalchemy import text

    from chathub_desktop.storage.database import alembic_config, open_database

    rng = random.Random(seed)
    corpus = _corpus()
    vocab = [w for w, _n in Counter(w.lower() for w in corpus if len(w) >= 4).most_common()]
    db = open_database(url, migrate=False)
    t0 = time.perf_counter()
    with db.engine.begin() as conn:
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
        conn.execute(text(
            "INSERT INTO assistant (name, model, instructions, input_template, max_tokens_enabled, "
            "history_limit_enabled, history_limit, summarize_history, compact_preset, auto_compact, "
            "high_watermark, memory_enabled, memory_budget_tokens, topic_snippets, dream_frequency, "
            "dream_time_utc, dream_weekday, keep_dream_cards, created_at) VALUES ('Bench', '', '', "
            "'{{text}}', false, false, 20, false, 'balanced', true, 0.8, true, 6000, false, 'off', "
            "'02:00', 0, 14, :now)"), {"now": datetime.now(UTC)})
        start = datetime(2026, 1, 1, tzinfo=UTC)
        conn.execute(text("INSERT INTO topic (assistant_id, title, title_generated, kind, created_at, "
                          "updated_at) VALUES (1, :title, true, 'regular', :at, :at)"),
                     [{"title": f"Topic {i}", "at": start} for i in range(TOPICS)])
        per = n // TOPICS
        batch: list[dict[str, object]] = []
        for i in range(n):
            topic, seq = i % TOPICS + 1, i // TOPICS + 1
            if seq > per and topic > n - per * TOPICS:
                continue
            batch.append({"t": topic, "seq": seq, "role": "user" if seq % 2 else "assistant",
                          "c": _message(rng, corpus), "at": start + timedelta(seconds=i)})
            if len(batch) == 5000:
                _insert(conn, batch)
                batch = []
        if batch:
            _insert(conn, batch)
    seconds = time.perf_counter() - t0
    db.dispose()
    return vocab, seconds


def _insert(conn, batch: list[dict[str, object]]) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import text

    conn.execute(text("INSERT INTO message (topic_id, seq, role, content, content_type, status, created_at) "
                      "VALUES (:t, :seq, :role, :c, 'text', 'complete', :at)"), batch)


def _queries(vocab: list[str]) -> list[tuple[str, str]]:
    picked = {"rare": vocab[len(vocab) * 3 // 4], "common": vocab[0], "two": f"{vocab[40]} {vocab[90]}",
              "phrase": '"the topic"'}
    return [(label, picked.get(key, key)) for label, key in QUERIES]


def time_queries(url: str, vocab: list[str], runs: int, modes: list[SearchMode]) -> None:
    from chathub_desktop.services.search.search_service import SearchService
    from chathub_desktop.storage.database import open_database

    db = open_database(url)
    search = SearchService(db)
    print(f"{'query':<22}{'hits':>6}" + "".join(f"{m + ' ms':>12}" for m in modes))
    for label, q in _queries(vocab):
        cells: list[str] = []
        hits = 0
        for mode in modes:
            samples = []
            for _ in range(runs):
                t0 = time.perf_counter()
                res = search.search(q, mode=mode)
                samples.append((time.perf_counter() - t0) * 1000)
            hits = len(res.hits)
            cells.append(f"{statistics.median(samples):>12.1f}")
            if mode is SearchMode.INDEX:
                used = res.mode
        print(f"{label:<22}{hits:>6}" + "".join(cells) + f"   ({used})")
    db.dispose()


def time_recall(url: str, vocab: list[str], runs: int) -> None:
    """Median ms of a ``searchTopics`` call per query and of a ``recentTopics`` call,
    each next to a plain 50-hit search of the same query in the same run."""
    from chathub_desktop.core.messages import ToolCall
    from chathub_desktop.services.search.recall_tools import RecallToolProvider
    from chathub_desktop.services.search.search_service import SearchService
    from chathub_desktop.storage.database import open_database

    db = open_database(url)
    search = SearchService(db)
    recall = RecallToolProvider(db, search)

    def median_ms(fn) -> float:  # type: ignore[no-untyped-def]
        samples = []
        for _ in range(runs):
            t0 = time.perf_counter()
            fn()
            samples.append((time.perf_counter() - t0) * 1000)
        return statistics.median(samples)

    print(f"{'recall query':<22}{'search ms':>12}{'searchTopics ms':>17}{'ratio':>8}")
    for label, q in _queries(vocab):
        call = ToolCall("c", "searchTopics", json.dumps({"query": q, "limit": 10}))
        plain = median_ms(lambda q=q: search.search(q))
        tool = median_ms(lambda call=call: recall.execute(1, 1, call))
        print(f"{label:<22}{plain:>12.1f}{tool:>17.1f}{tool / plain:>8.2f}")
    recent = ToolCall("c", "recentTopics", json.dumps({"limit": 10}))
    print(f"recentTopics (10 of {TOPICS} topics): {median_ms(lambda: recall.execute(1, 1, recent)):.1f} ms")
    db.dispose()


def upgrade_seconds(url: str) -> float:
    """Seconds the migrations to head take on the existing store (opening it)."""
    from chathub_desktop.storage.database import open_database

    t0 = time.perf_counter()
    open_database(url).dispose()
    return time.perf_counter() - t0


def catch_up_seconds(url: str) -> tuple[float, int, float]:
    """Seconds the indexer takes to index the whole store in its batches, how many
    batches (write transactions) and the longest one (seconds)."""
    from chathub_desktop.services.search.search_service import SearchService
    from chathub_desktop.storage.database import open_database

    db = open_database(url)
    search = SearchService(db)
    t0 = time.perf_counter()
    batches, longest, left = 0, 0.0, 1
    while left > 0:
        t1 = time.perf_counter()
        left = search.catch_up()
        longest = max(longest, time.perf_counter() - t1)
        batches += 1
    total = time.perf_counter() - t0
    db.dispose()
    return total, batches, longest


def main() -> None:
    """Print the figures (see the module docstring)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--messages", type=int, default=200_000)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--postgres", help="an empty PostgreSQL database URL")
    ap.add_argument("--only-postgres", action="store_true", help="skip the SQLite figures")
    ap.add_argument("--keep", type=Path, help="write the SQLite store here and keep it (a new file)")
    args = ap.parse_args()
    if not args.only_postgres:
        with tempfile.TemporaryDirectory() as tmp:
            path = args.keep or Path(tmp) / "bench.sqlite3"
            url = f"sqlite:///{path}"
            vocab, wrote = build_store(url, args.messages)
            print(f"SQLite {args.messages:,} messages written in {wrote:.1f} s "
                  f"({path.stat().st_size / 1e6:.0f} MB)")
            print(f"opening it (migrations 0006 to head, nothing indexed yet): {upgrade_seconds(url):.2f} s")
            print("search before the index is built (every message scanned):")
            time_queries(url, vocab, max(1, args.runs // 2), [SearchMode.INDEX])
            total, batches, longest = catch_up_seconds(url)
            print(f"index build (SearchService.catch_up): {total:.1f} s in {batches} write transactions, "
                  f"the longest {longest * 1000:.0f} ms (store now {path.stat().st_size / 1e6:.0f} MB)")
            time_queries(url, vocab, args.runs, [SearchMode.INDEX, SearchMode.LIKE])
            time_recall(url, vocab, args.runs)
    if args.postgres:
        from sqlalchemy import create_engine, text

        vocab, wrote = build_store(args.postgres, args.messages)
        print(f"\nPostgreSQL {args.messages:,} messages written in {wrote:.1f} s")
        print(f"index build (migration 0006, pg_trgm GIN): {upgrade_seconds(args.postgres):.1f} s")
        time_queries(args.postgres, vocab, args.runs, [SearchMode.INDEX])
        time_recall(args.postgres, vocab, args.runs)
        engine = create_engine(args.postgres)
        with engine.begin() as conn:
            conn.execute(text("DROP INDEX ix_message_content_trgm"))
        engine.dispose()
        print("without the pg_trgm index (ILIKE scan):")
        time_queries(args.postgres, vocab, args.runs, [SearchMode.INDEX])
    print(f"goal: ≤ {GOAL_MS:.0f} ms per query")


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    main()
