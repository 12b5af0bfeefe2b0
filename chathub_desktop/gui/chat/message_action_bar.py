"""The hover action bar of the message list (issue 29): Continue (walk53b #4), Copy, Edit, Regenerate, Pin,
Delete and ⓘ receipt as small icon buttons over the row under the mouse (or the current
row for keyboard users).

One bar widget per list, moved over the row it serves, never a widget per message.
Which actions a message offers is decided once, by :func:`message_actions`, for the bar
and the right-click menu alike; the bar's buttons emit :attr:`MessageActionBar.triggered`
and the list turns that into the same signals its menu emits.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QToolButton, QToolTip, QWidget

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.gui.chat.message_documents import split_tool_name
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import IconSize, Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts
from chathub_desktop.services.views import MessageView

translate = QCoreApplication.translate

class MessageAction(enum.Enum):
    """An action on one message; the value is its button's accessible name."""

    CONTINUE = QT_TRANSLATE_NOOP("MessageActions", "Continue reply")
    COPY = QT_TRANSLATE_NOOP("MessageActions", "Copy message")
    EDIT = QT_TRANSLATE_NOOP("MessageActions", "Edit message")
    REGENERATE = QT_TRANSLATE_NOOP("MessageActions", "Regenerate reply")
    PIN = QT_TRANSLATE_NOOP("MessageActions", "Pin message")
    DELETE = QT_TRANSLATE_NOOP("MessageActions", "Delete message")
    RECEIPT = QT_TRANSLATE_NOOP("MessageActions", "Context receipt")


@dataclass(frozen=True)
class _Look:
    icon: Icon
    tip: str


_LOOKS = {
    MessageAction.CONTINUE: _Look(Icon.CONTINUE, QT_TRANSLATE_NOOP("MessageActions", "The model writes on where this "
                                                                                     "reply stopped at the length "
                                                                                     "limit, into the same reply")),
    MessageAction.COPY: _Look(Icon.COPY, QT_TRANSLATE_NOOP("MessageActions", "Copy this message's text (Markdown) to "
                                                                             "the clipboard")),
    MessageAction.EDIT: _Look(Icon.EDIT, QT_TRANSLATE_NOOP("MessageActions", "Change this message's text and send it "
                                                                             "again as a new branch")),
    MessageAction.REGENERATE: _Look(Icon.REGENERATE, QT_TRANSLATE_NOOP("MessageActions", "Ask again with the same "
                                                                                         "context; this reply stays a "
                                                                                         "version")),
    MessageAction.PIN: _Look(Icon.PIN, QT_TRANSLATE_NOOP("MessageActions", "Keep this message word for word when the "
                                                                           "topic is compacted")),
    MessageAction.DELETE: _Look(Icon.DELETE, QT_TRANSLATE_NOOP("MessageActions", "Remove this message from the topic")),
    MessageAction.RECEIPT: _Look(Icon.ABOUT, QT_TRANSLATE_NOOP("MessageActions", "What this reply was sent with: the "
                                                                                 "context receipt")),
}
UNPIN_NAME = QT_TRANSLATE_NOOP("MessageActions", "Unpin message")
#: The Continue button's label beside its icon (walk53b #4: a word, not a bare icon).
CONTINUE_TEXT = QT_TRANSLATE_NOOP("MessageActions", "Continue")
#: The Copy button's name and tooltip while it shows the check (walk53 #6).
COPIED = QT_TRANSLATE_NOOP("MessageActions", "Copied")
#: How long a "Copied" confirmation shows, ms (walk36 #3, walk53 #6: as Claude's and Cherry's).
COPIED_MS = 1500
UNPIN_TIP = QT_TRANSLATE_NOOP("MessageActions", "Unpin: compaction may summarise it again")


def can_copy(m: MessageView) -> bool:
    """``m`` has something to copy: text, or tool calls its row shows (walk53c #8: an
    imported tool-call reply with no text copied "" with no feedback)."""
    return bool(m.content.strip() or m.full_chars or m.tool_calls)


def copy_text(m: MessageView, whole: str) -> str:
    """What Copy puts on the clipboard for ``m`` whose whole text is ``whole``: that text;
    for a reply with none, the tool calls its row shows, one a line as ``name(arguments)``
    with the arguments whole (walk53c #8); "" when there is nothing."""
    if whole.strip():
        return whole
    return "\n".join(f"{split_tool_name(str(c.get('name', '')))[0]}({c.get('arguments', '')})" for c in m.tool_calls)


def message_actions(m: MessageView, *, collapsible: bool, last_reply: bool) -> tuple[MessageAction, ...]:
    """The actions message ``m`` offers, in bar order. ``collapsible``: a tool or
    thoughts row; ``last_reply``: ``m`` is the topic's newest message and not the
    user's; Regenerate for a finished, stopped or interrupted one (walk50 #9: what arrived
    stays a version; its Retry pill asks again in place), not a failed one (its Retry
    pill); Continue, first, for one cut at the length limit (walk53b #4). A streaming reply
    offers Copy only (issue 29; CMP-15, issue 14, issue 19); Copy only when there is
    something to copy (:func:`can_copy`, walk53c #8)."""
    copy = (MessageAction.COPY,) if can_copy(m) else ()
    if m.status == MessageStatus.STREAMING:
        return copy
    out = [MessageAction.CONTINUE] if last_reply and m.role == Role.ASSISTANT and m.continuable else []
    out.extend(copy)
    if m.role == Role.USER:
        out.append(MessageAction.EDIT)
    if last_reply and m.role != Role.USER and m.status != MessageStatus.ERROR:  # there the Retry pill (walk29 #6)
        out.append(MessageAction.REGENERATE)
    if m.role in (Role.USER, Role.ASSISTANT) and not m.tool_calls and not collapsible:
        out.append(MessageAction.PIN)
    out.append(MessageAction.DELETE)
    if m.role == Role.ASSISTANT and m.receipt is not None:
        out.append(MessageAction.RECEIPT)
    return tuple(out)


class MessageActionBar(QFrame):
    """The bar: one icon button per :class:`MessageAction`, those a message offers shown.

    ``triggered(action, message_id)`` when a button is clicked."""

    triggered = Signal(MessageAction, int)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("messageActionBar")
        self.texts = Texts(self)  # re-said on a language switch (issue 27)
        self.texts.bind(self.setAccessibleName, lambda: translate("MessageActions", "Message actions"))
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(Space.XXS, 0, Space.XXS, 0)
        lay.setSpacing(0)
        self.buttons: dict[MessageAction, QToolButton] = {}
        for action, look in _LOOKS.items():
            b = QToolButton(self)
            b.setIcon(icon(look.icon))
            # sized by its content: the sheet's bar rule gives it one box in every state
            # (hover, checked, the focus ring), so its hint never outgrows it (issue 29:
            # a fixed 24 px side cut the 27 px Qt asked for)
            b.setIconSize(QSize(IconSize.SM, IconSize.SM))
            b.setAutoRaise(True)
            self.texts.bind(b.setToolTip, functools.partial(translate, "MessageActions", look.tip))
            self.texts.bind(b.setAccessibleName, functools.partial(translate, "MessageActions", action.value))
            self.texts.bind(b.setAccessibleDescription, functools.partial(translate, "MessageActions", look.tip))
            b.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            if action is MessageAction.CONTINUE:  # icon and word (walk53b #4)
                b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
                self.texts.bind(b.setText, lambda: translate("MessageActions", CONTINUE_TEXT))
            b.clicked.connect(lambda _c=False, a=action: self._click(a))
            lay.addWidget(b)
            self.buttons[action] = b
        self._message_id: int | None = None
        self._copied = QTimer(self)  # the check on Copy, back to the copy icon when it fires
        self._copied.setSingleShot(True)
        self._copied.setInterval(COPIED_MS)
        self._copied.timeout.connect(self._uncopied)
        self.hide()

    @property
    def copied_shown(self) -> bool:
        """The Copy button shows its check and "Copied" now."""
        return self._copied.isActive()

    def confirm_copied(self) -> None:
        """Show that Copy worked: its icon turns into a check, its name and tooltip say
        "Copied", for :data:`COPIED_MS` (walk53 #6); a second copy starts the time again."""
        b = self.buttons[MessageAction.COPY]
        b.setIcon(icon(Icon.ACCEPT))
        self.texts.bind(b.setToolTip, lambda: translate("MessageActions", COPIED))
        self.texts.bind(b.setAccessibleName, lambda: translate("MessageActions", COPIED))
        if b.underMouse():
            QToolTip.showText(b.mapToGlobal(b.rect().bottomLeft()), b.toolTip(), b, b.rect(), COPIED_MS)
        self._copied.start()

    def _uncopied(self) -> None:
        """The Copy button as it was: the copy icon, its name and tooltip."""
        self._copied.stop()
        b = self.buttons[MessageAction.COPY]
        b.setIcon(icon(_LOOKS[MessageAction.COPY].icon))
        self.texts.bind(b.setToolTip, functools.partial(translate, "MessageActions", _LOOKS[MessageAction.COPY].tip))
        self.texts.bind(b.setAccessibleName, functools.partial(translate, "MessageActions", MessageAction.COPY.value))

    @property
    def message_id(self) -> int | None:
        """The message the bar is shown for (None when hidden)."""
        return self._message_id if self.isVisible() else None

    def show_for(self, m: MessageView, actions: tuple[MessageAction, ...], bubble: QRect, header: QRect) -> bool:
        """Show ``actions`` for ``m`` on its own header line (viewport coordinates: its
        ``bubble``, its ``header``'s drawn parts): the bar's bottom at the bubble's top, so
        it never covers a word (walk36); a reply's and a tool row's bar ends at the
        bubble's right edge, away from the header's text at the left; a user message's
        ends just before its "You · 12:34", which ends at its right-aligned bubble's edge
        (walk39 #3: it sat beside the bubble, ~150 px left of it). The bar is shown only
        when that place lies wholly inside the viewport: a long reply whose header is
        scrolled away gets no bar over its text (walk39 #3; the right-click menu offers the
        same actions). Returns whether the bar is shown."""
        if m.id != self._message_id and self._copied.isActive():  # another message: its own Copy
            self._uncopied()
        if not actions:  # a streaming reply with no text yet: nothing to offer
            self.dismiss()
            return False
        for action, b in self.buttons.items():
            b.setVisible(action in actions)
        pin = self.buttons[MessageAction.PIN]
        pinned = m.pinned
        self.texts.bind(pin.setToolTip, lambda: translate("MessageActions", UNPIN_TIP if pinned
                                                          else _LOOKS[MessageAction.PIN].tip))
        self.texts.bind(pin.setAccessibleName, lambda: translate("MessageActions", UNPIN_NAME if pinned
                                                                 else MessageAction.PIN.value))
        pin.setCheckable(True)
        pin.setChecked(m.pinned)
        self.adjustSize()
        parent = self.parentWidget()
        area = parent.rect() if parent is not None else QRect(0, 0, bubble.right() + 1, bubble.bottom() + 1)
        if m.role == Role.USER and not header.isEmpty():
            x = header.left() - Space.SM - self.width()
        else:
            x = min(bubble.right() + 1, area.right() - 1) - self.width()
        place = QRect(max(area.left() + Space.XXS, x), bubble.top() - self.height(), self.width(), self.height())
        if not area.contains(place):
            self.dismiss()
            return False
        self._message_id = m.id
        self.move(place.topLeft())
        self.show()
        self.raise_()
        return True

    def dismiss(self) -> None:
        """Hide the bar."""
        self._message_id = None
        self.hide()

    def _click(self, action: MessageAction) -> None:
        if self._message_id is not None:
            self.triggered.emit(action, self._message_id)
