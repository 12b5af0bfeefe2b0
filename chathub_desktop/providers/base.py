"""The contract every wire-protocol client fulfils (DESIGN.md → Providers).

A client turns a :class:`ChatRequest` into an async stream of :data:`StreamEvent`
values and raises :class:`ProviderError` (with a :class:`ErrorKind`) on failure.
Cancellation is plain asyncio cancellation of the consuming task: clients always use
``async with client.stream(...)`` so a cancelled stream closes its connection.
"""

from __future__ import annotations

import time
from collections.abc import AsyncGenerator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from chathub_desktop.core.messages import ChatMessage, ToolCall, ToolSpec, Usage
from chathub_desktop.core.reasons import Reason

__all__ = [
    "ChatClient",
    "ChatRequest",
    "ErrorKind",
    "FinishEvent",
    "ProviderError",
    "ReasoningDelta",
    "StreamActivity",
    "StreamEvent",
    "TextDelta",
    "ToolCallEvent",
    "ToolSpec",
    "TransportFault",
    "UsageEvent",
]


@dataclass(frozen=True, slots=True)
class ChatRequest:
    """Everything a client needs to post one chat request.

    - ``messages``: system message(s) first, then history, then the new user message.
    - ``max_tokens``: completion cap in tokens; ``None`` means "do not send a cap"
      (APP-9/CMP-8: a saved value with its switch off is not sent). Anthropic requires
      a cap, so its client substitutes the model card's max output.
    - ``temperature``, ``top_p``, ``reasoning_effort``, ``thinking_budget``: the
      assistant's sampling (issue 28, ``core.sampling``); ``None`` sends nothing. Each
      client sends the ones its wire format has (effort: OpenAI formats; budget:
      Anthropic) and ignores the others.
    - ``extra``: vendor fields merged into the JSON body as-is (e.g. ``thinking``,
      ``reasoning_effort`` of the summarizer, REF-21).
    """

    model: str
    messages: tuple[ChatMessage, ...]
    max_tokens: int | None = None
    tools: tuple[ToolSpec, ...] = ()
    temperature: float | None = None
    extra: dict[str, object] = field(default_factory=dict)
    top_p: float | None = None
    reasoning_effort: str | None = None
    thinking_budget: int | None = None


@dataclass(frozen=True, slots=True)
class TextDelta:
    """A piece of visible reply text (characters as streamed)."""

    text: str


@dataclass(frozen=True, slots=True)
class ReasoningDelta:
    """A piece of hidden reasoning. Shown live at most; never stored in a summary (CMP-3)."""

    text: str


@dataclass(frozen=True, slots=True)
class ToolCallEvent:
    """A complete tool call, emitted once its arguments have fully arrived."""

    call: ToolCall


@dataclass(frozen=True, slots=True)
class UsageEvent:
    """Usage reported by the provider (may arrive before or with the finish event)."""

    usage: Usage


@dataclass(frozen=True, slots=True)
class FinishEvent:
    """End of the reply. ``finish_reason`` is the vendor's raw value
    (``stop``, ``length``, ``tool_calls``, ``end_turn``, ``max_tokens``, ...);
    ``unread_events`` counts the stream's events whose shape the client could not read
    (JSON that is not an object, or an object without the format's fields; issue 32)."""

    finish_reason: str | None
    unread_events: int = 0


StreamEvent = TextDelta | ReasoningDelta | ToolCallEvent | UsageEvent | FinishEvent


class ErrorKind(StrEnum):
    """The small set of failures the UI distinguishes (DESIGN.md → Providers)."""

    CONTEXT_OVERFLOW = "context_overflow"
    AUTH = "auth"
    RATE_LIMIT = "rate_limit"
    SERVER = "server"
    TIMEOUT = "timeout"
    NETWORK = "network"
    BAD_REQUEST = "bad_request"
    BAD_RESPONSE = "bad_response"
    #: The answer passed one of the stream limits (``providers.stream_limits``, issue 32).
    TOO_LARGE = "too_large"


class TransportFault(StrEnum):
    """How a NETWORK failure happened, for the plain sentence the window says (walk53 #2,
    issue 29): the server could not be reached at all, or the connection dropped after
    the request went out (mid-reply)."""

    UNREACHABLE = "unreachable"
    DROPPED = "dropped"


class ProviderError(Exception):
    """A classified provider failure.

    ``message`` is the provider's own message (for the error bubble), ``status`` the
    HTTP status when there was one, ``body`` the first 4,000 characters of the error
    body (REF-22). API keys never appear in any of these. ``retry_after_s`` is the wait
    in seconds the server asked for (``Retry-After`` of a 429 or 503), else ``None``.
    ``fault`` tells a transport failure's :class:`TransportFault` and ``address`` the
    ``host:port`` it was talking to (``""`` when not known). Given as a typed :class:`~chathub_desktop.core.reasons.Reason` (this app's frame
    around the vendor's words, issue 27), ``message`` is its English and ``why`` keeps
    it for the window to say in the interface language; else ``why`` is None.
    """

    def __init__(
        self,
        kind: ErrorKind,
        message: str | Reason,
        *,
        status: int | None = None,
        body: str = "",
        retry_after_s: float | None = None,
        fault: TransportFault | None = None,
        address: str = "",
    ) -> None:
        self.why: Reason | None = message if isinstance(message, Reason) else None
        self.fault = fault
        self.address = address
        if isinstance(message, Reason):
            message = message.english()
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.status = status
        self.body = body
        self.retry_after_s = retry_after_s

    def __str__(self) -> str:
        prefix = f"HTTP {self.status}: " if self.status else ""
        return f"{prefix}{self.message}"


class StreamActivity:
    """When the provider last sent anything on the current request (issue 12).

    ``host`` is the provider's host name (as in its base URL); ``last`` a
    ``time.monotonic()`` value in seconds, set when a request starts and each time bytes
    of its answer (an SSE event, a keep-alive ``ping`` included) arrive. A watcher
    reads :meth:`silent_s` to tell the user about a server that went quiet.
    """

    def __init__(self, host: str = "") -> None:
        self.host = host
        self.last = time.monotonic()

    def touch(self) -> None:
        """Data arrived (or a request started) now."""
        self.last = time.monotonic()

    def silent_s(self) -> float:
        """Seconds since the last :meth:`touch`."""
        return time.monotonic() - self.last


class ChatClient(Protocol):
    """One async streaming client per wire protocol. ``activity`` tracks when the
    provider last sent data on the request in flight (:class:`StreamActivity`)."""

    activity: StreamActivity

    def stream(self, request: ChatRequest) -> AsyncGenerator[StreamEvent, None]:
        """Post ``request`` and yield events until the reply ends.

        Raises :class:`ProviderError`. Cancelling the consuming task closes the
        HTTP connection at once.
        """
        ...

    async def aclose(self) -> None:
        """Close the underlying ``httpx.AsyncClient``."""
        ...
