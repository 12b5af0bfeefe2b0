"""The tools offered to the model, gathered from every subsystem that has some.

Send and the token badge both read :meth:`ToolRegistry.specs`, so the tools part of the
estimate is exactly what the request carries (TOK-1).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Protocol

from chathub_desktop.core.messages import ToolCall, ToolSpec


class ToolProvider(Protocol):
    """Tools a subsystem offers the model (e.g. the memory tools, MEM-4)."""

    def tool_specs(self, assistant_id: int) -> tuple[ToolSpec, ...]:
        """Tools to offer for this assistant's next request (empty = none)."""
        ...

    def execute(self, assistant_id: int, topic_id: int, call: ToolCall) -> str:
        """Run ``call`` for the topic it was made in; returns the tool result text (a
        result, never an exception, for bad arguments)."""
        ...


class ToolRegistry:
    """Every :class:`ToolProvider`, asked in order."""

    def __init__(self, providers: Sequence[ToolProvider] = ()) -> None:
        self._providers = list(providers)

    def add(self, provider: ToolProvider) -> None:
        """Register another provider."""
        self._providers.append(provider)

    def specs(self, assistant_id: int) -> tuple[ToolSpec, ...]:
        """All tools offered for ``assistant_id``'s next request."""
        return tuple(spec for p in self._providers for spec in p.tool_specs(assistant_id))

    def execute(self, assistant_id: int, topic_id: int, call: ToolCall) -> str:
        """Run ``call`` with the provider that offers it; an unknown tool gets an error
        result the model can read (JSON ``{"error": ...}``)."""
        for p in self._providers:
            if any(spec.name == call.name for spec in p.tool_specs(assistant_id)):
                return p.execute(assistant_id, topic_id, call)
        return json.dumps({"error": f"unknown tool {call.name!r}"})
