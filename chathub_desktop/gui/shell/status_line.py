"""The window's status line (issue 29): a slim line under the pages that is shown only
while it has something to say — a passing message (``show_status``), Undo after a
delete, a compaction's progress (APP-7), the wait for another process's write (issue
10). The classic status bar that always showed the assistant's model is gone: the
composer's model chip shows the model, the assistant's name has it in its tooltip."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QStatusBar, QWidget

from chathub_desktop.gui.shell.nav_rail import PageId

__all__ = ["StatusLine"]


class StatusLine(QStatusBar):
    """A ``QStatusBar`` kept in the window's layout (not the main window's bar), without
    a size grip, hidden while its message is empty and none of its permanent widgets is
    shown. ``showMessage``/``currentMessage``/``clearMessage`` are QStatusBar's."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self._permanent: list[QWidget] = []  # before QStatusBar's own filtering starts
        self._topic: int | None = None  # the topic the message shown is about (None: none)
        super().__init__(parent)
        self.setObjectName("statusLine")
        self.setSizeGripEnabled(False)
        self.messageChanged.connect(self._on_message)
        self.hide()

    def _on_message(self, text: str) -> None:
        if not text:
            self._topic = None
        self._sync()

    def about_topic(self, topic_id: int | None) -> None:
        """The message shown is about ``topic_id`` (None: about no topic): it goes when
        another topic opens (:meth:`topic_shown`)."""
        self._topic = topic_id if self.currentMessage() else None

    def topic_shown(self, topic_id: int | None) -> None:
        """``topic_id`` is the open topic now: a message about another one goes (walk51
        #5: "Stopped — the text so far is kept" stayed on a fresh New topic); one about
        no topic stays."""
        if self._topic is not None and self._topic != topic_id:
            self.clearMessage()

    def add_permanent(self, widget: QWidget) -> None:
        """Keep ``widget`` at the right; the line shows while it is shown."""
        self.addPermanentWidget(widget)
        self._permanent.append(widget)
        widget.installEventFilter(self)
        self._sync()

    def page_shown(self, page: PageId) -> None:
        """A page other than Chats was shown: its passing message spoke of the chat (a
        stop, a copy, a failed reply), so it goes at once rather than following the user
        onto Settings, Search or Memory (walk29 #12). Permanent widgets stay."""
        if page is not PageId.CHATS:
            self.clearMessage()

    def permanent_width(self) -> int:
        """Width taken by the shown permanent widgets, px (with their gaps)."""
        return sum(w.sizeHint().width() + 12 for w in self._permanent if not w.isHidden())

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """A permanent widget was shown or hidden: show or hide the line."""
        if obj in self._permanent and event.type() in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
            self._sync()
        return super().eventFilter(obj, event)

    def _sync(self) -> None:
        self.setVisible(bool(self.currentMessage()) or any(not w.isHidden() for w in self._permanent))
