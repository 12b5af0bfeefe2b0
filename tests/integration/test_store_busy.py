"""A busy store never reaches a user as a traceback (issue 10): the CLI says it waits,
and when another process keeps the store past the wait it prints one line and exits 1;
the importer turns it into its own one-line refusal."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from sqlalchemy.exc import OperationalError

from chathub_desktop.services.errors import STORE_BUSY_MESSAGE, store_busy_message
from chathub_desktop.storage.database import StoreBusy
from tests.fakes import cli_fork

ROOT = Path(__file__).resolve().parents[2]


def test_store_busy_message_knows_the_busy_errors_and_nothing_else() -> None:
    assert store_busy_message(StoreBusy("the store is busy: x")) == "the store is busy: x"
    locked = OperationalError("UPDATE message ...", {}, sqlite3.OperationalError("database is locked"))
    assert store_busy_message(locked) == STORE_BUSY_MESSAGE
    assert store_busy_message(sqlite3.OperationalError("database is locked")) == STORE_BUSY_MESSAGE
    try:
        try:
            raise locked
        except OperationalError as exc:
            raise RuntimeError("wrapped") from exc
    except RuntimeError as outer:
        assert store_busy_message(outer) == STORE_BUSY_MESSAGE
    assert store_busy_message(OperationalError("x", {}, sqlite3.OperationalError("no such table: t"))) is None
    assert store_busy_message(ValueError("database is locked")) is None


def _cli_with_short_wait(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    """The real CLI, with the store's wait cut from 120 s to 1 s."""
    code = ("import sys; from chathub_desktop.storage import database as d; d.WRITE_WAIT_S = 1.0; "
            "from chathub_desktop.cli import main; raise SystemExit(main(sys.argv[1:]))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return cli_fork.run([sys.executable, "-c", code, "--database-url", url, *args], cwd=ROOT, env=env,
                        capture_output=True, text=True, timeout=120)


def test_cli_waits_then_gives_up_with_one_line(tmp_path: Path) -> None:
    from chathub_desktop.services.container import open_services

    url = f"sqlite:///{tmp_path / 'busy.sqlite3'}"
    svc = open_services(url)
    svc.assistants.create("A")
    svc.close()
    other = sqlite3.connect(tmp_path / "busy.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        for args in (("memory", "add", "--assistant", "A", "x"),):
            out = _cli_with_short_wait(url, *args)
            assert out.returncode == 1
            assert "Traceback" not in out.stderr and "OperationalError" not in out.stderr
            lines = out.stderr.strip().splitlines()
            assert lines[0].endswith("waiting for the store — another ChatHub process is writing…")
            assert len(lines) == 2 and "the store is busy" in lines[1] and "nothing was changed" in lines[1]
    finally:
        other.execute("ROLLBACK")
        other.close()
    out = _cli_with_short_wait(url, "memory", "add", "--assistant", "A", "x")
    assert (out.returncode, out.stdout.strip(), out.stderr) == (0, "added #1: x", "")
