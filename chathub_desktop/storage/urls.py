"""Database URLs: shown to people (issue 16: Help → About never shows a password) and
the database they name (issue 31: URL parsing stays in ``storage/``)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

__all__ = ["database_of", "new_sqlite_file", "redact_database_url"]


def redact_database_url(url: str) -> str:
    """``url`` with its password (and a ``password=`` query value) shown as ``***``; a
    URL SQLAlchemy cannot parse is returned as ``<unreadable URL>`` rather than echoed."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return "<unreadable URL>"
    if "password" in parsed.query:
        parsed = parsed.update_query_dict({"password": "***"})
    return parsed.render_as_string(hide_password=True)


def database_of(url: str) -> str | None:
    """The database part of ``url`` (an SQLite file name, a server's database), or None
    when it has none or cannot be parsed."""
    try:
        return make_url(url).database
    except ArgumentError:
        return None


def new_sqlite_file(url: str) -> Path | None:
    """The file an SQLite ``url`` names when it does not exist yet (opening it creates an
    empty store), else None (another engine, in memory, a ``file:`` URI, unparseable)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return None
    name = parsed.database
    if parsed.get_backend_name() != "sqlite" or not name or name == ":memory:" or name.startswith("file:"):
        return None
    path = Path(name)
    return None if path.exists() else path
