"""The open topic's title above its messages (issue 29; walk2: nothing in the chat column
named the open topic, and at 800×560 the topic list is folded away).

:class:`ChatHeader` shows the title the topic list shows for the open topic (the lock of
a private topic included) and follows renames and re-reads of that list; it is hidden
when no topic is open or the topic is not listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from chathub_desktop.gui.design import Space

if TYPE_CHECKING:
    from chathub_desktop.gui.topic_list_model import TopicListModel


class ChatHeader(QLabel):
    """One line over the messages: the open topic's title (``QLabel#chatHeader``)."""

    def __init__(self, topics: TopicListModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatHeader")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setContentsMargins(Space.XL, Space.MD, Space.XL, Space.MD)
        self.setAccessibleName("Open topic")
        self._topics = topics
        self._topic_id: int | None = None
        for signal in (topics.dataChanged, topics.modelReset, topics.rowsInserted, topics.rowsRemoved):
            signal.connect(self.refresh)
        self.hide()

    def show_topic(self, topic_id: int | None) -> None:
        """Name ``topic_id`` (None: no topic open)."""
        self._topic_id = topic_id
        self.refresh()

    def refresh(self, *_args: object) -> None:
        """Read the title again from the topic list."""
        titles = self._topics
        row = titles.row_of(self._topic_id) if self._topic_id is not None else None
        title = str(titles.index(row, 0).data(Qt.ItemDataRole.DisplayRole) or "") if row is not None else ""
        self.setText(title)
        self.setToolTip(title)
        self.setVisible(bool(title))
