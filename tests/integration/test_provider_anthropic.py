"""APP-1 / REF-22: the Anthropic Messages client against the fake vendor over real HTTP."""

from __future__ import annotations

import json

import pytest

from chathub_desktop.core.messages import ChatMessage, Role, ToolCall, Usage
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.providers.base import ChatRequest, ErrorKind, ToolSpec
from tests.fakes.vendor_server import FakeVendor, Reply, anthropic_error, minimax_error
from tests.integration.stream_helpers import (
    calls,
    cancel_after_first_delta,
    collect,
    finish,
    reasoning,
    run_with_client,
    stream_once,
    texts,
    usages,
    user_request,
)

KIND = ProviderKind.ANTHROPIC
KEY = "sk-ant-test-key-123456"


def test_streams_text_thinking_and_cache_usage(fake_vendor: FakeVendor) -> None:
    # Usage convention: input_tokens = uncached + cache read + cache creation (APP-1).
    fake_vendor.script(
        Reply(
            text_chunks=["Bonjour", " à", " tous"],
            reasoning_chunks=["Let me", " think"],
            usage=Usage(
                input_tokens=18579, output_tokens=12, cached_tokens=18432, cache_write_tokens=100
            ),
        )
    )
    events, error = stream_once(KIND, fake_vendor.base_url, api_key=KEY)
    assert error is None
    assert texts(events) == ["Bonjour", " à", " tous"]
    assert reasoning(events) == ["Let me", " think"]
    assert [u.usage for u in usages(events)] == [
        Usage(input_tokens=18579, output_tokens=12, cached_tokens=18432, cache_write_tokens=100)
    ]
    assert finish(events).finish_reason == "end_turn"
    # the wire really carried them separately
    start = fake_vendor.requests[-1]
    assert start.path == "/v1/messages"


def test_first_cache_write(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(
        Reply(
            raw_usage={
                "input_tokens": 5,
                "cache_read_input_tokens": 0,
                "cache_creation_input_tokens": 2000,
                "output_tokens": 9,
            }
        )
    )
    events, _ = stream_once(KIND, fake_vendor.base_url, api_key=KEY)
    assert usages(events)[0].usage == Usage(
        input_tokens=2005, output_tokens=9, cached_tokens=0, cache_write_tokens=2000
    )


def test_request_body_and_headers(fake_vendor: FakeVendor) -> None:
    request = ChatRequest(
        model="claude-sonnet-4-5",
        messages=(
            ChatMessage(Role.SYSTEM, "Rule one."),
            ChatMessage(Role.SYSTEM, "Rule two."),
            ChatMessage(Role.USER, "see", images=("data:image/jpeg;base64,/9j/",)),
            ChatMessage(
                Role.ASSISTANT,
                "Calling two tools.",
                tool_calls=(ToolCall("toolu_1", "a", '{"n": 1}'), ToolCall("toolu_2", "b", "")),
            ),
            ChatMessage(Role.TOOL, "A done", tool_call_id="toolu_1"),
            ChatMessage(Role.TOOL, "B done", tool_call_id="toolu_2"),
            ChatMessage(Role.USER, "next"),
        ),
        tools=(ToolSpec("a", "Tool A", {"type": "object"}),),
        extra={"thinking": {"type": "disabled"}},
    )
    run_with_client(
        KIND,
        fake_vendor.base_url,
        lambda c: collect(c, request),
        api_key=KEY,
        default_max_tokens=1234,
    )
    sent = fake_vendor.last_request
    assert sent.headers["x-api-key"] == KEY
    assert sent.headers["anthropic-version"] == "2023-06-01"
    assert "authorization" not in sent.headers
    body = sent.body
    assert body["max_tokens"] == 1234  # required: the default when the request has none
    assert body["system"] == "Rule one.\n\nRule two."
    assert body["stream"] is True and body["thinking"] == {"type": "disabled"}
    assert body["messages"] == [
        {
            "role": "user",
            "content": [
                {
                    "type": "image",
                    "source": {"type": "base64", "media_type": "image/jpeg", "data": "/9j/"},
                },
                {"type": "text", "text": "see"},
            ],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Calling two tools."},
                {"type": "tool_use", "id": "toolu_1", "name": "a", "input": {"n": 1}},
                {"type": "tool_use", "id": "toolu_2", "name": "b", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": "A done"},
                {"type": "tool_result", "tool_use_id": "toolu_2", "content": "B done"},
            ],
        },
        {"role": "user", "content": "next"},
    ]
    assert body["tools"] == [
        {"name": "a", "description": "Tool A", "input_schema": {"type": "object"}}
    ]


def test_request_max_tokens_wins(fake_vendor: FakeVendor) -> None:
    stream_once(KIND, fake_vendor.base_url, user_request(max_tokens=77), api_key=KEY)
    assert fake_vendor.last_request.body["max_tokens"] == 77


def test_parallel_tool_use_blocks(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(
        Reply(
            text_chunks=["Sure."],
            tool_calls=[
                ToolCall("toolu_a", "weather", '{"city": "Oslo"}'),
                ToolCall("toolu_b", "clock", '{"tz": "UTC", "fmt": "iso"}'),
            ],
            arg_fragment_chars=2,
        )
    )
    events, error = stream_once(KIND, fake_vendor.base_url, api_key=KEY)
    assert error is None
    got = [c.call for c in calls(events)]
    assert got == [
        ToolCall("toolu_a", "weather", '{"city": "Oslo"}'),
        ToolCall("toolu_b", "clock", '{"tz": "UTC", "fmt": "iso"}'),
    ]
    assert json.loads(got[1].arguments) == {"tz": "UTC", "fmt": "iso"}
    assert finish(events).finish_reason == "tool_use"


@pytest.mark.parametrize(
    ("status", "body", "kind", "message"),
    [
        (
            401,
            anthropic_error("invalid x-api-key", "authentication_error"),
            ErrorKind.AUTH,
            "invalid x-api-key",
        ),
        (
            429,
            anthropic_error(
                "Number of request tokens has exceeded your per-minute rate limit",
                "rate_limit_error",
            ),
            ErrorKind.RATE_LIMIT,
            "per-minute rate limit",
        ),
        (
            500,
            anthropic_error("Internal server error", "api_error"),
            ErrorKind.SERVER,
            "Internal server error",
        ),
        (529, anthropic_error("Overloaded", "overloaded_error"), ErrorKind.SERVER, "Overloaded"),
        (
            400,
            anthropic_error("prompt is too long: 215000 tokens > 200000 maximum"),
            ErrorKind.CONTEXT_OVERFLOW,
            "prompt is too long",
        ),
        (
            413,
            anthropic_error(
                "Request exceeds the maximum allowed number of bytes.", "request_too_large"
            ),
            ErrorKind.CONTEXT_OVERFLOW,
            "maximum allowed",
        ),
        (
            400,
            anthropic_error("messages: text content blocks must be non-empty"),
            ErrorKind.BAD_REQUEST,
            "non-empty",
        ),
        (
            400,
            minimax_error(2013, "invalid params, context window exceeds limit"),
            ErrorKind.CONTEXT_OVERFLOW,
            "context window",
        ),
    ],
)
def test_http_errors(fake_vendor: FakeVendor, status, body, kind, message) -> None:
    fake_vendor.script(Reply(error_status=status, error_body=body))
    _, error = stream_once(KIND, fake_vendor.base_url, api_key=KEY)
    assert error is not None and error.kind is kind and error.status == status
    assert message in error.message
    assert KEY not in str(error)


@pytest.mark.parametrize(
    ("payload", "kind"),
    [
        ({"type": "overloaded_error", "message": "Overloaded"}, ErrorKind.SERVER),
        (
            {
                "type": "invalid_request_error",
                "message": "prompt is too long: 1 tokens > 0 maximum",
            },
            ErrorKind.CONTEXT_OVERFLOW,
        ),
        ({"type": "rate_limit_error", "message": "slow"}, ErrorKind.RATE_LIMIT),
    ],
)
def test_in_stream_error_event(fake_vendor: FakeVendor, payload, kind) -> None:
    fake_vendor.script(Reply(text_chunks=["half"], stream_error=payload))
    events, error = stream_once(KIND, fake_vendor.base_url, api_key=KEY)
    assert texts(events) == ["half"]
    assert error is not None and error.kind is kind and error.message == payload["message"]


def test_cut_midway_then_network_error(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(
        Reply(text_chunks=["x", "y", "z"], cut_after=2),
        Reply(text_chunks=["x", "y"], truncate_after=1),
    )
    events, error = stream_once(KIND, fake_vendor.base_url, api_key=KEY)
    assert texts(events) == ["x", "y"] and error is not None and error.kind is ErrorKind.NETWORK
    events, error = stream_once(KIND, fake_vendor.base_url, api_key=KEY)
    assert texts(events) == ["x"] and error is not None and error.kind is ErrorKind.NETWORK
    assert "stream ended early" in error.message


def test_read_timeout(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(Reply(delay_s=5))
    _, error = stream_once(KIND, fake_vendor.base_url, api_key=KEY, timeout_s=0.3)
    assert error is not None and error.kind is ErrorKind.TIMEOUT


def test_cancel_closes_the_connection_promptly(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(Reply(text_chunks=[f"c{i}" for i in range(100)], chunk_delay_s=0.1))
    got, took, saw_close = run_with_client(
        ProviderKind.ANTHROPIC_COMPATIBLE,
        fake_vendor.base_url,
        lambda c: cancel_after_first_delta(c, user_request(), fake_vendor.client_gone),
        api_key=KEY,
    )
    assert got and took < 1.0
    assert saw_close, "the server never saw the connection close"
    assert fake_vendor.completed == 0


def test_consecutive_calls_of_one_client_reuse_the_connection(fake_vendor: FakeVendor) -> None:
    """Issue 28: the client reads each answer to the body's end, so one client keeps one
    connection across calls."""
    from tests.integration.stream_helpers import collect, run_with_client, user_request

    fake_vendor.keep_alive = True

    async def three(client):  # type: ignore[no-untyped-def]
        return [await collect(client, user_request()) for _ in range(3)]

    results = run_with_client(ProviderKind.ANTHROPIC, fake_vendor.base_url, three)
    assert all(error is None and events for events, error in results)
    assert fake_vendor.connections == 1
