"""Benchmark: Claude, Open WebUI and LibreChat import throughput and peak memory
(APP-5, APP-7, issue 15), as ``bench_chatgpt_import.py`` does for ChatGPT.

For each format: generate (once, cached in ``--cache-dir``) a realistic export of
``--mb`` MB with ``tests.fakes.chat_exports.generate_export``; run the real importer
(:func:`chathub_desktop.services.chat_import.import_export`) into a fresh SQLite file in
a child process; run the *floor* in another child (the same file through
``ijson.items`` and every message's text bulk-inserted with Core ``executemany`` in
one transaction, no branch walk, no validation); print seconds, MB/s, rows, peak RSS,
the ratio and the goals (≥ 0.7× floor, ≤ 200 MB RSS).

Usage: ``python benchmarks/bench_format_import.py [--mb 100] [--formats claude,openwebui,librechat]``.
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


def child_ours(kind: str, export: Path, db_path: Path) -> dict[str, object]:
    """The real importer: seconds, topics, rows, peak RSS (MB)."""
    from chathub_desktop.services.chat_import import import_export

    db, aid = _fresh_db(db_path)
    idle = _maxrss_mb()
    start = time.perf_counter()
    result = import_export(db, aid, export, kind)
    seconds = time.perf_counter() - start
    db.dispose()
    return {"seconds": seconds, "topics": result.topics_created, "rows": result.messages_imported,
            "rss_mb": _maxrss_mb(), "idle_mb": idle}


def _messages(kind: str, conv: dict) -> list[tuple[str, str, str]]:  # type: ignore[type-arg]
    """(id, role, text) of every message of ``conv``, the cheapest way."""
    if kind == "claude":
        return [(m["uuid"], m["sender"], m["text"]) for m in conv["chat_messages"]]
    if kind == "openwebui":
        return [(k, m["role"], m["content"]) for k, m in conv["chat"]["history"]["messages"].items()]
    return [(m["messageId"], "user" if m["isCreatedByUser"] else "assistant", m["text"]) for m in conv["messages"]]


def child_floor(kind: str, export: Path, db_path: Path) -> dict[str, object]:
    """ijson + Core executemany of every message, one transaction, no validation."""
    import ijson
    from sqlalchemy import insert

    from chathub_desktop.storage.models import Message, Topic

    backend = ijson.get_backend("yajl2_c")
    db, aid = _fresh_db(db_path)
    idle = _maxrss_mb()
    topic_stmt = insert(Topic.__table__).returning(Topic.__table__.c.id, sort_by_parameter_order=True)
    msg_stmt = insert(Message.__table__)
    now = datetime.now(UTC)
    topics = rows_total = 0
    start = time.perf_counter()
    with db.engine.begin() as conn, open(export, "rb") as fh:
        pending: list[dict] = []  # type: ignore[type-arg]

        def flush() -> int:
            if not pending:
                return 0
            ids = conn.execute(topic_stmt, [
                {"assistant_id": aid, "title": str(c.get("title") or c.get("name") or ""), "title_generated": False,
                 "kind": "regular", "source": kind, "source_id": str(c.get("uuid") or c.get("id")
                                                                      or c.get("conversationId")),
                 "created_at": now, "updated_at": now} for c in pending]).scalars().all()
            rows = [{"topic_id": tid, "seq": seq, "role": role, "content": text, "content_type": "text",
                     "tool_calls": None, "tool_call_id": None, "tool_name": None, "status": "complete",
                     "model": None, "source_id": mid, "created_at": now}
                    for conv, tid in zip(pending, ids, strict=True)
                    for seq, (mid, role, text) in enumerate(_messages(kind, conv), start=1)]
            if rows:
                conn.execute(msg_stmt, rows)
            pending.clear()
            return len(rows)

        rows_pending = 0
        for conv in backend.items(fh, "item", use_float=True):
            pending.append(conv)
            topics += 1
            rows_pending += len(_messages(kind, conv)) + 1
            if rows_pending >= 2000:
                rows_total += flush()
                rows_pending = 0
        rows_total += flush()
    seconds = time.perf_counter() - start
    db.dispose()
    return {"seconds": seconds, "topics": topics, "rows": rows_total, "rss_mb": _maxrss_mb(), "idle_mb": idle}


def _run_child(side: str, kind: str, export: Path, db_path: Path) -> dict[str, object]:
    out = subprocess.run([sys.executable, __file__, "--child", side, "--kind", kind, "--file", str(export),
                          "--db", str(db_path)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    """Parse arguments; as parent, generate/run/print per format; as ``--child``, run one side."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=100.0, help="export size in MB (default 100)")
    ap.add_argument("--formats", default="claude,openwebui,librechat")
    ap.add_argument("--cache-dir", type=Path, default=Path(tempfile.gettempdir()))
    ap.add_argument("--child", choices=["ours", "floor"], help=argparse.SUPPRESS)
    ap.add_argument("--kind", help=argparse.SUPPRESS)
    ap.add_argument("--file", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        fn = child_ours if args.child == "ours" else child_floor
        print(json.dumps(fn(args.kind, args.file, args.db)))
        return 0

    from tests.fakes.chat_exports import generate_export

    for kind in args.formats.split(","):
        export = args.cache_dir / f"chathub_bench_{kind}_{int(args.mb * 1000)}kb.json"
        if not export.exists():
            t0 = time.perf_counter()
            tmp = export.with_suffix(".partial")
            generate_export(kind, tmp, args.mb)
            tmp.replace(export)
            print(f"generated {export} in {time.perf_counter() - t0:.1f} s")
        size_mb = export.stat().st_size / 1e6
        with tempfile.TemporaryDirectory(prefix="chathub-bench-") as tmp_dir:
            ours = _run_child("ours", kind, export, Path(tmp_dir) / "ours.sqlite3")
            floor = _run_child("floor", kind, export, Path(tmp_dir) / "floor.sqlite3")
        ratio = float(floor["seconds"]) / float(ours["seconds"])
        print(f"\n{kind} import benchmark: {export.name}, {size_mb:.1f} MB, SQLite")
        print(f"{'':22} {'seconds':>8} {'MB/s':>7} {'topics':>8} {'rows':>9} {'RSS MB':>8} {'(idle)':>7}")
        for name, r in (("import (ours)", ours), ("floor: ijson + Core", floor)):
            print(f"{name:22} {float(r['seconds']):8.2f} {size_mb / float(r['seconds']):7.1f} {int(r['topics']):8,} "
                  f"{int(r['rows']):9,} {float(r['rss_mb']):8.1f} {float(r['idle_mb']):7.1f}")
        for label, ok in ((f"ratio ours/floor {ratio:.2f} ≥ {GOAL_RATIO}", ratio >= GOAL_RATIO),
                          (f"peak RSS {float(ours['rss_mb']):.1f} MB ≤ {GOAL_RSS_MB:.0f}",
                           float(ours["rss_mb"]) <= GOAL_RSS_MB)):
            print(f"  [{'ok' if ok else 'MISS'}] {label}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
