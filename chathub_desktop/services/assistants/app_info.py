"""What Help → About shows (issue 16): version, data dir, the database URL without
secrets, and where API keys are kept."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from chathub_desktop import __version__
from chathub_desktop.core.key_places import KeyPlace
from chathub_desktop.storage.secrets import KeyringStatus
from chathub_desktop.storage.urls import redact_database_url

__all__ = ["AppInfo", "describe_key_store", "key_location", "keyring_words", "redact_database_url"]

#: The keyring backends a user knows by name: a part of the backend's class path → its name.
_KEYRING_NAMES = (("secretservice", "Secret Service"), ("libsecret", "Secret Service"), ("kwallet", "KWallet"),
                  ("macos", "macOS Keychain"), ("osx", "macOS Keychain"), ("windows", "Windows Credential Manager"),
                  ("winvault", "Windows Credential Manager"))


def keyring_words(backend: str) -> str:
    """Where a keyring backend keeps keys, in a user's words (walk29 #17: the form named
    the backend's Python class): "your system keyring (Secret Service)", "your system
    keyring (macOS Keychain)"…, or "your system keyring" for one without a known name."""
    lowered = backend.lower()
    name = next((n for part, n in _KEYRING_NAMES if part in lowered), "")
    return f"your system keyring ({name})" if name else "your system keyring"


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
    keyring_backend: str = ""  # the backend's class path (About → Details)


def describe_key_store(status: KeyringStatus) -> str:
    """One sentence: the keyring backend in use, or why keys must come from
    environment variables."""
    if status.usable:
        return (f"In {keyring_words(status.backend)}, in a file only you can read, or in environment "
                "variables you name.")
    return f"In a file only you can read, or in environment variables you name: {status.reason}."


def key_location(key_source: str, key_file: Path | None, keyring_backend: str = "") -> str:
    """Where a provider's key lives, from its view's ``key_source`` (``keyring``,
    ``file``, ``env:VAR``, ``none``): "Your system keyring (Secret Service)", "file …/provider-keys.cfg (only you
    can read it; not encrypted)", "environment variable $VAR" or "no key"."""
    if key_source == KeyPlace.KEYRING:
        return keyring_words(keyring_backend)[:1].upper() + keyring_words(keyring_backend)[1:]
    if key_source == KeyPlace.FILE:
        return f"file {key_file} (only you can read it; not encrypted)" if key_file else "key file"
    if key_source.startswith("env:"):
        return f"environment variable ${key_source[4:]}"
    return "no key"


def app_info(version: str, data_dir: Path, database_url: str, key_status: KeyringStatus,
             provider_keys: tuple[tuple[str, str], ...] = ()) -> AppInfo:
    """Assemble :class:`AppInfo` (``Services.about()`` fills the arguments)."""
    engine = database_url.split(":", 1)[0].split("+", 1)[0]
    return AppInfo(version or __version__, data_dir.resolve(), redact_database_url(database_url), engine,
                   describe_key_store(key_status), provider_keys, key_status.backend)
