"""An in-memory keyring backend for tests (never shipped: refuses to load outside pytest)."""

from __future__ import annotations

import os
import sys

import keyring.backend

if "pytest" not in sys.modules and os.environ.get("CHATHUB_ALLOW_TEST_DOUBLES") != "1":
    raise ImportError("tests.fakes.memory_keyring is a test double; it is not part of the app")


class MemoryKeyring(keyring.backend.KeyringBackend):
    """Stores passwords in a dict; ``priority`` 1 so the app treats it as a real backend."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.passwords: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if (service, username) not in self.passwords:
            raise keyring.errors.PasswordDeleteError(username)
        del self.passwords[(service, username)]
