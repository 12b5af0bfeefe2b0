"""Chat events services publish while a reply streams; the GUI turns them into Qt signals.

Every event names the topic it belongs to, so a reply keeps streaming into its own
topic when the user switches topics (APP-8).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class MessageAdded:
    """A message row was stored (user message, assistant placeholder, tool message)."""

    topic_id: int
    message_id: int


@dataclass(frozen=True)
class ReplyDelta:
    """Reply text arrived: ``text`` is the new piece (characters)."""

    topic_id: int
    message_id: int
    text: str


@dataclass(frozen=True)
class ReplyFinished:
    """The reply ended: ``status`` is ``complete``/``cancelled``/``interrupted``/``error``;
    ``error`` carries the provider's message for an error bubble."""

    topic_id: int
    message_id: int
    status: str
    error: str | None = None


@dataclass(frozen=True)
class TopicChanged:
    """A topic's title or metadata changed (e.g. a generated title, APP-10)."""

    topic_id: int


@dataclass(frozen=True)
class CompactionProgress:
    """A compaction run is going (the GUI shows progress, CMP-13, APP-7).

    ``phase``: ``started`` / ``batch`` (``done`` of ``total`` batches processed) /
    ``finished`` (``status`` set: compacted, nothing_eligible, failed, unreachable).
    """

    topic_id: int
    trigger: str
    phase: str
    done: int = 0
    total: int = 0
    status: str | None = None


@dataclass(frozen=True)
class DreamProgress:
    """A memory dream run for one assistant (DRM-3, APP-7). ``phase``: ``started`` /
    ``reading`` / ``dreaming`` / ``folding`` / ``finished`` (``status`` and ``message``
    set: see ``DreamOutcome``). ``history_day`` is ``YYYY-MM-DD``."""

    assistant_id: int
    history_day: str
    phase: str
    status: str | None = None
    message: str = ""


@dataclass(frozen=True)
class MemoryChanged:
    """An assistant's fixed or dynamic memory changed (the Memory page refreshes)."""

    assistant_id: int


ChatEvent = (MessageAdded | ReplyDelta | ReplyFinished | TopicChanged | CompactionProgress
             | DreamProgress | MemoryChanged)
Listener = Callable[[ChatEvent], None]


class EventBus:
    """Synchronous publish/subscribe for :data:`ChatEvent` (listeners run on the caller's thread)."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Add ``listener``; returns a function that removes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def publish(self, event: ChatEvent) -> None:
        """Call every listener with ``event``."""
        for listener in list(self._listeners):
            listener(event)
