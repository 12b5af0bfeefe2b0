"""A throwaway PostgreSQL database for a benchmark: created on the server named by
``CHATHUB_TEST_POSTGRES_URL`` and dropped afterwards (the suite's own fixture does the
same for tests)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url


@contextmanager
def scratch_postgres(label: str) -> Iterator[str | None]:
    """The URL of a new, empty database, dropped (``WITH (FORCE)``) on exit; ``None``
    (after printing "``label``: skipped") when ``CHATHUB_TEST_POSTGRES_URL`` is unset."""
    base = os.environ.get("CHATHUB_TEST_POSTGRES_URL")
    if not base:
        print(f"{label}: skipped (CHATHUB_TEST_POSTGRES_URL not set)")
        yield None
        return
    name = f"chathub_bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
