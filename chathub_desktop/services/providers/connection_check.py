"""Test connection (issue 16) of a stored provider: its URL and key from the store and
the keyring, then :func:`~chathub_desktop.providers.model_list.check_endpoint` (the
request itself lives in ``providers/``, issue 31). The request's module (httpx) loads at
the first check, not with the services (issue 29: nothing at rest holds the HTTP client)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from chathub_desktop.providers.connection_result import TIMEOUT_S, ConnectionCheck
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.providers.provider_service import ProviderService

if TYPE_CHECKING:
    from chathub_desktop.providers.stream_limits import StreamLimits

__all__ = ["ConnectionCheck", "check_connection", "check_endpoint"]


async def check_endpoint(name: str, kind_value: str, base_url: str, key: str | None, *,
                         timeout_s: float = TIMEOUT_S, limits: StreamLimits | None = None) -> ConnectionCheck:
    """:func:`chathub_desktop.providers.model_list.check_endpoint` (same arguments and
    answer; never raises), its module imported at this first call (issue 29)."""
    from chathub_desktop.providers.model_list import check_endpoint as ask

    return await ask(name, kind_value, base_url, key, timeout_s=timeout_s, limits=limits)


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
