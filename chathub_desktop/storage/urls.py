"""Database URLs shown to people (issue 16: Help → About never shows a password)."""

from __future__ import annotations

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

__all__ = ["redact_database_url"]


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
