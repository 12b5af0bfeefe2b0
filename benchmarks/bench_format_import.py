"""Benchmark: Claude, Open WebUI and LibreChat import throughput and peak memory
(APP-5, APP-7, issue 15), as ``bench_chatgpt_import.py`` does for ChatGPT.

For each format: generate (once, cached in ``--cache-dir``) a realistic export of
``--mb`` MB with ``tests.fakes.chat_exports.generate_export``; run the real importer
(:func:`chathub_desktop.services.transfer.chat_import.import_export`) into a fresh SQLite file in
a child process; run the *floor* in another child (:func:`import_bench.floor_import`:
the same file through ``ijson.items`` and every message's text bulk-inserted with Core
``executemany`` in one transaction, no branch walk, no validation); print seconds,
MB/s, rows, peak RSS, the ratio and the goals (≥ 0.7× floor, ≤ 200 MB RSS). With
``--repeat N`` each side runs N times, alternating, and the fastest run of each counts
(steadier on a busy machine).

Usage: ``python benchmarks/bench_format_import.py [--mb 100] [--formats claude,openwebui,librechat] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import import_bench as ib  # noqa: E402


def child_ours(kind: str, export: Path, db_path: Path) -> ib.Figures:
    """The real importer: seconds, topics, rows, peak RSS (MB)."""
    from chathub_desktop.services.transfer.chat_import import import_export

    db, aid = ib.fresh_db(db_path)
    idle = ib.maxrss_mb()
    start, cpu0 = time.perf_counter(), time.process_time()
    result = import_export(db, aid, export, kind)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu0
    db.dispose()
    return {"seconds": seconds, "cpu_s": cpu, "topics": result.topics_created, "rows": result.messages_imported,
            "rss_mb": ib.maxrss_mb(), "idle_mb": idle}


def _messages(kind: str, conv: dict[str, Any], now: datetime) -> Iterator[dict[str, Any]]:
    """Every message of ``conv`` as a floor row, the cheapest way (no branch walk)."""
    if kind == "claude":
        return (ib.message_row(m["sender"], m["text"], m["uuid"], now) for m in conv["chat_messages"])
    if kind == "openwebui":
        return (ib.message_row(m["role"], m["content"], k, now) for k, m in conv["chat"]["history"]["messages"].items())
    return (ib.message_row("user" if m["isCreatedByUser"] else "assistant", m["text"], m["messageId"], now)
            for m in conv["messages"])


def child_floor(kind: str, export: Path, db_path: Path) -> ib.Figures:
    """ijson + Core executemany of every message, one transaction, no validation."""
    return ib.floor_import(export, db_path, kind,
                        lambda c: (str(c.get("title") or c.get("name") or ""),
                                   str(c.get("uuid") or c.get("id") or c.get("conversationId"))),
                        lambda c, now: _messages(kind, c, now))


def main(argv: list[str] | None = None) -> int:
    """Parse arguments; as parent, generate/run/print per format; as ``--child``, run one side."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=100.0, help="export size in MB (default 100)")
    ap.add_argument("--formats", default="claude,openwebui,librechat")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each side, alternating; the fastest counts")
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
        export = ib.cached_export(args.cache_dir / f"chathub_bench_{kind}_{int(args.mb * 1000)}kb.json", 1,
                               lambda tmp, k=kind: generate_export(k, tmp, args.mb))
        size_mb = export.stat().st_size / 1e6
        with tempfile.TemporaryDirectory(prefix="chathub-bench-") as tmp_dir:

            def run(side: str, kind: str = kind, export: Path = export, tmp_dir: str = tmp_dir) -> ib.Figures:
                db = Path(tmp_dir) / f"{side}{time.time_ns()}.sqlite3"
                return ib.run_child(__file__, ["--child", side, "--kind", kind, "--file", str(export), "--db", str(db)])

            ours, floor = ib.best_of(args.repeat, run)
        ratio = ib.print_figures(f"{kind} import benchmark: {export.name}", size_mb, ours, floor, args.repeat)
        ib.print_checks(ib.goal_checks(ratio, ours))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
