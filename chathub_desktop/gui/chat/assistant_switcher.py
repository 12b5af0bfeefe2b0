"""The main window's assistant switcher (issue 29): the selected assistant, the rail's
avatars and menu, the name over the topic list, and the actions that need an assistant.

The selection lives in a hidden ``QComboBox`` (``combo``), which the rail's avatar menu
drives. Assistants are read on a store worker (``reload`` / ``load``); the last read is
kept so the empty states and Send can say what is missing without a store call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QLabel

from chathub_desktop.gui.design.avatar import AvatarFace
from chathub_desktop.gui.design.tokens import IconSize, Space
from chathub_desktop.gui.shell.i18n import fill
from chathub_desktop.gui.shell.nav_rail import AssistantItem
from chathub_desktop.services.errors import ServiceError

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtGui import QAction

    from chathub_desktop.gui.chat.chat_empty import ReadyAssistant
    from chathub_desktop.gui.shell.nav_rail import NavRail
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.container import Store
    from chathub_desktop.services.views import AssistantView


class SwitcherHost(Protocol):
    """What the switcher uses of the window (issue 29); the main window is one. ``store``
    and ``runner`` exist once the window is attached to its store; ``takes_input`` is
    True once it has every service (before, the actions that need an assistant stay off)."""

    store: Store
    runner: TaskRunner
    takes_input: bool

    def assistant_shown(self, assistant: AssistantView | None) -> None:
        """The selected assistant (as last read) is now shown: replies and Send follow it."""
        ...

    def list_topics(self, keep: int | None = None) -> asyncio.Task[None]:
        """Re-read the selected assistant's topics on a store worker."""
        ...

    async def show_topics(self, assistant_id: int | None) -> None:
        """List ``assistant_id``'s topics and open the first; returns once shown."""
        ...


class AssistantSwitcher:
    """The selected assistant over ``rail`` (its avatar and menu), ``combo`` (the
    selection) and ``title`` (the name over the topics, its model and provider in the
    tooltip). ``needs_assistant``: actions enabled only while one is selected."""

    def __init__(self, host: SwitcherHost, rail: NavRail, needs_assistant: tuple[QAction, ...]) -> None:
        self._host = host
        self._rail = rail
        self._needs = needs_assistant
        self._read: dict[int, AssistantView] = {}  # as last read by load()
        self._listed = False  # load() has read the assistants: "No assistant" means none
        self.combo = QComboBox()
        self.combo.setObjectName("assistantCombo")
        self.combo.setAccessibleName("Assistant")
        self.combo.currentIndexChanged.connect(self._on_changed)
        self.combo.hide()
        self.title = QLabel()
        self.title.setObjectName("assistantTitle")
        self.title.setWordWrap(True)  # a long name wraps rather than widening the sidebar
        #: The assistant's avatar for the chat's header (issue 29: at 800×560 the topic list,
        #: and its title, fold away), painted as in the rail's menu; its name in the tooltip.
        self.face = AvatarFace(IconSize.LG + Space.XS)
        self.face.setObjectName("headerAvatar")
        self.face.hide()  # shown with an assistant
        rail.assistant_chosen.connect(lambda aid: self.combo.setCurrentIndex(self.combo.findData(aid)))

    def current_id(self) -> int | None:
        """The selected assistant's id (None: there is none)."""
        data = self.combo.currentData()
        return int(data) if data is not None else None

    def reload(self, select_id: int | None = None) -> None:
        """Re-read assistants on a store worker; keep (or switch to ``select_id``) the
        selection, then list its topics."""
        self._host.runner.run("assistants", self.load(select_id), context="Assistants")

    async def load(self, select_id: int | None = None) -> None:
        """Read assistants on a store worker, keep (or switch to ``select_id``) the
        selection and list its topics; returns once they are shown."""
        host = self._host
        keep = select_id if select_id is not None else self.current_id()
        host.runner.cancel("topic-list")  # an older listing must not report this one
        assistants = await host.runner.run_in_thread(host.store.assistants.list)
        self._read = {a.id: a for a in assistants}
        self._listed = True
        translate = QCoreApplication.translate
        combo = self.combo
        combo.blockSignals(True)
        combo.clear()
        for a in assistants:
            combo.addItem(a.name, a.id)
            combo.setItemData(combo.count() - 1,
                              fill(translate("MainWindow", "%1: %2 via %3"), a.name,
                                   a.model or translate("MainWindow", "no model"),
                                   a.provider_name or translate("MainWindow", "no provider")),
                              QtCore.Qt.ItemDataRole.ToolTipRole)
        if keep is not None and combo.findData(keep) >= 0:
            combo.setCurrentIndex(combo.findData(keep))
        combo.blockSignals(False)
        self.show_selected()
        await host.show_topics(self.current_id())

    def preview(self, assistant_id: int, name: str, avatar: str | None) -> None:
        """Show the assistant the first page was read for (issue 29, walk45 #4: before the
        store opens, its name and face rather than "No assistant" and a "+"); the
        store's read (:meth:`load`) replaces it."""
        combo = self.combo
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(name, assistant_id)
        combo.blockSignals(False)
        self._rail.set_assistants([AssistantItem(assistant_id, name, avatar)], assistant_id)
        self._face(assistant_id, name, avatar)
        self.title.setText(name)

    def _on_changed(self, *_args: object) -> None:
        self.show_selected()
        self._host.list_topics()

    def show_selected(self) -> None:
        """Rail, actions and labels follow the selected assistant (the actions only once
        the window takes input)."""
        aid = self.current_id()
        combo = self.combo
        items = []
        for i in range(combo.count()):
            item_id = int(combo.itemData(i))
            read = self._read.get(item_id)
            items.append(AssistantItem(item_id, combo.itemText(i), read.avatar if read is not None else None))
        self._rail.set_assistants(items, aid)
        for action in self._needs:
            action.setEnabled(aid is not None and self._host.takes_input)
        shown = self._read.get(aid) if aid is not None else None
        if aid is not None and shown is None:  # listed by the live refresh, not read here yet
            self.update_label()
        else:
            self._show(shown)

    def name_of(self, assistant_id: int) -> str:
        """An assistant's name as the assistant list shows it."""
        index = self.combo.findData(assistant_id)
        return self.combo.itemText(index) if index >= 0 else "The assistant"

    def update_label(self) -> None:
        """Re-read the selected assistant on a store worker and show its model and
        provider (its settings changed)."""
        self._host.runner.run("assistant-label", self._update_label(self.current_id()),
                              context="Assistants", quiet=True)

    async def _update_label(self, assistant_id: int | None) -> None:
        host = self._host
        try:
            a = None if assistant_id is None else await host.runner.run_in_thread(host.store.assistants.get,
                                                                                  assistant_id)
        except ServiceError:
            return
        if a is not None:
            self._read[a.id] = a
        if assistant_id == self.current_id():
            self._show(a)

    def _show(self, a: AssistantView | None) -> None:
        """The assistant's name over its topics (its model and provider in the tooltip)."""
        self._host.assistant_shown(a)
        translate = QCoreApplication.translate
        self.face.setVisible(a is not None)
        if a is None:
            self.title.setText(translate("MainWindow", "No assistant"))
            return
        self._face(a.id, a.name, a.avatar)
        self.title.setText(a.name)
        self.title.setToolTip(fill(translate("MainWindow", "%1: %2 via %3"), a.name,
                                   a.model or translate("MainWindow", "no model"),
                                   a.provider_name or translate("MainWindow", "no provider")))

    def _face(self, assistant_id: int, name: str, avatar: str | None) -> None:
        self.face.show_face(assistant_id, name, avatar)
        self.face.setToolTip(name)
        self.face.setAccessibleName(name)
        self.face.show()

    def ready(self) -> ReadyAssistant | None:
        """The selected assistant as last read, for the empty states and Send."""
        from chathub_desktop.gui.chat.chat_empty import ReadyAssistant

        aid = self.current_id()
        a = self._read.get(aid) if aid is not None else None
        return None if a is None else ReadyAssistant(a.name, a.model, bool(a.provider_name), a.id, a.avatar)

    def retranslate(self) -> None:
        """Re-set the title in the new language (issue 27)."""
        aid = self.current_id()
        if aid is None and self._listed:  # before the store's read it says nothing
            self.title.setText(QCoreApplication.translate("MainWindow", "No assistant"))
        elif aid in self._read:  # read by attach()'s services: the message view exists
            self._show(self._read[aid])
