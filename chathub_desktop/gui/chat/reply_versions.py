"""The window's Regenerate, Resend and version arrows (issue 14 "Regenerate and
edit-and-resend").

- **Topic → Regenerate reply** (Ctrl+R), the last reply's hover-bar Regenerate and its
  context-menu entry ask again for the open topic's last reply
  (``services.versions.start_regenerate``); the previous reply stays a version.
- **Resend** of a user message edited in place starts a new branch at that message.
- The "‹ 2 / 3 ›" arrows (and the menu's Previous / Next version) switch versions: the
  switch runs on a store worker, then the topic's newest page is read again.

Which messages have versions is read on a worker whenever the open topic's rows change
(a topic opened, a reply added or finished, a summary or switch in this or another
process: ``topic_changed``) and handed to the message model (``VersionRole``). The
window only constructs this controller (it is the :class:`VersionsHost`), adds its action
to the Topic menu and calls :meth:`ReplyVersionsController.bind` with its events and the
topic's model picker once services are attached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from chathub_desktop.core.compaction_kinds import SummaryOnSwitch
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.open_topic_host import OpenTopicHost
from chathub_desktop.gui.topics.topic_model_picker import (
    add_model_sections,
    ask_model_id,
    menu_text,
)
from chathub_desktop.services.errors import ServiceError

if TYPE_CHECKING:  # asyncio loads after the window's first paint (issue 29)
    import asyncio

    from chathub_desktop.gui.chat.message_list_model import MessageListModel
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.chat.send_controller import SendController
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.topics.topic_model_picker import TopicModelPicker
    from chathub_desktop.services.chat.reply_versions import SwitchResult
    from chathub_desktop.services.chat.send_results import SendOutcome
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.events import (
        MessageAdded,
        ReplyFinished,
        TopicChanged,
        TopicMessagesChanged,
    )
    from chathub_desktop.services.topics.topic_model import ModelGroup, ModelPick

#: Milliseconds the version map waits after a change (several events in a row: one read).
REFRESH_DELAY_MS = 60
SUMMARY_NOTES = {
    SummaryOnSwitch.RESTORED: QT_TRANSLATE_NOOP("ReplyVersions", " — the topic summary written for this branch is back"),
    SummaryOnSwitch.CLEARED: QT_TRANSLATE_NOOP("ReplyVersions", " — the topic summary covered the other branch and "
                                               "was cleared; the next compaction rebuilds it"),
}


class VersionsHost(OpenTopicHost, Protocol):
    """What versions use of the window (issue 29); the main window is one."""

    svc: Services
    runner: TaskRunner
    presenter: ErrorPresenter
    message_model: MessageListModel
    message_view: MessageListView
    sending: SendController

    def reload_topic(self) -> None:
        """Read the open topic's newest page again."""
        ...


class ReplyVersionsController(QObject):
    """Owns ``regenerate_action`` and carries out the message view's version requests
    for ``host``; ``window`` (the widget ``host`` is shown in) owns the action, the menu
    and the model-id question."""

    def __init__(self, host: VersionsHost, window: QWidget) -> None:
        super().__init__(window)
        self._w = host
        self._window = window
        self._picker: TopicModelPicker | None = None  # set by bind()
        self.regenerate_action = QAction(window)
        self.regenerate_action.setShortcuts([QKeySequence("Ctrl+R")])
        self.texts = t = Texts(window)  # issue 27: re-said on a language switch
        t.bind(self.regenerate_action.setText, lambda: QCoreApplication.translate("ReplyVersions",
                                                                                   "&Regenerate reply"))
        tip = lambda: QCoreApplication.translate(  # noqa: E731 - said twice
            "ReplyVersions", "Ask again for the open topic's last reply with the same context; it stays a version "
                             "(Ctrl+R)")
        t.bind(self.regenerate_action.setToolTip, tip)
        t.bind(self.regenerate_action.setStatusTip, tip)
        self.regenerate_action.triggered.connect(lambda: self.regenerate())
        window.addAction(self.regenerate_action)
        self.regenerate_with_menu = QMenu(window)
        t.bind(self.regenerate_with_menu.setTitle, lambda: QCoreApplication.translate("ReplyVersions",
                                                                                       "Regenerate &with"))
        self.regenerate_with_menu.setToolTipsVisible(True)
        self.regenerate_with_menu.menuAction().setIcon(icon(Icon.MODELS))  # issue 29: pick a model
        t.bind(self.regenerate_with_menu.setToolTip, lambda: QCoreApplication.translate(
            "ReplyVersions", "Ask again for the last reply with another model, for this reply only; the topic keeps "
                             "its model"))
        self.regenerate_with_menu.aboutToShow.connect(self._fill_with)
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(REFRESH_DELAY_MS)
        self._soon.timeout.connect(self.refresh)

    def bind(self, events: ChatEvents, picker: TopicModelPicker) -> None:
        """Connect to the message view and the chat events (the window's ``attach``);
        Regenerate with offers the models ``picker`` offers for the open topic."""
        self._picker = picker
        view = self._w.message_view
        view.version_requested.connect(self.step)
        view.regenerate_requested.connect(lambda mid: self.regenerate(mid))
        self._w.message_model.topic_opened.connect(lambda _tid: self._soon.start())
        events.message_added.connect(self._maybe_refresh)
        events.reply_finished.connect(self._maybe_refresh)
        events.topic_changed.connect(self._maybe_refresh)
        events.topic_messages_changed.connect(self._maybe_refresh)

    def _maybe_refresh(self, event: MessageAdded | ReplyFinished | TopicChanged | TopicMessagesChanged) -> None:
        if event.topic_id == self._w.current_topic_id:
            self._soon.start()

    def refresh(self) -> None:
        """Read which messages of the open topic have versions (on a worker); nothing
        once the window's event loop is gone (it is closing)."""
        import asyncio

        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        topic_id = self._w.current_topic_id
        if topic_id is not None:
            self._w.runner.run("versions", self._load(topic_id), context="Versions", quiet=True)

    async def _load(self, topic_id: int) -> None:
        points = await self._w.runner.run_in_thread(self._w.svc.versions.points, topic_id)
        self._w.message_model.set_versions(topic_id, {mid: (p.index, p.total) for mid, p in points.items()})

    # --- actions ------------------------------------------------------------------------
    def _fill_with(self) -> None:
        """The models the topic's picker offers (read with it, on a worker), per provider."""
        # the store stack loads here, not before the window's first paint
        from chathub_desktop.services.topics.topic_model import ModelPick

        menu = self.regenerate_with_menu
        menu.clear()
        groups = self._picker.groups if self._picker is not None else ()
        for g in groups:  # the picker's layout: served, catalog, another (walkthrough F7)
            target = menu if g.current else menu.addMenu(g.provider_name)

            def add(m: QMenu, model: str, _where: str, window: int | None, g: ModelGroup = g) -> None:
                action = m.addAction(menu_text(model, window))
                action.setToolTip(fill(QCoreApplication.translate(
                    "ReplyVersions", "Regenerate the last reply with %1 (%2), this reply only"), model, g.provider_name))
                action.triggered.connect(lambda _c=False, p=g.provider_id, mo=model:
                                         self.regenerate(override=ModelPick(p, mo)))

            def other(g: ModelGroup = g) -> None:
                if model := ask_model_id(self._window, g.provider_name):
                    self.regenerate(override=ModelPick(g.provider_id, model))

            add_model_sections(target, g, add, other)
        if not groups:
            menu.addAction(QCoreApplication.translate("ReplyVersions", "No models to offer yet")).setEnabled(False)

    def regenerate(self, reply_id: int | None = None,
                   override: ModelPick | None = None) -> asyncio.Task[SendOutcome] | None:
        """Regenerate the open topic's last reply (``reply_id``: the clicked one) with the
        topic's model, or ``override`` for this reply only; returns the chat task, or
        None when nothing could start (said in one line)."""
        topic_id = self._w.current_topic_id
        if topic_id is None:
            return None
        try:
            task = self._w.svc.versions.start_regenerate(topic_id, reply_id, override)
        except ServiceError as exc:
            self._w.presenter.present(exc, context="Cannot regenerate", quiet=True)
            return None
        self._track(task, "Cannot regenerate")
        return task

    def resend(self, message_id: int, text: str) -> asyncio.Task[SendOutcome] | None:
        """Edit in place's Resend (issue 29): a new branch at ``message_id`` (a message of
        the open topic) with ``text``; nothing is read on the GUI thread, the claim runs
        on a store worker. None when nothing could start (said in one line)."""
        topic_id = self._w.current_topic_id
        if topic_id is None:
            return None
        try:
            task = self._w.svc.versions.start_resend(message_id, text, topic_id=topic_id)
        except ServiceError as exc:
            self._w.presenter.present(exc, context="Cannot resend", quiet=True)
            return None
        self._track(task, "Cannot resend")
        return task

    def _track(self, task: asyncio.Task[SendOutcome], context: str) -> None:
        self._w.runner.track(task, context=context)
        self._w.sending.follow(task)  # Send/Stop once the task has ended
        self._w.message_view.scroll_to_end()
        self._w.sending.to_draft()

    def step(self, message_id: int, delta: int) -> None:
        """An arrow: show the previous (-1) or next (+1) version at that message."""
        topic_id = self._w.current_topic_id
        if topic_id is not None:
            self._w.runner.run("switch-version", self._switch(topic_id, message_id, delta), context="Switch version")

    async def _switch(self, topic_id: int, message_id: int, delta: int) -> SwitchResult:
        res: SwitchResult = await self._w.runner.run_in_thread(self._w.svc.versions.step, topic_id, message_id,
                                                               delta)
        if topic_id == self._w.current_topic_id:  # its topic_changed recounts the badge and cursor
            self._w.reload_topic()
        note = SUMMARY_NOTES.get(res.summary)
        self._w.show_status(fill(QCoreApplication.translate("ReplyVersions", "Showing version %1 / %2"), str(res.index),
                                 str(res.total)) + (QCoreApplication.translate("ReplyVersions", note) if note else ""),
                            6000)
        return res
