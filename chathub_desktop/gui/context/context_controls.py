"""What the window adds for issue 19, wired in one place: private topics
(:mod:`~chathub_desktop.gui.topics.topic_privacy`), the ⓘ context receipt of each reply
(:mod:`~chathub_desktop.gui.context.receipt_dialog`), the notice when secrets were kept out of
memory (:mod:`~chathub_desktop.gui.chat.redaction_notice`), Compact now with focus
instructions ("Compact with focus…" in the Topic menu) and Pin message / Unpin message
(the message menu; a pinned message shows a pin before its header), the topics a
reply recalled opened from its receipt (issue 26), and dream review
(Assistant → Dream proposals…, with their count, opens the Memory page at its Proposals
tab; Assistant → Memory… shows the count too).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QInputDialog, QMenu, QWidget

from chathub_desktop.gui.chat.redaction_notice import RedactionNotices
from chathub_desktop.gui.context.receipt_dialog import install_receipts
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.memory.proposals_section import ProposalsSection, proposals_label
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.topics.topic_privacy import PrivacyHost, TopicPrivacy
from chathub_desktop.services.errors import ServiceError

if TYPE_CHECKING:
    from chathub_desktop.gui.chat.message_list_model import MessageListModel
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.context.compaction_controller import CompactionController
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.gui.shell.window_pages import WindowPages
    from chathub_desktop.gui.topics.topic_actions import TopicActions

__all__ = ["FOCUS_PROMPT", "PINNED_NOTE", "UNPINNED_NOTE", "ContextControls", "ContextHost"]

#: The status line after Pin (issue 29, walk53b #2: "compaction keeps this message word for
#: word" was the engine's view): what the user gets first, then its cost (CMP pinned messages).
PINNED_NOTE = QT_TRANSLATE_NOOP("ContextControls", "Pinned: this message is always sent in full, even after older "
                                                   "messages are summarized. It uses part of the input budget.")
#: The status line after Unpin.
UNPINNED_NOTE = QT_TRANSLATE_NOOP("ContextControls", "Unpinned: this message may be summarized with the older ones")

#: The question "Compact with focus…" asks.
FOCUS_PROMPT = QT_TRANSLATE_NOOP("ContextControls", "What must the summary keep? For example: the SQL schema and "
                                                     "every file path.\nLeave it empty to compact as usual.")


class ContextHost(PrivacyHost, Protocol):
    """What the issue-19 controls use of the window (issue 29); the main window is one."""

    events: ChatEvents
    message_model: MessageListModel
    message_view: MessageListView
    topic_actions: TopicActions
    compaction: CompactionController
    pages: WindowPages
    topic_menu: QMenu
    assistant_menu: QMenu
    summary_action: QAction
    memory_action: QAction
    assistant_combo: QComboBox

    @property
    def current_topic_id(self) -> int | None:
        """The open topic."""
        ...

    def current_assistant_id(self) -> int | None:
        """The selected assistant."""
        ...

    def select_topic(self, topic_id: int) -> None:
        """Select (and open) ``topic_id`` when listed."""
        ...

    def list_topics(self, keep: int | None = None) -> asyncio.Task[None]:
        """Re-read the topic list on a worker, keeping ``keep`` selected when listed."""
        ...


class ContextControls(QObject):
    """Built by ``MainWindow.attach`` once its lists and menus exist: ``window`` owns
    the actions and parents the dialogs; ``host`` is what they use of it."""

    def __init__(self, window: QWidget, host: ContextHost) -> None:
        super().__init__(window)
        self._host = host
        self._parent = window
        self.privacy = TopicPrivacy(window, host, host.topic_menu)
        install_receipts(host.message_view, window, self.open_recalled)
        host.message_view.pin_requested.connect(self.set_pinned)
        self.redaction = RedactionNotices(host.svc.bus, host.show_status, self)
        self.focus_action = QAction(icon(Icon.COMPACT_FOCUS), "", window)
        self.texts = Texts(window)  # issue 27: re-said on a language switch
        self.texts.bind(self.focus_action.setText, lambda: QCoreApplication.translate("ContextControls",
                                                                                       "Compact with &focus…"))
        self.texts.bind(self.focus_action.setToolTip, lambda: QCoreApplication.translate(
            "ContextControls", "Compact now, telling the History Compress model what the summary must keep"))
        self.focus_action.triggered.connect(lambda: self.compact_with_focus())
        host.topic_menu.insertAction(host.summary_action, self.focus_action)
        host.topic_list.insertAction(host.summary_action, self.focus_action)
        self.proposals_action = QAction(icon(Icon.PROPOSALS), "", window)
        self.texts.bind(self.proposals_action.setToolTip, lambda: QCoreApplication.translate(
            "ContextControls", "Dream review: new dream cards waiting for your accept or discard"))
        self._proposals: tuple[int, bool] = (0, True)
        # after the window's own re-translation (which says "&Memory…" without the count); the
        # action is the call's context: a window deleted right after a switch drops it (session 51)
        self.texts.call(lambda: QTimer.singleShot(0, self.proposals_action,
                                                  lambda: self.show_proposals_count(*self._proposals)))
        self.proposals_action.triggered.connect(lambda: self.open_proposals())
        host.assistant_menu.insertAction(host.memory_action, self.proposals_action)
        host.events.memory_changed.connect(lambda _e: self.update_proposals())
        host.assistant_combo.currentIndexChanged.connect(lambda _i: self.update_proposals())
        self.update_proposals()

    def open_recalled(self, topic_id: int) -> None:
        """Open a topic a reply recalled (issue 26), listing archived topics when it is
        one of them; says so in the status bar when it is gone."""
        w = self._host
        if w.topic_model.row_of(topic_id) is not None:
            w.select_topic(topic_id)
            return
        w.topic_actions.show_archived(True)  # an archived topic is listed only then
        listing = w.list_topics(topic_id)  # on a worker: selects the topic when it is listed
        w.runner.run("open-recalled", self._said_when_gone(listing, topic_id), context="Open topic", quiet=True)

    async def _said_when_gone(self, listing: asyncio.Task[None], topic_id: int) -> None:
        """After ``listing`` read the list again: a status line when ``topic_id`` is not in it."""
        try:
            await asyncio.shield(listing)
        except asyncio.CancelledError:  # listed again for something newer: nothing to say
            return
        if self._host.current_topic_id != topic_id:
            self._host.show_status(QCoreApplication.translate("ContextControls", "That topic is not listed any more"))

    def update_proposals(self) -> None:
        """Re-count the selected assistant's proposals on the worker, then show the count
        in the Assistant menu (Dream proposals… and Memory…) and on the Memory toolbar
        button (issue 19)."""
        aid = self._host.current_assistant_id()
        runner = self._host.runner

        async def count() -> None:
            try:
                n = await runner.run_in_thread(self._host.svc.dreams.review.count, aid) if aid is not None else 0
            except ServiceError:
                n = 0
            self.show_proposals_count(n, aid is not None)

        runner.run("dream-proposals-count", count(), context="Dream proposals", quiet=True)

    def show_proposals_count(self, count: int, enabled: bool = True) -> None:
        """Show ``count`` proposals on the menu entries and the Memory toolbar button."""
        translate = QCoreApplication.translate
        self._proposals = (count, enabled)
        self.proposals_action.setText(proposals_label(count))
        self.proposals_action.setEnabled(enabled)
        memory = self._host.memory_action
        memory.setText(translate("ContextControls", "&Memory (%n dream proposal(s))…", None, count) if count
                       else translate("WindowActions", "&Memory…"))
        memory.setIconText(fill(translate("ContextControls", "Memory (%1)"), str(count)) if count
                           else translate("ContextControls", "Memory"))

    def open_proposals(self) -> ProposalsSection | None:
        """Assistant → Dream proposals…: the selected assistant's Memory page, at its
        Proposals tab (issue 19); returns that section."""
        page = self._host.pages.open_memory()
        return page.dream_panel.show_proposals() if page is not None else None

    def set_pinned(self, message_id: int, on: bool) -> None:
        """Pin or unpin a message of the open topic on a store worker, then show its row
        again."""
        self._host.runner.run(f"pin-message:{message_id}", self._set_pinned(message_id, on),
                                context="Pin message")

    async def _set_pinned(self, message_id: int, on: bool) -> None:
        try:
            await self._host.runner.run_in_thread(self._host.svc.topics.set_message_pinned, message_id, on)
        except ServiceError as exc:
            self._host.presenter.present(exc, context="Pin message")
            return
        self._host.message_model.refresh_message(message_id)
        self._host.show_status(QCoreApplication.translate("ContextControls", PINNED_NOTE if on else UNPINNED_NOTE))

    def compact_with_focus(self, focus: str | None = None) -> object:
        """Ask for focus instructions (unless given) and compact the open topic with them;
        returns the compaction task, or None when cancelled or nothing was started."""
        if focus is None:
            text, ok = QInputDialog.getMultiLineText(
                self._parent, QCoreApplication.translate("ContextControls", "Compact with focus"),
                QCoreApplication.translate("ContextControls", FOCUS_PROMPT))
            if not ok:
                return None
            focus = text
        return self._host.compaction.compact_topic(focus=focus.strip())
