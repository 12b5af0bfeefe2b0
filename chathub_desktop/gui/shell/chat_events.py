"""Bridges the services' :class:`~chathub_desktop.services.events.EventBus` to Qt signals.

Bus listeners run synchronously on the publisher's thread: the loop thread (the GUI
thread under qasync) or a store worker thread; Qt queues a signal emitted there to
receivers living on the GUI thread. The bridge also keeps the text of every reply that
is still streaming, for ALL topics (:meth:`ChatEvents.streamed`): the stored row holds
only a checkpoint until the reply ends, so a view that re-opens a topic mid-reply
overlays this text (APP-8). It keeps only what the window shows of it
(:class:`~chathub_desktop.gui.chat.streamed_text.StreamedText`, stream50): a huge reply
costs the window the size of each delta, not of the reply.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal, SignalInstance

from chathub_desktop.gui.chat.streamed_text import StreamedText
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
    SettingsChanged,
    StoreWaiting,
    ToolsChanged,
    ToolServerDown,
    TopicChanged,
    TopicListChanged,
    TopicMessagesChanged,
)


class ChatEvents(QObject):
    """One Qt signal per event class, carrying the frozen event itself (issue 29): e.g.
    ``reply_finished(ReplyFinished)``, ``settings_changed(SettingsChanged)``,
    ``topic_messages_changed(TopicMessagesChanged)``. See
    :mod:`chathub_desktop.services.events` for what each event means.

    - ``store_waiting(StoreWaiting)``: ``waiting`` True when a first write of this
      process starts waiting for another ChatHub process, False when the last such write
      stopped waiting (issue 10); a worker thread or the GUI thread emits it
    - ``tools_changed(ToolsChanged)``: another process changed the MCP servers, an
      assistant's server switches or tool approvals (the store watcher's thread; issue 25)
    - ``tool_server_down(ToolServerDown)``: a tool server did not start before a send
      (issue 25); the send goes on without its tools
    - ``summarizer_choice_requested()``: a "Choose History Compress model…" button was
      pressed (issue 28); the window opens Settings → System Agent. Not a bus event.
    - ``providers_requested(name)``: an error line's "Settings → Providers" was clicked
      (the chat's, the dream's failure bar, memerr54); the window opens Settings at
      Providers with provider ``name`` chosen. Not a bus event.

    Services may publish from a worker thread (a card edit runs there); Qt then queues
    the signal to receivers that live on the GUI thread, so connect QObject methods.
    """

    message_added = Signal(MessageAdded)
    reply_delta = Signal(ReplyDelta)
    reply_finished = Signal(ReplyFinished)
    topic_changed = Signal(TopicChanged)
    settings_changed = Signal(SettingsChanged)
    compaction_progress = Signal(CompactionProgress)
    dream_progress = Signal(DreamProgress)
    memory_changed = Signal(MemoryChanged)
    store_waiting = Signal(StoreWaiting)
    reply_stalled = Signal(ReplyStalled)
    reply_retrying = Signal(ReplyRetrying)
    message_changed = Signal(MessageChanged)
    topic_messages_changed = Signal(TopicMessagesChanged)
    topic_list_changed = Signal(TopicListChanged)
    assistants_changed = Signal(AssistantsChanged)
    tools_changed = Signal(ToolsChanged)
    tool_server_down = Signal(ToolServerDown)
    summarizer_choice_requested = Signal()
    providers_requested = Signal(str)

    def __init__(self, bus: EventBus, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._streams: dict[int, StreamedText] = {}
        self._waits = 0  # writes of this process waiting for another process, any thread
        self._waits_lock = threading.Lock()
        self._signals: dict[type, SignalInstance] = {
            MessageAdded: self.message_added, ReplyDelta: self.reply_delta, ReplyFinished: self.reply_finished,
            TopicChanged: self.topic_changed, SettingsChanged: self.settings_changed,
            CompactionProgress: self.compaction_progress, DreamProgress: self.dream_progress,
            MemoryChanged: self.memory_changed, ReplyStalled: self.reply_stalled,
            ReplyRetrying: self.reply_retrying, MessageChanged: self.message_changed,
            TopicMessagesChanged: self.topic_messages_changed, TopicListChanged: self.topic_list_changed,
            AssistantsChanged: self.assistants_changed, ToolsChanged: self.tools_changed,
            ToolServerDown: self.tool_server_down,
        }
        self._unsubscribe: Callable[[], None] | None = bus.subscribe(self._on_event)

    def _on_event(self, event: ChatEvent) -> None:
        if isinstance(event, ReplyDelta):
            stream = self._streams.get(event.message_id)
            if stream is None:
                stream = self._streams[event.message_id] = StreamedText()
            stream.add(event.text)
        elif isinstance(event, ReplyFinished):
            self._streams.pop(event.message_id, None)
        elif isinstance(event, StoreWaiting):
            with self._waits_lock:
                before = self._waits
                self._waits = max(0, before + (1 if event.waiting else -1))
                now = self._waits
            if (before == 0) != (now == 0):
                self.store_waiting.emit(StoreWaiting(now > 0))
            return
        signal = self._signals.get(type(event))
        if signal is not None:
            signal.emit(event)

    def streamed(self, message_id: int) -> StreamedText | None:
        """What the window keeps of a reply still streaming here (its shown start and its
        length so far), or None if it is not streaming here."""
        return self._streams.get(message_id)

    def streaming_text(self, message_id: int) -> str | None:
        """The shown start of a reply still streaming here (all of it up to the display
        limit), or None if not streaming here."""
        stream = self._streams.get(message_id)
        return None if stream is None else stream.shown()

    def detach(self) -> None:
        """Stop listening to the bus (the window is closing)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
