"""The window's status line (issue 29): a slim line under the pages that is shown only
while it has something to say — a passing message (``show_status``), Undo after a
delete, a compaction's progress (APP-7), the wait for another process's write (issue
10). The classic status bar that always showed the assistant's model is gone: the
composer's model chip shows the model, the assistant's name has it in its tooltip."""

from __future__ import annotations

from PySide6 import QtCore  # Qt as QtCore.Qt when painting: its namespace loads after first paint
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, QTimer
from PySide6.QtGui import (
    QEnterEvent,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QPainter,
    QPaintEvent,
    QPalette,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import QMessageBox, QPushButton, QStatusBar, QStyle, QStyleOption, QWidget

from chathub_desktop.gui.design.elevation import Elevated
from chathub_desktop.gui.design.tokens import TOAST_ELEVATION, Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP
from chathub_desktop.gui.shell.nav_rail import PageId

__all__ = ["MAX_LINES", "TEXT_INSET", "StatusLine", "wrap_lines"]

#: Px between the message and the line's edge (or its first permanent widget).
TEXT_INSET = int(Space.LG)
#: The most lines a message takes in the toast (walk52 #3: it was cut to one line with
#: "…"); a longer one is cut at the third and offers Details… with the whole text.
MAX_LINES = 3
_DETAILS_TIP = QT_TRANSLATE_NOOP("StatusLine", "Show the whole message")


def _breaks(text: str, font: QFont, width: int) -> list[tuple[int, int]]:
    """``(start, length)`` in ``text`` of each line Qt breaks it into at ``width`` px."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    spans: list[tuple[int, int]] = []
    layout.beginLayout()
    while (line := layout.createLine()).isValid():
        line.setLineWidth(max(1, width))
        spans.append((line.textStart(), line.textLength()))
    layout.endLayout()
    return spans


def wrap_lines(text: str, font: QFont, width: int, most: int = 0) -> list[str]:
    """``text`` broken into lines of at most ``width`` px in ``font`` as Qt breaks them
    (at spaces; between CJK characters; inside a word longer than a line), each without
    its trailing spaces; a newline in ``text`` starts a line. With ``most`` > 0 and more
    lines than that, the last kept line holds the rest of the text cut with "…".
    ``[]`` for no text."""
    if not text:
        return []
    text = text.replace("\n", "\u2028")
    spans = _breaks(text, font, width)
    lines = [text[a:a + n].rstrip(" \u2028") for a, n in spans]
    if 0 < most < len(lines):
        rest = text[spans[most - 1][0]:].replace("\u2028", " ")
        cut = QFontMetrics(font).elidedText(rest, QtCore.Qt.TextElideMode.ElideRight, max(1, width))
        lines = [*lines[:most - 1], cut if cut.endswith("…") else cut.rstrip() + "…"]
    return lines


class StatusLine(QStatusBar):
    """A ``QStatusBar`` that is not the main window's bar: it floats over the pages
    (:mod:`~chathub_desktop.gui.shell.floating_notices` places it, walk51 #5), without a
    size grip, hidden while its message is empty and none of its permanent widgets is
    shown. :meth:`say` shows a message; ``currentMessage``/``clearMessage`` are
    QStatusBar's."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self._permanent: list[QWidget] = []  # before QStatusBar's own filtering starts
        self._topic: int | None = None  # the topic the message shown is about (None: none)
        super().__init__(parent)
        self.setObjectName("statusLine")
        self.setSizeGripEnabled(False)
        self.elevation = Elevated(self, TOAST_ELEVATION)  # a toast's shadow (polish52)
        self._lines: list[str] = []  # the message as painted, one string a line (:meth:`fit`)
        self._fitted: tuple[str, int, str] = ("", -1, "")  # (message, text width, font) the lines are for
        self.details_button = QPushButton()  # shown while the message is cut (walk52 #3)
        self.details_button.setObjectName("statusDetails")
        self.details_button.clicked.connect(self.open_details)
        self.details_button.hide()
        self.setContentsMargins(0, 0, int(Space.XS), 0)  # the right-most button off the card's edge
        self.details_dialog: QMessageBox | None = None
        self._expiry = QTimer(self)  # the message's time; it waits while the pointer or the keyboard is on the toast
        self._expiry.setSingleShot(True)
        self._expiry.timeout.connect(self.clearMessage)
        self._held = 0  # ms the message had left when its time stood still (0: none)
        self._pointer_in = False  # the pointer is on the toast
        self._focus_in = False  # one of its buttons (Details…) has the keyboard focus
        self.messageChanged.connect(self._on_message)
        self._retranslate()
        self.add_permanent(self.details_button)
        self.hide()

    def _retranslate(self) -> None:
        translate = QCoreApplication.translate
        self.details_button.setText(translate("ErrorBar", "Details…"))
        self.details_button.setToolTip(translate("StatusLine", _DETAILS_TIP))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """The interface language changed: Details… follows it."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def say(self, text: str, ms: int = 0) -> None:
        """Show ``text`` for ``ms`` milliseconds (0: until replaced); the time stands still
        while the pointer is on the toast or the keyboard is on one of its buttons, so
        Details… can be reached with either (walk52 #3)."""
        self.showMessage(text)
        if ms > 0:
            self._expiry.start(ms)
            self._hold()

    def enterEvent(self, event: QEnterEvent) -> None:  # noqa: N802 - Qt override
        """The pointer came onto the toast: its message's time stands still."""
        self._pointer_in = True
        self._hold()
        super().enterEvent(event)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """The pointer left the toast: the message's time runs on (at least 1.5 s more)
        unless the keyboard is still on it."""
        self._pointer_in = False
        self._hold()
        super().leaveEvent(event)

    def _hold(self) -> None:
        """Stop the message's time while the pointer or the keyboard focus is on the
        toast; start it again, with at least 1.5 s left, once neither is."""
        if self._pointer_in or self._focus_in:
            if self._expiry.isActive():
                self._held = max(1, self._expiry.remainingTime())
                self._expiry.stop()
        elif self._held:
            self._expiry.start(max(self._held, 1500))
            self._held = 0

    def _on_message(self, text: str) -> None:
        self._expiry.stop()  # a new message (or none) ends the old one's time
        self._held = 0
        if not text:
            self._topic = None
            self._lines, self._fitted = [], ("", -1, "")
            self.details_button.hide()
            self.setToolTip("")
        self._sync()

    def lines(self) -> list[str]:
        """The message as the toast paints it, one string a line (at most
        :data:`MAX_LINES`; the last ends in "…" when the message was cut)."""
        return list(self._lines)

    def fit(self, width: int) -> int:
        """Lay the message out for a toast ``width`` px wide: wrapped to at most
        :data:`MAX_LINES` lines beside the permanent widgets; a longer one is cut there
        with "…", shows Details… and has the whole text as its tooltip. Returns the
        toast's height for it, px (one line: the bar's own height)."""
        text = self.currentMessage()
        margins = self.contentsMargins()
        others = self.permanent_width(without=self.details_button)
        room = width - margins.left() - margins.right() - 2 * TEXT_INSET - others
        fitted = (text, room, self.font().key())  # a new font size wraps anew
        if self._fitted != fitted:
            self._fitted = fitted
            lines = wrap_lines(text, self.font(), room)
            cut = len(lines) > MAX_LINES
            if cut:  # room for Details… too
                lines = wrap_lines(text, self.font(), room - self.permanent_width(only=self.details_button),
                                   MAX_LINES)
            self._lines = lines
            self.setToolTip(text if cut else "")
            self.details_button.setVisible(cut)
            self.update()
        extra = max(0, len(self._lines) - 1) * self.fontMetrics().lineSpacing()
        return self.sizeHint().height() + extra

    def open_details(self) -> QMessageBox:
        """Details…: the whole message in a small box the user can select and copy from."""
        if self.details_dialog is None:
            self.details_dialog = QMessageBox(self.window())
            self.details_dialog.setObjectName("statusDetailsDialog")
            self.details_dialog.setIcon(QMessageBox.Icon.Information)
            self.details_dialog.setTextFormat(QtCore.Qt.TextFormat.PlainText)  # a "<" in it is text
            self.details_dialog.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details_dialog.setWindowTitle(QGuiApplication.applicationDisplayName())
        self.details_dialog.setText(self.currentMessage())
        self.details_dialog.open()
        return self.details_dialog

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

    def permanent_width(self, *, without: QWidget | None = None, only: QWidget | None = None) -> int:
        """Width taken by the shown permanent widgets, px (with their gaps): all but
        ``without``, or ``only`` that one whether shown or not."""
        if only is not None:
            return only.sizeHint().width() + 12
        return sum(w.sizeHint().width() + 12 for w in self._permanent if not w.isHidden() and w is not without)

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """The panel as the style sheet draws it (a raised card while it floats, walk51
        #5) and the message's lines (:meth:`fit`), centred as a block, :data:`TEXT_INSET`
        px from either side of the room left of the permanent widgets (QStatusBar puts it
        6 px from the left edge and 12 from the right: off-centre in a card sized to it)."""
        painter = QPainter(self)
        opt = QStyleOption()
        opt.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, opt, painter, self)
        lines = self._lines if self.currentMessage() else []
        if lines:
            shown = [w.x() for w in self._permanent if not w.isHidden()]
            right = min(shown, default=self.width()) - TEXT_INSET
            painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
            qt = QtCore.Qt
            flags = qt.AlignmentFlag.AlignLeading | qt.AlignmentFlag.AlignVCenter | qt.TextFlag.TextSingleLine
            step = self.fontMetrics().lineSpacing()
            top = (self.height() - step * len(lines)) // 2
            for i, line in enumerate(lines):
                painter.drawText(QRect(TEXT_INSET, top + i * step, max(0, right - TEXT_INSET), step), flags, line)
        painter.end()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """A permanent widget was shown or hidden: show or hide the line. One took or lost
        the keyboard focus: the message's time stands still while the focus is on the
        toast (Tab to Details…)."""
        if obj in self._permanent:
            kind = event.type()
            if kind in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
                self._sync()
            elif kind in (QEvent.Type.FocusIn, QEvent.Type.FocusOut):
                self._focus_in = kind == QEvent.Type.FocusIn
                self._hold()
        return super().eventFilter(obj, event)

    def _sync(self) -> None:
        self.setVisible(bool(self.currentMessage()) or any(not w.isHidden() for w in self._permanent))
