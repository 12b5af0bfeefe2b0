"""Chat events services publish while a reply streams; the GUI turns them into Qt signals.

Every chat event names the topic it belongs to, so a reply keeps streaming into its own
topic when the user switches topics (APP-8). Events may be published from any thread
(store work runs on worker threads); listeners must hand GUI work to the GUI thread.
The statuses and phases they carry are ``core/`` vocabularies (issue 31).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.core.reasons import Reason

if TYPE_CHECKING:  # annotations only: the window's first page builds the bus without them (issue 29)
    from chathub_desktop.core.compaction import CompactionPhase, CompactionStatus, CompactionTrigger
    from chathub_desktop.core.dream_schedule import DreamPhase, DreamStatus


@dataclass(frozen=True)
class MessageAdded:
    """A message row was stored (user message, assistant placeholder, tool message), or
    a reply row was emptied to be streamed again (Retry, issue 12)."""

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
    """The reply ended with ``status`` (complete, cancelled, interrupted or error);
    ``error`` carries the provider's message for an error bubble, ``why`` the same as a
    typed reason when the service had one (issue 27)."""

    topic_id: int
    message_id: int
    status: MessageStatus
    error: str | None = None
    why: Reason | None = None


@dataclass(frozen=True)
class TopicChanged:
    """A topic's title or metadata changed (e.g. a generated title, APP-10), or its
    summary (a compaction, an edit, a version switch)."""

    topic_id: int


@dataclass(frozen=True)
class SettingsChanged:
    """Something a topic's context or the window's labels are built from changed: an
    assistant's settings or fixed memory, a provider, a model card or a global setting
    (in this process or, through the store watcher, another one). Re-read what is shown
    from them; estimates drop their caches."""


@dataclass(frozen=True)
class TopicMessagesChanged:
    """Any of the messages of ``topic_id`` may have changed (rows left the view, a reply
    was marked interrupted, versions switched): read the topic again."""

    topic_id: int


@dataclass(frozen=True)
class CompactionProgress:
    """A compaction run is going (the GUI shows progress, CMP-13, APP-7).

    ``phase``: ``started`` / ``batch`` (``done`` of ``total`` batches processed) /
    ``finished`` (``status`` set; ``why`` the run's typed reason when it has one, so a
    failed automatic run can name the provider it could not reach, bits54).
    """

    topic_id: int
    trigger: CompactionTrigger
    phase: CompactionPhase
    done: int = 0
    total: int = 0
    status: CompactionStatus | None = None
    why: Reason | None = None


@dataclass(frozen=True)
class DreamProgress:
    """A memory dream run for one assistant (DRM-3, APP-7). ``phase``: ``started`` /
    ``reading`` / ``dreaming`` / ``folding`` / ``finished`` (``status`` and ``message``
    set: see ``DreamOutcome``). ``history_day`` is ``YYYY-MM-DD``."""

    assistant_id: int
    history_day: str
    phase: DreamPhase
    status: DreamStatus | None = None
    message: str = ""
    #: ``message`` as a typed reason (issue 27: the window says it in its language); None:
    #: worded only by the provider or the model.
    why: Reason | None = None


@dataclass(frozen=True)
class MemoryChanged:
    """An assistant's fixed or dynamic memory changed (the Memory page refreshes)."""

    assistant_id: int


@dataclass(frozen=True)
class StoreWaiting:
    """A write of this process started (``waiting`` True) or stopped (False) waiting for
    another ChatHub process's write transaction (issue 10: "waiting for the store"
    instead of a crash). Published from the waiting thread; one True is always followed
    by one False from the same thread."""

    waiting: bool


@dataclass(frozen=True)
class MessageChanged:
    """A stored message was edited (``removed`` False) or deleted (True) by another
    process (issue 13)."""

    topic_id: int
    message_id: int
    removed: bool = False


@dataclass(frozen=True)
class TopicListChanged:
    """Another process created or deleted topics of ``assistant_id`` (issue 13)."""

    assistant_id: int


@dataclass(frozen=True)
class AssistantsChanged:
    """Another process created, renamed or deleted assistants, or changed more than the
    change log could list (``everything`` True: read everything shown again) (issue 13)."""

    everything: bool = False


@dataclass(frozen=True)
class ToolsChanged:
    """Another process changed the MCP servers or an assistant's server switches or tool
    approvals (``mcp add``, issue 25): Settings → Tools reads them again."""


@dataclass(frozen=True)
class ReplyStalled:
    """The provider sent nothing for the reply ``message_id`` of ``topic_id`` for
    ``silent_s`` seconds (the ``stream-silence-seconds`` setting; issue 12). The stream
    keeps waiting — the user chooses Stop or Retry; the HTTP read timeout still ends it.
    ``silent_s == 0`` means data arrives again. ``host`` names the provider's host."""

    topic_id: int
    message_id: int
    host: str
    silent_s: float


@dataclass(frozen=True)
class ReplyRetrying:
    """The provider asked to wait ``wait_s`` seconds (``Retry-After``, at most
    ``AUTO_RETRY_MAX_S``); the reply ``message_id`` is requested again once after that
    wait (issue 12). ``reason`` is the provider's one-line message, ``why`` the same as a
    typed reason when there is one (issue 27)."""

    topic_id: int
    message_id: int
    wait_s: float
    reason: str
    why: Reason | None = None


@dataclass(frozen=True)
class SecretsRedacted:
    """Likely secrets were replaced by ``[redacted: KIND]`` before ``where`` (``the
    memory entry``, ``the memory``, ``the dream card``, ``the topic summary``) of
    ``assistant_id`` was stored (issue 19); ``notice`` is the one line to show."""

    assistant_id: int
    where: str
    kinds: tuple[str, ...]
    notice: str
    topic_id: int | None = None

    def reason(self) -> Reason | None:
        """:attr:`notice` typed (issue 27: the window says it in its language)."""
        from chathub_desktop.core.secret_redaction import Redaction  # its rules compile on import

        return Redaction("", self.kinds).notice_reason(self.where)


@dataclass(frozen=True)
class ToolServerDown:
    """A tool server switched on for the assistant of ``topic_id`` could not be started
    before a send there (issue 25): the send goes on without ``server``'s tools.
    ``reason`` is the one line why, ending with the tail of its stderr when it wrote
    any. Published once per failure: not again while the server stays down for the same
    reason. ``why``: ``reason`` typed for the window (issue 27), None when untyped."""

    topic_id: int
    server: str
    reason: str
    why: Reason | None = None


ChatEvent = (MessageAdded | ReplyDelta | ReplyFinished | TopicChanged | SettingsChanged | CompactionProgress
             | DreamProgress | MemoryChanged | StoreWaiting | ReplyStalled | ReplyRetrying
             | MessageChanged | TopicMessagesChanged | TopicListChanged | AssistantsChanged | SecretsRedacted
             | ToolsChanged | ToolServerDown)
Listener = Callable[[ChatEvent], None]


class EventBus:
    """Synchronous publish/subscribe for :data:`ChatEvent` (listeners run on the
    publisher's thread, which may be a worker thread). Subscribing and publishing are
    safe from any thread."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Add ``listener``; returns a function that removes it."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)
        return unsubscribe

    def publish(self, event: ChatEvent) -> None:
        """Call every listener with ``event``."""
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(event)
