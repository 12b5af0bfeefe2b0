"""Shared harness of the import benchmarks (``bench_chatgpt_import.py``,
``bench_format_import.py``; APP-5, APP-7, issues 10 and 15): a fresh store, the
*floor* (the same file through ``ijson.items`` and every message bulk-inserted with
Core ``executemany`` in one transaction, no branch walk, no validation), child
processes, best-of-N runs and the printed figures.

A helper, not a benchmark. Each side runs in its own child process so its peak RSS is
its own; with ``repeat`` > 1 the sides alternate (ours, floor, ours, floor …) and the
fastest run of each is kept, so a machine busy with other work hits both alike and the
ratio compares their best. Seconds are wall time (the goal); the CPU seconds of the
same runs (``time.process_time``, the least of the runs) are printed too with their
ratio, which waiting for a busy machine's cores does not skew. RSS in MB (``ru_maxrss``).
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

GOAL_RATIO = 0.7
"""Import wall time at most 1/0.7 of the floor's."""
GOAL_RSS_MB = 200.0
"""Peak RSS of the import child, in MB."""

Figures = dict[str, Any]


def maxrss_mb() -> float:
    """Peak RSS of this process so far, in MB (Linux ``ru_maxrss`` is KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def fresh_db(db_path: Path) -> tuple[Any, int]:
    """A new SQLite store at ``db_path`` with one assistant: ``(Database, assistant id)``."""
    from chathub_desktop.storage.database import open_database
    from chathub_desktop.storage.models import Assistant

    db = open_database(f"sqlite:///{db_path}")
    with db.write() as session:
        assistant = Assistant(name="bench")
        session.add(assistant)
        session.flush()
        return db, assistant.id


def floor_import(export: Path, db_path: Path, source: str,
                 topic_of: Callable[[dict[str, Any]], tuple[str, str | None]],
                 messages_of: Callable[[dict[str, Any], datetime], Iterable[dict[str, Any]]]) -> Figures:
    """The floor: ``export`` (a JSON array) through ``ijson.items`` (C backend) and Core
    ``executemany`` in ONE transaction, topics then their messages in chunks of about
    2,000 rows. ``topic_of(conv)`` gives ``(title, source_id)``; ``messages_of(conv, now)``
    one dict per message with every column but ``topic_id`` and ``seq`` (filled in
    here; see :func:`message_row`). Returns seconds, topics, rows, peak RSS and idle
    RSS (MB)."""
    import ijson
    from sqlalchemy import insert

    from chathub_desktop.storage.models import Message, Topic

    backend = ijson.get_backend("yajl2_c")
    db, aid = fresh_db(db_path)
    idle = maxrss_mb()
    topic_stmt = insert(Topic.__table__).returning(Topic.__table__.c.id, sort_by_parameter_order=True)
    msg_stmt = insert(Message.__table__)
    now = datetime.now(UTC)
    topics = rows_total = 0
    start, cpu0 = time.perf_counter(), time.process_time()
    with db.engine.begin() as conn, open(export, "rb") as fh:
        pending: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
        pending_rows = 0

        def flush() -> int:
            if not pending:
                return 0
            heads = [topic_of(conv) for conv, _ in pending]
            ids = conn.execute(topic_stmt, [
                {"assistant_id": aid, "title": title, "title_generated": False, "kind": "regular",
                 "source": source, "source_id": sid, "created_at": now, "updated_at": now}
                for title, sid in heads]).scalars().all()
            rows = []
            for (_, msgs), tid in zip(pending, ids, strict=True):
                for seq, m in enumerate(msgs, start=1):
                    m["topic_id"], m["seq"] = tid, seq
                rows.extend(msgs)
            if rows:
                conn.execute(msg_stmt, rows)
            pending.clear()
            return len(rows)

        for conv in backend.items(fh, "item", use_float=True):
            msgs = list(messages_of(conv, now))
            pending.append((conv, msgs))
            pending_rows += len(msgs) + 1
            topics += 1
            if pending_rows >= 2000:
                rows_total += flush()
                pending_rows = 0
        rows_total += flush()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu0
    db.dispose()
    return {"seconds": seconds, "cpu_s": cpu, "topics": topics, "rows": rows_total, "rss_mb": maxrss_mb(),
            "idle_mb": idle}


def message_row(role: str, content: str, source_id: str, created_at: datetime, *, content_type: str = "text",
                tool_name: str | None = None, model: str | None = None) -> dict[str, Any]:
    """One floor message row: every ``message`` column but ``topic_id`` and ``seq``."""
    return {"role": role, "content": content, "content_type": content_type, "tool_calls": None,
            "tool_call_id": None, "tool_name": tool_name, "status": "complete", "model": model,
            "source_id": source_id, "created_at": created_at}


def run_child(script: str, args: list[str]) -> Figures:
    """Run ``script`` (a benchmark file) with ``args`` in a new interpreter; the JSON
    object its last output line prints."""
    out = subprocess.run([sys.executable, script, *args], check=True, capture_output=True, text=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def best_of(repeat: int, run: Callable[[str], Figures]) -> tuple[Figures, Figures]:
    """``(ours, floor)``: the fastest of ``repeat`` runs of each side, alternating
    (``run("ours")``, ``run("floor")``, …), each figure set from the same run but
    ``cpu_s``, the least CPU seconds of the side's runs."""
    best: dict[str, Figures] = {}
    cpu: dict[str, float] = {}
    for _ in range(max(1, repeat)):
        for side in ("ours", "floor"):
            got = run(side)
            cpu[side] = min(cpu.get(side, float("inf")), float(got["cpu_s"]))
            if side not in best or float(got["seconds"]) < float(best[side]["seconds"]):
                best[side] = got
    return {**best["ours"], "cpu_s": cpu["ours"]}, {**best["floor"], "cpu_s": cpu["floor"]}


def cached_export(path: Path, min_bytes: int, make: Callable[[Path], object]) -> Path:
    """``path`` when it exists with at least ``min_bytes``, else written by ``make`` (into
    a ``.partial`` file first, so an interrupted run leaves no half export); a ``str``
    that ``make`` returns is printed with the time it took."""
    if not path.exists() or path.stat().st_size < min_bytes:
        t0 = time.perf_counter()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".partial")
        made = make(tmp)
        tmp.replace(path)
        note = f" ({made})" if isinstance(made, str) else ""
        print(f"generated {path}{note} in {time.perf_counter() - t0:.1f} s")
    return path


def print_figures(title: str, size_mb: float, ours: Figures, floor: Figures, repeat: int) -> float:
    """Print the table (seconds, CPU seconds, MB/s, topics, rows, rows/s, peak and idle
    RSS) and the CPU ratio; returns the ratio floor seconds / our seconds (wall)."""
    ratio = float(floor["seconds"]) / float(ours["seconds"])
    runs = f", best of {repeat} alternating runs each" if repeat > 1 else ""
    print(f"\n{title}: {size_mb:.1f} MB, SQLite{runs}")
    print(f"{'':22} {'seconds':>8} {'CPU s':>6} {'MB/s':>7} {'topics':>8} {'rows':>9} {'rows/s':>9} "
          f"{'RSS MB':>8} {'(idle)':>7}")
    for name, r in (("import (ours)", ours), ("floor: ijson + Core", floor)):
        secs = float(r["seconds"])
        print(f"{name:22} {secs:8.2f} {float(r['cpu_s']):6.2f} {size_mb / secs:7.1f} {int(r['topics']):8,} "
              f"{int(r['rows']):9,} {int(r['rows']) / secs:9,.0f} {float(r['rss_mb']):8.1f} {float(r['idle_mb']):7.1f}")
    print(f"CPU ratio floor/ours {float(floor['cpu_s']) / float(ours['cpu_s']):.2f} "
          "(steadier than wall time on a busy machine)")
    return ratio


def print_checks(checks: list[tuple[str, bool]]) -> None:
    """One ``[ok]`` / ``[MISS]`` line per goal."""
    for label, ok in checks:
        print(f"  [{'ok' if ok else 'MISS'}] {label}")


def goal_checks(ratio: float, ours: Figures) -> list[tuple[str, bool]]:
    """The two goals every import benchmark shares: the ratio and the peak RSS."""
    rss = float(ours["rss_mb"])
    return [(f"ratio ours/floor {ratio:.2f} ≥ {GOAL_RATIO}", ratio >= GOAL_RATIO),
            (f"peak RSS {rss:.1f} MB ≤ {GOAL_RSS_MB:.0f}", rss <= GOAL_RSS_MB)]
