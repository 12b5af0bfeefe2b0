"""Test connection's request (issue 16): can this provider be reached with its key,
and which models does it offer? (HTTP lives in ``providers/``, issue 31;
``services.providers.connection_check`` asks it for a stored provider.)

One ``GET {base_url}/models`` with the provider's own authentication (``Authorization:
Bearer`` for the OpenAI kinds, ``x-api-key`` and ``anthropic-version`` for the
Anthropic kinds), through httpx, answered in one line. The reply is decoded in bounded
pieces with the stream limits' decompression bound and read up to the model-list limit
(``CHATHUB_LIMIT_MODEL_LIST_MB``, 16 MB; issue 32); ``data[].id`` is taken from it,
and the window an entry reports (:mod:`chathub_desktop.core.model_windows`). A llama.cpp
server is asked its ``/props`` too (one more bounded GET on the same connection), for the
window it really serves and whether its chat template takes tools (walkthrough F3). An
OpenAI-compatible server that answers ``GET /api/version`` is Ollama: its ``/api/ps`` and
each listed model's ``POST /api/show`` (at most :data:`MAX_OLLAMA_MODELS`, bounded like
the list) give the window it serves and whether the model takes tools
(:mod:`chathub_desktop.core.ollama_windows`).
"""

from __future__ import annotations

import asyncio
import json
import time
from http import HTTPStatus

import httpx

from chathub_desktop.core import ollama_windows as ollama
from chathub_desktop.core.model_windows import (
    is_llama_cpp,
    llama_models,
    model_windows,
    served_window,
    takes_tools,
)
from chathub_desktop.core.provider_kinds import ProviderKind, WireProtocol
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.base import ProviderError
from chathub_desktop.providers.bounded_body import ACCEPT_ENCODING, BoundedDecoder
from chathub_desktop.providers.connection_result import TIMEOUT_S, ConnectionCheck
from chathub_desktop.providers.errors import error_from_redirect
from chathub_desktop.providers.sse_stream import read_body
from chathub_desktop.providers.stream_limits import Limit, StreamLimits
from chathub_desktop.providers.tls import tls_context

__all__ = ["TIMEOUT_S", "ConnectionCheck", "check_endpoint"]

ANTHROPIC_VERSION = "2023-06-01"
#: The most models of one Ollama server asked their ``/api/show``.
MAX_OLLAMA_MODELS = 32


def _said(ok: bool, why: Reason, models: tuple[str, ...] = (), seconds: float = 0.0,
          windows: tuple[tuple[str, int], ...] = (), no_tools: tuple[str, ...] = ()) -> ConnectionCheck:
    """A check whose message is ``why``'s English (the CLI's line)."""
    return ConnectionCheck(ok, why.english(), models, seconds, windows, no_tools, why)


def _headers(kind: ProviderKind, key: str | None) -> dict[str, str]:
    if kind.protocol is WireProtocol.ANTHROPIC_MESSAGES:
        return {"anthropic-version": ANTHROPIC_VERSION, **({"x-api-key": key} if key else {})}
    return {"Authorization": f"Bearer {key}"} if key else {}


def _status_line(code: int) -> str:
    try:
        return f"{code} {HTTPStatus(code).phrase}"
    except ValueError:
        return str(code)


def _decoder(response: httpx.Response, limits: StreamLimits) -> BoundedDecoder:
    """Decodes the model list in bounded pieces: ``TOO_LARGE`` ProviderError past the
    model-list limit or the decompression bound; BAD_RESPONSE for an unknown encoding."""
    return BoundedDecoder(response.headers.get("content-encoding", ""), limits,
                          max_bytes=limits.model_list_bytes, limit=Limit.MODEL_LIST)


async def check_endpoint(name: str, kind_value: str, base_url: str, key: str | None, *,
                         timeout_s: float = TIMEOUT_S, limits: StreamLimits | None = None) -> ConnectionCheck:
    """Ask an endpoint for its models: provider ``name`` (for the message), its kind's
    value, its base URL (as ``ProviderService`` stores it) and key; also for values not
    stored yet (Add provider's Test connection, issue 14). ``limits`` bound the answer
    (``StreamLimits.from_env()`` by default). Never raises."""
    kind = ProviderKind(kind_value)
    limits = limits or StreamLimits.from_env()
    url = f"{base_url.rstrip('/')}/models"
    started = time.monotonic()
    headers = {**_headers(kind, key), "Accept-Encoding": ACCEPT_ENCODING}
    try:
        async with asyncio.timeout(timeout_s), httpx.AsyncClient(
                timeout=timeout_s, follow_redirects=False, verify=tls_context()) as client:
            async with client.stream("GET", url, headers=headers) as response:
                status = response.status_code
                location = response.headers.get("location")
                body = await read_body(response, _decoder(response, limits)) if status == 200 else b""
            answer = _json(body)
            props = await _props(client, base_url, headers, limits) if is_llama_cpp(answer) else None
            served = await _ollama(client, base_url, headers, limits, answer) \
                if status == 200 and props is None and kind is ProviderKind.OPENAI_COMPATIBLE else None
    except (httpx.TimeoutException, TimeoutError):  # a read, or the whole check (a trickle)
        return _said(False, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no answer from %1 within %2 s"),
                                   (url, f"{timeout_s:g}")))
    except httpx.HTTPError as exc:
        return _said(False, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "cannot connect to %1: %2"),
                                   (url, str(exc) or type(exc).__name__)))
    except ProviderError as exc:  # past a limit, or an encoding it does not read
        return ConnectionCheck(False, f"{url}: {exc.message}")
    seconds = time.monotonic() - started
    if status in (401, 403):
        return _said(False, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 refused the API key (%2)"),
                                   (name, _status_line(status))), (), seconds)
    if 300 <= status < 400:
        redirect = error_from_redirect(status, location, secret=key)
        return ConnectionCheck(False, f"{url}: {redirect.message}", (), seconds)
    if status != 200:
        return _said(False, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 answered %2"), (url, _status_line(status))),
                     (), seconds)
    data = answer.get("data", []) if isinstance(answer, dict) else None
    if not isinstance(data, list):
        return _said(False, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 answered, but not with a model list"),
                                   (url,)), (), seconds)
    models = tuple(sorted({str(m["id"]) for m in data if isinstance(m, dict) and m.get("id")}))
    n = len(models)
    windows = tuple(sorted(model_windows(answer, served_window(props)).items()))
    no_tools = tuple(sorted(llama_models(answer))) if takes_tools(props) is False else ()
    if served is not None:  # Ollama: the windows it serves, the models that take no tools
        windows = tuple(sorted({**dict(windows), **served[0]}.items()))
        no_tools = served[1]
    connected = QT_TRANSLATE_NOOP("ServiceReasons", "Connected to %1 in %2 s: %3 model offered") if n == 1 else \
        QT_TRANSLATE_NOOP("ServiceReasons", "Connected to %1 in %2 s: %3 models offered")
    return _said(True, Reason(connected, (name, f"{seconds:.1f}", str(n))), models, seconds, windows, no_tools)


def _json(body: bytes) -> object:
    """``body`` decoded as JSON, or None when it is not JSON."""
    try:
        return json.loads(bytes(body)) if body else None
    except (ValueError, RecursionError):
        return None


async def _props(client: httpx.AsyncClient, base_url: str, headers: dict[str, str],
                 limits: StreamLimits) -> object:
    """The decoded ``/props`` of a llama.cpp server at ``base_url`` (beside ``/v1``), or
    None when it does not answer."""
    return await _beside(client, base_url, "/props", headers, limits)


async def _ollama(client: httpx.AsyncClient, base_url: str, headers: dict[str, str], limits: StreamLimits,
                  answer: object) -> tuple[dict[str, int], tuple[str, ...]] | None:
    """For an Ollama server at ``base_url`` (it answers ``/api/version``): ``({listed id:
    served window}, ids that take no tools)``; None for any other server."""
    version = ollama.parse_version(await _beside(client, base_url, "/api/version", headers, limits))
    if version is None:
        return None
    data = answer.get("data") if isinstance(answer, dict) else None
    ids = [str(e["id"]) for e in (data if isinstance(data, list) else [])[:MAX_OLLAMA_MODELS]
           if isinstance(e, dict) and isinstance(e.get("id"), str) and e["id"].strip()]
    loaded = ollama.loaded_windows(await _beside(client, base_url, "/api/ps", headers, limits))
    windows: dict[str, int] = {}
    no_tools: list[str] = []
    for model in ids:
        show = await _beside(client, base_url, "/api/show", headers, limits, {"model": model})
        windows[model] = ollama.served_window(model, show, loaded, version)
        if ollama.takes_tools(show) is False:
            no_tools.append(model)
    return windows, tuple(sorted(no_tools))


async def _beside(client: httpx.AsyncClient, base_url: str, path: str, headers: dict[str, str],
                  limits: StreamLimits, body: dict[str, object] | None = None) -> object:
    """The decoded JSON answer of ``path`` on the server of ``base_url`` (beside its
    ``/v1``; a POST of ``body`` when given), read within the model-list bounds, or None
    when it does not answer 200. Network trouble is no answer, not an error: the model
    list already came."""
    root = base_url.rstrip("/").removesuffix("/v1")
    try:
        async with client.stream("POST" if body is not None else "GET", f"{root}{path}", headers=headers,
                                 json=body) as response:
            if response.status_code != 200:
                await response.aclose()
                return None
            raw = await read_body(response, _decoder(response, limits))
    except (httpx.HTTPError, ProviderError):
        return None
    return _json(raw)
