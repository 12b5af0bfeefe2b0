"""Test connection (issue 16): can this provider be reached with its key, and which
models does it offer?

One ``GET {base_url}/models`` with the provider's own authentication (``Authorization:
Bearer`` for the OpenAI kinds, ``x-api-key`` and ``anthropic-version`` for the
Anthropic kinds), through httpx, answered in one line. The reply is read up to
:data:`MAX_BODY_BYTES` and only ``data[].id`` is taken from it.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from http import HTTPStatus

import httpx

from chathub_desktop.core.provider_kinds import ProviderKind, WireProtocol
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.provider_service import ProviderService

__all__ = ["ConnectionCheck", "MAX_BODY_BYTES", "check_connection", "check_endpoint"]

#: The most of a model list read (bytes); a longer answer is cut there and refused.
MAX_BODY_BYTES = 4 * 1024 * 1024
#: Seconds the whole check may take.
TIMEOUT_S = 15.0
ANTHROPIC_VERSION = "2023-06-01"


@dataclass(frozen=True)
class ConnectionCheck:
    """``ok``; ``message``: one line for the user; ``models``: the ids offered (sorted,
    possibly empty); ``seconds``: how long the answer took."""

    ok: bool
    message: str
    models: tuple[str, ...] = ()
    seconds: float = 0.0


def _headers(kind: ProviderKind, key: str | None) -> dict[str, str]:
    if kind.protocol is WireProtocol.ANTHROPIC_MESSAGES:
        return {"anthropic-version": ANTHROPIC_VERSION, **({"x-api-key": key} if key else {})}
    return {"Authorization": f"Bearer {key}"} if key else {}


def _status_line(code: int) -> str:
    try:
        return f"{code} {HTTPStatus(code).phrase}"
    except ValueError:
        return str(code)


async def check_connection(providers: ProviderService, ref: int | str, *,
                           timeout_s: float = TIMEOUT_S) -> ConnectionCheck:
    """Ask provider ``ref`` for its models. Never raises for network or HTTP trouble (the
    result says what happened); raises :class:`NotFound` for an unknown provider."""
    view = await asyncio.to_thread(providers.get, ref)  # a store read, off the loop
    try:
        key = await asyncio.to_thread(providers.api_key, ref)  # the keyring may block
    except ServiceError as exc:
        return ConnectionCheck(False, str(exc))
    return await check_endpoint(view.name, view.kind, view.base_url, key, timeout_s=timeout_s)


async def check_endpoint(name: str, kind_value: str, base_url: str, key: str | None, *,
                         timeout_s: float = TIMEOUT_S) -> ConnectionCheck:
    """:func:`check_connection` for values not stored yet (Add provider's Test
    connection, issue 14): provider ``name`` (for the message), its kind's value, its
    base URL (as ``ProviderService`` would store it) and key. Never raises."""
    kind = ProviderKind(kind_value)
    url = f"{base_url.rstrip('/')}/models"
    started = time.monotonic()
    try:
        async with httpx.AsyncClient(timeout=timeout_s, follow_redirects=False) as client:
            async with client.stream("GET", url, headers=_headers(kind, key)) as response:
                body = bytearray()
                async for chunk in response.aiter_bytes():
                    body += chunk
                    if len(body) > MAX_BODY_BYTES:
                        return ConnectionCheck(False, f"{url} answered with more than "
                                                      f"{MAX_BODY_BYTES // 1_048_576} MB; is it the API?")
                status = response.status_code
    except httpx.TimeoutException:
        return ConnectionCheck(False, f"no answer from {url} within {timeout_s:g} s")
    except httpx.HTTPError as exc:
        return ConnectionCheck(False, f"cannot connect to {url}: {exc or type(exc).__name__}")
    seconds = time.monotonic() - started
    if status in (401, 403):
        return ConnectionCheck(False, f"{name} refused the API key ({_status_line(status)})", (), seconds)
    if status != 200:
        return ConnectionCheck(False, f"{url} answered {_status_line(status)}", (), seconds)
    try:
        data = json.loads(bytes(body)).get("data", [])
        models = tuple(sorted({str(m["id"]) for m in data if isinstance(m, dict) and m.get("id")}))
    except (ValueError, AttributeError, TypeError):
        return ConnectionCheck(False, f"{url} answered, but not with a model list", (), seconds)
    n = len(models)
    return ConnectionCheck(True, f"Connected to {name} in {seconds:.1f} s: "
                                 f"{n} model{'s' if n != 1 else ''} offered", models, seconds)
