"""The store's write lock (issue 10, "Nothing lost"): a read-modify-write in one
``Database.write()`` can never interleave with another writer's, on SQLite and on
PostgreSQL; read sessions refuse to write; a nested write fails at once."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from pathlib import Path

import pytest
from sqlalchemy import select

from chathub_desktop.storage.database import Database, ReadOnlySession, open_database
from chathub_desktop.storage.models import AppSetting

ROUNDS = 50


def _bump(url: str, rounds: int, start: threading.Event | None = None) -> None:
    """``rounds`` read-modify-writes of one counter setting, each in its own write()."""
    db = open_database(url, migrate=False)
    if start is not None:
        start.wait()
    try:
        for _ in range(rounds):
            with db.write() as s:
                row = s.get(AppSetting, "counter")
                if row is None:
                    s.add(AppSetting(key="counter", value=1))
                else:
                    row.value = int(row.value) + 1
    finally:
        db.dispose()


def _counter(db: Database) -> int:
    with db.read() as s:
        row = s.get(AppSetting, "counter")
        return int(row.value) if row is not None else 0


def _race_processes(url: str) -> int:
    db = open_database(url)
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_bump, args=(url, ROUNDS)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    try:
        return _counter(db)
    finally:
        db.dispose()


def test_two_processes_lose_no_write_on_sqlite(tmp_path: Path) -> None:
    assert _race_processes(f"sqlite:///{tmp_path / 's.sqlite3'}") == 2 * ROUNDS


@pytest.mark.postgres
def test_two_processes_lose_no_write_on_postgres(postgres_url: str) -> None:
    assert _race_processes(postgres_url) == 2 * ROUNDS


def test_threads_of_one_process_queue_instead_of_failing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 't.sqlite3'}"
    open_database(url).dispose()
    start = threading.Event()
    threads = [threading.Thread(target=_bump, args=(url, ROUNDS, start)) for _ in range(4)]
    for t in threads:
        t.start()
    start.set()
    for t in threads:
        t.join(60)
    db = open_database(url, migrate=False)
    assert _counter(db) == 4 * ROUNDS
    db.dispose()


def test_a_read_session_refuses_to_write(tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    with pytest.raises(ReadOnlySession), db.read() as s:
        s.add(AppSetting(key="x", value=1))
        s.flush()
    with db.read() as s:
        assert s.scalars(select(AppSetting)).all() == []
    db.dispose()


def test_a_nested_write_fails_at_once_instead_of_deadlocking(tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'n.sqlite3'}")
    with db.write() as s:
        s.add(AppSetting(key="outer", value=1))
        with pytest.raises(RuntimeError, match="nested"), db.write():
            pass
    with db.read() as s:
        assert s.get(AppSetting, "outer") is not None
    db.dispose()


def test_run_executes_store_work_off_the_loop_thread(tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'e.sqlite3'}")

    async def main() -> str:
        return await db.run(lambda: threading.current_thread().name)

    try:
        name = asyncio.run(main())
    finally:
        db.dispose()
    assert name.startswith("chathub-store")
