"""The column left of the chat (issue 29): the assistant's title, New topic labelled over
the topic list (as ChatGPT's and Claude's "New chat"), the list's heading with Rename and
Delete beside it, and the list. Built from the window's actions; the window gives the
list its model and delegate."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListView,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design.icons import Icon
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP
from chathub_desktop.gui.shell.window_actions import tool_button

if TYPE_CHECKING:
    from chathub_desktop.gui.shell.empty_state import EmptyState
    from chathub_desktop.gui.topics.topic_list_model import TopicListModel

#: ``Qt.ToolButtonStyle.ToolButtonTextBesideIcon``'s value.
TEXT_BESIDE_ICON = 2
#: The empty list's line (walk52 #11: it was a bare grey box); no button of its own, the
#: New topic button sits just above (walk53 #10: the empty chat offered New topic three times).
NO_TOPICS_TEXT = QT_TRANSLATE_NOOP("TopicSidebar", "No topics yet. Your conversations with this assistant are "
                                                   "listed here.")


class TopicSidebar(QWidget):
    """``title`` (the assistant's name) over the New topic button (``new_topic``), the
    "Topics" heading with the ``rename`` and ``delete`` buttons, and :attr:`topic_list`,
    which takes those actions' shortcuts and ``list_actions``' (their context menu:
    ``gui.topics.topic_actions``, walk29 #21)."""

    def __init__(self, title: QWidget, new_topic: QAction, rename: QAction, delete: QAction,
                 list_actions: Sequence[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sidebar")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(Space.LG, Space.LG, Space.MD, Space.LG)
        lay.setSpacing(Space.SM)
        lay.addWidget(title)
        lay.addSpacing(Space.MD)
        # the list's main action labelled over it (issue 29: it hid as a third icon beside
        # Rename and Delete); those two stay by the heading
        self.new_topic_button = tool_button(new_topic, "", Icon.NEW_TOPIC)  # labels: retranslate()
        self.new_topic_button.setObjectName("newTopicButton")
        # labelled from the start (walk45 #4); the property by value: PySide6's Qt namespace
        # (~20 ms) is not built before the first paint
        self.new_topic_button.setProperty("toolButtonStyle", TEXT_BESIDE_ICON)
        self.new_topic_button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        lay.addWidget(self.new_topic_button)
        lay.addSpacing(Space.SM)
        self.topics_label = QLabel()
        self.topics_label.setObjectName("sectionLabel")
        heading = QHBoxLayout()
        heading.setSpacing(Space.XXS)
        heading.addWidget(self.topics_label)
        heading.addStretch(1)
        self.rename_topic_button = tool_button(rename, "", Icon.RENAME)
        self.delete_topic_button = tool_button(delete, "", Icon.DELETE)
        for b in (self.rename_topic_button, self.delete_topic_button):
            heading.addWidget(b)
        lay.addLayout(heading)
        self.topic_list = QListView()  # single selection; its editing and menu: wire()
        self.topic_list.setObjectName("topicList")
        # not uniform: a group's first row is taller by its header (walk51 #6)
        self.topic_list.setAccessibleName("Topics")
        self.topic_list.setSpacing(1)
        for a in (new_topic, delete, rename, *list_actions):
            self.topic_list.addAction(a)
        self.topics_label.setBuddy(self.topic_list)
        lay.addWidget(self.topic_list, 1)
        #: Over the list while the assistant has no topic (built when first needed).
        self.empty_state: EmptyState | None = None

    def watch(self, model: TopicListModel) -> None:
        """Show the empty state over the list while ``model`` (the list's) lists an
        assistant with no topic; nothing before its first listing."""
        def sync() -> None:
            empty = model.assistant_id is not None and model.rowCount() == 0
            if empty and self.empty_state is None:
                self.empty_state = self._make_empty_state()
            if self.empty_state is not None:
                self.empty_state.setVisible(empty)

        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved):
            signal.connect(sync)
        sync()

    def _make_empty_state(self) -> EmptyState:
        """A muted line laid over the list's viewport."""
        from chathub_desktop.gui.shell.empty_state import EmptyState

        viewport = self.topic_list.viewport()
        state = EmptyState(NO_TOPICS_TEXT, "", "noTopics", viewport, context="TopicSidebar")
        over = viewport.layout() or QVBoxLayout(viewport)
        over.setContentsMargins(0, 0, 0, 0)
        over.addWidget(state)
        return state

    def wire(self) -> None:
        """The list's editing (F2), single selection, context menu and eliding rows: once
        the window takes input (these build PySide6's ``Qt`` namespace, about 20 ms)."""
        from PySide6.QtCore import Qt

        self.topic_list.setEditTriggers(QAbstractItemView.EditTrigger.EditKeyPressed)
        self.topic_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.topic_list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)  # TopicActions
        self.topic_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # rows elide

    def retranslate(self) -> None:
        """The heading, the list's name and the buttons' labels in the interface language
        (the window's ``retranslate_window`` calls it); the rows' day labels ("Yesterday")
        are painted again in it."""
        translate = QCoreApplication.translate
        self.topics_label.setText(translate("MainWindow", "&Topics"))
        self.topic_list.setAccessibleName(translate("MainWindow", "Topics"))
        self.topic_list.setAccessibleDescription(translate(
            "MainWindow", "This assistant's conversations, newest first; F2 renames the selected one, Delete deletes it."))
        self.topic_list.viewport().update()
        labels = {self.rename_topic_button: translate("MainWindow", "Rename topic"),
                  self.delete_topic_button: translate("MainWindow", "Delete topic"),
                  self.new_topic_button: translate("MainWindow", "New topic")}
        for button, label in labels.items():
            action = button.defaultAction()
            action.setIconText(label)
            button.setAccessibleName(label)
