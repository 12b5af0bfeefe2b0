"""OpenAI Responses API client (APP-1).

POSTs ``{base_url}/responses`` with ``stream: true`` and maps the typed SSE events
(``response.output_text.delta``, ``response.reasoning_summary_text.delta``,
``response.output_item.done``, ``response.completed``, ``response.incomplete``,
``response.failed``, ``error``) to :data:`~chathub_desktop.providers.base.StreamEvent`.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Mapping
from contextlib import aclosing

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

_TEXT_DELTA = "response.output_text.delta"
_REASONING_DELTAS = frozenset(
    {"response.reasoning_summary_text.delta", "response.reasoning_text.delta"}
)


def _int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def parse_responses_usage(raw: Mapping[str, object]) -> Usage:
    """Map a Responses ``usage`` object to :class:`Usage` (tokens): ``input_tokens``
    (cached included), ``output_tokens``, ``input_tokens_details.cached_tokens``,
    ``output_tokens_details.reasoning_tokens``."""
    in_details = raw.get("input_tokens_details")
    out_details = raw.get("output_tokens_details")
    in_details = in_details if isinstance(in_details, Mapping) else {}
    out_details = out_details if isinstance(out_details, Mapping) else {}
    return Usage(
        input_tokens=_int_or_none(raw.get("input_tokens")),
        output_tokens=_int_or_none(raw.get("output_tokens")),
        cached_tokens=_int_or_none(in_details.get("cached_tokens")),
        reasoning_tokens=_int_or_none(out_details.get("reasoning_tokens")),
    )


def build_input(messages: tuple[ChatMessage, ...]) -> tuple[str | None, list[dict[str, object]]]:
    """Split messages into ``(instructions, input_items)``.

    Leading system messages are joined (blank line between) into ``instructions``;
    a system message later in the list becomes a ``developer`` message item. User
    images become ``input_image`` parts; assistant tool calls become ``function_call``
    items with their ``call_id``; tool results become ``function_call_output`` items.
    """
    instructions: list[str] = []
    items: list[dict[str, object]] = []
    leading = True
    for message in messages:
        if message.role is Role.SYSTEM:
            if leading:
                if message.content:
                    instructions.append(message.content)
            else:
                items.append({"role": "developer", "content": message.content})
            continue
        leading = False
        if message.role is Role.TOOL:
            items.append(
                {
                    "type": "function_call_output",
                    "call_id": message.tool_call_id or "",
                    "output": message.content,
                }
            )
        elif message.role is Role.ASSISTANT:
            if message.content:
                items.append({"role": "assistant", "content": message.content})
            for call in message.tool_calls:
                items.append(
                    {
                        "type": "function_call",
                        "call_id": call.id,
                        "name": call.name,
                        "arguments": call.arguments or "{}",
                    }
                )
        elif message.images:
            parts: list[dict[str, object]] = []
            if message.content:
                parts.append({"type": "input_text", "text": message.content})
            # ``detail`` is a required field of the Responses input_image part (the
            # OpenAI SDK's ResponseInputImageParam); "auto" is the API's own default
            parts.extend({"type": "input_image", "image_url": url, "detail": "auto"} for url in message.images)
            items.append({"role": "user", "content": parts})
        else:
            items.append({"role": "user", "content": message.content})
    return ("\n\n".join(instructions) or None), items


class OpenAIResponsesClient(SSEChatClient):
    """Streaming OpenAI Responses client (APP-1). Implements ``ChatClient``.

    Arguments as for :class:`~chathub_desktop.providers.openai_chat.OpenAIChatClient`:
    the ``httpx.AsyncClient``, ``base_url`` (``.../v1``), ``api_key`` (Bearer, or ``None``).
    """

    ENDPOINT = "/responses"

    def _is_last(self, event: SSEEvent) -> bool:
        """``response.completed`` / ``response.incomplete`` end the answer (:meth:`stream`
        stops reading there)."""
        return event_type(event) in ("response.completed", "response.incomplete")

    def build_body(self, request: ChatRequest) -> dict[str, object]:
        """The JSON body: ``model``, ``input`` items, ``instructions`` when there are
        system messages, ``max_output_tokens`` only when set, flat ``function`` tools,
        then ``request.extra`` merged as-is."""
        instructions, items = build_input(request.messages)
        body: dict[str, object] = {"model": request.model, "input": items, "stream": True}
        if instructions is not None:
            body["instructions"] = instructions
        if request.max_tokens is not None:
            body["max_output_tokens"] = request.max_tokens
        if request.temperature is not None:
            body["temperature"] = request.temperature
        if request.top_p is not None:
            body["top_p"] = request.top_p
        if request.reasoning_effort is not None:
            body["reasoning"] = {"effort": request.reasoning_effort}
        if request.tools:
            body["tools"] = [
                {
                    "type": "function",
                    "name": tool.name,
                    "description": tool.description,
                    "parameters": tool.parameters,
                }
                for tool in request.tools
            ]
        body.update(request.extra)
        return body

    async def stream(self, request: ChatRequest) -> AsyncGenerator[StreamEvent, None]:
        """Yield text/reasoning deltas, a ToolCallEvent per finished ``function_call``
        item, then UsageEvent and FinishEvent.

        Finish reason: ``incomplete_details.reason`` for ``response.incomplete`` (e.g.
        ``max_output_tokens``), else ``tool_calls`` when any function call arrived, else
        ``stop``. ``response.failed`` / ``error`` raise a classified ProviderError; a
        stream without a terminal event raises NETWORK after the text that arrived.
        """
        saw_call = False
        text_chars = 0
        unread = 0
        finished = False
        meter = self._meter()
        events = self._events(request)
        async with aclosing(events):
            async for sse in events:
                if not sse.data.strip() or sse.data.strip() == "[DONE]":
                    continue
                data = decode_event_data(sse, secret=self._api_key)
                if not isinstance(data, Mapping):
                    unread += 1
                    continue
                kind = str(data["type"]) if isinstance(data.get("type"), str) else sse.event
                if kind == _TEXT_DELTA:
                    delta = data.get("delta")
                    if isinstance(delta, str) and delta:
                        meter.add(delta)
                        text_chars += len(delta)
                        yield TextDelta(delta)
                elif kind in _REASONING_DELTAS:
                    delta = data.get("delta")
                    if isinstance(delta, str) and delta:
                        meter.add(delta)
                        yield ReasoningDelta(delta)
                elif kind == "response.output_item.done":
                    item = data.get("item")
                    if isinstance(item, Mapping) and item.get("type") == "function_call":
                        saw_call = True
                        call = ToolCall(
                            id=str(item.get("call_id") or item.get("id") or ""),
                            name=str(item.get("name") or ""),
                            arguments=str(item.get("arguments") or "{}"),
                        )
                        meter.add(call.id + call.name + call.arguments)
                        yield ToolCallEvent(call)
                elif kind in ("response.completed", "response.incomplete"):
                    response = data.get("response")
                    response = response if isinstance(response, Mapping) else {}
                    raw_usage = response.get("usage")
                    if isinstance(raw_usage, Mapping):
                        yield UsageEvent(parse_responses_usage(raw_usage))
                    yield FinishEvent(_finish_reason(response, saw_call), unread)
                    finished = True
                    break
                elif kind == "response.failed":
                    response = data.get("response")
                    error = response.get("error") if isinstance(response, Mapping) else None
                    payload = error if isinstance(error, Mapping) else data
                    raise error_from_stream_payload(payload, raw=sse.data, secret=self._api_key)
                elif kind == "error":
                    inner = data.get("error")
                    payload = inner if isinstance(inner, Mapping) else data
                    raise error_from_stream_payload(payload, raw=sse.data, secret=self._api_key)
                elif kind == "message" or not kind.startswith(("response.", "error")):
                    unread += 1  # neither a typed event nor a named one of this format
        if not finished:
            raise stream_ended_early(text_chars, url=self._url)


def _finish_reason(response: Mapping[str, object], saw_call: bool) -> str:
    details = response.get("incomplete_details")
    if isinstance(details, Mapping) and isinstance(details.get("reason"), str):
        return str(details["reason"])
    if response.get("status") == "incomplete":
        return "incomplete"
    return "tool_calls" if saw_call else "stop"
