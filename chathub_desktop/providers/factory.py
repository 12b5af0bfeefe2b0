"""Building the right :class:`~chathub_desktop.providers.base.ChatClient` for a provider (APP-1)."""

from __future__ import annotations

import httpx

from chathub_desktop.core.provider_kinds import ProviderKind, WireProtocol
from chathub_desktop.providers.anthropic_messages import DEFAULT_MAX_TOKENS, AnthropicMessagesClient
from chathub_desktop.providers.base import ChatClient
from chathub_desktop.providers.openai_chat import OpenAIChatClient
from chathub_desktop.providers.openai_responses import OpenAIResponsesClient
from chathub_desktop.providers.sse_stream import SSEChatClient
from chathub_desktop.providers.stream_limits import StreamLimits
from chathub_desktop.providers.tls import tls_context

USER_AGENT = "chathub-desktop"


def make_http_client(
    *, timeout_s: float = 600.0, connect_timeout_s: float = 10.0
) -> httpx.AsyncClient:
    """An ``httpx.AsyncClient`` for one chat client.

    ``timeout_s`` bounds each read/write/pool wait in seconds (a silent stream fails
    after that long between chunks); ``connect_timeout_s`` bounds connecting. No
    credentials are set on it: the chat client adds its auth headers per request.
    """
    timeout = httpx.Timeout(timeout_s, connect=connect_timeout_s)
    return httpx.AsyncClient(
        timeout=timeout, headers={"User-Agent": USER_AGENT}, follow_redirects=False, verify=tls_context()
    )


def make_client(
    kind: ProviderKind,
    base_url: str,
    api_key: str | None,
    *,
    timeout_s: float = 600.0,
    connect_timeout_s: float = 10.0,
    http_client: httpx.AsyncClient | None = None,
    default_max_tokens: int = DEFAULT_MAX_TOKENS,
    limits: StreamLimits | None = None,
) -> ChatClient:
    """The streaming client for ``kind`` talking to ``base_url`` (e.g. ``https://api.openai.com/v1``).

    - OpenAI / OpenAI-compatible → :class:`OpenAIChatClient` (``Authorization: Bearer``,
      omitted when ``api_key`` is ``None`` or empty, for local servers); the OpenAI kind
      sends ``max_completion_tokens`` to o1/o3/o4/gpt-5* models.
    - OpenAI Responses → :class:`OpenAIResponsesClient` (Bearer).
    - Anthropic / Anthropic-compatible → :class:`AnthropicMessagesClient` (``x-api-key``;
      ``default_max_tokens`` is sent when a request has no cap).

    One ``httpx.AsyncClient`` per chat client, built from ``timeout_s`` /
    ``connect_timeout_s`` (seconds) unless ``http_client`` is given; a given client is
    not closed by the chat client's ``aclose()``. ``limits``: the stream limits its answers
    keep to (``StreamLimits.from_env()`` when not given; stream50: the reply limit of the
    window's setting). The key is kept only in request
    headers and scrubbed from every error message (APP-2).
    """
    owns = http_client is None
    http = http_client or make_http_client(timeout_s=timeout_s, connect_timeout_s=connect_timeout_s)
    key = api_key or None
    protocol = kind.protocol
    client: SSEChatClient
    if protocol is WireProtocol.OPENAI_CHAT:
        client = OpenAIChatClient(
            http,
            base_url,
            key,
            openai_reasoning_params=kind is ProviderKind.OPENAI,
            owns_http=owns,
        )
    elif protocol is WireProtocol.OPENAI_RESPONSES:
        client = OpenAIResponsesClient(http, base_url, key, owns_http=owns)
    elif protocol is WireProtocol.ANTHROPIC_MESSAGES:
        client = AnthropicMessagesClient(
            http, base_url, key, default_max_tokens=default_max_tokens, owns_http=owns
        )
    else:
        raise ValueError(f"no client for wire protocol {protocol!r}")  # pragma: no cover
    if limits is not None:
        client.limits = limits
    return client
