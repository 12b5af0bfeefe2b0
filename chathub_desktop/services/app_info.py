"""What Help → About shows (issue 16): version, data dir, the database URL without
secrets, and where API keys are kept."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from chathub_desktop import __version__
from chathub_desktop.storage.secrets import KeyringStatus

__all__ = ["AppInfo", "describe_key_store", "redact_database_url"]


@dataclass(frozen=True)
class AppInfo:
    """``version`` (from the package), ``data_dir`` (absolute), ``database_url`` with any
    password replaced by ``***``, ``engine`` (``sqlite`` / ``postgresql``) and ``keys``: one
    sentence on where API keys are kept."""

    version: str
    data_dir: Path
    database_url: str
    engine: str
    keys: str


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


def describe_key_store(status: KeyringStatus) -> str:
    """One sentence: the keyring backend in use, or why keys must come from
    environment variables."""
    if status.usable:
        return f"In the OS keyring ({status.backend}), or in environment variables you name."
    return f"In environment variables you name: {status.reason}."


def app_info(version: str, data_dir: Path, database_url: str, key_status: KeyringStatus) -> AppInfo:
    """Assemble :class:`AppInfo` (``Services.about()`` fills the arguments)."""
    engine = database_url.split(":", 1)[0].split("+", 1)[0]
    return AppInfo(version or __version__, data_dir.resolve(), redact_database_url(database_url), engine,
                   describe_key_store(key_status))
