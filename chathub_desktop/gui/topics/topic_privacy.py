"""Private topics in the window (issue 19): "New private topic" and a "Private topic"
toggle for the selected topic, in the Topic menu, the topic list's context menu and the
composer's toolbar as an icon toggle whose checked look comes from the tokens and whose
tooltip says whether it is on (walk29 #7); while on, it reads "Private" beside its icon
(walk52b; :class:`~chathub_desktop.gui.chat.composer_fit.PrivateToggle`).

A private topic's requests carry no memory block and no memory tools, and the dream
never reads it (the rule lives in ``core.request_plan``; the topic list shows a lock).
Marking one publishes ``TopicChanged``, so the list row and the token badge follow.
Texts are in the ``TopicPrivacy`` translation context, re-said on a switch (issue 27).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPersistentModelIndex
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QListView, QMenu, QWidget

from chathub_desktop.gui.chat.composer import (
    PRIVATE_CHIP,
    PRIVATE_NAME,
    PRIVATE_OFF_TIP,
    PRIVATE_ON_TIP,
    PRIVATE_TIP,
)
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.gui.topics.topic_list_model import TopicRole
from chathub_desktop.services.errors import ServiceError

if TYPE_CHECKING:
    from chathub_desktop.gui.chat.composer import Composer
    from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.topics.topic_list_model import TopicListModel
    from chathub_desktop.services.container import Services

__all__ = ["PRIVATE_OFF_TIP", "PRIVATE_ON_TIP", "PRIVATE_TIP", "PrivacyHost", "TopicPrivacy"]

translate = QCoreApplication.translate


class PrivacyHost(Protocol):
    """What the private-topic actions use of the window (issue 29); the main window is one."""

    svc: Services
    runner: TaskRunner
    presenter: ErrorPresenter
    composer: Composer
    topic_list: QListView
    topic_model: TopicListModel
    rename_topic_action: QAction
    delete_topic_action: QAction

    async def create_topic(self, *, private: bool = False) -> int | None:
        """Create a topic on a store worker, open it and return its id (None: refused)."""
        ...

    def show_status(self, text: str, ms: int = 5000) -> None:
        """Say ``text`` in the status line for ``ms`` milliseconds."""
        ...


class TopicPrivacy(QObject):
    """The two actions, added to ``menu`` after New topic and to the topic list of
    ``host``; ``window`` owns the actions (its shortcuts) and re-says their texts."""

    def __init__(self, window: QWidget, host: PrivacyHost, menu: QMenu) -> None:
        super().__init__(window)
        self._host = host
        self.new_private_action = QAction(icon(Icon.PRIVATE), "", window)
        self.new_private_action.setShortcuts([QKeySequence("Ctrl+Shift+N")])
        self.new_private_action.triggered.connect(self.new_private_topic)
        self.toggle_action = QAction(window)
        self.toggle_action.setCheckable(True)
        self.toggle_action.toggled.connect(self.set_private)
        window.addAction(self.new_private_action)
        before = host.rename_topic_action
        menu.insertAction(before, self.new_private_action)
        menu.insertAction(before, self.toggle_action)
        host.topic_list.insertAction(host.delete_topic_action, self.new_private_action)
        host.topic_list.insertAction(host.delete_topic_action, self.toggle_action)
        self.toggle_action.setIcon(icon(Icon.PRIVATE))
        self.composer_toggle = host.composer.private_button  # there, disabled, since the window's start
        self.composer_toggle.setDefaultAction(self.toggle_action)  # follows the action from now on
        host.topic_list.selectionModel().currentChanged.connect(self._sync)
        host.topic_model.dataChanged.connect(lambda *_a: self._sync(host.topic_list.currentIndex()))
        self.texts = Texts(window)  # the window's LanguageChange re-says them
        self.texts.call(self.retranslate)

    def retranslate(self) -> None:
        """Set the actions' texts and tooltips in the interface language."""
        self.new_private_action.setText(translate("TopicPrivacy", "New &private topic"))
        self.new_private_action.setToolTip(fill(translate("TopicPrivacy", "Start a private topic (Ctrl+Shift+N). %1"),
                                                translate("TopicPrivacy", PRIVATE_TIP)))
        self.toggle_action.setText(translate("TopicPrivacy", "Pri&vate topic"))
        # the composer's chip says "Private" while the topic is; its name says the whole
        self.toggle_action.setIconText(translate("TopicPrivacy", PRIVATE_CHIP))
        self.composer_toggle.setAccessibleName(translate("TopicPrivacy", PRIVATE_NAME))
        self._sync(self._host.topic_list.currentIndex())

    def new_private_topic(self) -> None:
        """Create a private topic for the current assistant on a store worker and open it
        (the window's ``topic_created`` fires)."""
        self._host.runner.run("new-topic", self._new_private_topic(), context="New topic")

    async def _new_private_topic(self) -> None:
        if await self._host.create_topic(private=True) is not None:
            self._host.show_status(translate("TopicPrivacy", PRIVATE_TIP))

    def set_private(self, on: bool) -> None:
        """Mark the selected topic private (``on``) or not."""
        index = self._host.topic_list.currentIndex()
        topic = index.data(TopicRole) if index.isValid() else None
        if topic is None or topic.private == on:
            return
        self._host.runner.run("topic-private", self._set_private(topic.id, on), context="Private topic")

    async def _set_private(self, topic_id: int, on: bool) -> None:
        try:
            await self._host.runner.run_in_thread(self._host.svc.topics.set_private, topic_id, on)
        except ServiceError as exc:
            self._host.presenter.present(exc, context="Private topic")
            self._sync(self._host.topic_list.currentIndex())
            return
        self._host.show_status(translate("TopicPrivacy", PRIVATE_TIP) if on
                                 else translate("TopicPrivacy", "This topic is not private: memory is used again"))

    def _sync(self, index: QModelIndex | QPersistentModelIndex, _previous: object = None) -> None:
        topic = index.data(TopicRole) if index.isValid() else None
        self.toggle_action.setEnabled(topic is not None)
        blocked = self.toggle_action.blockSignals(True)
        self.toggle_action.setChecked(bool(topic is not None and topic.private))
        self.toggle_action.blockSignals(blocked)
        tip = translate("TopicPrivacy", PRIVATE_ON_TIP if self.toggle_action.isChecked() else PRIVATE_OFF_TIP)
        self.toggle_action.setToolTip(tip)
        self.composer_toggle.setAccessibleDescription(tip)  # what the eye-slash means, said (chatlook52)
