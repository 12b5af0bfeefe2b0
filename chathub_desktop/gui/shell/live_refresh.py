"""The window's side of live refresh (issue 13): what other processes write shows in the
open window.

The store watcher (``services.watch.store_watch.StoreWatcher``) runs only while the window is
visible: :class:`LiveRefresh` starts it on Show and stops it on Hide (the tray keeps the
app running hidden). Most of what the watcher publishes reaches the window through the
paths the window's own writes take (a new message → ``message_added``; memory →
``memory_changed`` / ``settings_changed``); this module handles the events only
another process causes: an edited or deleted message, topics created or deleted, and
assistants changed. Every handler keeps the user's place: the selected assistant and
topic stay selected while they exist.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QComboBox, QListView, QWidget

if TYPE_CHECKING:
    from chathub_desktop.gui.chat.message_actions import MessageActions
    from chathub_desktop.gui.context.compaction_controller import CompactionController
    from chathub_desktop.gui.context.estimate_controller import EstimateController
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.shell.window_pages import WindowPages
    from chathub_desktop.gui.topics.topic_list_model import TopicListModel
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.events import (
        AssistantsChanged,
        MessageChanged,
        TopicListChanged,
        TopicMessagesChanged,
    )


class LiveHost(Protocol):
    """What live refresh uses of the window (issue 29); the main window is one."""

    svc: Services
    runner: TaskRunner
    events: ChatEvents
    message_actions: MessageActions
    compaction: CompactionController
    estimate: EstimateController
    pages: WindowPages
    assistant_combo: QComboBox
    topic_model: TopicListModel
    topic_list: QListView

    @property
    def current_topic_id(self) -> int | None:
        """The open topic."""
        ...

    def current_assistant_id(self) -> int | None:
        """The selected assistant."""
        ...

    def reload_assistants(self, select_id: int | None = None) -> None:
        """Re-read the assistants on a worker and list the selected one's topics."""
        ...

    def update_assistant_label(self) -> None:
        """Re-read the selected assistant and show its model and provider."""
        ...

    def reload_topic(self) -> None:
        """Read the open topic's newest page again."""
        ...

    def select_topic_row(self, row: int) -> None:
        """Select (and open) the topic on ``row``."""
        ...

    def open_topic(self, topic_id: int | None) -> None:
        """Show ``topic_id`` in the message view."""
        ...


class LiveRefresh(QObject):
    """Starts/stops ``host.svc.watcher`` with ``window``'s visibility and applies other
    processes' topic, message and assistant changes to ``host`` (the window's parts)."""

    def __init__(self, window: QWidget, host: LiveHost) -> None:
        super().__init__(window)
        self._window = window
        self._w = host
        ev = host.events
        ev.message_changed.connect(self._on_message_changed)
        ev.topic_messages_changed.connect(self._on_topic_messages_changed)
        ev.topic_list_changed.connect(self._on_topic_list_changed)
        ev.assistants_changed.connect(self._on_assistants_changed)
        window.installEventFilter(self)
        if window.isVisible():
            host.svc.watcher.start()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Show starts the watcher (it first catches up), Hide stops it."""
        if obj is self._window:
            if event.type() == QEvent.Type.Show:
                self._w.svc.watcher.start()
            elif event.type() == QEvent.Type.Hide:
                self._w.svc.watcher.stop(wait=False)
        return False

    def stop(self) -> None:
        """Stop the watcher for good (the window is shutting down)."""
        self._window.removeEventFilter(self)
        self._w.svc.watcher.stop()

    # --- handlers ---------------------------------------------------------------------------
    def _on_message_changed(self, event: MessageChanged) -> None:
        if event.topic_id == self._w.current_topic_id:
            self._w.message_actions.show_change(event.message_id, removed=event.removed)

    def _on_topic_messages_changed(self, event: TopicMessagesChanged) -> None:
        w = self._w
        if event.topic_id == w.current_topic_id:
            w.reload_topic()
            w.compaction.refresh_cursor()
            w.estimate.schedule(invalidate=True)

    def _on_topic_list_changed(self, event: TopicListChanged) -> None:
        if event.assistant_id == self._w.current_assistant_id():
            self.refresh_topics()

    def _on_assistants_changed(self, event: AssistantsChanged) -> None:
        self._w.runner.run("live-assistants", self._refresh_assistants(event.everything), context="Assistants",
                           quiet=True)

    async def _refresh_assistants(self, everything: bool) -> None:
        w = self._w
        assistants = await w.runner.run_in_thread(w.svc.assistants.list)
        keep = w.current_assistant_id()
        combo = w.assistant_combo
        combo.blockSignals(True)
        combo.clear()
        for a in assistants:
            combo.addItem(a.name, a.id)
        if keep is not None and combo.findData(keep) >= 0:
            combo.setCurrentIndex(combo.findData(keep))
        combo.blockSignals(False)
        if w.current_assistant_id() != keep:  # the selected assistant is gone
            w.reload_assistants()
            return
        w.update_assistant_label()
        if everything:
            self.refresh_topics()
            w.reload_topic()
            page = w.pages.memory_page()
            if page is not None:
                page.schedule_reload()
                page.dream_panel.schedule_reload()

    def refresh_topics(self) -> None:
        """Re-read the selected assistant's topic list on a worker thread as the window
        lists it (archived topics too while Show archived is on, issue 28), keeping the
        open topic selected (the first topic opens when the open one was deleted)."""
        self._w.runner.run("live-topics", self._refresh_topics(self._w.current_assistant_id()),
                           context="Topics", quiet=True)

    async def _refresh_topics(self, assistant_id: int | None) -> None:
        w = self._w
        # a read older than New topic's row would close the topic just made (issue 28);
        # fetch lists as the window does (archived topics too while Show archived is on)
        rows = [] if assistant_id is None else await w.topic_model.settled_read(
            functools.partial(w.topic_model.fetch, assistant_id))
        if assistant_id != w.current_assistant_id():
            return  # another assistant was chosen meanwhile: its list is loaded already
        open_id = w.current_topic_id
        w.topic_model.show(assistant_id, rows)
        row = w.topic_model.row_of(open_id) if open_id is not None else None
        if row is not None:
            selection = w.topic_list.selectionModel()
            selection.blockSignals(True)  # the same topic stays open: no re-open
            w.select_topic_row(row)
            selection.blockSignals(False)
            w.topic_list.viewport().update()
        elif w.topic_model.rowCount() > 0:
            w.select_topic_row(0)
        else:
            w.open_topic(None)
