"""A killed `dream run-due` is taken over in minutes, not 30 (issue 10 "Nothing lost",
DRM-5, DRM-6): a claimed run heart-beats; once it is silent for 8 heartbeats the next
`run-due` takes it over and `dream schedule` says what happened. Real processes, a real
SIGKILL; the heartbeat is shortened to 0.25 s (stale after 2 s) through
``CHATHUB_DREAM_HEARTBEAT_S`` so the test takes seconds."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from chathub_desktop.core.dream_schedule import Schedule, latest_slot
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.dream.dream_service import DreamService
from chathub_desktop.storage.models import DreamRun
from tests.fakes.assistant_age import existing_since
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.crash_harness import CliStore

BEAT = 0.25  # seconds; stale after 8 beats = 2 s
STALE = 8 * BEAT


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    with FakeVendor() as vendor:
        yield vendor


def wait_for(what: str, check, timeout: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def prepare(tmp_path: Path, summ: FakeVendor) -> tuple[CliStore, date]:
    """A store with "Helper" dreaming daily an hour ago (so its slot is due now) and one
    message on that slot's history day; returns the store and the history day."""
    store = CliStore(tmp_path, env={"SUMM_KEY": "sk-summ", "CHATHUB_DREAM_HEARTBEAT_S": str(BEAT)})
    svc = open_services(store.url)
    try:
        svc.providers.add("Summ", "openai", summ.base_url, api_key_env="SUMM_KEY")
        svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
        svc.assistants.create("Helper", provider="Summ", model="gpt-4o")
        existing_since(svc, "Helper")  # the slot of an hour ago was missed, not before its time (DRM-6)
        at = f"{datetime.now(UTC) - timedelta(hours=1):%H:%M}"
        svc.dreams.set_schedule("Helper", "daily", at)
        slot = latest_slot(Schedule("daily", at), datetime.now(UTC))
        assert slot is not None
        topic = svc.topics.create("Helper").id
        noon = datetime.combine(slot.history_day, datetime.min.time(), UTC) + timedelta(hours=12)
        svc.chat.append_row(topic, role=Role.USER, content="Please answer in tables", created_at=noon)
        return store, slot.history_day
    finally:
        svc.close()


def run_row(svc: Services) -> DreamRun | None:
    with svc.db.read() as s:
        return s.scalar(select(DreamRun))


def schedule(store: CliStore, *args: str) -> str:
    out = store.run("dream", "schedule", "--assistant", "Helper", *args)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_a_killed_run_is_taken_over_and_the_schedule_says_so(tmp_path: Path, summ: FakeVendor) -> None:
    store, day = prepare(tmp_path, summ)
    summ.script(Reply(text_chunks=["- Wants", " tables"], hang=True, hang_after=1))
    svc = open_services(store.url)
    dreams = DreamService(svc.db, svc.bus, svc.providers, svc.catalog, svc.settings,
                          heartbeat=timedelta(seconds=BEAT))
    try:
        proc = store.start("dream", "run-due")
        wait_for("the dream request", lambda: len(summ.requests) == 1)
        first = run_row(svc)
        assert first is not None and first.status == "running"
        wait_for("a heartbeat", lambda: (r := run_row(svc)) is not None and r.heartbeat_at != first.heartbeat_at)
        proc.kill()
        proc.communicate(timeout=10)  # reaps it and closes its pipes
        killed_at = run_row(svc)
        assert killed_at is not None and killed_at.heartbeat_at is not None
        # right after the kill the run still looks alive: nobody takes it over yet
        assert dreams.due() == [] and not dreams.settings("Helper").last_run.stalled  # type: ignore[union-attr]
        wait_for("three missed beats",
                 lambda: datetime.now(UTC) - killed_at.heartbeat_at > timedelta(seconds=3 * BEAT + 0.1))  # type: ignore[operator]
        quiet = dreams.settings("Helper").last_run
        assert quiet is not None and not quiet.stalled  # the schedule already says it went quiet
        assert quiet.note is not None and "no sign of life since" in quiet.note and "taken over from" in quiet.note
        wait_for("the run to go stale",
                 lambda: datetime.now(UTC) - killed_at.heartbeat_at > timedelta(seconds=STALE + 0.1))  # type: ignore[operator]
        data = json.loads(schedule(store, "--json"))
        last = data["last_run"]
        stopped = f"{killed_at.heartbeat_at:%H:%M} UTC"
        assert last["status"] == "running" and last["stalled"] is True and data["due_day"] == day.isoformat()
        assert f"stopped without finishing at {stopped}" in last["note"]

        summ.script(Reply(text_chunks=["- Wants", " tables"]))
        again = store.run("dream", "run-due")
        assert again.returncode == 0 and "appended" in again.stdout, again.stdout + again.stderr
        assert f"appended; the previous run stopped without finishing at {stopped}; retried" in schedule(store)
        row = run_row(svc)
        assert row is not None and row.attempts == 2 and row.prior_stopped_at == killed_at.heartbeat_at
        assert [c.text for c in svc.dreams.cards("Helper")] == ["- Wants tables"]  # one card, whole
        assert store.integrity() == "ok"
    finally:
        svc.close()


def test_a_live_run_keeps_its_claim_past_the_stale_time(tmp_path: Path, summ: FakeVendor) -> None:
    """A slow but alive run (3 s, longer than the 2 s stale time) is never taken over."""
    store, _day = prepare(tmp_path, summ)
    summ.script(Reply(text_chunks=["- Likes", " slow", " answers"] + [" ."] * 5, chunk_delay_s=0.35))
    proc = store.start("dream", "run-due")
    wait_for("the dream request", lambda: len(summ.requests) == 1)
    time.sleep(STALE + 0.3)
    other = store.run("dream", "run-due")
    assert other.returncode == 0 and "no dream is due" in other.stdout, other.stdout + other.stderr
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and b"appended" in out, out + err
    assert len(summ.requests) == 1
    svc = open_services(store.url)
    try:
        row = run_row(svc)
        assert row is not None and row.attempts == 1 and row.status == "appended" and row.prior_stopped_at is None
    finally:
        svc.close()
