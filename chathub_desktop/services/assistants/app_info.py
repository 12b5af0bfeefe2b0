"""What Help → About shows (issue 16): version, data dir, the database URL without
secrets, and where API keys are kept."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from chathub_desktop import __version__
from chathub_desktop.core.key_places import KeyPlace
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.storage.secrets import KeyringStatus
from chathub_desktop.storage.urls import redact_database_url

__all__ = ["AppInfo", "describe_key_store", "key_location", "key_location_reason", "keyring_reason", "keyring_words",
           "redact_database_url"]

#: The keyring backends a user knows by name: a part of the backend's class path → its name.
_KEYRING_NAMES = (("secretservice", "Secret Service"), ("libsecret", "Secret Service"), ("kwallet", "KWallet"),
                  ("macos", "macOS Keychain"), ("osx", "macOS Keychain"), ("windows", "Windows Credential Manager"),
                  ("winvault", "Windows Credential Manager"))


def keyring_words(backend: str) -> str:
    """Where a keyring backend keeps keys, in a user's words (walk29 #17: the form named
    the backend's Python class): "your system keyring (Secret Service)", "your system
    keyring (macOS Keychain)"…, or "your system keyring" for one without a known name."""
    return keyring_reason(backend).english()


def keyring_reason(backend: str) -> Reason:
    """:func:`keyring_words` typed, for the window (issue 27; the product's name a value)."""
    lowered = backend.lower()
    name = next((n for part, n in _KEYRING_NAMES if part in lowered), "")
    return (Reason(QT_TRANSLATE_NOOP("ServiceReasons", "your system keyring (%1)"), (name,)) if name
            else Reason(QT_TRANSLATE_NOOP("ServiceReasons", "your system keyring")))


@dataclass(frozen=True)
class AppInfo:
    """``version`` (from the package), ``data_dir`` (absolute), ``database_url`` with any
    password replaced by ``***``, ``engine`` (``sqlite`` / ``postgresql``), ``keys``: one
    sentence on where API keys are kept, and ``provider_keys``: ``(provider name, where its
    key lives)`` for each provider (issue 28). ``keys_why`` and ``provider_keys_why``: the
    same typed, for the window (issue 27; ``keys`` and ``provider_keys`` are the English
    that Copy details puts in a bug report)."""

    version: str
    data_dir: Path
    database_url: str
    engine: str
    keys: str
    provider_keys: tuple[tuple[str, str], ...] = ()
    keyring_backend: str = ""  # the backend's class path (About → Details)
    keys_why: Reason | None = None
    provider_keys_why: tuple[tuple[str, Reason], ...] = ()


def describe_key_store(status: KeyringStatus) -> str:
    """One sentence: the keyring backend in use, or why keys must come from
    environment variables."""
    return key_store_reason(status).english()


def key_store_reason(status: KeyringStatus) -> Reason:
    """:func:`describe_key_store` typed (issue 27; the keyring's own reason a value)."""
    if status.usable:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "In %1, in a file only you can read, or in environment "
                                                          "variables you name."), (keyring_reason(status.backend),))
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "In a file only you can read, or in environment variables "
                                                      "you name: %1."), (status.reason,))


def key_location(key_source: str, key_file: Path | None, keyring_backend: str = "") -> str:
    """Where a provider's key lives, from its view's ``key_source`` (``keyring``,
    ``file``, ``env:VAR``, ``none``): "Your system keyring (Secret Service)", "file …/provider-keys.cfg (only you
    can read it; not encrypted)", "environment variable $VAR" or "no key"."""
    return key_location_reason(key_source, key_file, keyring_backend).english()


def key_location_reason(key_source: str, key_file: Path | None, keyring_backend: str = "") -> Reason:
    """:func:`key_location` typed (issue 27; paths, variables and product names values)."""
    if key_source == KeyPlace.KEYRING:
        name = keyring_reason(keyring_backend).args
        return (Reason(QT_TRANSLATE_NOOP("ServiceReasons", "Your system keyring (%1)"), name) if name
                else Reason(QT_TRANSLATE_NOOP("ServiceReasons", "Your system keyring")))
    if key_source == KeyPlace.FILE:
        return (Reason(QT_TRANSLATE_NOOP("ServiceReasons", "file %1 (only you can read it; not encrypted)"),
                       (str(key_file),)) if key_file else Reason(QT_TRANSLATE_NOOP("ServiceReasons", "key file")))
    if key_source.startswith("env:"):
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "environment variable %1"), (f"${key_source[4:]}",))
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no key"))


def app_info(version: str, data_dir: Path, database_url: str, key_status: KeyringStatus,
             provider_keys: tuple[tuple[str, Reason], ...] = ()) -> AppInfo:
    """Assemble :class:`AppInfo` (``Services.about()`` fills the arguments; ``provider_keys``
    typed, from :func:`key_location_reason`)."""
    engine = database_url.split(":", 1)[0].split("+", 1)[0]
    keys = key_store_reason(key_status)
    return AppInfo(version or __version__, data_dir.resolve(), redact_database_url(database_url), engine,
                   keys.english(), tuple((name, where.english()) for name, where in provider_keys),
                   key_status.backend, keys, provider_keys)
