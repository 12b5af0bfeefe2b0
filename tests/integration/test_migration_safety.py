"""Migrations that stay safe with many processes (issue 13): processes starting at once
on a new store migrate it once, one after the other; a migrator waits for PostgreSQL's
migration lock; the newest revision goes down and up again on both engines (what the
README asks of every new revision)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

from chathub_desktop.storage import change_log
from chathub_desktop.storage.database import (
    _PG_MIGRATE_LOCK,
    SCHEMA_HEAD,
    alembic_config,
    open_database,
)
from chathub_desktop.storage.models import Base
from chathub_desktop.storage.search_schema import include_name
from tests.fakes import cli_fork

REPO = Path(__file__).resolve().parents[2]
OPEN = "import sys; from chathub_desktop.storage.database import open_database; open_database(sys.argv[1]).dispose()"


@pytest.fixture(params=["sqlite", "postgresql"])
def new_store(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'new.sqlite3'}"
    return str(request.getfixturevalue("postgres_url"))


def opener(url: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return cli_fork.Popen([sys.executable, "-c", OPEN, url], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, env=env)


def test_processes_starting_at_once_migrate_a_new_store_once(new_store: str) -> None:
    """Four processes open a new store at the same moment: all succeed, and the store is
    exactly at head with the models' schema (no half-applied or doubled revision)."""
    procs = [opener(new_store) for _ in range(4)]
    for p in procs:
        _out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    engine = create_engine(new_store)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [SCHEMA_HEAD]
            assert compare_metadata(MigrationContext.configure(conn, opts={"include_name": include_name}), Base.metadata) == []
    finally:
        engine.dispose()


def test_a_migrator_waits_for_the_migration_lock(postgres_url: str) -> None:
    """While another session holds PostgreSQL's migration lock, a starting process
    creates nothing; it migrates once the lock is free."""
    engine = create_engine(postgres_url)
    try:
        with engine.connect() as holder:
            holder.execute(text(f"SELECT pg_advisory_lock({_PG_MIGRATE_LOCK})"))
            holder.commit()
            proc = opener(postgres_url)
            # until the process waits for the lock (its request is in pg_locks, not granted):
            # a condition, not a 3 s guess (issue 28)
            deadline = time.monotonic() + 60
            with engine.connect() as peek:
                while not peek.execute(text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                                            "AND NOT granted")).scalar():
                    assert proc.poll() is None, proc.communicate()
                    assert time.monotonic() < deadline, "the process never asked for the migration lock"
                    time.sleep(0.05)
                    peek.rollback()
            assert proc.poll() is None
            with engine.connect() as peek:
                assert not inspect(peek).has_table("alembic_version")
            holder.execute(text(f"SELECT pg_advisory_unlock({_PG_MIGRATE_LOCK})"))
            holder.commit()
            _out, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err
        with engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == SCHEMA_HEAD
    finally:
        engine.dispose()


def _triggers(conn) -> set[str]:  # type: ignore[no-untyped-def]
    if conn.dialect.name == "sqlite":
        return set(conn.execute(text("SELECT name FROM sqlite_master WHERE type='trigger'")).scalars())
    return set(conn.execute(text("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")).scalars())


def test_the_newest_revision_goes_down_and_up_on_both_engines(new_store: str) -> None:
    """The revisions after 0004 (change log, search index, topic pins) go down and up: the
    change log and its triggers leave and come back."""
    open_database(new_store).dispose()
    engine = create_engine(new_store)
    try:
        for target in ("0004", "head"):
            with engine.begin() as conn:
                cfg = alembic_config()
                cfg.attributes["connection"] = conn
                (command.downgrade if target == "0004" else command.upgrade)(cfg, target)
            with engine.connect() as conn:
                has = inspect(conn).has_table(change_log.TABLE)
                names = {n for n in _triggers(conn) if n.startswith("chg_")}
                assert has == (target == "head")
                assert bool(names) == (target == "head")
                if target == "head":
                    assert compare_metadata(MigrationContext.configure(conn, opts={"include_name": include_name}), Base.metadata) == []
    finally:
        engine.dispose()
