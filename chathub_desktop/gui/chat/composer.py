"""The input area: draft box, token badge, Send and Stop (TOK-1, TOK-2, APP-1; issue 29).

It holds no rules: it emits ``send_requested(text)`` / ``stop_requested()`` and
``draft_settled(text)`` about 300 ms after the user stops typing (TOK-2: the window then
asks the estimate service to recount the draft only). The window tells it whether the
current topic is sending (:meth:`Composer.set_sending`). A Send it cannot pass on emits
``refused(reason)`` instead: a press of Send is never a silent no-op (issue 28).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication, QEvent, QMimeData, QSize, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QFontMetricsF,
    QInputMethodEvent,
    QKeyEvent,
    QKeySequence,
    QShowEvent,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpacerItem,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.pasted_text import is_long_paste, joined
from chathub_desktop.gui.chat.composer_fit import PrivateToggle, RowFit, Squeezable, WordedButton
from chathub_desktop.gui.chat.pasted_chips import PastedRow
from chathub_desktop.gui.chat.send_keys import SendKey
from chathub_desktop.gui.context.over_budget_row import OverBudgetRow
from chathub_desktop.gui.context.token_badge import TokenBadge
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.icons import Icon, IconTint, icon
from chathub_desktop.gui.design.tokens import IconSize, Space, Width
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill

#: Attach files… (the composer's paper clip, the Topic menu's action).
ATTACH_SHORTCUT = "Ctrl+U"
#: The paper clip's name and tooltip (said from the first paint, issue 29; the
#: attachments take the button once every service is attached).
ATTACH_NAME = QT_TRANSLATE_NOOP("Attachments", "Attach files")
ATTACH_TIP = QT_TRANSLATE_NOOP("Attachments", "Attach images or text files (%1); you can also paste or drop them")
#: The paper clip's word beside it while the row has room (walk53c #7).
ATTACH_WORD = QT_TRANSLATE_NOOP("Attachments", "Attach")
#: The private toggle's name; what private means, in one line (tooltips and the status
#: bar); its tooltip while the open topic is private, and while it is not (issue 19).
PRIVATE_NAME = QT_TRANSLATE_NOOP("TopicPrivacy", "Private topic")
#: The private toggle's word while the topic is private (a chip beside its icon, walk52b).
PRIVATE_CHIP = QT_TRANSLATE_NOOP("TopicPrivacy", "Private")
#: The private toggle's word while the topic is not private: an offer, never a state (walk53c #7).
PRIVATE_OFFER = QT_TRANSLATE_NOOP("TopicPrivacy", "Go private")
PRIVATE_TIP = QT_TRANSLATE_NOOP("TopicPrivacy", "Private: no memory is sent or offered here, and the memory dream "
                                                "never reads this topic")
PRIVATE_ON_TIP = QT_TRANSLATE_NOOP("TopicPrivacy", "Private topic: on. No memory is sent or offered here, and the "
                                                   "memory dream never reads it")
PRIVATE_OFF_TIP = QT_TRANSLATE_NOOP("TopicPrivacy", "Private topic: off. Turn on to send no memory here and keep the "
                                                    "memory dream out")

#: Pause after the last keystroke before the draft is recounted, ms (TOK-2).
DEBOUNCE_MS = 300
#: Draft box height, in lines of text: at least, and at most before it scrolls.
MIN_LINES, MAX_LINES = 2, 8
#: Why a Send did nothing (issue 28: said, never a silent no-op): an empty draft, and a
#: reply still being written in the open topic (Enter while Stop shows).
EMPTY_DRAFT_TEXT = QT_TRANSLATE_NOOP("Composer", "Nothing to send: type a message first")
STILL_SENDING_TEXT = QT_TRANSLATE_NOOP("Composer", "A reply is still being written in this topic: wait for it "
                                                   "or press Stop (Esc)")


def placeholder(key: SendKey) -> str:
    """The draft's placeholder for ``key``, in the interface language."""
    return fill(QCoreApplication.translate("Composer", "Message — %1 to send, %2 for a new line"),
                key.label, key.newline_label)


@dataclass(frozen=True)
class DraftState:
    """An unsent draft: the box's ``text`` and the long ``pasted`` texts beside it."""

    text: str
    pasted: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.text or self.pasted)


class DraftEdit(QPlainTextEdit):
    """The draft box: Return/Enter sends per :class:`SendKey` (``send_pressed``); with
    Shift (or without Ctrl in Ctrl+Enter mode) it makes a new line. While an input method
    composes (CJK pre-edit text), Enter belongs to the input method and never sends."""

    send_pressed = Signal()
    #: A paste or drop of text longer than ``PASTE_CHIP_CHARS``: the text, not inserted.
    long_paste = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.send_key = SendKey.ENTER
        self._composing = False

    def insertFromMimeData(self, source: QMimeData) -> None:  # noqa: N802 - Qt override
        """Paste and drop: a long text becomes a chip (``long_paste``), never editor
        text (walk37 #3: 2 MB took 4.7 s to lay out); the rest as usual."""
        if source.hasText():
            text = source.text()
            if is_long_paste(text):
                self.long_paste.emit(text)
                return
        super().insertFromMimeData(source)

    def inputMethodEvent(self, event: QInputMethodEvent) -> None:  # noqa: N802 - Qt override
        """Track whether pre-edit (composition) text is showing."""
        self._composing = bool(event.preeditString())
        super().inputMethodEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Enter sends (or not) per :attr:`send_key`; everything else edits."""
        if event.key() in (QtCore.Qt.Key.Key_Return, QtCore.Qt.Key.Key_Enter):
            mods = event.modifiers()
            event.accept()
            if self._composing:  # the input method's Enter (it commits the composition)
                return
            if self.send_key.sends(ctrl=bool(mods & QtCore.Qt.KeyboardModifier.ControlModifier),
                                   shift=bool(mods & QtCore.Qt.KeyboardModifier.ShiftModifier),
                                   composing=False):
                self.send_pressed.emit()
            else:
                self.insertPlainText("\n")
            return
        super().keyPressEvent(event)


class Composer(QFrame):
    """Draft box + badge + buttons in one rounded card (a frame, so the stylesheet paints
    its background). Enter (or Ctrl+Enter, per
    :meth:`set_send_key`) sends; Esc stops."""

    send_requested = Signal(str)
    #: A Send (button, Enter, Ctrl+Enter) that sent nothing: why, in the interface language.
    refused = Signal(str)
    stop_requested = Signal()
    draft_settled = Signal(str)
    #: :meth:`set_text` replaced the draft (opening a topic, a send emptying it; walk45 #1).
    replaced = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("composer")
        outer = self._outer = QVBoxLayout(self)
        outer.setContentsMargins(Space.XL, Space.SM, Space.XL, Space.LG)
        self.card = QFrame()
        self.card.setObjectName("composerCard")
        layout = self.card_layout = QVBoxLayout(self.card)
        layout.setContentsMargins(Space.LG, Space.MD, Space.MD, Space.SM)
        layout.setSpacing(Space.XS)
        # on a wide window the card lines up with the centred reading column, as in the
        # Claude app and LobeHub (issue 29: it spanned the chat, the messages did not)
        self.card.setMaximumWidth(Width.READING)
        centred = self._centred = QHBoxLayout()
        self._gaps = (QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum),
                      QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum))
        centred.addItem(self._gaps[0])
        centred.addWidget(self.card, 1000)  # all the room up to its maximum, the rest either side
        centred.addItem(self._gaps[1])
        centred.setStretch(0, 1)
        centred.setStretch(2, 1)
        self._column: tuple[tuple[int, int] | None, int] | None = None  # set_column's, and this width
        outer.addLayout(centred)
        self.draft = DraftEdit()
        self.draft.setObjectName("draft")
        self.draft.setTabChangesFocus(True)
        self.draft.setFrameShape(QFrame.Shape.NoFrame)
        self.draft.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.draft.send_pressed.connect(self._send)
        #: Long pastes, as chips above the draft (walk37 #3); they are part of :meth:`text`.
        self.pasted = PastedRow()
        self.pasted.changed.connect(self._pasted_changed)
        self.draft.long_paste.connect(self.pasted.add)
        layout.addWidget(self.pasted)
        layout.addWidget(self.draft)
        #: "This message alone is longer than the model's context window (…)" while the
        #: draft can never be sent (walk37 #3); Send then explains instead of sending.
        self.too_long = QLabel(self)
        self.too_long.setObjectName("draftTooLong")
        self.too_long.setWordWrap(True)
        self.too_long.hide()  # its tone is set when first shown: a polish before the first paint costs ~20 ms
        self._too_long_current = False  # the line was counted on the draft as it is now
        layout.addWidget(self.too_long)
        #: What a red badge means and what Send will do, with Compact now (walk53 #3).
        self.over_budget = OverBudgetRow(self)
        layout.addWidget(self.over_budget)
        #: The toolbar under the draft: tools on the left (attach, the badge, the topic's
        #: model), Stop / Send on the right.
        row = self.tool_row = QHBoxLayout()
        row.setSpacing(Space.SM)
        # Attach and Private are here, disabled, from the start (issue 29): their owners
        # (the attachments, the topic's privacy) take them once every service is
        # attached, and the row keeps its height, so the rows above do not shift
        self.attach_button = WordedButton()
        self.attach_button.setObjectName("attachButton")
        self.attach_button.setIcon(icon(Icon.ATTACH))
        self.attach_button.setAutoRaise(True)
        self.private_button = PrivateToggle()
        self.private_button.setObjectName("privateToggle")
        self.private_button.setIcon(icon(Icon.PRIVATE))
        self.private_button.setAutoRaise(True)
        self.private_button.setIconSize(QSize(IconSize.MD, IconSize.MD))
        for b in (self.attach_button, self.private_button):
            b.setEnabled(False)
            row.addWidget(b)
        self.badge = TokenBadge()
        row.addWidget(self.badge)
        self.over_budget.compact_requested.connect(self.badge.compact_now)
        self.badge.compacting_changed.connect(self.over_budget.set_compacting)
        #: Where the window's topic model picker goes (issue 14), beside the badge
        #: (:meth:`set_model_chip`).
        self.model_slot = QHBoxLayout()
        self.model_slot.setContentsMargins(0, 0, 0, 0)
        row.addLayout(self.model_slot)
        row.addStretch(1)
        self.stop_button = QPushButton()
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setIcon(icon(Icon.STOP, IconTint.ON_ACCENT))
        self.send_button = QPushButton()
        self.send_button.setObjectName("sendButton")
        self.send_button.setIcon(icon(Icon.SEND, IconTint.ON_ACCENT))
        self.send_button.setDefault(False)
        row.addWidget(self.stop_button)
        row.addWidget(self.send_button)
        layout.addLayout(row)
        #: The row's words fold as it narrows: the model chip's suffix first (:meth:`set_model_chip`),
        #: "Attach", the private toggle's offer, the ring's word, and a private topic's chip last (:meth:`_order_folds`);
        #: they may shrink to their folded width (a tool button is Fixed at its words').
        self.row_fit = RowFit(self.card, row, [self.attach_button, self.private_button, self.badge])
        for tool in (self.attach_button, self.badge, self.private_button):
            tool.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.private_button.toggled.connect(self._order_folds)
        self.send_action = QAction(self)
        self.send_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.send_action.triggered.connect(self._send)
        self.addAction(self.send_action)
        self.send_button.clicked.connect(self._send)
        self.stop_button.clicked.connect(self.stop_requested)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(lambda: self.draft_settled.emit(self.text()))
        self.draft.textChanged.connect(self._timer.start)
        self.draft.textChanged.connect(self._fit_height)
        self.draft.textChanged.connect(self._draft_changed)
        self._sending = False
        self._extra: Callable[[], bool] = lambda: False  # set_extra: attachments (issue 14)
        self._can_send = True
        self._why_not = ""
        self._too_long_line: str | None = None  # Send is disabled while the draft alone cannot fit (walk42 #8)
        self.set_send_key(SendKey.ENTER)
        self.set_sending(False)
        self._fit_height()

    def set_model_chip(self, chip: QWidget, fold: Squeezable) -> None:
        """Put the topic's model picker ``chip`` beside the badge; its words (``fold``,
        the chip itself: "(assistant default)" and the name past 18 characters) fold
        first — its suffix is the row's least needed word, so "Attach" stays while it fits
        (bits54: at 800×560 with the topic list every word folded for it) — and are cut
        shorter still when the row is narrower than every fold."""
        self.model_slot.addWidget(chip)
        self.row_fit.insert(0, fold, squeezed=fold)

    def _order_folds(self, private: bool) -> None:
        """The private toggle's word folds right after "Attach" while it is an offer, and
        last while it says the topic is private (a state worth its room)."""
        fit = self.row_fit
        fit.move(self.private_button, fit.count() - 1 if private else fit.index(self.attach_button) + 1)

    def wire(self) -> None:
        """Limit Ctrl+Enter to this area. Called by the window when it starts taking
        input, after first paint (PySide6's ``Qt`` namespace takes ~20 ms to build)."""
        self.send_action.setShortcutContext(QtCore.Qt.ShortcutContext.WidgetWithChildrenShortcut)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        """Fit the draft's height again now the stylesheet's padding is known (issue 29: it
        was fitted unpolished, and the first text set shrank the composer by 2 px under
        the rows shown before)."""
        self._fit_height()
        super().showEvent(event)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Re-set the texts when the interface language changes (issue 27)."""
        if event.type() == QEvent.Type.LanguageChange:
            self.set_send_key(self.draft.send_key)
        super().changeEvent(event)

    def set_send_key(self, key: SendKey) -> None:
        """Which key sends (issue 29); the placeholder and tooltips say so, in the
        interface language (called again on each language change)."""
        translate = QCoreApplication.translate
        self.draft.send_key = key
        self.draft.setPlaceholderText(placeholder(key))
        self.draft.setAccessibleName(translate("Composer", "Message draft"))
        self.draft.setToolTip(fill(translate("Composer", "Your message. Markdown is fine. %1 sends, %2 makes a new "
                                                         "line, Esc stops a reply."), key.label, key.newline_label))
        self.stop_button.setText(translate("Composer", "Stop"))
        self.stop_button.setToolTip(translate("Composer", "Stop the reply being written in this topic (Esc); "
                                                   "what arrived is kept"))
        self.stop_button.setAccessibleName(translate("Composer", "Stop the reply"))
        self.send_button.setText(translate("Composer", "Send"))
        self.send_button.setAccessibleName(translate("Composer", "Send the message"))
        self.send_action.setText(translate("Composer", "Send"))
        # named from the first paint, while they wait disabled (issue 29); their owners
        # keep the texts once attached (the private toggle's tooltip follows the topic)
        self.attach_button.setAccessibleName(translate("Attachments", ATTACH_NAME))
        self.attach_button.setToolTip(fill(translate("Attachments", ATTACH_TIP), ATTACH_SHORTCUT))
        self.attach_button.set_word(translate("Attachments", ATTACH_WORD))
        self.private_button.setAccessibleName(translate("TopicPrivacy", PRIVATE_NAME))
        self.private_button.set_offer(translate("TopicPrivacy", PRIVATE_OFFER))
        if self.private_button.defaultAction() is None:
            self.private_button.setToolTip(translate("TopicPrivacy", PRIVATE_TIP))
        self._sync_send_tip()

    def _sync_send_tip(self) -> None:
        tip = fill(QCoreApplication.translate("Composer", "Send the message (%1)"), self.draft.send_key.label)
        if not self._can_send:
            tip = QCoreApplication.translate("Composer", self._why_not)
        elif self._too_long_line is not None:
            tip = self._too_long_line
        self.send_button.setToolTip(tip)

    def _fit_height(self) -> None:
        """Grow with the text from :data:`MIN_LINES` to :data:`MAX_LINES` lines."""
        # the reading size is a fractional pt size (type53): the text edit lays each line out
        # whole px high, rounded up; the rounded-down integer spacing left a scroll bar at two lines
        line = math.ceil(QFontMetricsF(self.draft.font()).lineSpacing())
        lines = max(MIN_LINES, min(MAX_LINES, round(self.draft.document().size().height())))
        # the document's margins, plus whatever the frame and the stylesheet's padding take
        # from the viewport (frameWidth() alone left a scroll bar at two lines, walk2)
        chrome = self.draft.height() - self.draft.viewport().height()
        margins = int(self.draft.document().documentMargin() * 2) + max(chrome, self.draft.frameWidth() * 2)
        # + 1: QPlainTextEdit shows its scroll bar unless the viewport is taller than the text
        self.draft.setFixedHeight(lines * line + margins + 1)

    def set_column(self, column: tuple[int, int] | None) -> None:
        """Lay the card over ``column`` (``(left, width)`` px in this widget: the message
        list's reading column, walk45 #10), or centred in its own margins (None). The
        gaps either side are preferred sizes, never minimums: the window can still shrink."""
        if column is not None:
            left, width = column
            column = (max(0, left), max(0, width))
        if (column, self.width()) == self._column:
            return
        self._column = (column, self.width())
        if column is None:
            policy, sizes, stretch, most, side = QSizePolicy.Policy.Expanding, (0, 0), 1, int(Width.READING), int(Space.XL)
        else:
            left, width = column
            policy, sizes, stretch, most, side = (QSizePolicy.Policy.Preferred,
                                                   (left, max(0, self.width() - left - width)), 0, width, 0)
        for gap, size in zip(self._gaps, sizes, strict=True):
            gap.changeSize(size, 0, policy, QSizePolicy.Policy.Minimum)
        self._centred.setStretch(0, stretch)
        self._centred.setStretch(2, stretch)
        self.card.setMaximumWidth(most)
        self._outer.setContentsMargins(side, Space.SM, side, Space.LG)
        self._centred.invalidate()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Wide, and as tall as its card."""
        return QSize(400, super().sizeHint().height())

    def text(self) -> str:
        """The message as it will be sent: the draft's text, then each long paste
        (``core.pasted_text.joined``)."""
        return joined(self.draft.toPlainText(), self.pasted.texts())

    def draft_state(self) -> DraftState:
        """The draft's text and its long pastes apart (a topic parks them)."""
        return DraftState(self.draft.toPlainText(), self.pasted.texts())

    def set_text(self, text: str | DraftState) -> None:
        """Replace the draft (no debounce for programmatic changes): a :class:`DraftState`
        as it was, or a text (a long one as a chip, never laid out in the box). The caret
        goes to the end, so typing continues a restored draft (walk49 #1, issue 29)."""
        state = text if isinstance(text, DraftState) else (
            DraftState("", (text,)) if is_long_paste(text) else DraftState(text, ()))
        self.draft.blockSignals(True)
        self.draft.setPlainText(state.text)
        self.draft.moveCursor(QTextCursor.MoveOperation.End)
        self.draft.blockSignals(False)
        self.pasted.blockSignals(True)
        self.pasted.set_texts(state.pasted)
        self.pasted.blockSignals(False)
        self._fit_height()
        self.replaced.emit()

    def clear(self) -> None:
        """Empty the draft and its pastes after a send."""
        self.set_text("")

    def _pasted_changed(self) -> None:
        self._too_long_current = False
        self._timer.start()  # the badge recounts the message after the pause (TOK-2)

    def set_sending(self, sending: bool) -> None:
        """The CURRENT topic is (not) sending: Send disabled / Stop enabled while it is."""
        self._sending = sending
        self.stop_button.setEnabled(sending)
        self.stop_button.setVisible(sending)
        enabled = self._can_send and not sending and self._too_long_line is None
        self.send_button.setEnabled(enabled)
        self.send_button.setVisible(not sending)
        self.send_action.setEnabled(enabled)

    def set_can_send(self, can: bool, why: str = "") -> None:
        """Enable sending at all (False with no assistant); ``why`` (marked in context
        ``Composer``, translated when shown and on each language change; required with
        False) goes in the tooltip and is said by a Send pressed meanwhile (``refused``)."""
        self._can_send = can
        self._why_not = why
        self._sync_send_tip()
        self.set_sending(self._sending)

    def set_too_long(self, line: str | None) -> None:
        """Show (or hide, ``None``) the one line saying the draft alone can never be sent
        to this model; it is the badge's estimate of the draft as it is now. While it
        shows, Send is disabled and its tooltip is that line (walk42 #8)."""
        if line is not None:
            set_tone(self.too_long, Tone.ERROR)
        self.too_long.setText(line or "")
        self.too_long.setVisible(line is not None)
        self._too_long_current = line is not None
        self._too_long_line = line
        self._sync_send_tip()
        self.set_sending(self._sending)

    def _draft_changed(self) -> None:
        self._too_long_current = False  # recounted after the pause; the send re-checks

    def set_extra(self, has_extra: Callable[[], bool]) -> None:
        """``has_extra()`` says whether something besides the text would be sent (the
        attachments controller's pending files, issue 14), so an image alone can be sent."""
        self._extra = has_extra

    def has_extra(self) -> bool:
        """True when something besides the text would be sent (see :meth:`set_extra`)."""
        return self._extra()

    def _send(self) -> None:
        text = self.text()
        why = self._refusal(text)
        if why is not None:  # said: a press of Send never does nothing unseen (issue 28)
            self.refused.emit(why)
            return
        if self._too_long_current:  # a doomed request: the line under the draft says why
            self.too_long.show()
            return
        self.send_requested.emit(text)

    def _refusal(self, text: str) -> str | None:
        """Why ``text`` cannot be sent now, in the interface language (None: it can)."""
        translate = QCoreApplication.translate
        if not self._can_send:  # Enter in the box: the disabled button's tooltip, said
            return translate("Composer", self._why_not)
        if self._sending:
            return translate("Composer", STILL_SENDING_TEXT)
        if not text.strip() and not self.has_extra():
            return translate("Composer", EMPTY_DRAFT_TEXT)
        return None
