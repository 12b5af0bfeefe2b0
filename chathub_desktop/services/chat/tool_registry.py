"""The tools offered to the model, gathered from every subsystem that has some.

Send and the token badge both read :meth:`ToolRegistry.specs`, so the tools part of the
estimate is exactly what the request carries (TOK-1).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from chathub_desktop.core.messages import ToolCall, ToolSpec
from chathub_desktop.core.reasons import Reason


@dataclass(frozen=True, slots=True)
class ToolOutcome:
    """A call's result ``text`` for the model and, for a call a server answered, how
    long it took (``elapsed_s``, seconds; ``None`` for the memory tools and for calls
    refused or failed before a server answered). The tool row stores both (issue 25)."""

    text: str
    elapsed_s: float | None = None


@dataclass(frozen=True, slots=True)
class ServerDown:
    """A tool server that could not be started before a send: its ``name`` and the one
    line ``reason`` (with its stderr tail) for the user (issue 25); ``why``: the same
    typed, for the window (issue 27), None when the reason came untyped."""

    name: str
    reason: str
    why: Reason | None = None


@dataclass(frozen=True, slots=True)
class Prepared:
    """What readying the tools for a send did: ``changed`` when a spec changed (the
    caller plans again); ``down``: servers that failed to start and were not reported
    before — the send goes on without their tools (issue 25)."""

    changed: bool = False
    down: tuple[ServerDown, ...] = ()


class ToolProvider(Protocol):
    """Tools a subsystem offers the model (e.g. the memory tools, MEM-4)."""

    def tool_specs(self, assistant_id: int) -> tuple[ToolSpec, ...]:
        """Tools to offer for this assistant's next request (empty = none)."""
        ...

    def execute(self, assistant_id: int, topic_id: int, call: ToolCall) -> str:
        """Run ``call`` for the topic it was made in; returns the tool result text (a
        result, never an exception, for bad arguments)."""
        ...


class AsyncToolProvider(Protocol):
    """Tools whose calls wait on something outside the store (MCP servers, issue 25):
    the specs are read on the store's threads, calls run on the send loop."""

    def tool_specs(self, assistant_id: int) -> tuple[ToolSpec, ...]:
        """Tools to offer for this assistant's next request (blocking store read)."""
        ...

    async def prepare(self, assistant_id: int) -> Prepared:
        """Make the tools ready before a send (start servers): whether the specs changed
        and which servers newly failed to start."""
        ...

    def handles(self, assistant_id: int, name: str) -> bool:
        """Whether a call named ``name`` is this provider's (blocking store read); may
        be true for a tool left out of the request (its server did not start)."""
        ...

    async def acall(self, assistant_id: int, topic_id: int, call: ToolCall,
                    run: Callable[..., Awaitable[object]]) -> ToolOutcome:
        """Run ``call``; returns its outcome (errors as results, never raised, except
        ``asyncio.CancelledError`` on Stop). ``run`` runs blocking store work."""
        ...


class ToolRegistry:
    """Every :class:`ToolProvider` and :class:`AsyncToolProvider`, asked in order."""

    def __init__(self, providers: Sequence[ToolProvider] = (),
                 async_providers: Sequence[AsyncToolProvider] = ()) -> None:
        self._providers = list(providers)
        self._async = list(async_providers)

    def add(self, provider: ToolProvider) -> None:
        """Register another provider."""
        self._providers.append(provider)

    def add_async(self, provider: AsyncToolProvider) -> None:
        """Register another provider whose calls are awaited."""
        self._async.append(provider)

    def specs(self, assistant_id: int) -> tuple[ToolSpec, ...]:
        """All tools offered for ``assistant_id``'s next request."""
        return (tuple(spec for p in self._providers for spec in p.tool_specs(assistant_id))
                + tuple(spec for a in self._async for spec in a.tool_specs(assistant_id)))

    async def prepare(self, assistant_id: int) -> Prepared:
        """Ready every awaited provider's tools for a send: whether a spec changed and
        the servers that newly failed to start (all providers')."""
        changed = False
        down: tuple[ServerDown, ...] = ()
        for provider in self._async:
            ready = await provider.prepare(assistant_id)
            changed, down = changed or ready.changed, down + ready.down
        return Prepared(changed, down)

    async def aexecute(self, assistant_id: int, topic_id: int, call: ToolCall,
                       run: Callable[..., Awaitable[object]]) -> ToolOutcome:
        """Run ``call`` with the provider that offers it: a blocking one through ``run``
        (the store's threads), an awaited one directly. Returns its outcome."""
        for provider in self._async:
            if await run(provider.handles, assistant_id, call.name):
                return await provider.acall(assistant_id, topic_id, call, run)
        result = await run(self.execute, assistant_id, topic_id, call)
        assert isinstance(result, str)
        return ToolOutcome(result)

    def execute(self, assistant_id: int, topic_id: int, call: ToolCall) -> str:
        """Run ``call`` with the provider that offers it; an unknown tool gets an error
        result the model can read (JSON ``{"error": ...}``)."""
        for p in self._providers:
            if any(spec.name == call.name for spec in p.tool_specs(assistant_id)):
                return p.execute(assistant_id, topic_id, call)
        return json.dumps({"error": f"unknown tool {call.name!r}"})
