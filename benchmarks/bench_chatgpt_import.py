"""Benchmark: ChatGPT export import throughput and peak memory (APP-5, APP-7).

Issue "File → Import → ChatGPT export": a 100 MB export must not freeze the window and
peak memory must stay flat. This script

1. generates (once, cached in ``--cache-dir``) a realistic export of ``--mb`` MB with
   ``tests.fakes.chatgpt_exports.generate_large_export``;
2. runs ``import_chatgpt_export`` into a fresh SQLite file in a child process and
   records its wall time and peak RSS (the child's own ``ru_maxrss``; the parent also
   reads ``RUSAGE_CHILDREN`` after the first child, as a cross-check);
3. runs the *floor* in another child: the same file through ``ijson.items`` and every
   non-null mapping node bulk-inserted with SQLAlchemy Core ``executemany`` in one
   transaction, with no branch walk and no validation;
4. prints both, the ratio, and the goals: ≥ 0.7× floor, ≥ 25 MB/s, ≤ 200 MB RSS;
5. prints how long the import held the store's write lock at a stretch (issue 10: it
   commits in chunks, so another writer waits at most about a second): the number of
   write transactions and the longest one.

Usage: ``python benchmarks/bench_chatgpt_import.py [--mb 100] [--cache-dir /tmp]``.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GOAL_RATIO = 0.7
GOAL_MBPS = 25.0
GOAL_RSS_MB = 200.0


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # Linux: KiB


def _fresh_db(db_path: Path):  # type: ignore[no-untyped-def]
    from chathub_desktop.storage.database import open_database
    from chathub_desktop.storage.models import Assistant

    db = open_database(f"sqlite:///{db_path}")
    with db.write() as session:
        assistant = Assistant(name="bench")
        session.add(assistant)
        session.flush()
        return db, assistant.id


def child_ours(export: Path, db_path: Path) -> dict[str, object]:
    """Run the real importer; returns seconds, rows, peak RSS (MB)."""
    import contextlib

    from chathub_desktop.services.chatgpt_import import import_chatgpt_export

    db, assistant_id = _fresh_db(db_path)
    rss_before = _maxrss_mb()
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

    start = time.perf_counter()
    result = import_chatgpt_export(db, assistant_id, export, progress=progress)
    seconds = time.perf_counter() - start
    db.dispose()
    return {
        "seconds": seconds,
        "topics": result.topics_created,
        "rows": result.messages_imported,
        "progress_calls": calls,
        "write_transactions": len(holds),
        "longest_hold_ms": 1000 * max(holds, default=0.0),
        "rss_before_mb": rss_before,
        "rss_mb": _maxrss_mb(),
    }


def child_floor(export: Path, db_path: Path) -> dict[str, object]:
    """ijson + Core executemany of every non-null node, one transaction, no validation."""
    import ijson
    from sqlalchemy import insert

    from chathub_desktop.storage.models import Message, Topic

    backend = ijson.get_backend("yajl2_c")
    db, assistant_id = _fresh_db(db_path)
    rss_before = _maxrss_mb()
    topic_stmt = insert(Topic.__table__).returning(
        Topic.__table__.c.id, sort_by_parameter_order=True
    )
    msg_stmt = insert(Message.__table__)
    now = datetime.now(UTC)
    topics = rows_total = 0
    start = time.perf_counter()
    with db.engine.begin() as conn, open(export, "rb") as fh:
        pending: list[dict] = []
        pending_rows = 0

        def flush() -> int:
            nonlocal pending, pending_rows
            if not pending:
                return 0
            ids = (
                conn.execute(
                    topic_stmt,
                    [
                        {
                            "assistant_id": assistant_id,
                            "title": c.get("title") or "",
                            "title_generated": False,
                            "kind": "regular",
                            "source": "chatgpt",
                            "source_id": c.get("conversation_id"),
                            "created_at": now,
                            "updated_at": now,
                        }
                        for c in pending
                    ],
                )
                .scalars()
                .all()
            )
            rows = []
            for conv, topic_id in zip(pending, ids, strict=True):
                seq = 0
                for node_id, node in conv["mapping"].items():
                    m = node["message"]
                    if m is None:
                        continue
                    seq += 1
                    content = m["content"]
                    parts = content.get("parts")
                    text = (
                        parts[0]
                        if parts and isinstance(parts[0], str)
                        else content.get("text") or content.get("result") or ""
                    )
                    t = m.get("create_time")
                    rows.append(
                        {
                            "topic_id": topic_id,
                            "seq": seq,
                            "role": m["author"]["role"],
                            "content": text,
                            "content_type": content["content_type"],
                            "tool_calls": None,
                            "tool_call_id": None,
                            "tool_name": m["author"].get("name"),
                            "status": "complete",
                            "model": m["metadata"].get("model_slug"),
                            "source_id": node_id,
                            "created_at": datetime.fromtimestamp(t, UTC) if t else now,
                        }
                    )
            if rows:
                conn.execute(msg_stmt, rows)
            n = len(rows)
            pending, pending_rows = [], 0
            return n

        for conv in backend.items(fh, "item", use_float=True):
            pending.append(conv)
            pending_rows += len(conv["mapping"]) + 1
            topics += 1
            if pending_rows >= 2000:
                rows_total += flush()
        rows_total += flush()
    seconds = time.perf_counter() - start
    db.dispose()
    return {
        "seconds": seconds,
        "topics": topics,
        "rows": rows_total,
        "rss_before_mb": rss_before,
        "rss_mb": _maxrss_mb(),
    }


def _run_child(kind: str, export: Path, db_path: Path) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", kind, "--file", str(export), "--db", str(db_path)],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    """Parse arguments; as parent, generate/run/print; as ``--child``, run one side."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--mb", type=float, default=100.0, help="export size in MB (default 100)")
    ap.add_argument(
        "--text-scale",
        type=float,
        default=1.0,
        help="message length factor (1.0: about 630 nodes/MB; 0.15: about 1,130, short messages)",
    )
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
    export = args.cache_dir / f"chathub_bench_chatgpt_{int(args.mb * 1000)}kb{scale}.json"
    if not export.exists() or export.stat().st_size < target:
        t0 = time.perf_counter()
        tmp = export.with_suffix(".partial")
        stats = generate_large_export(tmp, target, text_scale=args.text_scale)
        tmp.replace(export)
        print(
            f"generated {export} ({stats.bytes / 1e6:.1f} MB, {stats.conversations:,} conversations, "
            f"{stats.nodes:,} nodes) in {time.perf_counter() - t0:.1f} s"
        )
    size_mb = export.stat().st_size / 1e6

    with tempfile.TemporaryDirectory(prefix="chathub-bench-") as tmp_dir:
        ours = _run_child("ours", export, Path(tmp_dir) / "ours.sqlite3")
        children_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
        floor = _run_child("floor", export, Path(tmp_dir) / "floor.sqlite3")

    ours_mbps = size_mb / float(ours["seconds"])
    floor_mbps = size_mb / float(floor["seconds"])
    ratio = ours_mbps / floor_mbps
    print()
    print(f"ChatGPT import benchmark: {export.name}, {size_mb:.1f} MB, SQLite")
    print(
        f"{'':22} {'seconds':>8} {'MB/s':>7} {'topics':>8} {'rows':>9} {'rows/s':>9} {'RSS MB':>8} {'(idle)':>7}"
    )
    for name, r, mbps in (
        ("import (ours)", ours, ours_mbps),
        ("floor: ijson + Core", floor, floor_mbps),
    ):
        print(
            f"{name:22} {float(r['seconds']):8.2f} {mbps:7.1f} {int(r['topics']):8,} {int(r['rows']):9,} "
            f"{int(r['rows']) / float(r['seconds']):9,.0f} {float(r['rss_mb']):8.1f} {float(r['rss_before_mb']):7.1f}"
        )
    print(
        f"RUSAGE_CHILDREN after the import child: {children_rss:.1f} MB; progress callbacks: {ours['progress_calls']}"
    )
    print(
        f"store write lock: {ours['write_transactions']} write transactions, the longest held "
        f"{float(ours['longest_hold_ms']):.0f} ms (other writers wait at most that long)"
    )
    print()
    checks = [
        (f"ratio ours/floor {ratio:.2f} ≥ {GOAL_RATIO}", ratio >= GOAL_RATIO),
        (f"throughput {ours_mbps:.1f} MB/s ≥ {GOAL_MBPS}", ours_mbps >= GOAL_MBPS),
        (
            f"peak RSS {float(ours['rss_mb']):.1f} MB ≤ {GOAL_RSS_MB:.0f}",
            float(ours["rss_mb"]) <= GOAL_RSS_MB,
        ),
    ]
    for label, ok in checks:
        print(f"  [{'ok' if ok else 'MISS'}] {label}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
