"""Benchmark: ``dream serve`` while idle (issue 13; goal: no wake-ups between fire times).

1. **Simulated 10 minutes** (01:58–02:08 UTC): 20 assistants on daily schedules firing
   at 02:00, 02:05 and 02:10 UTC; the model is unreachable (a closed port on 127.0.0.1),
   so each run fails and is retried after REF-17's 10 minutes. The service's wake-ups
   (each one a check of the store) against its start and the fire times in the window.
2. **Real idle, 10 s** (SQLite, and PostgreSQL with ``CHATHUB_TEST_POSTGRES_URL``): the
   started service with its next fire time an hour away: its scheduler wake-ups, the
   watcher's change checks (SQLite: ``PRAGMA data_version`` every second; PostgreSQL:
   LISTEN, none) and the process CPU time.

Usage: ``python benchmarks/bench_dream_serve.py [--seconds N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


from benchmarks.scratch_postgres import scratch_postgres  # noqa: E402
from chathub_desktop.services.container import Services, open_services  # noqa: E402
from chathub_desktop.services.dream.dream_serve import DreamServe  # noqa: E402
from chathub_desktop.services.dream.dream_service import DreamService  # noqa: E402

START = datetime(2026, 12, 1, 1, 58, tzinfo=UTC)
TIMES = ("02:00", "02:05", "02:10")


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def _assistants(svc: Services, count: int, times: tuple[str, ...]) -> None:
    svc.providers.add("P", "openai", "http://127.0.0.1:9", api_key_env="NOPE")
    svc.settings.set("history-compress-model", "P/gpt-5-mini")
    for i in range(count):
        svc.assistants.create(f"A{i}", provider="P", model="gpt-4o")
        svc.dreams.set_schedule(f"A{i}", "daily", times[i % len(times)])


def simulated(tmp: Path) -> None:
    svc = open_services(f"sqlite:///{tmp / 'sim.sqlite3'}")
    try:
        _assistants(svc, 20, TIMES)
        clock = Clock(START)
        end = START + timedelta(minutes=10)
        wakes: list[datetime] = []

        async def waiter(until: datetime | None, _changed: asyncio.Event, stop: asyncio.Event) -> None:
            if until is None or until > end:
                stop.set()
            else:
                clock.now = until

        dreams = DreamService(svc.db, svc.bus, svc.providers, svc.catalog, svc.settings, clock=clock)
        server = DreamServe(svc, dreams=dreams, clock=clock, waiter=waiter)
        original = server.run_once

        async def counted() -> list[object]:
            wakes.append(clock())
            return list(await original())

        server.run_once = counted  # type: ignore[method-assign]
        asyncio.run(server.serve(asyncio.Event()))
        fires = [datetime.combine(START.date(), datetime.strptime(t, "%H:%M").time(), UTC) for t in TIMES]
        between = [w for w in wakes if w not in fires and w != START]
        print(f"1. simulated 10 min (01:58–02:08 UTC), 20 assistants: {len(wakes)} wake-ups at "
              f"{', '.join(f'{w:%H:%M:%S}' for w in wakes)}; {len(between)} between fire times (goal 0)")
    finally:
        svc.close()


def real_idle(label: str, url: str, seconds: float) -> None:
    svc = open_services(url)
    try:
        soon = (datetime.now(UTC) + timedelta(hours=1)).strftime("%H:%M")
        _assistants(svc, 5, (soon,))
        server = DreamServe(svc)

        async def run() -> float:
            stop = asyncio.Event()
            task = asyncio.create_task(server.serve(stop))
            await asyncio.sleep(1.0)  # started, first check done
            checks0, c0 = svc.watcher.checks, time.process_time()
            wakes0 = server.wakeups
            await asyncio.sleep(seconds)
            cpu = time.process_time() - c0
            stop.set()
            await task
            print(f"2. real idle {seconds:.0f} s, {label}: {server.wakeups - wakes0} scheduler wake-ups, "
                  f"{svc.watcher.checks - checks0} change checks, process CPU {cpu * 1000:.1f} ms "
                  f"({cpu / seconds * 100:.3f}% of one core)")
            return cpu

        asyncio.run(run())
    finally:
        svc.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        simulated(Path(tmp))
        real_idle("SQLite", f"sqlite:///{Path(tmp) / 'idle.sqlite3'}", args.seconds)
    with scratch_postgres("2. PostgreSQL") as url:
        if url is not None:
            real_idle("PostgreSQL", url, args.seconds)


if __name__ == "__main__":
    main()
