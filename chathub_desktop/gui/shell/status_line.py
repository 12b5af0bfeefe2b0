"""The window's status line (issue 29): a slim line under the pages that is shown only
while it has something to say — a passing message (``show_status``), Undo after a
delete, a compaction's progress (APP-7), the wait for another process's write (issue
10). The classic status bar that always showed the assistant's model is gone: the
composer's model chip shows the model, the assistant's name has it in its tooltip."""

from __future__ import annotations

from PySide6 import QtCore  # Qt as QtCore.Qt when painting: its namespace loads after first paint
from PySide6.QtCore import QEvent, QObject, QRect
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QStatusBar, QStyle, QStyleOption, QWidget

from chathub_desktop.gui.design.elevation import Elevated
from chathub_desktop.gui.design.tokens import TOAST_ELEVATION, Space
from chathub_desktop.gui.shell.nav_rail import PageId

__all__ = ["TEXT_INSET", "StatusLine"]

#: Px between the message and the line's edge (or its first permanent widget).
TEXT_INSET = int(Space.LG)


class StatusLine(QStatusBar):
    """A ``QStatusBar`` that is not the main window's bar: it floats over the pages
    (:mod:`~chathub_desktop.gui.shell.floating_notices` places it, walk51 #5), without a
    size grip, hidden while its message is empty and none of its permanent widgets is
    shown. ``showMessage``/``currentMessage``/``clearMessage`` are QStatusBar's."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self._permanent: list[QWidget] = []  # before QStatusBar's own filtering starts
        self._topic: int | None = None  # the topic the message shown is about (None: none)
        super().__init__(parent)
        self.setObjectName("statusLine")
        self.setSizeGripEnabled(False)
        self.elevation = Elevated(self, TOAST_ELEVATION)  # a toast's shadow (polish52)
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

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """The panel as the style sheet draws it (a raised card while it floats, walk51
        #5) and the message on one line :data:`TEXT_INSET` px from either side of the room
        left of the permanent widgets (QStatusBar puts it 6 px from the left edge and 12
        from the right: off-centre in a card sized to it)."""
        painter = QPainter(self)
        opt = QStyleOption()
        opt.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, opt, painter, self)
        text = self.currentMessage()
        if text:
            shown = [w.x() for w in self._permanent if not w.isHidden()]
            right = min(shown, default=self.width()) - TEXT_INSET
            painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
            qt = QtCore.Qt
            flags = qt.AlignmentFlag.AlignLeading | qt.AlignmentFlag.AlignVCenter | qt.TextFlag.TextSingleLine
            painter.drawText(QRect(TEXT_INSET, 0, max(0, right - TEXT_INSET), self.height()), flags, text)
        painter.end()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """A permanent widget was shown or hidden: show or hide the line."""
        if obj in self._permanent and event.type() in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
            self._sync()
        return super().eventFilter(obj, event)

    def _sync(self) -> None:
        self.setVisible(bool(self.currentMessage()) or any(not w.isHidden() for w in self._permanent))
