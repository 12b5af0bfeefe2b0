"""Benchmark: searching the versions not in view too (issue 29/30).

1. builds ``bench_search``'s SQLite store (``--messages``, default 50,000, in 2,000
   topics) at head and indexes it;
2. stashes the last ``--tail`` messages of ``--stashes`` topics (default 2,000 × 2: every
   topic has a version one ‹ › click away), as Regenerate / Resend do;
3. times each of ``bench_search``'s queries (median of ``--runs``) through
   ``SearchService.search`` without the other versions (the baseline, same run) and with
   them (``other_versions=True``, what the Search page and the CLI ask), and the ratio;
4. times what migration 0032 does on such a store: recording every stash's text
   (``branch_text.backfill``) in its one write transaction.

Goal: the versions add at most a few ms per query (the page's ≤ 50 ms holds).

Usage: ``python benchmarks/bench_search_versions.py [--messages 50000] [--stashes 2000] [--runs 7]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.bench_search import TOPICS, _queries, build_store, catch_up_seconds  # noqa: E402


def stash_tails(url: str, stashes: int, tail: int) -> float:
    """Stash the last ``tail`` messages of the first ``stashes`` topics (one write each,
    as a Regenerate does); returns the seconds taken."""
    from sqlalchemy import func, select

    from chathub_desktop.storage.database import open_database
    from chathub_desktop.storage.message_branches import stash_tail
    from chathub_desktop.storage.models import Message

    db = open_database(url)
    t0 = time.perf_counter()
    for topic in range(1, min(stashes, TOPICS) + 1):
        with db.write() as s:
            top = s.scalar(select(func.max(Message.seq)).where(Message.topic_id == topic)) or 0
            stash_tail(s, topic, max(1, top - tail + 1))
    seconds = time.perf_counter() - t0
    db.dispose()
    return seconds


def time_queries(url: str, vocab: list[str], runs: int) -> None:
    """Median ms of each query without and with the other versions, and the ratio."""
    from chathub_desktop.services.search.search_service import SearchService
    from chathub_desktop.storage.database import open_database

    db = open_database(url)
    search = SearchService(db)

    def median_ms(q: str, versions: bool) -> tuple[float, int]:
        samples, hits = [], 0
        for _ in range(runs):
            t0 = time.perf_counter()
            res = search.search(q, other_versions=versions)
            samples.append((time.perf_counter() - t0) * 1000)
            hits = sum(h.version is not None for h in res.hits)
        return statistics.median(samples), hits

    print(f"{'query':<22}{'in view ms':>12}{'+ versions ms':>15}{'ratio':>8}{'version hits':>14}")
    for label, q in _queries(vocab):
        base, _none = median_ms(q, False)
        mine, hits = median_ms(q, True)
        print(f"{label:<22}{base:>12.1f}{mine:>15.1f}{mine / base:>8.2f}{hits:>14}")
    db.dispose()


def backfill_seconds(url: str) -> tuple[float, int]:
    """Seconds migration 0032's recording of every stash takes (its text rows deleted
    first), and how many stashes it recorded."""
    from sqlalchemy import delete

    from chathub_desktop.storage import branch_text
    from chathub_desktop.storage.database import open_database
    from chathub_desktop.storage.models import MessageBranchText

    db = open_database(url)
    with db.write() as s:
        s.execute(delete(MessageBranchText))
    t0 = time.perf_counter()
    with db.write() as s:
        done, _refused = branch_text.backfill(s)
    seconds = time.perf_counter() - t0
    db.dispose()
    return seconds, done


def main() -> None:
    """Print the figures (see the module docstring)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--messages", type=int, default=50_000)
    ap.add_argument("--stashes", type=int, default=2000)
    ap.add_argument("--tail", type=int, default=2)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        vocab, wrote = build_store(url, args.messages)
        total, _batches, _longest = catch_up_seconds(url)
        print(f"SQLite {args.messages:,} messages written in {wrote:.1f} s, indexed in {total:.1f} s")
        took = stash_tails(url, args.stashes, args.tail)
        print(f"{args.stashes:,} tails of {args.tail} stashed in {took:.1f} s "
              f"({took / max(1, args.stashes) * 1000:.1f} ms each, their text recorded)")
        time_queries(url, vocab, args.runs)
        seconds, done = backfill_seconds(url)
        print(f"migration 0032's backfill: {done:,} stashes recorded in {seconds:.2f} s")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    main()
