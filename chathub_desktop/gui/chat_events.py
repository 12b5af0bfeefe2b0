"""Bridges the services' :class:`~chathub_desktop.services.events.EventBus` to Qt signals.

Bus listeners run synchronously on the publisher's thread: the loop thread (the GUI
thread under qasync) or a store worker thread; Qt queues a signal emitted there to
receivers living on the GUI thread. The bridge also keeps the text of every reply that
is still streaming, for ALL topics (:meth:`ChatEvents.streaming_text`): the stored row
holds "" until the reply ends, so a view that re-opens a topic mid-reply overlays this
text (APP-8).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from chathub_desktop.services.events import (
    AssistantsChanged,
    ChatEvent,
    CompactionProgress,
    DreamProgress,
    EventBus,
    MemoryChanged,
    MessageAdded,
    MessageChanged,
    ReplyDelta,
    ReplyFinished,
    ReplyRetrying,
    ReplyStalled,
    StoreWaiting,
    ToolsChanged,
    TopicChanged,
    TopicListChanged,
)


class ChatEvents(QObject):
    """Qt signals for chat events; every signal carries the topic id first.

    - ``message_added(topic_id, message_id)``
    - ``reply_delta(topic_id, message_id, text)``: the new piece of text
    - ``reply_finished(topic_id, message_id, status, error)``: ``error`` is "" when none
    - ``topic_changed(topic_id)``: 0 means "assistant settings changed"
    - ``compaction_progress(topic_id, trigger, phase, done, total, status)``: a
      compaction run ``started`` / processed batch ``done`` of ``total`` (``batch``) /
      ``finished`` (``status``: compacted, nothing_eligible, failed, unreachable or
      cancelled; "" otherwise) (CMP-13, APP-7)
    - ``dream_progress(assistant_id, history_day, phase, status, message)``: a memory
      dream run for ``history_day`` (``YYYY-MM-DD``, a UTC day) is ``started`` /
      ``reading`` / ``dreaming`` / ``folding`` / ``finished``; ``status`` and
      ``message`` are set on ``finished`` (a ``DreamOutcome`` status and its one-line
      message), "" otherwise (DRM-3, APP-7)
    - ``memory_changed(assistant_id)``: that assistant's dynamic memory (dream cards)
      changed — a run, an edit, Clear or Restore (DRM-8, DRM-15)
    - ``store_waiting(waiting)``: True when a first write of this process starts waiting
      for another ChatHub process, False when the last such write stopped waiting
      (issue 10); always emitted from a worker thread or the GUI thread, delivered queued
    - ``reply_stalled(topic_id, message_id, host, silent_s)``: the provider sent nothing
      for ``silent_s`` seconds (0: data again or the request ended) (issue 12)
    - ``reply_retrying(topic_id, message_id, wait_s, reason)``: a short ``Retry-After``
      is waited out before the one automatic retry (issue 12)
    - ``message_changed(topic_id, message_id, removed)``: another process edited
      (``removed`` False) or deleted a message; ``message_id`` 0: read the topic again
    - ``topic_list_changed(assistant_id)``: another process created or deleted topics
    - ``assistants_changed(everything)``: another process changed the assistants;
      ``everything`` True: more changed than could be listed, re-read all that is shown
      (the last three come from the store watcher's thread, issue 13)
    - ``tools_changed()``: another process changed the MCP servers, an assistant's server
      switches or tool approvals (the store watcher's thread; issue 25)
    - ``summarizer_choice_requested()``: a "Choose History Compress model…" button was
      pressed (issue 28); the window opens Settings → System Agent. Not a bus event.

    Services may publish from a worker thread (a card edit runs there); Qt then queues
    the signal to receivers that live on the GUI thread, so connect QObject methods.
    """

    message_added = Signal(int, int)
    reply_delta = Signal(int, int, str)
    reply_finished = Signal(int, int, str, str)
    topic_changed = Signal(int)
    compaction_progress = Signal(int, str, str, int, int, str)
    dream_progress = Signal(int, str, str, str, str)
    memory_changed = Signal(int)
    store_waiting = Signal(bool)
    reply_stalled = Signal(int, int, str, float)
    reply_retrying = Signal(int, int, float, str)
    message_changed = Signal(int, int, bool)
    topic_list_changed = Signal(int)
    assistants_changed = Signal(bool)
    tools_changed = Signal()
    summarizer_choice_requested = Signal()

    def __init__(self, bus: EventBus, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._streams: dict[int, list[str]] = {}
        self._waits = 0  # writes of this process waiting for another process, any thread
        self._waits_lock = threading.Lock()
        self._unsubscribe: Callable[[], None] | None = bus.subscribe(self._on_event)

    def _on_event(self, event: ChatEvent) -> None:
        if isinstance(event, ReplyDelta):
            self._streams.setdefault(event.message_id, []).append(event.text)
            self.reply_delta.emit(event.topic_id, event.message_id, event.text)
        elif isinstance(event, MessageAdded):
            self.message_added.emit(event.topic_id, event.message_id)
        elif isinstance(event, ReplyFinished):
            self._streams.pop(event.message_id, None)
            self.reply_finished.emit(event.topic_id, event.message_id, event.status, event.error or "")
        elif isinstance(event, TopicChanged):
            self.topic_changed.emit(event.topic_id)
        elif isinstance(event, CompactionProgress):
            self.compaction_progress.emit(
                event.topic_id, event.trigger, event.phase, event.done, event.total, event.status or ""
            )
        elif isinstance(event, DreamProgress):
            self.dream_progress.emit(event.assistant_id, event.history_day, event.phase, event.status or "",
                                     event.message or "")
        elif isinstance(event, MemoryChanged):
            self.memory_changed.emit(event.assistant_id)
        elif isinstance(event, ReplyStalled):
            self.reply_stalled.emit(event.topic_id, event.message_id, event.host, event.silent_s)
        elif isinstance(event, ReplyRetrying):
            self.reply_retrying.emit(event.topic_id, event.message_id, event.wait_s, event.reason)
        elif isinstance(event, MessageChanged):
            self.message_changed.emit(event.topic_id, event.message_id, event.removed)
        elif isinstance(event, TopicListChanged):
            self.topic_list_changed.emit(event.assistant_id)
        elif isinstance(event, AssistantsChanged):
            self.assistants_changed.emit(event.everything)
        elif isinstance(event, ToolsChanged):
            self.tools_changed.emit()
        elif isinstance(event, StoreWaiting):
            with self._waits_lock:
                before = self._waits
                self._waits = max(0, before + (1 if event.waiting else -1))
                now = self._waits
            if (before == 0) != (now == 0):
                self.store_waiting.emit(now > 0)

    def streaming_text(self, message_id: int) -> str | None:
        """Text received so far for a reply still streaming, or None if not streaming here."""
        parts = self._streams.get(message_id)
        return None if parts is None else "".join(parts)

    def detach(self) -> None:
        """Stop listening to the bus (the window is closing)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
