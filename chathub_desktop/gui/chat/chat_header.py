"""The line over the open topic's messages (issue 29; walk2: nothing in the chat column
named the open topic, and at 800×560 the topic list is folded away).

:class:`ChatHeader` holds the topic-list toggle (walk29 #1: at 800×560 the list folds
itself away and nothing on screen brought it back) and the title the topic list shows
for the open topic, after the design system's crossed eye when it is private (walk53
#10: the header had a 🔒 where the list and the composer show the eye), following
renames and re-reads of that list; the title is empty when no topic is open or it is
not listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QToolButton, QWidget

from chathub_desktop.gui.chat.composer import PRIVATE_NAME, PRIVATE_TIP
from chathub_desktop.gui.design import Space
from chathub_desktop.gui.design.icons import GlyphLabel, Icon
from chathub_desktop.gui.design.tokens import IconSize
from chathub_desktop.gui.shell.elided_line import ElidedLine
from chathub_desktop.gui.topics.topic_list_model import TopicRole
from chathub_desktop.gui.topics.topic_title import shown_title
from chathub_desktop.services.views import TopicView

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from chathub_desktop.gui.topics.topic_list_model import TopicListModel


class ChatHeader(QFrame):
    """One line over the messages (``QFrame#chatHeader``): ``toggle``, an icon button for
    the checkable ``sidebar`` action (icon, tooltip and checked state are the action's,
    so they follow the topic list however it is shown or hidden), then ``face`` (the
    assistant's avatar, kept by its owner), ``private_mark`` (the crossed eye, shown for a
    private topic) and ``title``, the open topic's title from ``topics``
    (``QLabel#chatHeaderTitle``)."""

    def __init__(self, topics: TopicListModel, sidebar: QAction, parent: QWidget | None = None, *,
                 face: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatHeader")
        self.toggle = QToolButton()
        self.toggle.setObjectName("sidebarToggle")
        self.toggle.setDefaultAction(sidebar)  # no shortcut of its own: the action's stays the only one
        self.toggle.setAutoRaise(True)
        self.toggle.setIconSize(QSize(IconSize.MD, IconSize.MD))
        self.private_mark = GlyphLabel(Icon.PRIVATE, IconSize.SM)
        self.private_mark.setObjectName("chatHeaderPrivate")
        self.private_mark.hide()
        self.title = ElidedLine()  # a long title is elided, never widens the window (walk37 #7)
        self.title.setObjectName("chatHeaderTitle")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        row = QHBoxLayout(self)
        row.setContentsMargins(Space.MD, Space.SM, Space.XL, Space.SM)
        row.setSpacing(Space.SM)
        row.addWidget(self.toggle)
        if face is not None:  # the assistant's avatar before the topic (issue 29), as LobeHub's header
            row.addWidget(face)
        row.addWidget(self.private_mark)
        row.addWidget(self.title, 1)
        self._topics = topics
        self._topic_id: int | None = None
        for signal in (topics.dataChanged, topics.modelReset, topics.rowsInserted, topics.rowsRemoved):
            signal.connect(self.refresh)
        self.retranslate()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Re-set the texts when the interface language changes (issue 27)."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        """The accessible names in the interface language (the title is the topic's own)."""
        self.toggle.setAccessibleName(QCoreApplication.translate("ChatHeader", "Topic list"))
        self.title.setAccessibleName(QCoreApplication.translate("ChatHeader", "Open topic"))
        self.private_mark.setAccessibleName(QCoreApplication.translate("TopicPrivacy", PRIVATE_NAME))
        self.private_mark.setToolTip(QCoreApplication.translate("TopicPrivacy", PRIVATE_TIP))

    def show_topic(self, topic_id: int | None) -> None:
        """Name ``topic_id`` (None: no topic open)."""
        self._topic_id = topic_id
        self.refresh()

    def refresh(self, *_args: object) -> None:
        """Read the title again from the topic list."""
        titles = self._topics
        row = titles.row_of(self._topic_id) if self._topic_id is not None else None
        topic = titles.index(row, 0).data(TopicRole) if row is not None else None
        shown = topic if isinstance(topic, TopicView) else None
        self.private_mark.setVisible(shown is not None and shown.private)
        self.title.setText(shown_title(shown) if shown is not None else "")  # the tooltip keeps it whole
