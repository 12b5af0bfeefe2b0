"""APP-1 / REF-22: the OpenAI Responses client against the fake vendor over real HTTP."""

from __future__ import annotations

import pytest

from chathub_desktop.core.messages import ChatMessage, Role, ToolCall, Usage
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.providers.base import ChatRequest, ErrorKind, ToolSpec
from tests.fakes.vendor_server import FakeVendor, Reply, openai_error
from tests.integration.stream_helpers import (
    calls,
    cancel_after_first_delta,
    finish,
    reasoning,
    run_with_client,
    stream_once,
    texts,
    usages,
    user_request,
)

KIND = ProviderKind.OPENAI_RESPONSES
KEY = "sk-test-key-123456"


def test_streams_text_reasoning_and_usage(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(
        Reply(
            text_chunks=["Alpha", " beta", " gamma"],
            reasoning_chunks=["think", "ing"],
            usage=Usage(
                input_tokens=3000, output_tokens=40, cached_tokens=2048, reasoning_tokens=25
            ),
        )
    )
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert error is None
    assert texts(events) == ["Alpha", " beta", " gamma"]
    assert reasoning(events) == ["think", "ing"]
    assert [u.usage for u in usages(events)] == [
        Usage(input_tokens=3000, output_tokens=40, cached_tokens=2048, reasoning_tokens=25)
    ]
    assert finish(events).finish_reason == "stop"


def test_request_body(fake_vendor: FakeVendor) -> None:
    request = ChatRequest(
        model="gpt-5",
        messages=(
            ChatMessage(Role.SYSTEM, "You are terse."),
            ChatMessage(Role.USER, "pic", images=("data:image/png;base64,QUJD",)),
            ChatMessage(
                Role.ASSISTANT,
                "Let me check.",
                tool_calls=(ToolCall("call_9", "search", '{"q":"cats"}'),),
            ),
            ChatMessage(Role.TOOL, "3 cats", tool_call_id="call_9"),
            ChatMessage(Role.USER, "thanks"),
        ),
        max_tokens=256,
        tools=(ToolSpec("search", "Search", {"type": "object"}),),
        extra={"reasoning": {"effort": "minimal"}},
    )
    _, error = stream_once(KIND, fake_vendor.base_url, request)
    assert error is None
    sent = fake_vendor.last_request
    assert sent.path == "/v1/responses"
    assert sent.headers["authorization"] == f"Bearer {KEY}"
    body = sent.body
    assert body["stream"] is True and body["max_output_tokens"] == 256
    assert body["instructions"] == "You are terse."
    assert body["reasoning"] == {"effort": "minimal"}
    assert body["input"] == [
        {
            "role": "user",
            "content": [
                {"type": "input_text", "text": "pic"},
                {"type": "input_image", "image_url": "data:image/png;base64,QUJD", "detail": "auto"},
            ],
        },
        {"role": "assistant", "content": "Let me check."},
        {
            "type": "function_call",
            "call_id": "call_9",
            "name": "search",
            "arguments": '{"q":"cats"}',
        },
        {"type": "function_call_output", "call_id": "call_9", "output": "3 cats"},
        {"role": "user", "content": "thanks"},
    ]
    assert body["tools"] == [
        {
            "type": "function",
            "name": "search",
            "description": "Search",
            "parameters": {"type": "object"},
        }
    ]


def test_no_max_output_tokens_when_none(fake_vendor: FakeVendor) -> None:
    stream_once(KIND, fake_vendor.base_url)
    assert "max_output_tokens" not in fake_vendor.last_request.body


def test_parallel_function_calls(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(
        Reply(
            text_chunks=[],
            tool_calls=[
                ToolCall("call_1", "a", '{"x": 1}'),
                ToolCall("call_2", "b", '{"y": [1, 2]}'),
            ],
        )
    )
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert error is None
    assert [c.call for c in calls(events)] == [
        ToolCall("call_1", "a", '{"x": 1}'),
        ToolCall("call_2", "b", '{"y": [1, 2]}'),
    ]
    assert finish(events).finish_reason == "tool_calls"


def test_incomplete_reports_max_output_tokens(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(Reply(text_chunks=["cut", " short"], finish_reason="max_output_tokens"))
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert error is None
    assert texts(events) == ["cut", " short"]
    assert finish(events).finish_reason == "max_output_tokens"
    assert usages(events)


@pytest.mark.parametrize(
    ("status", "body", "kind", "message"),
    [
        (
            401,
            openai_error(
                f"Incorrect API key provided: {KEY}", "invalid_request_error", "invalid_api_key"
            ),
            ErrorKind.AUTH,
            "Incorrect API key",
        ),
        (
            429,
            openai_error(
                "You exceeded your current quota", "insufficient_quota", "insufficient_quota"
            ),
            ErrorKind.RATE_LIMIT,
            "exceeded your current quota",
        ),
        (500, openai_error("Internal error", "server_error"), ErrorKind.SERVER, "Internal error"),
        (
            400,
            openai_error(
                "Your input exceeds the context window of this model. maximum context length is 400000",
                "invalid_request_error",
                "context_length_exceeded",
            ),
            ErrorKind.CONTEXT_OVERFLOW,
            "context window",
        ),
    ],
)
def test_http_errors(fake_vendor: FakeVendor, status, body, kind, message) -> None:
    fake_vendor.script(Reply(error_status=status, error_body=body))
    _, error = stream_once(KIND, fake_vendor.base_url)
    assert error is not None and error.kind is kind and error.status == status
    assert message in error.message
    assert KEY not in str(error) and KEY not in error.body


@pytest.mark.parametrize(
    ("event", "payload", "kind"),
    [
        (
            "response.failed",
            {"code": "context_length_exceeded", "message": "Your input exceeds the context window"},
            ErrorKind.CONTEXT_OVERFLOW,
        ),
        (
            "response.failed",
            {"code": "server_error", "message": "Something went wrong"},
            ErrorKind.SERVER,
        ),
        (
            "response.failed",
            {"code": "rate_limit_exceeded", "message": "Slow down"},
            ErrorKind.RATE_LIMIT,
        ),
        (
            "error",
            {"code": "context_length_exceeded", "message": "too long", "param": None},
            ErrorKind.CONTEXT_OVERFLOW,
        ),
        (
            "error",
            {"code": "invalid_prompt", "message": "bad prompt", "param": None},
            ErrorKind.BAD_REQUEST,
        ),
    ],
)
def test_in_stream_failures(fake_vendor: FakeVendor, event, payload, kind) -> None:
    fake_vendor.script(
        Reply(text_chunks=["so far"], stream_error=payload, responses_error_event=event)
    )
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert texts(events) == ["so far"]
    assert error is not None and error.kind is kind
    assert error.message == payload["message"]


def test_cut_and_truncated_streams_are_network_errors(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(
        Reply(text_chunks=["1", "2", "3"], cut_after=1),
        Reply(text_chunks=["1", "2", "3"], truncate_after=2),
    )
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert texts(events) == ["1"] and error is not None and error.kind is ErrorKind.NETWORK
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert texts(events) == ["1", "2"] and error is not None and error.kind is ErrorKind.NETWORK


def test_read_timeout(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(Reply(hang=True))
    _, error = stream_once(KIND, fake_vendor.base_url, timeout_s=0.3)
    assert error is not None and error.kind is ErrorKind.TIMEOUT


def test_cancel_closes_the_connection_promptly(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(Reply(text_chunks=[f"t{i}" for i in range(100)], chunk_delay_s=0.1))
    got, took, saw_close = run_with_client(
        KIND,
        fake_vendor.base_url,
        lambda c: cancel_after_first_delta(c, user_request(), fake_vendor.client_gone),
    )
    assert got and took < 1.0
    assert saw_close, "the server never saw the connection close"
    assert fake_vendor.completed == 0


def test_consecutive_calls_of_one_client_reuse_the_connection(fake_vendor: FakeVendor) -> None:
    """Issue 28: one Responses client keeps one connection across calls."""
    from tests.integration.stream_helpers import collect, run_with_client, user_request

    fake_vendor.keep_alive = True

    async def three(client):  # type: ignore[no-untyped-def]
        return [await collect(client, user_request()) for _ in range(3)]

    results = run_with_client(ProviderKind.OPENAI_RESPONSES, fake_vendor.base_url, three)
    assert all(error is None and events for events, error in results)
    assert fake_vendor.connections == 1
