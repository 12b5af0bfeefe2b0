"""Benchmark: ChatGPT export import throughput and peak memory (APP-5, APP-7).

Issue "File → Import → ChatGPT export": a 100 MB export must not freeze the window and
peak memory must stay flat. This script

1. generates (once, cached in ``--cache-dir``) a realistic export of ``--mb`` MB with
   ``tests.fakes.chatgpt_exports.generate_large_export``;
2. runs ``import_chatgpt_export`` into a fresh SQLite file in a child process and
   records its wall time and peak RSS (the child's own ``ru_maxrss``; the parent also
   reads ``RUSAGE_CHILDREN``, the largest child, as a cross-check);
3. runs the *floor* in another child (:func:`import_bench.floor_import`): the same file
   through ``ijson.items`` and every non-null mapping node bulk-inserted with SQLAlchemy
   Core ``executemany`` in one transaction, with no branch walk and no validation;
4. prints both, the ratio, and the goals: ≥ 0.7× floor, ≥ 25 MB/s, ≤ 200 MB RSS;
5. prints how long the import held the store's write lock at a stretch (issue 10: it
   commits in chunks, so another writer waits at most about a second): the number of
   write transactions and the longest one.

With ``--repeat N`` each side runs N times, alternating, and the fastest run of each
counts (steadier on a busy machine).

Usage: ``python benchmarks/bench_chatgpt_import.py [--mb 100] [--cache-dir /tmp] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import import_bench as ib  # noqa: E402

GOAL_MBPS = 25.0


def child_ours(export: Path, db_path: Path) -> ib.Figures:
    """Run the real importer; returns seconds, rows, peak RSS (MB), progress callbacks
    and the write transactions with the longest one (ms)."""
    import contextlib

    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export

    db, assistant_id = ib.fresh_db(db_path)
    idle = ib.maxrss_mb()
    calls = 0
    holds: list[float] = []
    plain_write, plain_conn = db.write, db.write_connection

    @contextlib.contextmanager
    def timed(opener):  # type: ignore[no-untyped-def]
        with opener() as handle:
            t0 = time.perf_counter()
            yield handle
        holds.append(time.perf_counter() - t0)  # from the lock taken to the commit

    db.write = lambda: timed(plain_write)  # type: ignore[method-assign]
    db.write_connection = lambda: timed(plain_conn)  # type: ignore[method-assign]

    def progress(_p: object) -> None:
        nonlocal calls
        calls += 1

    start, cpu0 = time.perf_counter(), time.process_time()
    result = import_chatgpt_export(db, assistant_id, export, progress=progress)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu0
    db.dispose()
    return {"seconds": seconds, "cpu_s": cpu, "topics": result.topics_created, "rows": result.messages_imported,
            "progress_calls": calls, "write_transactions": len(holds),
            "longest_hold_ms": 1000 * max(holds, default=0.0), "idle_mb": idle, "rss_mb": ib.maxrss_mb()}


def _nodes(conv: dict[str, Any], now: datetime) -> Iterator[dict[str, Any]]:
    """Every non-null mapping node of ``conv`` as a floor row (no branch walk)."""
    for node_id, node in conv["mapping"].items():
        m = node["message"]
        if m is None:
            continue
        content = m["content"]
        parts = content.get("parts")
        text = parts[0] if parts and isinstance(parts[0], str) else content.get("text") or content.get("result") or ""
        t = m.get("create_time")
        yield ib.message_row(m["author"]["role"], text, node_id, datetime.fromtimestamp(t, UTC) if t else now,
                          content_type=content["content_type"], tool_name=m["author"].get("name"),
                          model=m["metadata"].get("model_slug"))


def child_floor(export: Path, db_path: Path) -> ib.Figures:
    """ijson + Core executemany of every non-null node, one transaction, no validation."""
    return ib.floor_import(export, db_path, "chatgpt", lambda c: (c.get("title") or "", c.get("conversation_id")), _nodes)


def main(argv: list[str] | None = None) -> int:
    """Parse arguments; as parent, generate/run/print; as ``--child``, run one side."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=100.0, help="export size in MB (default 100)")
    ap.add_argument("--text-scale", type=float, default=1.0,
                    help="message length factor (1.0: about 630 nodes/MB; 0.15: about 1,130, short messages)")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each side, alternating; the fastest counts")
    ap.add_argument("--cache-dir", type=Path, default=Path(tempfile.gettempdir()))
    ap.add_argument("--child", choices=["ours", "floor"], help=argparse.SUPPRESS)
    ap.add_argument("--file", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        fn = child_ours if args.child == "ours" else child_floor
        print(json.dumps(fn(args.file, args.db)))
        return 0

    from tests.fakes.chatgpt_exports import generate_large_export

    target = int(args.mb * 1_000_000)
    scale = f"_x{args.text_scale:g}" if args.text_scale != 1.0 else ""

    def make(tmp: Path) -> str:
        stats = generate_large_export(tmp, target, text_scale=args.text_scale)
        return f"{stats.bytes / 1e6:.1f} MB, {stats.conversations:,} conversations, {stats.nodes:,} nodes"

    export = ib.cached_export(args.cache_dir / f"chathub_bench_chatgpt_{int(args.mb * 1000)}kb{scale}.json", target, make)
    size_mb = export.stat().st_size / 1e6
    with tempfile.TemporaryDirectory(prefix="chathub-bench-") as tmp_dir:
        ours, floor = ib.best_of(args.repeat, lambda side: ib.run_child(__file__, [
            "--child", side, "--file", str(export), "--db", str(Path(tmp_dir) / f"{side}{time.time_ns()}.sqlite3")]))
    children_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    ratio = ib.print_figures(f"ChatGPT import benchmark: {export.name}", size_mb, ours, floor, args.repeat)
    print(f"RUSAGE_CHILDREN (the largest child): {children_rss:.1f} MB; progress callbacks: {ours['progress_calls']}")
    print(f"store write lock: {ours['write_transactions']} write transactions, the longest held "
          f"{float(ours['longest_hold_ms']):.0f} ms (other writers wait at most that long)")
    print()
    ours_mbps = size_mb / float(ours["seconds"])
    ib.print_checks([*ib.goal_checks(ratio, ours)[:1], (f"throughput {ours_mbps:.1f} MB/s ≥ {GOAL_MBPS}", ours_mbps >= GOAL_MBPS),
                  *ib.goal_checks(ratio, ours)[1:]])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
