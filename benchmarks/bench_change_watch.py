"""Benchmark: the idle cost of the window's change check (issue 13 "Live refresh";
goal: under 0.1% of one core while nothing changes).

1. **Simulated 10 minutes, SQLite**: the watcher's check (``PRAGMA data_version`` on its
   dedicated connection, plus the timer wait) run back to back as many times as it runs
   in 10 minutes (one per ``SQLITE_INTERVAL_S``), on a store of 20,000 messages; its CPU
   time as a share of 10 minutes.
2. **Real idle run, SQLite**: the started watcher for ``--seconds`` (default 10) of
   wall time; the process's CPU time with the watcher against the same period without
   it, and the number of checks (wake-ups) it made.
3. **Real idle run, PostgreSQL** (with ``CHATHUB_TEST_POSTGRES_URL``): the started
   watcher's wake-ups while idle (LISTEN: goal 0) and the delay from another
   connection's commit to the event on the bus.

Usage: ``python benchmarks/bench_change_watch.py [--seconds N]``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import insert  # noqa: E402

from benchmarks.scratch_postgres import scratch_postgres  # noqa: E402
from chathub_desktop.services.container import Services, open_services  # noqa: E402
from chathub_desktop.services.watch.store_watch import SQLITE_INTERVAL_S  # noqa: E402
from chathub_desktop.storage.models import Message  # noqa: E402

SIMULATED_S = 600.0
MESSAGES = 20_000


def _populate(svc: Services) -> None:
    svc.providers.add("P", "openai", "http://127.0.0.1:9", api_key_env="NOPE")
    a = svc.assistants.create("Bench", provider="P", model="gpt-4o")
    t = svc.topics.create(a.id)
    t0 = datetime.now(UTC)
    with svc.db.write() as s:
        s.execute(insert(Message), [
            {"topic_id": t.id, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
             "content": f"message {i} " * 20, "created_at": t0 + timedelta(seconds=i)} for i in range(MESSAGES)])


def simulated_sqlite(svc: Services) -> None:
    checks = int(SIMULATED_S / SQLITE_INTERVAL_S)
    raw = svc.db.engine.raw_connection()
    conn = raw.driver_connection
    stop = threading.Event()
    watcher = svc.watcher
    start = time.thread_time()
    for _ in range(checks):
        stop.wait(0)
        watcher._data_version(conn)  # the check itself (benchmark reaches in on purpose)
    cpu = time.thread_time() - start
    raw.close()
    share = cpu / SIMULATED_S * 100
    print(f"1. simulated {SIMULATED_S / 60:.0f} min, SQLite ({MESSAGES:,} messages): {checks:,} checks, "
          f"{cpu * 1000:.1f} ms CPU, {cpu / checks * 1e6:.1f} µs per check → {share:.4f}% of one core "
          f"(goal < 0.1%)")


def real_idle(svc: Services, seconds: float) -> None:
    c0 = time.process_time()
    time.sleep(seconds)
    base = time.process_time() - c0
    svc.watcher.start()
    svc.watcher.ready.wait(5)
    checks0 = svc.watcher.checks
    c0 = time.process_time()
    time.sleep(seconds)
    with_watch = time.process_time() - c0
    checks = svc.watcher.checks - checks0
    svc.watcher.stop()
    extra = max(0.0, with_watch - base)
    print(f"2. real idle {seconds:.0f} s, SQLite: {checks} checks ({checks / seconds:.1f}/s), process CPU "
          f"{with_watch * 1000:.1f} ms with the watcher vs {base * 1000:.1f} ms without → "
          f"{extra / seconds * 100:.4f}% of one core")


def real_postgres(seconds: float) -> None:
    with scratch_postgres("3. PostgreSQL") as url:
        if url is None:
            return
        svc = open_services(url)
        other = open_services(url)
        try:
            seen = threading.Event()
            svc.bus.subscribe(lambda _e: seen.set())
            svc.watcher.start()
            svc.watcher.ready.wait(5)
            c0 = time.process_time()
            time.sleep(seconds)
            cpu = time.process_time() - c0
            wakeups = svc.watcher.checks
            t0 = time.perf_counter()
            other.providers.add("P", "openai", "http://127.0.0.1:9", api_key_env="NOPE")
            seen.wait(5)
            delay = time.perf_counter() - t0
            print(f"3. real idle {seconds:.0f} s, PostgreSQL (LISTEN): {wakeups} wake-ups (goal 0), process "
                  f"CPU {cpu * 1000:.1f} ms; another connection's commit → bus event in {delay * 1000:.1f} ms")
        finally:
            other.close()
            svc.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        svc = open_services(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
        try:
            _populate(svc)
            simulated_sqlite(svc)
            real_idle(svc, args.seconds)
        finally:
            svc.close()
    real_postgres(args.seconds)


if __name__ == "__main__":
    main()
