"""APP-1 / REF-22: the OpenAI Chat Completions client against the fake vendor over real HTTP."""

from __future__ import annotations

import json
import threading
import time

import httpx
import pytest

from chathub_desktop.core.messages import ChatMessage, Role, ToolCall, Usage
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.providers.base import ChatRequest, ErrorKind, TextDelta, ToolSpec
from tests.fakes.vendor_server import FakeVendor, Reply, minimax_error, openai_error
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

KIND = ProviderKind.OPENAI_COMPATIBLE
KEY = "sk-test-key-123456"


def test_streams_text_in_order_with_usage(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(
        Reply(
            text_chunks=["One", ", two", ", three", "."],
            reasoning_chunks=["hmm", " ok"],
            usage=Usage(
                input_tokens=1200,
                output_tokens=4,
                cached_tokens=1024,
                cache_write_tokens=64,
                reasoning_tokens=2,
            ),
        )
    )
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert error is None
    assert texts(events) == ["One", ", two", ", three", "."]
    assert reasoning(events) == ["hmm", " ok"]
    assert [u.usage for u in usages(events)] == [
        Usage(
            input_tokens=1200,
            output_tokens=4,
            cached_tokens=1024,
            cache_write_tokens=64,
            reasoning_tokens=2,
        )
    ]
    assert finish(events).finish_reason == "stop"
    # every text delta came before usage and finish
    first_usage = next(i for i, e in enumerate(events) if e in usages(events))
    assert all(i < first_usage for i, e in enumerate(events) if isinstance(e, TextDelta))


def test_request_body_and_headers(fake_vendor: FakeVendor) -> None:
    request = ChatRequest(
        model="gpt-4o",
        messages=(
            ChatMessage(Role.SYSTEM, "sys"),
            ChatMessage(Role.USER, "look", images=("data:image/png;base64,AAAA",)),
            ChatMessage(
                Role.ASSISTANT, "", tool_calls=(ToolCall("call_1", "lookup", '{"q":"x"}'),)
            ),
            ChatMessage(Role.TOOL, "result text", tool_call_id="call_1", tool_name="lookup"),
            ChatMessage(Role.USER, "and?"),
        ),
        tools=(
            ToolSpec(
                "lookup",
                "Look things up",
                {"type": "object", "properties": {"q": {"type": "string"}}},
            ),
        ),
        temperature=0.2,
        extra={"reasoning_effort": "low"},
    )
    _, error = stream_once(KIND, fake_vendor.base_url, request)
    assert error is None
    sent = fake_vendor.last_request
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["authorization"] == f"Bearer {KEY}"
    body = sent.body
    assert body is not None
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert (
        "max_tokens" not in body and "max_completion_tokens" not in body
    )  # CMP-8: None is not sent
    assert body["temperature"] == 0.2 and body["reasoning_effort"] == "low"
    assert body["messages"] == [
        {"role": "system", "content": "sys"},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "look"},
                {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
            ],
        },
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "lookup", "arguments": '{"q":"x"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "result text"},
        {"role": "user", "content": "and?"},
    ]
    assert body["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "lookup",
                "description": "Look things up",
                "parameters": {"type": "object", "properties": {"q": {"type": "string"}}},
            },
        }
    ]


def test_max_tokens_parameter_names(fake_vendor: FakeVendor) -> None:
    stream_once(KIND, fake_vendor.base_url, user_request(model="gpt-5", max_tokens=100))
    assert fake_vendor.last_request.body["max_tokens"] == 100  # compatible kind: plain max_tokens
    stream_once(
        ProviderKind.OPENAI, fake_vendor.base_url, user_request(model="gpt-5-mini", max_tokens=100)
    )
    body = fake_vendor.last_request.body
    assert body["max_completion_tokens"] == 100 and "max_tokens" not in body
    stream_once(
        ProviderKind.OPENAI, fake_vendor.base_url, user_request(model="gpt-4o", max_tokens=50)
    )
    assert fake_vendor.last_request.body["max_tokens"] == 50


def test_no_authorization_header_without_key(fake_vendor: FakeVendor) -> None:
    _, error = stream_once(KIND, fake_vendor.base_url, api_key=None)
    assert error is None
    assert "authorization" not in fake_vendor.last_request.headers


def test_two_parallel_tool_calls_assembled_from_fragments(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(
        Reply(
            text_chunks=["Checking."],
            tool_calls=[
                ToolCall("call_a", "get_weather", '{"city": "Paris", "unit": "C"}'),
                ToolCall("call_b", "get_time", '{"tz": "Europe/Paris"}'),
            ],
            arg_fragment_chars=3,
        )
    )
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert error is None
    assert [c.call for c in calls(events)] == [
        ToolCall("call_a", "get_weather", '{"city": "Paris", "unit": "C"}'),
        ToolCall("call_b", "get_time", '{"tz": "Europe/Paris"}'),
    ]
    assert json.loads(calls(events)[0].call.arguments) == {"city": "Paris", "unit": "C"}
    assert finish(events).finish_reason == "tool_calls"


def test_deepseek_cache_hit_usage(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(
        Reply(
            raw_usage={
                "prompt_tokens": 500,
                "completion_tokens": 7,
                "prompt_cache_hit_tokens": 384,
                "prompt_cache_miss_tokens": 116,
            }
        )
    )
    events, _ = stream_once(KIND, fake_vendor.base_url)
    assert usages(events)[0].usage == Usage(input_tokens=500, output_tokens=7, cached_tokens=384)


@pytest.mark.parametrize(
    ("status", "body", "kind", "message"),
    [
        (
            401,
            openai_error(
                f"Incorrect API key provided: {KEY}.", "invalid_request_error", "invalid_api_key"
            ),
            ErrorKind.AUTH,
            "Incorrect API key provided",
        ),
        (
            403,
            openai_error("Country not supported", "permission_error"),
            ErrorKind.AUTH,
            "Country not supported",
        ),
        (
            429,
            openai_error("Rate limit reached for gpt-4o", "requests", "rate_limit_exceeded"),
            ErrorKind.RATE_LIMIT,
            "Rate limit reached",
        ),
        (
            500,
            openai_error("The server had an error while processing your request.", "server_error"),
            ErrorKind.SERVER,
            "server had an error",
        ),
        (
            404,
            openai_error(
                "The model `nope` does not exist", "invalid_request_error", "model_not_found"
            ),
            ErrorKind.BAD_REQUEST,
            "does not exist",
        ),
        (
            400,
            {"error": "model 'x' not found, try pulling it first"},
            ErrorKind.BAD_REQUEST,
            "try pulling",
        ),  # Ollama
    ],
)
def test_http_errors_classified_with_vendor_message(
    fake_vendor: FakeVendor, status, body, kind, message
) -> None:
    fake_vendor.script(Reply(error_status=status, error_body=body))
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert events == []
    assert error is not None
    assert error.kind is kind and error.status == status
    assert message in error.message
    assert KEY not in error.message and KEY not in error.body and KEY not in str(error)  # APP-2


@pytest.mark.parametrize(
    ("status", "body"),
    [
        (
            400,
            openai_error(
                "This model's maximum context length is 128000 tokens. However, your messages resulted in 131000 tokens.",
                "invalid_request_error",
                "context_length_exceeded",
            ),
        ),
        (400, {"error": {"message": "prompt is too long", "code": 400}}),  # OpenRouter / generic
        (413, "Request Entity Too Large: request_too_large"),
        (422, {"detail": "Input token count exceeds the model's limit"}),  # vLLM-like
        (
            400,
            {
                "error": {
                    "code": 400,
                    "message": "request (3231 tokens) exceeds the available context size (2048 tokens), try increasing it",
                    "type": "exceed_context_size_error",
                }
            },
        ),  # llama.cpp
        (
            400,
            {
                "error": {
                    "message": "Invalid 'messages[1].content': string too long.",
                    "type": "invalid_request_error",
                    "code": "string_above_max_length",
                }
            },
        ),
        (
            200,
            minimax_error(2013, "invalid params, context window exceeds limit"),
        ),  # MiniMax answers 200
        (400, minimax_error(2013, "invalid params")),
    ],
)
def test_context_overflow_bodies(fake_vendor: FakeVendor, status, body) -> None:
    fake_vendor.script(Reply(error_status=status, error_body=body))
    _, error = stream_once(KIND, fake_vendor.base_url)
    assert error is not None and error.kind is ErrorKind.CONTEXT_OVERFLOW, error


def test_in_stream_error_chunk(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(
        Reply(
            text_chunks=["partial"],
            stream_error={
                "message": "maximum context length is 8192 tokens",
                "type": "invalid_request_error",
                "code": "context_length_exceeded",
            },
        ),
        Reply(text_chunks=["x"], stream_error={"message": "Provider returned error", "code": 502}),
        Reply(text_chunks=["x"], stream_error={"message": "Rate limit exceeded", "code": 429}),
    )
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert texts(events) == ["partial"]
    assert error is not None and error.kind is ErrorKind.CONTEXT_OVERFLOW
    assert stream_once(KIND, fake_vendor.base_url)[1].kind is ErrorKind.SERVER
    assert stream_once(KIND, fake_vendor.base_url)[1].kind is ErrorKind.RATE_LIMIT


def test_stream_cut_midway_gives_text_then_network_error(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(Reply(text_chunks=["a", "b", "c", "d"], cut_after=2))
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert texts(events) == ["a", "b"]
    assert error is not None and error.kind is ErrorKind.NETWORK


def test_stream_ended_cleanly_without_finish_or_done_is_network_error(
    fake_vendor: FakeVendor,
) -> None:
    fake_vendor.script(Reply(text_chunks=["a", "b", "c"], truncate_after=2))
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert texts(events) == ["a", "b"]
    assert error is not None and error.kind is ErrorKind.NETWORK
    assert "stream ended early" in error.message


def test_read_timeout_is_timeout(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(Reply(text_chunks=["a", "b"], hang=True, hang_after=1))
    events, error = stream_once(KIND, fake_vendor.base_url, timeout_s=0.3)
    assert texts(events) == ["a"]
    assert error is not None and error.kind is ErrorKind.TIMEOUT


def test_connect_refused_is_network() -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    _, error = stream_once(KIND, f"http://127.0.0.1:{port}/v1")
    assert error is not None and error.kind is ErrorKind.NETWORK


def test_cancel_closes_the_connection_promptly(fake_vendor: FakeVendor) -> None:
    fake_vendor.script(Reply(text_chunks=[f"w{i} " for i in range(100)], chunk_delay_s=0.1))
    got, took, saw_close = run_with_client(
        KIND,
        fake_vendor.base_url,
        lambda c: cancel_after_first_delta(c, user_request(), fake_vendor.client_gone),
    )
    assert got and took < 1.0
    assert saw_close, "the server never saw the connection close"
    assert fake_vendor.completed == 0
    # and the next request works
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert error is None and texts(events)


def test_fake_vendor_stop_releases_a_hanging_reply() -> None:
    """The fake's ``hang`` must not block server shutdown (tests/fakes contract)."""
    vendor = FakeVendor().start()
    vendor.script(Reply(hang=True))

    def hit() -> None:
        try:
            with httpx.stream(
                "POST", vendor.base_url + "/chat/completions", json={}, timeout=10
            ) as r:
                r.read()
        except httpx.HTTPError:
            pass

    thread = threading.Thread(target=hit, daemon=True)
    thread.start()
    deadline = time.monotonic() + 3
    while not vendor.requests and time.monotonic() < deadline:
        time.sleep(0.01)
    assert vendor.requests
    started = time.monotonic()
    vendor.stop()
    assert time.monotonic() - started < 1.0
    thread.join(3)
    assert not thread.is_alive()


def test_consecutive_calls_of_one_client_reuse_the_connection(fake_vendor: FakeVendor) -> None:
    """Issue 28: the client reads past ``[DONE]`` to the body's end, so httpx keeps the
    connection for the next request (one TCP connection for three replies)."""
    fake_vendor.keep_alive = True

    async def three(client):  # type: ignore[no-untyped-def]
        from tests.integration.stream_helpers import collect

        return [await collect(client, user_request()) for _ in range(3)]

    results = run_with_client(KIND, fake_vendor.base_url, three)
    assert [texts(events) for events, _e in results] == [["Hello", " from", " the", " fake."]] * 3
    assert all(error is None for _ev, error in results)
    assert fake_vendor.connections == 1


def test_a_kept_alive_connection_the_server_dropped_is_sent_again_once(fake_vendor: FakeVendor) -> None:
    """Issue 28 (CI: a summarizer batch failed with "Server disconnected without sending a
    response"): a server that closes the reused connection as the next request arrives
    does not fail the call — it goes once more on a new connection; a server that drops
    it twice is the user's one-line error."""
    fake_vendor.keep_alive = True
    fake_vendor.script(Reply(), Reply(drop_before_answer=True), Reply(text_chunks=["again"]),
                       Reply(drop_before_answer=True), Reply(drop_before_answer=True))

    async def three(client):  # type: ignore[no-untyped-def]
        from tests.integration.stream_helpers import collect

        return [await collect(client, user_request()) for _ in range(3)]

    results = run_with_client(KIND, fake_vendor.base_url, three)
    assert [texts(events) for events, _e in results[:2]] == [["Hello", " from", " the", " fake."], ["again"]]
    assert results[0][1] is None and results[1][1] is None
    error = results[2][1]
    assert error is not None and error.kind is ErrorKind.NETWORK
    assert "Server disconnected without sending a response" in str(error), error
    assert len(fake_vendor.requests) == 5


def test_a_server_that_keeps_talking_after_done_is_cut_off(fake_vendor: FakeVendor) -> None:
    """Issue 28: reading past ``[DONE]`` is bounded — a body that never ends is closed
    after the drain's wait, the reply is complete and no stream is left open."""

    def body():  # type: ignore[no-untyped-def]
        yield b'data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\n'
        yield b"data: [DONE]\n\n"
        for _ in range(300):
            time.sleep(0.05)
            yield b": still here\n\n"

    fake_vendor.script(Reply(raw_body=body))
    events, error = stream_once(KIND, fake_vendor.base_url)
    assert error is None and texts(events) == ["Hi"] and finish(events).finish_reason == "stop"
    assert fake_vendor.client_gone.wait(10)
