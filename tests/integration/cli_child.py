"""``python -m tests.integration.cli_child ARGS``: the CLI (``chathub-desktop ARGS``) with
test instruments that change timing only, never what the product decides.

- ``CHATHUB_CRASH_MARKS=<file>`` and ``CHATHUB_CRASH_TABLES=t1,t2``: every commit of a
  transaction that wrote (INSERT/UPDATE/DELETE) to one of those tables appends
  ``begin <n> <tables>`` to the file right before its COMMIT and ``end <n>`` right after
  it, so the crash harness knows whether a kill landed inside that write.
  ``CHATHUB_CRASH_SLOW_AT=<n>`` and ``CHATHUB_CRASH_SLOW_S=<seconds>``: the n-th such
  commit (1-based) waits that long before its COMMIT: its rows are written, not yet
  committed, which is where an aimed kill lands.
- ``CHATHUB_TEST_BARRIER=<dir>`` and ``CHATHUB_TEST_BARRIER_N=<n>``: a dream claim waits
  until ``n`` processes have reached it (each leaves a file in ``dir``), so two
  processes race for the same (assistant, day) with both having seen it due (DRM-6).
"""

from __future__ import annotations

import os
import re
import sys
import threading
import time
from pathlib import Path

_WRITE = re.compile(r'^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM|REPLACE\s+INTO)'
                    r'\s+"?(\w+)', re.IGNORECASE)


def _install_marks(path: str, tables: set[str]) -> None:
    from sqlalchemy import event
    from sqlalchemy.engine import Connection, Engine
    from sqlalchemy.engine.default import DefaultDialect

    written: dict[int, set[str]] = {}
    lock = threading.Lock()
    count = [0]
    slow_at = int(os.environ.get("CHATHUB_CRASH_SLOW_AT", "0") or 0)
    slow_s = float(os.environ.get("CHATHUB_CRASH_SLOW_S", "0") or 0)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def raw(conn: Connection) -> int:
        return id(conn.connection.dbapi_connection)

    @event.listens_for(Engine, "before_cursor_execute")
    def _seen(conn, cursor, statement, parameters, context, executemany):  # type: ignore[no-untyped-def]
        m = _WRITE.match(statement)
        if m and m.group(1).lower() in tables:
            with lock:
                written.setdefault(raw(conn), set()).add(m.group(1).lower())

    @event.listens_for(Engine, "rollback")
    def _forget(conn):  # type: ignore[no-untyped-def]
        with lock:
            written.pop(raw(conn), None)

    real_commit = DefaultDialect.do_commit

    def do_commit(self, dbapi_connection):  # type: ignore[no-untyped-def]
        key = id(getattr(dbapi_connection, "dbapi_connection", dbapi_connection))  # pool proxy → raw
        with lock:
            hit = written.pop(key, None)
            if hit:
                count[0] += 1
            n = count[0]
        if not hit:
            return real_commit(self, dbapi_connection)
        os.write(fd, f"begin {n} {','.join(sorted(hit))}\n".encode())
        if n == slow_at:
            time.sleep(slow_s)
        real_commit(self, dbapi_connection)
        os.write(fd, f"end {n}\n".encode())
        return None

    DefaultDialect.do_commit = do_commit  # type: ignore[method-assign]


def _install_barrier(folder: str, n: int) -> None:
    from chathub_desktop.services.dream.dream_service import DreamService

    real_claim = DreamService._claim

    def claim(self, aid, slot, now=None):  # type: ignore[no-untyped-def]
        here = Path(folder)
        (here / f"{os.getpid()}").touch()
        deadline = time.monotonic() + 20
        while len(list(here.iterdir())) < n and time.monotonic() < deadline:
            time.sleep(0.01)
        return real_claim(self, aid, slot, now)

    DreamService._claim = claim  # type: ignore[method-assign]


def main() -> int:
    """Install the instruments the environment asks for, then run the CLI."""
    marks = os.environ.get("CHATHUB_CRASH_MARKS")
    if marks:
        tables = {t.strip().lower() for t in os.environ.get("CHATHUB_CRASH_TABLES", "").split(",") if t.strip()}
        _install_marks(marks, tables)
    barrier = os.environ.get("CHATHUB_TEST_BARRIER")
    if barrier:
        _install_barrier(barrier, int(os.environ.get("CHATHUB_TEST_BARRIER_N", "2")))
    from chathub_desktop.cli import main as cli_main

    return cli_main(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
