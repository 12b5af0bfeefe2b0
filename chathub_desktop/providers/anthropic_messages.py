"""Anthropic Messages client, also for Anthropic-compatible endpoints (APP-1).

POSTs ``{base_url}/messages`` with ``x-api-key`` and ``anthropic-version: 2023-06-01``
and maps the SSE events (``message_start``, ``content_block_start`` / ``_delta`` /
``_stop``, ``message_delta``, ``message_stop``, ``ping``, ``error``) to
:data:`~chathub_desktop.providers.base.StreamEvent`.

Usage convention (APP-1, TOK-6): Anthropic reports uncached ``input_tokens`` apart from
``cache_read_input_tokens`` and ``cache_creation_input_tokens``; our
:class:`~chathub_desktop.core.messages.Usage.input_tokens` is their **sum** (the whole
prompt, like OpenAI's ``prompt_tokens``), ``cached_tokens`` = cache read and
``cache_write_tokens`` = cache creation.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, Mapping
from contextlib import aclosing
from dataclasses import dataclass, field

import httpx

from chathub_desktop.core.messages import ChatMessage, Role, ToolCall, Usage
from chathub_desktop.providers.base import (
    ChatRequest,
    FinishEvent,
    ReasoningDelta,
    StreamEvent,
    TextDelta,
    ToolCallEvent,
    UsageEvent,
)
from chathub_desktop.providers.bounded_body import SSEEvent
from chathub_desktop.providers.errors import error_from_stream_payload, stream_ended_early
from chathub_desktop.providers.sse_stream import SSEChatClient, decode_event_data, event_type

ANTHROPIC_VERSION = "2023-06-01"
#: ``max_tokens`` sent when the request has none and no ``default_max_tokens`` was given.
DEFAULT_MAX_TOKENS = 4096


def _int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _image_block(url: str) -> dict[str, object]:
    """A ``data:<mime>[;params];base64,<data>`` URL → base64 image source (``media_type``
    is the bare mime type: the API rejects parameters); any other URL → url source."""
    if url.startswith("data:") and ";base64," in url:
        header, data = url[5:].split(";base64,", 1)
        media_type = header.split(";", 1)[0].strip().lower()
        return {
            "type": "image",
            "source": {"type": "base64", "media_type": media_type or "image/png", "data": data},
        }
    return {"type": "image", "source": {"type": "url", "url": url}}


def _tool_input(arguments: str) -> object:
    """Tool-call arguments (raw JSON text) as the object ``tool_use.input`` needs;
    empty → ``{}``, a non-object or invalid JSON is wrapped as ``{"input": ...}``."""
    if not arguments.strip():
        return {}
    try:
        value = json.loads(arguments)
    except ValueError:
        return {"input": arguments}
    return value if isinstance(value, dict) else {"input": value}


def build_messages(
    messages: tuple[ChatMessage, ...],
) -> tuple[str | None, list[dict[str, object]]]:
    """Split messages into ``(system, messages)`` for the Messages API.

    System messages are joined (blank line between) into the top-level ``system``;
    assistant tool calls become ``tool_use`` blocks after the text; tool results become
    ``tool_result`` blocks in a user message, consecutive results merged into one user
    message. An assistant message with neither text nor tool calls is left out
    (the API rejects empty content).
    """
    system: list[str] = []
    out: list[dict[str, object]] = []
    pending_results: list[dict[str, object]] | None = None
    for message in messages:
        if message.role is Role.SYSTEM:
            if message.content:
                system.append(message.content)
            continue
        if message.role is Role.TOOL:
            block: dict[str, object] = {
                "type": "tool_result",
                "tool_use_id": message.tool_call_id or "",
                "content": message.content,
            }
            if pending_results is None:
                pending_results = [block]
                out.append({"role": "user", "content": pending_results})
            else:
                pending_results.append(block)
            continue
        pending_results = None
        if message.role is Role.ASSISTANT:
            blocks: list[dict[str, object]] = []
            if message.content:
                blocks.append({"type": "text", "text": message.content})
            blocks.extend(
                {"type": "tool_use", "id": c.id, "name": c.name, "input": _tool_input(c.arguments)}
                for c in message.tool_calls
            )
            if blocks:
                out.append({"role": "assistant", "content": blocks})
            continue
        if message.images:
            parts: list[dict[str, object]] = [_image_block(url) for url in message.images]
            if message.content:
                parts.append({"type": "text", "text": message.content})
            out.append({"role": "user", "content": parts})
        else:
            out.append({"role": "user", "content": message.content})
    return ("\n\n".join(system) or None), out


@dataclass
class _Block:
    kind: str
    tool_id: str = ""
    tool_name: str = ""
    json_parts: list[str] = field(default_factory=list)
    initial_input: object = None


class AnthropicMessagesClient(SSEChatClient):
    """Streaming Anthropic Messages client (APP-1). Implements ``ChatClient``.

    - ``http``: the ``httpx.AsyncClient``; closed by :meth:`aclose` when ``owns_http``.
    - ``base_url``: e.g. ``https://api.anthropic.com/v1``.
    - ``api_key``: sent as ``x-api-key`` (never logged).
    - ``default_max_tokens``: the ``max_tokens`` sent when ``request.max_tokens`` is
      ``None`` (the API requires one; callers pass the model card's max output).
    """

    ENDPOINT = "/messages"

    def __init__(
        self,
        http: httpx.AsyncClient,
        base_url: str,
        api_key: str | None = None,
        *,
        default_max_tokens: int = DEFAULT_MAX_TOKENS,
        extra_headers: Mapping[str, str] | None = None,
        owns_http: bool = True,
    ) -> None:
        super().__init__(http, base_url, api_key, extra_headers=extra_headers, owns_http=owns_http)
        self._default_max_tokens = default_max_tokens

    def _protocol_headers(self) -> dict[str, str]:
        """The API version header Anthropic requires."""
        return {"anthropic-version": ANTHROPIC_VERSION}

    def _auth_headers(self, api_key: str) -> dict[str, str]:
        """Anthropic takes the key as ``x-api-key``."""
        return {"x-api-key": api_key}

    def _is_last(self, event: SSEEvent) -> bool:
        """``message_stop`` ends the answer (:meth:`stream` stops reading there)."""
        return event_type(event) == "message_stop"

    def build_body(self, request: ChatRequest) -> dict[str, object]:
        """The JSON body: ``model``, ``messages``, ``system`` (when any), ``max_tokens``
        (always), ``tools`` with ``input_schema``, ``stream: true``, then ``extra``."""
        system, messages = build_messages(request.messages)
        body: dict[str, object] = {
            "model": request.model,
            "messages": messages,
            "max_tokens": request.max_tokens
            if request.max_tokens is not None
            else self._default_max_tokens,
            "stream": True,
        }
        if system is not None:
            body["system"] = system
        if request.temperature is not None:
            body["temperature"] = request.temperature
        if request.top_p is not None:
            body["top_p"] = request.top_p
        if request.thinking_budget is not None:
            body["thinking"] = {"type": "enabled", "budget_tokens": request.thinking_budget}
        if request.tools:
            body["tools"] = [
                {"name": t.name, "description": t.description, "input_schema": t.parameters}
                for t in request.tools
            ]
        body.update(request.extra)
        return body

    async def stream(self, request: ChatRequest) -> AsyncGenerator[StreamEvent, None]:
        """Yield TextDelta (``text_delta``), ReasoningDelta (``thinking_delta``), a
        ToolCallEvent when each ``tool_use`` block stops (arguments = the concatenated
        ``input_json_delta`` fragments), then UsageEvent and FinishEvent
        (``stop_reason``: ``end_turn``, ``tool_use``, ``max_tokens``, ...).

        Raises ProviderError for ``event: error`` and HTTP errors; a stream that ends
        before ``message_stop`` and without a ``stop_reason`` raises NETWORK after the
        text that arrived.
        """
        blocks: dict[int, _Block] = {}
        raw_usage: dict[str, int] = {}
        stop_reason: str | None = None
        stopped = False
        text_chars = 0
        unread = 0
        meter = self._meter()
        events = self._events(request)
        async with aclosing(events):
            async for sse in events:
                if not sse.data.strip():
                    continue
                data = decode_event_data(sse, secret=self._api_key)
                if not isinstance(data, Mapping):
                    unread += 1
                    continue
                kind = data.get("type") if isinstance(data.get("type"), str) else sse.event
                if kind == "message_start":
                    message = data.get("message")
                    raw = message.get("usage") if isinstance(message, Mapping) else None
                    if isinstance(raw, Mapping):
                        _collect_usage(raw_usage, raw)
                elif kind == "content_block_start":
                    index = _int_or_none(data.get("index")) or 0
                    block = data.get("content_block")
                    block = block if isinstance(block, Mapping) else {}
                    meter.add(sse.data)  # a block held until it stops
                    blocks[index] = _Block(
                        kind=str(block.get("type") or ""),
                        tool_id=str(block.get("id") or ""),
                        tool_name=str(block.get("name") or ""),
                        initial_input=block.get("input"),
                    )
                    initial_text = block.get("text")
                    if isinstance(initial_text, str) and initial_text:
                        meter.add(initial_text)
                        text_chars += len(initial_text)
                        yield TextDelta(initial_text)
                elif kind == "content_block_delta":
                    index = _int_or_none(data.get("index")) or 0
                    delta = data.get("delta")
                    delta = delta if isinstance(delta, Mapping) else {}
                    delta_type = delta.get("type")
                    if delta_type == "text_delta" and isinstance(delta.get("text"), str):
                        text = str(delta["text"])
                        if text:
                            meter.add(text)
                            text_chars += len(text)
                            yield TextDelta(text)
                    elif delta_type == "thinking_delta" and isinstance(delta.get("thinking"), str):
                        if delta["thinking"]:
                            meter.add(str(delta["thinking"]))
                            yield ReasoningDelta(str(delta["thinking"]))
                    elif delta_type == "input_json_delta":
                        part = delta.get("partial_json")
                        target = blocks.setdefault(index, _Block(kind="tool_use"))
                        if isinstance(part, str):
                            meter.add(part)
                            target.json_parts.append(part)
                elif kind == "content_block_stop":
                    index = _int_or_none(data.get("index")) or 0
                    block_done = blocks.pop(index, None)
                    if block_done is not None and block_done.kind in (
                        "tool_use",
                        "server_tool_use",
                    ):
                        yield ToolCallEvent(_tool_call(block_done, index))
                elif kind == "message_delta":
                    delta = data.get("delta")
                    if isinstance(delta, Mapping) and isinstance(delta.get("stop_reason"), str):
                        stop_reason = str(delta["stop_reason"])
                    raw = data.get("usage")
                    if isinstance(raw, Mapping):
                        _collect_usage(raw_usage, raw)
                elif kind == "message_stop":
                    stopped = True
                    break
                elif kind == "error":
                    raise error_from_stream_payload(data, raw=sse.data, secret=self._api_key)
                elif kind == "message":
                    unread += 1  # neither a typed event nor a named one
        if not stopped and stop_reason is None:
            raise stream_ended_early(text_chars, url=self._url)
        for index, pending in sorted(blocks.items()):  # tool blocks never closed
            if pending.kind in ("tool_use", "server_tool_use"):
                yield ToolCallEvent(_tool_call(pending, index))
        if raw_usage:
            yield UsageEvent(_parse_usage(raw_usage))
        yield FinishEvent(stop_reason, unread)


def _tool_call(block: _Block, index: int) -> ToolCall:
    arguments = "".join(block.json_parts)
    if not arguments.strip():
        initial = block.initial_input
        arguments = json.dumps(initial) if isinstance(initial, dict) and initial else "{}"
    return ToolCall(id=block.tool_id or f"toolu_{index}", name=block.tool_name, arguments=arguments)


def _parse_usage(raw: Mapping[str, object]) -> Usage:
    """Anthropic usage → :class:`Usage`; ``input_tokens`` = uncached + cache read + cache
    creation (module docstring). Fields the event does not carry stay ``None``."""
    uncached = _int_or_none(raw.get("input_tokens"))
    cache_read = _int_or_none(raw.get("cache_read_input_tokens"))
    cache_write = _int_or_none(raw.get("cache_creation_input_tokens"))
    total: int | None = None
    if uncached is not None or cache_read is not None or cache_write is not None:
        total = (uncached or 0) + (cache_read or 0) + (cache_write or 0)
    return Usage(
        input_tokens=total,
        output_tokens=_int_or_none(raw.get("output_tokens")),
        cached_tokens=cache_read,
        cache_write_tokens=cache_write,
    )


_USAGE_FIELDS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")


def _collect_usage(into: dict[str, int], raw: Mapping[str, object]) -> None:
    """Fold one event's usage into the running raw fields. ``message_start`` carries the
    input side, ``message_delta`` the final (cumulative) ``output_tokens`` and, on newer
    API versions and some compatible servers, the input fields again: later values win.
    Only the fields :func:`_parse_usage` reads are kept (a hostile server's invented keys
    never pile up; issue 32)."""
    for key in _USAGE_FIELDS:
        number = _int_or_none(raw.get(key))
        if number is not None:
            into[key] = number
