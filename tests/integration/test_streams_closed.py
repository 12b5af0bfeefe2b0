"""Every streamed reply closes its response, its async generators and its client (issue 9).

Replies stream over real HTTP from the fake vendor, through each wire client and through
``ChatService``, ending every way a reply ends: complete, stopped mid-stream (while the
client waits for the server, and while the consumer is busy between two events), cut by
the server mid-body, and refused with 500, 429 or a context-overflow 400.

The watch is strict. It replaces asyncio's async-generator finalizer with one that
records instead of quietly closing on the loop (the qasync loop the window runs on has
no finalizer at all, STYLE.md), so any generator still suspended when it is collected is
named; a recording ``sys.unraisablehook`` catches "async generator ignored
GeneratorExit" and friends; ``ResourceWarning`` (unclosed sockets and transports) is an
error; every ``httpx.AsyncClient`` a client was built with must be closed.
"""

from __future__ import annotations

import asyncio
import gc
import sys
import warnings
from collections.abc import AsyncIterator, Iterator
from contextlib import aclosing, asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from chathub_desktop.core.messages import Usage
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.providers import factory
from chathub_desktop.providers.base import ChatClient, ProviderError, TextDelta
from chathub_desktop.services.container import Services
from chathub_desktop.services.events import ReplyDelta
from tests.fakes.vendor_server import FakeVendor, Reply, anthropic_error, openai_error
from tests.integration.stream_helpers import user_request

KINDS = ("openai_compatible", "openai_responses", "anthropic")
#: Chunks of a reply that is stopped or cut (it never gets to the end).
LONG = [f"piece{i} " for i in range(40)]


@dataclass
class Leaks:
    """What the watch saw: generators collected unfinished, unraisable errors, and the
    HTTP clients handed out (each must end closed)."""

    unfinished: list[str] = field(default_factory=list)
    unraisable: list[str] = field(default_factory=list)
    clients: list[Any] = field(default_factory=list)

    def assert_clean(self) -> None:
        gc.collect()
        open_clients = [c for c in self.clients if not c.is_closed]
        assert not self.unfinished, f"async generators collected unfinished: {self.unfinished}"
        assert not self.unraisable, f"unraisable errors: {self.unraisable}"
        assert not open_clients, f"{len(open_clients)} of {len(self.clients)} HTTP clients left open"


@pytest.fixture
def leaks(monkeypatch: pytest.MonkeyPatch) -> Iterator[Leaks]:
    """Records unraisable errors (ResourceWarning raised as one) and every HTTP client
    :func:`factory.make_http_client` builds; fails the test on any of them left over."""
    seen = Leaks()
    make_http = factory.make_http_client

    def tracked_http_client(**kw: Any) -> Any:
        http = make_http(**kw)
        seen.clients.append(http)
        return http

    monkeypatch.setattr(factory, "make_http_client", tracked_http_client)
    old_hook = sys.unraisablehook

    def record(u: Any) -> None:
        seen.unraisable.append(f"{u.exc_type.__name__}: {u.exc_value} ({u.object!r})")

    sys.unraisablehook = record
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", ResourceWarning)
            yield seen
            gc.collect()
    finally:
        sys.unraisablehook = old_hook
    seen.assert_clean()


@contextmanager
def strict_asyncgen_hooks(seen: Leaks) -> Iterator[None]:
    """While running on a loop: an async generator collected before it finished is
    recorded (and then closed on the loop, so it does no further harm)."""
    loop = asyncio.get_running_loop()

    def finalizer(agen: Any) -> None:
        seen.unfinished.append(agen.__qualname__)
        loop.call_soon_threadsafe(loop.create_task, agen.aclose())

    old = sys.get_asyncgen_hooks()
    sys.set_asyncgen_hooks(firstiter=None, finalizer=finalizer)
    try:
        yield
    finally:
        sys.set_asyncgen_hooks(*old)


def run_strict(seen: Leaks, coro: Any) -> Any:
    """``asyncio.run(coro)`` under :func:`strict_asyncgen_hooks`, collecting garbage
    while the hooks are ours."""

    async def main() -> Any:
        with strict_asyncgen_hooks(seen):
            try:
                return await coro
            finally:
                gc.collect()
                await asyncio.sleep(0)

    return asyncio.run(main())


def overflow_error(kind: str) -> Reply:
    if kind == "anthropic":
        return Reply(error_status=400, error_body=anthropic_error("prompt is too long: 210000 tokens > 200000 maximum"))
    return Reply(error_status=400, error_body=openai_error(
        "This model's maximum context length is 8192 tokens.", code="context_length_exceeded"))


def rate_limited(kind: str) -> Reply:
    if kind == "anthropic":
        return Reply(error_status=429, error_body=anthropic_error("slow down", "rate_limit_error"))
    return Reply(error_status=429, error_body=openai_error("Rate limit reached", "rate_limit_error"))


SERVER_ERROR = Reply(error_status=500, error_body={"error": {"message": "upstream exploded"}})


# --- the wire clients -------------------------------------------------------------------
async def _consume(client: ChatClient, *, stop_after: int | None = None, busy_s: float = 0.0,
                   started: asyncio.Event | None = None) -> list[str]:
    """Stream one reply; with ``stop_after`` the consumer, after that many text deltas,
    either signals ``started`` (the caller cancels it while it waits for the server) or
    sleeps ``busy_s`` (the caller cancels it while the stream sits at a ``yield``)."""
    texts: list[str] = []
    async with aclosing(client.stream(user_request())) as events:  # type: ignore[type-var]
        async for event in events:
            if isinstance(event, TextDelta):
                texts.append(event.text)
                if stop_after is not None and len(texts) == stop_after and started is not None:
                    started.set()
                    if busy_s:
                        await asyncio.sleep(busy_s)
    return texts


async def _stopped(client: ChatClient, *, between_events: bool) -> list[str]:
    started = asyncio.Event()
    task = asyncio.create_task(_consume(client, stop_after=2, busy_s=30.0 if between_events else 0.0,
                                        started=started))
    await asyncio.wait_for(started.wait(), timeout=5)
    if not between_events:
        await asyncio.sleep(0.005)  # the consumer is back inside the stream, awaiting bytes
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    return []


async def _one_round(kind: str, vendor: FakeVendor) -> dict[str, int]:
    """Seven replies through one fresh client of ``kind``; returns counts per outcome."""
    client = factory.make_client(ProviderKind(kind), vendor.base_url, "sk-test-key")
    outcomes: dict[str, int] = {}

    def note(name: str) -> None:
        outcomes[name] = outcomes.get(name, 0) + 1

    try:
        vendor.script(Reply(text_chunks=["a", "b", "c"]))
        assert await _consume(client) == ["a", "b", "c"]
        note("complete")
        vendor.script(Reply(text_chunks=LONG, chunk_delay_s=0.01))
        await _stopped(client, between_events=False)
        note("stopped while reading")
        vendor.script(Reply(text_chunks=LONG, chunk_delay_s=0.001))
        await _stopped(client, between_events=True)
        note("stopped between events")
        vendor.script(Reply(text_chunks=LONG, cut_after=3))
        with pytest.raises(ProviderError) as cut:
            await _consume(client)
        assert cut.value.kind.value == "network"
        note("cut")
        for reply, kind_value in ((SERVER_ERROR, "server"), (rate_limited(kind), "rate_limit"),
                                  (overflow_error(kind), "context_overflow")):
            vendor.script(reply)
            with pytest.raises(ProviderError) as refused:
                await _consume(client)
            assert refused.value.kind.value == kind_value
            note(f"HTTP {reply.error_status}")
    finally:
        await client.aclose()
    return outcomes


def test_wire_client_streams_close_on_every_ending(leaks: Leaks, fake_vendor: FakeVendor) -> None:
    """105 replies (5 rounds × 7 endings × 3 wire formats): no generator, socket or
    client is left open, whatever ended the reply."""
    rounds = 5

    async def body() -> dict[str, int]:
        total: dict[str, int] = {}
        for _ in range(rounds):
            for kind in KINDS:
                for name, n in (await _one_round(kind, fake_vendor)).items():
                    total[name] = total.get(name, 0) + n
        return total

    total = run_strict(leaks, body())
    assert sum(total.values()) == rounds * 7 * len(KINDS) == 105
    assert len(leaks.clients) == rounds * len(KINDS)
    leaks.assert_clean()


# --- ChatService.send -------------------------------------------------------------------
@asynccontextmanager
async def _stop_on_first_delta(svc: Services, action: str) -> AsyncIterator[None]:
    """Stop (``stop``) or quit (``shutdown``) the send as soon as its first delta arrives."""
    fired: list[bool] = []
    quits: list[asyncio.Task[None]] = []

    def on_event(event: object) -> None:
        if isinstance(event, ReplyDelta) and not fired:
            fired.append(True)
            if action == "stop":
                svc.chat.stop(event.topic_id)
            else:
                quits.append(asyncio.get_running_loop().create_task(svc.chat.shutdown()))

    unsubscribe = svc.bus.subscribe(on_event)
    try:
        yield
    finally:
        unsubscribe()
        await asyncio.gather(*quits)
    assert fired, "the reply never started streaming"


async def _sends(svc: Services, vendor: FakeVendor, kind: str) -> list[tuple[str, str, str]]:
    """Seven sends into one topic of ``kind``; returns (ending, stored status, error kind)."""
    name = f"Fake {kind}"
    svc.providers.add(name, kind, vendor.base_url, api_key="sk-test-key")
    svc.assistants.create(f"Helper {kind}", provider=name, model="fake-model")
    topic = svc.topics.create(f"Helper {kind}").id
    results: list[tuple[str, str, str]] = []

    async def send(ending: str, reply: Reply, action: str | None = None) -> None:
        vendor.script(reply)
        if action is None:
            out = await svc.chat.send(topic, f"message for {ending}")
        else:
            async with _stop_on_first_delta(svc, action):
                task = svc.chat.start_send(topic, f"message for {ending}")
                with pytest.raises(asyncio.CancelledError):
                    await task
            out = None
        stored = svc.topics.messages(topic)[-1]
        assert out is None or out.status == stored.status
        results.append((ending, stored.status, stored.error_kind or ""))

    await send("complete", Reply(text_chunks=["Hi", " there"], usage=Usage(input_tokens=9, output_tokens=2)))
    await send("stop", Reply(text_chunks=LONG, chunk_delay_s=0.01), action="stop")
    await send("quit", Reply(text_chunks=LONG, chunk_delay_s=0.01), action="shutdown")
    await send("cut", Reply(text_chunks=LONG, cut_after=3))
    await send("HTTP 500", SERVER_ERROR)
    await send("HTTP 429", rate_limited(kind))
    await send("HTTP 400", overflow_error(kind))
    return results


def test_chat_service_sends_close_their_streams_and_clients(
    leaks: Leaks, services: Services, fake_vendor: FakeVendor
) -> None:
    """21 sends through ChatService (7 endings × 3 wire formats): each reply is stored
    with the status its ending calls for (APP-8) and leaves nothing open."""

    async def body() -> list[tuple[str, str, str]]:
        out: list[tuple[str, str, str]] = []
        for kind in KINDS:
            out.extend(await _sends(services, fake_vendor, kind))
        return out

    results = run_strict(leaks, body())
    expected = [
        ("complete", "complete", ""),
        ("stop", "cancelled", ""),
        ("quit", "interrupted", ""),
        ("cut", "error", "network"),
        ("HTTP 500", "error", "server"),
        ("HTTP 429", "error", "rate_limit"),
        ("HTTP 400", "error", "context_overflow"),
    ]
    assert results == expected * len(KINDS)
    assert len(leaks.clients) == len(results)
    leaks.assert_clean()
