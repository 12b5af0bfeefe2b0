"""API keys behind one interface (APP-2): the OS keyring, an environment variable, or
— chosen explicitly, for machines without an OS keyring (issue 28) — a file only the
user can read (:class:`FileSecretStore`: keyrings.alt's plaintext file, 0600 in the
data dir).

Keys are never written to the database, an export or a log. Where the only keyring
backend available is none at all, or a plaintext file, :meth:`KeyringSecretStore.status`
says so and the caller offers the environment variable or the key file instead; nothing
falls back to plaintext silently.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from chathub_desktop.core.key_places import KeyPlace
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

if TYPE_CHECKING:  # imported at the first key read or write, not at start (issue 29: ~4 MB, 50 modules)
    import keyring.backend

__all__ = ["KEY_FILE_NAME", "SERVICE_NAME", "FileSecretStore", "KeyPlace", "KeyringSecretStore", "KeyringStatus",
           "SecretUnavailable", "key_from_env"]

SERVICE_NAME = "chathub-desktop"
#: The key file's name in the data dir (:class:`FileSecretStore`).
KEY_FILE_NAME = "provider-keys.cfg"


class SecretUnavailable(Exception):
    """A key cannot be stored or read; the message tells the user what to do instead.
    Raised with a typed :class:`~chathub_desktop.core.reasons.Reason`, ``str(exc)`` is its
    English and ``why`` keeps it for the window (issue 27); else ``why`` is None."""

    def __init__(self, message: str | Reason) -> None:
        self.why = message if isinstance(message, Reason) else None
        super().__init__(message.english() if isinstance(message, Reason) else message)

    def said(self) -> Reason | str:
        """The typed reason when there is one, else the text."""
        return self.why if self.why is not None else str(self)


@dataclass(frozen=True)
class KeyringStatus:
    """Whether a usable (non-plaintext) keyring backend exists and which one.

    ``reason``: why not, with what to do instead (one line for the CLI); ``cause``: only
    the why, for a form that lists the other key places itself ("" when usable)."""

    usable: bool
    backend: str
    reason: str = ""
    cause: str = ""


def _is_plaintext(backend: keyring.backend.KeyringBackend) -> bool:
    name = f"{type(backend).__module__}.{type(backend).__name__}".lower()
    return "plaintext" in name or "keyrings.alt.file" in name or "uncrypted" in name


def _errors() -> ModuleType:
    """``keyring.errors`` (the library loads on first use, issue 29)."""
    import keyring.errors

    return keyring.errors


def _backend() -> keyring.backend.KeyringBackend:
    """The keyring backend. Raises :class:`SecretUnavailable` in one line when it cannot
    be loaded — ``PYTHON_KEYRING_BACKEND`` naming a module or class that is not there or
    fails to import (keyring imports it by name at first use; issue 12)."""
    try:
        import keyring

        return keyring.get_keyring()
    except Exception as exc:  # noqa: BLE001 - any import/attribute error of the named backend
        named = os.environ.get("PYTHON_KEYRING_BACKEND", "")
        what = f"PYTHON_KEYRING_BACKEND={named!r}" if named else "the configured keyring backend"
        raise SecretUnavailable(
            f"{what} cannot be loaded ({type(exc).__name__}: {exc}); unset it or name an installed "
            "backend, or read the key from an environment variable"
        ) from None


class KeyringSecretStore:
    """Stores provider keys in the OS keyring under service ``chathub-desktop``,
    user ``provider:<name>`` (``<kind>:<name>`` for other secrets: ``mcp-oauth`` holds an
    MCP server's OAuth tokens, issue 25)."""

    def status(self) -> KeyringStatus:
        """Report whether keys can be stored safely on this machine (a backend that
        cannot be loaded is reported, not raised)."""
        try:
            backend = _backend()
        except SecretUnavailable as exc:
            return KeyringStatus(False, os.environ.get("PYTHON_KEYRING_BACKEND", "?"), str(exc),
                                 "the configured keyring backend cannot be loaded")
        label = f"{type(backend).__module__}.{type(backend).__name__}"
        if backend.priority <= 0 or "fail" in type(backend).__module__:
            return KeyringStatus(
                False,
                label,
                "no OS keyring is available (install and unlock a Secret Service such as "
                "GNOME Keyring or KWallet), or read the key from an environment variable",
                "no OS keyring is available (a Secret Service such as GNOME Keyring or KWallet, installed "
                "and unlocked, provides one)",
            )
        if _is_plaintext(backend):
            return KeyringStatus(
                False, label, "the only keyring backend stores keys in plaintext; use an environment variable",
                "the only keyring backend stores keys in plaintext",
            )
        return KeyringStatus(True, label)

    def set(self, provider_name: str, api_key: str, *, kind: str = "provider") -> None:
        """Store ``api_key`` for ``provider_name``. Raises :class:`SecretUnavailable`."""
        st = self.status()
        if not st.usable:
            raise SecretUnavailable(st.reason)
        try:
            _backend().set_password(SERVICE_NAME, f"{kind}:{provider_name}", api_key)
        except _errors().KeyringError as exc:
            raise SecretUnavailable(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "the keyring refused to store the key: %1"),
                                            (str(exc),))) from exc

    def get(self, provider_name: str, *, kind: str = "provider") -> str | None:
        """The stored key, or ``None``. Raises :class:`SecretUnavailable` on backend errors."""
        try:
            return _backend().get_password(SERVICE_NAME, f"{kind}:{provider_name}")
        except _errors().KeyringError as exc:
            raise SecretUnavailable(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "cannot read the key from the keyring: %1"),
                                            (str(exc),))) from exc

    def delete(self, provider_name: str, *, kind: str = "provider") -> None:
        """Remove the stored key (no error when none is stored)."""
        try:
            _backend().delete_password(SERVICE_NAME, f"{kind}:{provider_name}")
        except _errors().PasswordDeleteError:
            pass
        except _errors().KeyringError as exc:
            raise SecretUnavailable(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "cannot delete the key from the keyring: %1"), (str(exc),))) from exc


def key_from_env(variable: str) -> str:
    """Read an API key from environment variable ``variable``.

    Raises :class:`SecretUnavailable` naming the variable when it is unset or empty.
    """
    value = os.environ.get(variable, "")
    if not value:
        raise SecretUnavailable(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "environment variable %1 is not set"),
                                        (variable,)))
    return value


class FileSecretStore:
    """Provider keys in one file only its owner can read: ``path`` (0600, its folder
    0700), written by keyrings.alt's ``PlaintextKeyring`` (an INI file, keys base64-coded,
    NOT encrypted) under service ``chathub-desktop``, user ``provider:<name>`` (or
    ``<kind>:<name>``, as in :class:`KeyringSecretStore`). For
    machines without an OS keyring; the user chooses it explicitly (issue 28)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _backend(self) -> keyring.backend.KeyringBackend:
        from keyrings.alt.file import PlaintextKeyring  # type: ignore[import-untyped]

        from chathub_desktop.private_files import make_private_dir

        make_private_dir(self.path.parent)
        backend: keyring.backend.KeyringBackend = PlaintextKeyring()
        backend.file_path = str(self.path)  # type: ignore[attr-defined]  # an instance override
        return backend

    def set(self, provider_name: str, api_key: str, *, kind: str = "provider") -> None:
        """Store ``api_key`` for ``provider_name`` (the file is created 0600, and
        tightened to 0600 when it exists). Raises :class:`SecretUnavailable`."""
        from chathub_desktop.private_files import make_private_file

        try:
            backend = self._backend()
            if self.path.exists():
                make_private_file(self.path)
            backend.set_password(SERVICE_NAME, f"{kind}:{provider_name}", api_key)
        except (OSError, _errors().KeyringError) as exc:
            raise SecretUnavailable(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "cannot write the key file %1: %2"),
                                            (str(self.path), str(exc)))) from exc

    def get(self, provider_name: str, *, kind: str = "provider") -> str | None:
        """The stored key, or ``None``. Raises :class:`SecretUnavailable`."""
        try:
            return self._backend().get_password(SERVICE_NAME, f"{kind}:{provider_name}")
        except (OSError, _errors().KeyringError, ValueError) as exc:
            raise SecretUnavailable(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "cannot read the key file %1: %2"),
                                            (str(self.path), str(exc)))) from exc

    def delete(self, provider_name: str, *, kind: str = "provider") -> None:
        """Remove the stored key (no error when none is stored)."""
        try:
            self._backend().delete_password(SERVICE_NAME, f"{kind}:{provider_name}")
        except _errors().PasswordDeleteError:
            pass
        except (OSError, _errors().KeyringError) as exc:
            raise SecretUnavailable(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "cannot change the key file %1: %2"),
                                            (str(self.path), str(exc)))) from exc
