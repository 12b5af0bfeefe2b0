"""Errors services raise for the user (CLI prints one line, GUI shows one dialog)."""

from __future__ import annotations


class ServiceError(Exception):
    """A user-facing failure: bad input, a missing record, an unusable setting.

    ``str(err)`` is a one-line message meant for the user; nothing was written.
    """


class NotFound(ServiceError):
    """The named provider, assistant, topic or message does not exist."""


class InvalidInput(ServiceError):
    """A value the user gave cannot be accepted (bad URL, empty name, impossible setting)."""
