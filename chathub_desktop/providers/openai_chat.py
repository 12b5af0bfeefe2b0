"""OpenAI Chat Completions client, also for every OpenAI-compatible endpoint (APP-1).

OpenRouter, DeepSeek, Z.AI, Inception and local servers (Ollama, LM Studio, vLLM,
llama.cpp) all speak this format. The client POSTs ``{base_url}/chat/completions``
with ``stream: true`` and ``stream_options.include_usage``, and turns the SSE chunks
into :data:`~chathub_desktop.providers.base.StreamEvent` values.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, Mapping
from contextlib import aclosing
from dataclasses import dataclass

import httpx

from chathub_desktop.core.messages import ChatMessage, Role, ToolCall, Usage
from chathub_desktop.core.model_ids import uses_max_completion_tokens
from chathub_desktop.core.token_estimate import reported_input
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
from chathub_desktop.providers.sse_stream import SSEChatClient, decode_event_data
from chathub_desktop.providers.stream_limits import ReplyMeter

#: Bytes one tool-call fragment counts toward the reply limit beside its text (what
#: holding it costs), so endless empty fragments end too (issue 32); a fragment that
#: opens a new call counts :data:`NEW_CALL_COST` instead.
FRAGMENT_COST = 32
NEW_CALL_COST = 1024
# OpenAI reasoning models reject ``max_tokens`` and want ``max_completion_tokens``.


def _int_or_none(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def parse_chat_usage(raw: Mapping[str, object]) -> Usage:
    """Map an OpenAI-style ``usage`` object to :class:`Usage` (all counts in tokens).

    ``prompt_tokens`` → input (already includes cached tokens), ``completion_tokens`` →
    output, ``prompt_tokens_details.cached_tokens`` or DeepSeek's
    ``prompt_cache_hit_tokens`` → cached, ``prompt_tokens_details.cache_write_tokens``
    (OpenRouter) → cache-write, ``completion_tokens_details.reasoning_tokens`` → reasoning.
    llama.cpp-style servers and some proxies report cached tokens *beside* the prompt
    (a top-level ``cached_tokens`` too): when cached exceeds ``prompt_tokens`` the input
    is their sum (``core.token_estimate.reported_input``), so a hit rate stays ≤ 100%.
    """
    prompt_details = raw.get("prompt_tokens_details")
    completion_details = raw.get("completion_tokens_details")
    prompt_details = prompt_details if isinstance(prompt_details, Mapping) else {}
    completion_details = completion_details if isinstance(completion_details, Mapping) else {}
    cached = _int_or_none(prompt_details.get("cached_tokens"))
    if cached is None:
        cached = _int_or_none(raw.get("cached_tokens"))
    deepseek_hit = _int_or_none(raw.get("prompt_cache_hit_tokens"))
    if deepseek_hit is not None and not cached:
        cached = deepseek_hit
    prompt = _int_or_none(raw.get("prompt_tokens"))
    return Usage(
        input_tokens=reported_input(prompt, cached) if prompt is not None else None,
        output_tokens=_int_or_none(raw.get("completion_tokens")),
        cached_tokens=cached,
        cache_write_tokens=_int_or_none(prompt_details.get("cache_write_tokens")),
        reasoning_tokens=_int_or_none(completion_details.get("reasoning_tokens")),
    )


def serialize_chat_message(message: ChatMessage) -> dict[str, object]:
    """One :class:`ChatMessage` as a Chat Completions message dict.

    Images become ``image_url`` content parts after the text part; assistant tool calls
    become ``tool_calls`` (``content`` is ``null`` when the text is empty); tool results
    carry ``tool_call_id``.
    """
    if message.role is Role.TOOL:
        return {
            "role": "tool",
            "tool_call_id": message.tool_call_id or "",
            "content": message.content,
        }
    if message.role is Role.ASSISTANT and message.tool_calls:
        return {
            "role": "assistant",
            "content": message.content or None,
            "tool_calls": [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.arguments or "{}"},
                }
                for call in message.tool_calls
            ],
        }
    if message.images:
        parts: list[dict[str, object]] = []
        if message.content:
            parts.append({"type": "text", "text": message.content})
        parts.extend({"type": "image_url", "image_url": {"url": url}} for url in message.images)
        return {"role": message.role.value, "content": parts}
    return {"role": message.role.value, "content": message.content}


@dataclass
class _ToolCallBuffer:
    id: str
    name: str
    parts: list[str]  # argument fragments, joined once the call is complete


class OpenAIChatClient(SSEChatClient):
    """Streaming Chat Completions client (APP-1). Implements ``ChatClient``.

    - ``http``: the ``httpx.AsyncClient`` to use (timeouts set on it); closed by
      :meth:`aclose` only when ``owns_http`` is true.
    - ``base_url``: e.g. ``https://api.openai.com/v1`` or ``http://127.0.0.1:8080/v1``.
    - ``api_key``: sent as ``Authorization: Bearer``; ``None`` sends no header (local servers).
    - ``openai_reasoning_params``: when true (OpenAI kind), o1/o3/o4/gpt-5* models get
      ``max_completion_tokens`` instead of ``max_tokens``.
    """

    ENDPOINT = "/chat/completions"

    def __init__(
        self,
        http: httpx.AsyncClient,
        base_url: str,
        api_key: str | None = None,
        *,
        openai_reasoning_params: bool = False,
        extra_headers: Mapping[str, str] | None = None,
        owns_http: bool = True,
    ) -> None:
        super().__init__(http, base_url, api_key, extra_headers=extra_headers, owns_http=owns_http)
        self._openai_reasoning_params = openai_reasoning_params

    def _is_last(self, event: SSEEvent) -> bool:
        """``data: [DONE]`` ends the answer (:meth:`stream` stops reading there)."""
        return event.data.strip() == "[DONE]"

    def build_body(self, request: ChatRequest) -> dict[str, object]:
        """The JSON body for ``request`` (exposed for tests and the debug panel).

        ``max_tokens`` (or ``max_completion_tokens``) only when ``request.max_tokens`` is
        not ``None`` (CMP-8); ``request.extra`` is merged last, as-is.
        """
        body: dict[str, object] = {
            "model": request.model,
            "messages": [serialize_chat_message(m) for m in request.messages],
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        if request.max_tokens is not None:
            if self._openai_reasoning_params and uses_max_completion_tokens(request.model):
                body["max_completion_tokens"] = request.max_tokens
            else:
                body["max_tokens"] = request.max_tokens
        if request.temperature is not None:
            body["temperature"] = request.temperature
        if request.top_p is not None:
            body["top_p"] = request.top_p
        if request.reasoning_effort is not None:
            body["reasoning_effort"] = request.reasoning_effort
        if request.tools:
            body["tools"] = [
                {
                    "type": "function",
                    "function": {
                        "name": tool.name,
                        "description": tool.description,
                        "parameters": tool.parameters,
                    },
                }
                for tool in request.tools
            ]
        body.update(request.extra)
        return body

    async def stream(self, request: ChatRequest) -> AsyncGenerator[StreamEvent, None]:
        """Post ``request`` and yield TextDelta / ReasoningDelta as they arrive, then
        ToolCallEvent per call (when the finish reason arrives), UsageEvent and
        FinishEvent.

        Raises ProviderError; a stream that closes before a finish reason and before
        ``[DONE]`` raises NETWORK ("stream ended early") after the text that arrived.
        """
        buffers: dict[int, _ToolCallBuffer] = {}
        usage: Usage | None = None
        finish_reason: str | None = None
        tool_calls_emitted = False
        done = False
        text_chars = 0
        unread = 0
        meter = self._meter()
        events = self._events(request)
        async with aclosing(events):
            async for sse in events:
                data = sse.data.strip()
                if not data:
                    continue
                if data == "[DONE]":
                    done = True
                    break
                chunk = decode_event_data(sse, secret=self._api_key)
                if not isinstance(chunk, Mapping):
                    unread += 1
                    continue
                if chunk.get("error") is not None or sse.event == "error":
                    raise error_from_stream_payload(chunk, raw=sse.data, secret=self._api_key)
                raw_usage = chunk.get("usage")
                if isinstance(raw_usage, Mapping):
                    parsed = parse_chat_usage(raw_usage)
                    usage = parsed if usage is None else usage.merged(parsed)
                choices = chunk.get("choices")
                if not isinstance(choices, list):
                    unread += not isinstance(raw_usage, Mapping)
                    continue
                for choice in choices:
                    if not isinstance(choice, Mapping):
                        unread += 1
                        continue
                    delta = choice.get("delta")
                    if isinstance(delta, Mapping):
                        for event in self._deltas(delta, buffers, meter):
                            if isinstance(event, TextDelta):
                                text_chars += len(event.text)
                            yield event
                    elif "finish_reason" not in choice:
                        unread += 1
                    reason = choice.get("finish_reason")
                    if isinstance(reason, str) and reason:
                        finish_reason = reason
                        if not tool_calls_emitted:
                            tool_calls_emitted = True
                            for call in _complete_calls(buffers):
                                yield ToolCallEvent(call)
        if not done and finish_reason is None:
            raise stream_ended_early(text_chars, url=self._url)
        if not tool_calls_emitted:
            for call in _complete_calls(buffers):
                yield ToolCallEvent(call)
        if usage is not None:
            yield UsageEvent(usage)
        yield FinishEvent(finish_reason, unread)

    @staticmethod
    def _deltas(
        delta: Mapping[str, object], buffers: dict[int, _ToolCallBuffer], meter: ReplyMeter
    ) -> list[StreamEvent]:
        """The events of one ``delta``; its text, reasoning and tool-call arguments are
        counted by ``meter`` first (ProviderError ``TOO_LARGE`` past the reply limit)."""
        events: list[StreamEvent] = []
        reasoning = delta.get("reasoning_content")
        if not isinstance(reasoning, str) or not reasoning:
            reasoning = delta.get("reasoning")
        if isinstance(reasoning, str) and reasoning:
            meter.add(reasoning)
            events.append(ReasoningDelta(reasoning))
        content = delta.get("content")
        if isinstance(content, str) and content:
            meter.add(content)
            events.append(TextDelta(content))
        fragments = delta.get("tool_calls")
        if isinstance(fragments, list):
            for fragment in fragments:
                if isinstance(fragment, Mapping):
                    calls = len(buffers)
                    text = _absorb_fragment(fragment, buffers)
                    meter.add(text, NEW_CALL_COST if len(buffers) > calls else FRAGMENT_COST)
        return events


def _absorb_fragment(fragment: Mapping[str, object], buffers: dict[int, _ToolCallBuffer]) -> str:
    """Add one streamed tool-call fragment to the per-index buffers; returns the text it
    brought (id, name and arguments), for the reply's size count.

    Fragments are keyed by ``index``; a fragment whose ``id`` differs from the one
    already buffered at that index (servers that send parallel calls whole, all at
    index 0) starts a new buffer.
    """
    index = _int_or_none(fragment.get("index"))
    call_id = fragment.get("id") if isinstance(fragment.get("id"), str) else ""
    function = fragment.get("function")
    function = function if isinstance(function, Mapping) else {}
    name = function.get("name") if isinstance(function.get("name"), str) else ""
    arguments = function.get("arguments")
    if isinstance(arguments, Mapping):  # a few servers send an object, not a string
        arguments = json.dumps(arguments)
    arguments = arguments if isinstance(arguments, str) else ""
    key = (
        index if index is not None else (max(buffers) if buffers and not call_id else len(buffers))
    )
    existing = buffers.get(key)
    if existing is not None and call_id and existing.id and call_id != existing.id:
        key = max(buffers) + 1
        existing = None
    if existing is None:
        buffers[key] = _ToolCallBuffer(id=str(call_id), name=str(name), parts=[arguments])
        return f"{call_id}{name}{arguments}"
    if call_id and not existing.id:
        existing.id = str(call_id)
    if name and not existing.name:
        existing.name = str(name)
    existing.parts.append(arguments)
    return f"{call_id}{name}{arguments}"


def _complete_calls(buffers: dict[int, _ToolCallBuffer]) -> list[ToolCall]:
    calls = [
        ToolCall(id=buf.id or f"call_{key}", name=buf.name, arguments="".join(buf.parts) or "{}")
        for key, buf in sorted(buffers.items())
    ]
    buffers.clear()
    return calls


__all__ = [
    "OpenAIChatClient",
    "parse_chat_usage",
    "serialize_chat_message",
]
