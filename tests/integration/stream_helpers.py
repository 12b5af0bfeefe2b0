"""Helpers shared by the provider integration tests: drive a client stream to the end."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable
from contextlib import aclosing
from typing import TypeVar

from chathub_desktop.core.messages import ChatMessage, Role
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.providers.base import (
    ChatClient,
    ChatRequest,
    FinishEvent,
    ProviderError,
    ReasoningDelta,
    StreamEvent,
    TextDelta,
    ToolCallEvent,
    UsageEvent,
)
from chathub_desktop.providers.factory import make_client

T = TypeVar("T")


def user_request(text: str = "Hi", model: str = "fake-model", **kw: object) -> ChatRequest:
    """A request with one system and one user message."""
    return ChatRequest(
        model=model,
        messages=(ChatMessage(Role.SYSTEM, "Be brief."), ChatMessage(Role.USER, text)),
        **kw,  # type: ignore[arg-type]
    )


async def collect(
    client: ChatClient, request: ChatRequest
) -> tuple[list[StreamEvent], ProviderError | None]:
    """All events of one stream, and the ProviderError that ended it (or None)."""
    events: list[StreamEvent] = []
    try:
        async with aclosing(client.stream(request)) as stream:  # type: ignore[type-var]
            async for event in stream:
                events.append(event)
    except ProviderError as exc:
        return events, exc
    return events, None


def run_with_client(
    kind: ProviderKind,
    base_url: str,
    body: Callable[[ChatClient], Awaitable[T]],
    *,
    api_key: str | None = "sk-test-key-123456",
    **kw: object,
) -> T:
    """``asyncio.run`` ``body(client)`` with a fresh client that is closed afterwards."""

    async def main() -> T:
        client = make_client(kind, base_url, api_key, **kw)  # type: ignore[arg-type]
        try:
            return await body(client)
        finally:
            await client.aclose()

    return asyncio.run(main())


def stream_once(
    kind: ProviderKind, base_url: str, request: ChatRequest | None = None, **kw: object
) -> tuple[list[StreamEvent], ProviderError | None]:
    """One request through a fresh client of ``kind``."""
    return run_with_client(kind, base_url, lambda c: collect(c, request or user_request()), **kw)


def texts(events: list[StreamEvent]) -> list[str]:
    """The TextDelta texts, in order."""
    return [e.text for e in events if isinstance(e, TextDelta)]


def reasoning(events: list[StreamEvent]) -> list[str]:
    """The ReasoningDelta texts, in order."""
    return [e.text for e in events if isinstance(e, ReasoningDelta)]


def calls(events: list[StreamEvent]) -> list[ToolCallEvent]:
    """The ToolCallEvents, in order."""
    return [e for e in events if isinstance(e, ToolCallEvent)]


def usages(events: list[StreamEvent]) -> list[UsageEvent]:
    """The UsageEvents, in order."""
    return [e for e in events if isinstance(e, UsageEvent)]


def finish(events: list[StreamEvent]) -> FinishEvent:
    """The FinishEvent, asserting it is the last event."""
    assert events and isinstance(events[-1], FinishEvent), events
    return events[-1]


async def cancel_after_first_delta(
    client: ChatClient, request: ChatRequest, server_saw_close: threading.Event
) -> tuple[list[str], float, bool]:
    """Start a stream in a task, cancel it after the first TextDelta; return the texts
    received, the seconds the cancellation took to finish the task, and whether
    ``server_saw_close`` was set within 2 s *while the client was still open* (so the
    close came from the cancellation, not from ``client.aclose()``)."""
    got: list[str] = []
    first = asyncio.Event()

    async def consume() -> None:
        async with aclosing(client.stream(request)) as stream:  # type: ignore[type-var]
            async for event in stream:
                if isinstance(event, TextDelta):
                    got.append(event.text)
                    first.set()

    task = asyncio.create_task(consume())
    await asyncio.wait_for(first.wait(), timeout=5)
    started = time.monotonic()
    task.cancel()
    try:
        await asyncio.wait_for(task, timeout=2)
    except asyncio.CancelledError:
        pass
    took = time.monotonic() - started
    saw_close = await asyncio.to_thread(server_saw_close.wait, 2.0)
    return got, took, saw_close
