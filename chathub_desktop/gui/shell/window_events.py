"""Where the bus's events go in the main window (issue 29; struct52: split from
``main_window``): new messages and finished replies to the send controller, compaction
progress and the open topic's changes to the compaction controller and the estimate,
settings changes to the assistant's label and the estimate, the store's wait to its
status-bar label, a summarizer choice to Settings."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from chathub_desktop.gui.chat.assistant_switcher import AssistantSwitcher
from chathub_desktop.gui.chat.send_controller import SendController
from chathub_desktop.gui.context.compaction_controller import CompactionController
from chathub_desktop.gui.context.estimate_controller import EstimateController
from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.services.events import SettingsChanged, TopicChanged

__all__ = ["WindowEventRoutes"]


class WindowEventRoutes(QObject):
    """Connects ``events`` (the window's bus bridge) to the window's parts, for as long as
    ``parent`` lives. ``open_topic()``: the open topic's id; ``store_waiting(on)`` shows or
    hides the store's wait; ``choose_summarizer()`` opens the History Compress settings
    (issue 28); ``open_providers(name)`` Settings at Providers, that provider chosen (an
    error line's link, walk53b #6, memerr54)."""

    def __init__(self, events: ChatEvents, parent: QObject, *, sending: SendController,
                 compaction: CompactionController, estimate: EstimateController, switcher: AssistantSwitcher,
                 open_topic: Callable[[], int | None], store_waiting: Callable[[bool], None],
                 choose_summarizer: Callable[[], object], open_providers: Callable[[str], object]) -> None:
        super().__init__(parent)
        self._compaction, self._estimate, self._switcher, self._open_topic = compaction, estimate, switcher, open_topic
        events.message_added.connect(sending.on_message_added)
        events.reply_finished.connect(sending.on_reply_finished)
        events.topic_changed.connect(self._on_topic_changed)
        events.settings_changed.connect(self._on_settings_changed)
        events.compaction_progress.connect(compaction.on_progress)
        events.store_waiting.connect(lambda e: store_waiting(e.waiting))  # queued from workers
        events.summarizer_choice_requested.connect(choose_summarizer)
        events.providers_requested.connect(open_providers)

    def _on_settings_changed(self, _event: SettingsChanged) -> None:
        self._switcher.update_label()
        self._estimate.schedule(invalidate=True)

    def _on_topic_changed(self, event: TopicChanged) -> None:
        if event.topic_id == self._open_topic():  # compaction, edit, delete, title
            self._compaction.refresh_cursor()
            self._estimate.schedule(invalidate=True)
