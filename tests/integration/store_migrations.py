"""Shared by the store tests that take a migration down and up on both engines (walk45
#1's 0029, issue 27's 0028): a ``store_url`` fixture over SQLite and PostgreSQL and
:func:`migrate`, and :func:`schema_names` to look at the result."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect

from chathub_desktop.storage.database import alembic_config


def store_url_fixture(sqlite_name: str) -> Callable[..., str]:
    """A ``store_url`` fixture run once on a new SQLite store ``sqlite_name`` and once on
    a fresh PostgreSQL database, both at the newest schema. Assign it to ``store_url`` in
    the test module."""

    @pytest.fixture(params=["sqlite", "postgresql"], name="store_url")
    def store_url(request: pytest.FixtureRequest) -> str:
        if request.param == "sqlite":
            return str(request.getfixturevalue("migrated_sqlite")(sqlite_name))
        return str(request.getfixturevalue("migrated_postgres_url"))

    return store_url


def migrate(url: str, revision: str, *, down: bool) -> None:
    """Take the store at ``url`` down (``down``) or up to Alembic ``revision`` in one
    transaction; the engine is disposed on every path."""
    engine = create_engine(url)
    try:
        cfg = alembic_config()
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            (command.downgrade if down else command.upgrade)(cfg, revision)
    finally:
        engine.dispose()


def schema_names(url: str, table: str | None = None) -> set[str]:
    """The names of the store's tables at ``url``, or of ``table``'s columns when given;
    the engine is disposed on every path."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            found = inspect(conn)
            return set(found.get_table_names()) if table is None else {c["name"] for c in found.get_columns(table)}
    finally:
        engine.dispose()
