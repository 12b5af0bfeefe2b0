"""Test connection (issue 16) of a stored provider: its URL and key from the store and
the keyring, then :func:`~chathub_desktop.providers.model_list.check_endpoint` (the
request itself lives in ``providers/``, issue 31)."""

from __future__ import annotations

import asyncio

from chathub_desktop.providers.model_list import TIMEOUT_S, ConnectionCheck, check_endpoint
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.providers.provider_service import ProviderService

__all__ = ["ConnectionCheck", "check_connection", "check_endpoint"]


async def check_connection(providers: ProviderService, ref: int | str, *,
                           timeout_s: float = TIMEOUT_S) -> ConnectionCheck:
    """Ask provider ``ref`` for its models. Never raises for network or HTTP trouble (the
    result says what happened); raises :class:`NotFound` for an unknown provider."""
    view = await asyncio.to_thread(providers.get, ref)  # a store read, off the loop
    try:
        key = await asyncio.to_thread(providers.api_key, ref)  # the keyring may block
    except ServiceError as exc:
        return ConnectionCheck(False, str(exc), why=exc.why)
    return await check_endpoint(view.name, view.kind, view.base_url, key, timeout_s=timeout_s)
