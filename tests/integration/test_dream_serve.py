"""``dream serve`` (issue 13): fires each due dream once across two services and an app
(claim first, DRM-6); sleeps until the next fire time (no wake-ups between, on a
simulated clock); as a real process it fires a due dream, wakes when another process
sets a schedule, and stops on SIGTERM without a half-written card, on SQLite and
PostgreSQL. The History Compress model is a scripted fake vendor on 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

import pytest

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.dream_schedule import Schedule, latest_slot
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.dream.dream_serve import DreamServe
from chathub_desktop.services.dream.dream_service import DreamService
from chathub_desktop.storage.models import DreamRun
from tests.fakes import cli_fork
from tests.fakes.assistant_age import existing_since
from tests.fakes.vendor_server import FakeVendor, Reply

REPO = Path(__file__).resolve().parents[2]
#: 01:55 UTC: five minutes before the 02:00 slot whose history day is 2026-11-30.
START = datetime(2026, 12, 1, 1, 55, tzinfo=UTC)
FIRE = datetime(2026, 12, 1, 2, 0, tzinfo=UTC)
ASSISTANTS = ("Ada", "Bo", "Cy")


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    with FakeVendor() as vendor:
        yield vendor


class SimClock:
    """A settable UTC clock shared by services, dream services and waiters."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def setup_store(svc: Services, summ: FakeVendor, history_day: datetime, time_utc: str = "02:00") -> None:
    """Assistants with a daily schedule, each with a user message on ``history_day``;
    the summarizer on ``summ`` (key in $SUMM_KEY, so other processes have it)."""
    svc.providers.add("Summ", "openai", summ.base_url, api_key_env="SUMM_KEY")
    svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
    for name in ASSISTANTS:
        a = svc.assistants.create(name, provider="Summ", model="gpt-4o")
        existing_since(svc, a.id)  # the slot of a minute ago was missed, not before its time (DRM-6)
        svc.dreams.set_schedule(name, "daily", time_utc)
        t = svc.topics.create(a.id, title=f"{name}'s day")
        svc.chat.append_row(t.id, role=Role.USER, content=f"{name} wants answers as tables",
                         created_at=history_day.replace(hour=12))


def cards_of(svc: Services, name: str) -> list[dm.Card]:
    return dm.parse_document(svc.dreams.document(name))


@pytest.fixture(autouse=True)
def summ_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUMM_KEY", "sk-summ")


def test_two_services_and_an_app_dream_each_assistant_day_once(tmp_path: Path, summ: FakeVendor) -> None:
    """At the fire time, two services and the app's timer check at once, each with its
    own store connection: every assistant gets exactly one card, one model call each."""
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    clock = SimClock(FIRE + timedelta(seconds=1))
    app = open_services(url)
    setup_store(app, summ, datetime(2026, 11, 30, tzinfo=UTC))
    others = [open_services(url), open_services(url)]
    try:
        summ.script(*[Reply(text_chunks=["Prefers tables"], delay_s=0.2) for _ in range(len(ASSISTANTS) * 3)])

        def dreams(svc: Services) -> DreamService:
            return DreamService(svc.db, svc.bus, svc.providers, svc.catalog, svc.settings, clock=clock)

        servers = [DreamServe(s, dreams=dreams(s), clock=clock) for s in others]

        async def all_at_once() -> None:
            await asyncio.gather(*(s.run_once() for s in servers), dreams(app).run_due(clock()))

        asyncio.run(all_at_once())
        assert len(summ.requests) == len(ASSISTANTS)
        for name in ASSISTANTS:
            assert len(cards_of(app, name)) == 1
    finally:
        for s in others:
            s.close()
        app.close()


def test_it_sleeps_until_the_fire_time(tmp_path: Path, summ: FakeVendor) -> None:
    """Over ten simulated minutes around one fire time the service wakes twice: when it
    starts (nothing due: it asks to sleep until 02:00) and at 02:00 (it dreams); between
    them, none."""
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    svc = open_services(url)
    try:
        setup_store(svc, summ, datetime(2026, 11, 30, tzinfo=UTC))
        clock = SimClock(START)
        with svc.db.write() as s:  # the 01:55 latest slot (29 Nov's) ran already
            for a in svc.assistants.list():
                s.add(DreamRun(assistant_id=a.id, history_day=datetime(2026, 11, 29).date(),
                               period_stamp="2026-11-29", scheduled=True, status="appended",
                               started_at=START - timedelta(days=1), finished_at=START - timedelta(days=1)))
        summ.script(*[Reply(text_chunks=["Prefers tables"]) for _ in ASSISTANTS])
        asked: list[datetime | None] = []
        end = START + timedelta(minutes=10)

        async def waiter(until: datetime | None, changed: asyncio.Event, stop: asyncio.Event) -> None:
            asked.append(until)
            if until is None or until > end:
                stop.set()
            else:
                clock.now = until  # the simulated sleep: straight to the asked time

        dreams = DreamService(svc.db, svc.bus, svc.providers, svc.catalog, svc.settings, clock=clock)
        server = DreamServe(svc, dreams=dreams, clock=clock, waiter=waiter)

        async def main() -> None:
            await server.serve(asyncio.Event())

        asyncio.run(main())
        assert server.wakeups == 2
        assert asked[0] == FIRE
        assert asked[1] == FIRE + timedelta(days=1)
        assert len(summ.requests) == len(ASSISTANTS)
    finally:
        svc.close()


# --- the real process -------------------------------------------------------------------

@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest) -> str:
    if request.param == "sqlite":
        return request.getfixturevalue("migrated_sqlite")("shared.sqlite3")
    return str(request.getfixturevalue("migrated_postgres_url"))


def serve(url: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "SUMM_KEY": "sk-summ"}
    return cli_fork.Popen([sys.executable, "-m", "chathub_desktop", "dream", "serve", "--database-url", url],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def until(check, timeout: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def due_now() -> tuple[str, datetime]:
    """A daily time whose latest slot has just passed, and that slot's history day."""
    now = datetime.now(UTC) - timedelta(minutes=1)
    time_utc = f"{now:%H:%M}"
    slot = latest_slot(Schedule("daily", time_utc), datetime.now(UTC))
    assert slot is not None
    return time_utc, datetime.combine(slot.history_day, dtime(0, tzinfo=UTC))


def stop_cleanly(proc: subprocess.Popen[str]) -> str:
    proc.send_signal(signal.SIGTERM)
    _out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    return err


def test_the_service_fires_due_dreams_and_wakes_on_a_schedule_change(store_url: str, summ: FakeVendor) -> None:
    time_utc, day = due_now()
    svc = open_services(store_url)
    try:
        setup_store(svc, summ, day, time_utc)
        svc.dreams.set_schedule("Cy", "off", time_utc)  # Cy's is set later, by "another process"
        summ.script(*[Reply(text_chunks=[f"Card {i}"]) for i in range(len(ASSISTANTS))])
        proc = serve(store_url)
        try:
            until(lambda: all(len(cards_of(svc, n)) == 1 for n in ("Ada", "Bo")))
            assert cards_of(svc, "Cy") == []
            svc.dreams.set_schedule("Cy", "daily", time_utc)  # this test process is the other one
            until(lambda: len(cards_of(svc, "Cy")) == 1, timeout=10)
        finally:
            err = stop_cleanly(proc)
        assert "dream service stopped" in err
        assert len(summ.requests) == len(ASSISTANTS)
    finally:
        svc.close()


def test_sigterm_mid_dream_leaves_no_half_card(store_url: str, summ: FakeVendor) -> None:
    time_utc, day = due_now()
    svc = open_services(store_url)
    try:
        setup_store(svc, summ, day, time_utc)
        for name in ("Bo", "Cy"):
            svc.dreams.set_schedule(name, "off", time_utc)
        summ.script(Reply(text_chunks=["Half", " a", " card"], hang=True, hang_after=1))
        proc = serve(store_url)
        until(lambda: len(summ.requests) == 1)
        time.sleep(0.5)
        stop_cleanly(proc)
        assert cards_of(svc, "Ada") == []
        with svc.db.read() as s:
            (run,) = s.query(DreamRun).all()
            assert run.status == "failed" and run.next_retry_at is not None
    finally:
        svc.close()
