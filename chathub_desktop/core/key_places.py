"""Where a provider's stored API key lives (APP-2, issue 28)."""

from __future__ import annotations

from enum import StrEnum


class KeyPlace(StrEnum):
    """A stored key's place; its value is the ``key_source`` the views show (an
    environment variable shows as ``env:NAME``)."""

    #: The OS keyring (Secret Service, macOS Keychain, Windows Credential Manager).
    KEYRING = "keyring"
    #: The data dir's key file, readable only by its owner (0600), not encrypted.
    FILE = "file"
    #: No key: the provider is asked without one (a local server).
    NONE = "none"
