"""What Help → About shows (issue 16): version, data dir, the database URL without
secrets, and where API keys are kept."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from chathub_desktop import __version__
from chathub_desktop.storage.secrets import KeyringStatus
from chathub_desktop.storage.urls import redact_database_url

__all__ = ["AppInfo", "describe_key_store", "key_location", "redact_database_url"]


@dataclass(frozen=True)
class AppInfo:
    """``version`` (from the package), ``data_dir`` (absolute), ``database_url`` with any
    password replaced by ``***``, ``engine`` (``sqlite`` / ``postgresql``), ``keys``: one
    sentence on where API keys are kept, and ``provider_keys``: ``(provider name, where its
    key lives)`` for each provider (issue 28)."""

    version: str
    data_dir: Path
    database_url: str
    engine: str
    keys: str
    provider_keys: tuple[tuple[str, str], ...] = ()


def describe_key_store(status: KeyringStatus) -> str:
    """One sentence: the keyring backend in use, or why keys must come from
    environment variables."""
    if status.usable:
        return (f"In the OS keyring ({status.backend}), in a file only you can read, or in environment "
                "variables you name.")
    return f"In a file only you can read, or in environment variables you name: {status.reason}."


def key_location(key_source: str, key_file: Path | None, keyring_backend: str = "") -> str:
    """Where a provider's key lives, from its view's ``key_source`` (``keyring``,
    ``file``, ``env:VAR``, ``none``): "OS keyring (…)", "file …/provider-keys.cfg (only you
    can read it; not encrypted)", "environment variable $VAR" or "no key"."""
    if key_source == "keyring":
        return f"OS keyring ({keyring_backend})" if keyring_backend else "OS keyring"
    if key_source == "file":
        return f"file {key_file} (only you can read it; not encrypted)" if key_file else "key file"
    if key_source.startswith("env:"):
        return f"environment variable ${key_source[4:]}"
    return "no key"


def app_info(version: str, data_dir: Path, database_url: str, key_status: KeyringStatus,
             provider_keys: tuple[tuple[str, str], ...] = ()) -> AppInfo:
    """Assemble :class:`AppInfo` (``Services.about()`` fills the arguments)."""
    engine = database_url.split(":", 1)[0].split("+", 1)[0]
    return AppInfo(version or __version__, data_dir.resolve(), redact_database_url(database_url), engine,
                   describe_key_store(key_status), provider_keys)
