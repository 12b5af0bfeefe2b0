"""Edit in place (issue 29): a user message becomes editable in the message list.

The hover bar's Edit (or the menu's Edit message…) lays an editor over the message's
bubble, holding its text. The send key resends the text as a new branch at that message
(Enter, or Ctrl+Enter when that is the send key; ``resend_requested``), Shift+Enter (or
Enter) makes a new line, Esc cancels. "Save only" changes the text without a new reply
(``save_requested``; CMP-15: a message the topic summary covers clears the summary, and a
note says so). The editor follows its row while the list scrolls and closes when the
row leaves the list (another topic, the message deleted).

The edited row grows to the editor's height (:meth:`MessageListView.reserve_row`), so
the messages after it move down rather than lie under it.

One editor per list, moved to the row it edits, as the hover bar; it writes nothing
itself: the window carries out the two requests (the resend through the versions
controller, the save on a worker) and calls :meth:`InlineEditor.refuse` with the
one-line reason when the store refuses the text.
"""

from __future__ import annotations

import math

from PySide6 import QtCore
from PySide6.QtCore import QEvent, QModelIndex, QObject, QRect, QTimer, Signal
from PySide6.QtGui import QFontMetricsF, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
)

from chathub_desktop.gui.chat.composer import DraftEdit
from chathub_desktop.gui.chat.message_list_model import MessageListModel
from chathub_desktop.gui.chat.message_list_view import MessageListView
from chathub_desktop.gui.chat.send_keys import SendKey
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.services.views import MessageView

__all__ = ["COVERED_NOTE", "EMPTY_REFUSAL", "InlineEditor", "hint_text"]

#: The note over an edit of a message the topic summary covers (CMP-15; issue 29, walk53b #2:
#: it led with the summary, not with what saving does).
COVERED_NOTE = QT_TRANSLATE_NOOP("InlineEditor", "Saving clears the topic summary, as it includes this message; the "
                                                "next compaction writes a new one from the messages.")
#: What an empty edit is refused with (translated where shown).
EMPTY_REFUSAL = QT_TRANSLATE_NOOP("InlineEditor", "The edited message is empty: type its text, or press Esc to keep "
                                                  "it as it is")
#: The editor's height in lines of text: at least, and at most before it scrolls.
MIN_LINES, MAX_LINES = 2, 10
#: The editor's width as a share of the list's width, at least (a short message's bubble is narrow).
MIN_WIDTH_SHARE = 0.6


def hint_text(key: SendKey) -> str:
    """The line under the editor, naming the keys (issue 29), short enough for one line
    at 800×560 (walk42 #7; Resend's tooltip says it starts a new branch); no-break
    spaces inside each phrase, so a narrower editor wraps it at a " · " (walk29 #5)."""
    translate = QtCore.QCoreApplication.translate
    phrases = (fill(translate("InlineEditor", "%1 resends"), key.label),
               fill(translate("InlineEditor", "%1 new line"), key.newline_label),
               translate("InlineEditor", "Esc cancels"))
    return " · ".join(p.replace(" ", "\u00a0") for p in phrases)  # it wraps between phrases only


class _EditBox(DraftEdit):
    """The text box: the send key resends (``send_pressed``), Esc cancels
    (``cancel_pressed``) even where the window binds Esc to Stop."""

    cancel_pressed = Signal()

    def event(self, e: QEvent) -> bool:
        """Claim Esc before the window's shortcuts see it."""
        if e.type() == QEvent.Type.ShortcutOverride and isinstance(e, QKeyEvent) \
                and e.key() == QtCore.Qt.Key.Key_Escape:
            e.accept()
            return True
        return super().event(e)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Esc cancels; the rest as in the composer."""
        if event.key() == QtCore.Qt.Key.Key_Escape:
            event.accept()
            self.cancel_pressed.emit()
            return
        super().keyPressEvent(event)


class InlineEditor(QFrame):
    """The editor over the rows of ``view`` (showing ``model``): a child of its viewport,
    hidden until :meth:`begin`.

    ``resend_requested(message_id, text)``: a new branch with ``text``;
    ``save_requested(message_id, text)``: the text changed, no new reply;
    ``closed()``: editing ended (resent, saved, cancelled or the row left the list)."""

    resend_requested = Signal(int, str)
    save_requested = Signal(int, str)
    closed = Signal()

    def __init__(self, view: MessageListView, model: MessageListModel) -> None:
        super().__init__(view.viewport())
        self.setObjectName("inlineEditor")
        self._view = view
        self._model = model
        self._message: MessageView | None = None
        #: (message id, px) the row is grown to under the editor, or None.
        self._reserved: tuple[int, int] | None = None
        self._lay = lay = QVBoxLayout(self)
        lay.setContentsMargins(Space.MD, Space.MD, Space.MD, Space.SM)
        lay.setSpacing(Space.XS)
        self.box = _EditBox(self)
        self.box.setObjectName("inlineEditBox")
        self.box.setTabChangesFocus(True)
        self.box.setFrameShape(QFrame.Shape.NoFrame)
        self.box.send_pressed.connect(self.resend)
        self.box.cancel_pressed.connect(self.cancel)
        self.box.textChanged.connect(self._fit)
        lay.addWidget(self.box)
        self.texts = t = Texts(self)  # re-said on a language switch (issue 27)
        t.bind(self.setAccessibleName, lambda: QtCore.QCoreApplication.translate("InlineEditor", "Edit message"))
        t.bind(self.box.setAccessibleName, lambda: QtCore.QCoreApplication.translate("InlineEditor", "Message text"))
        self.note = QLabel(self)
        t.bind(self.note.setText, lambda: QtCore.QCoreApplication.translate("InlineEditor", COVERED_NOTE))
        self.note.setWordWrap(True)
        set_tone(self.note, Tone.WARNING)
        lay.addWidget(self.note)
        self.error_label = QLabel(self)
        self.error_label.setWordWrap(True)
        set_tone(self.error_label, Tone.ERROR)
        lay.addWidget(self.error_label)
        self.hint = QLabel(self)
        self.hint.setWordWrap(True)
        set_tone(self.hint, Tone.MUTED)
        lay.addWidget(self.hint)
        row = QHBoxLayout()
        row.setSpacing(Space.SM)
        row.addStretch(1)
        translate = QtCore.QCoreApplication.translate
        self.cancel_button = QPushButton(self)
        t.bind(self.cancel_button.setText, lambda: translate("InlineEditor", "Cancel"))
        t.bind(self.cancel_button.setToolTip, lambda: translate("InlineEditor", "Keep the message as it is (Esc)"))
        self.cancel_button.clicked.connect(self.cancel)
        self.save_button = QPushButton(self)
        t.bind(self.save_button.setText, lambda: translate("InlineEditor", "Save only"))
        t.bind(self.save_button.setToolTip, lambda: translate("InlineEditor", "Change the text without asking for "
                                                                              "a new reply"))
        self.save_button.clicked.connect(self.save)
        self.resend_button = QPushButton(self)
        self.resend_button.setObjectName("resendButton")  # the accent button, as the composer's Send
        t.bind(self.resend_button.setText, lambda: translate("InlineEditor", "Resend"))
        t.bind(self.resend_button.setToolTip, lambda: translate(
            "InlineEditor", "Start a new branch here with this text and ask for a new reply; the current branch "
                            "stays reachable with the message's ‹ › arrows"))
        self.resend_button.clicked.connect(self.resend)
        for b in (self.cancel_button, self.save_button, self.resend_button):
            row.addWidget(b)
        lay.addLayout(row)
        lay.addStretch(1)  # as tall as a long bubble: the rest is blank under the buttons
        self.set_send_key(SendKey.ENTER)
        view.verticalScrollBar().valueChanged.connect(lambda _v: self._place())
        view.viewport().installEventFilter(self)  # a resized list re-lays the bubble out
        model.modelReset.connect(self._row_left)
        model.rowsRemoved.connect(lambda *_: self._row_left())
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Follow the bubble when the list's viewport is resized."""
        if event.type() == QEvent.Type.Resize and self.isVisible():
            QTimer.singleShot(0, self, self._fit)  # after the view has laid its rows out again
        return False

    @property
    def message_id(self) -> int | None:
        """The message being edited (None when the editor is closed)."""
        return self._message.id if self._message is not None and self.isVisible() else None

    def set_send_key(self, key: SendKey) -> None:
        """The key that resends (the window's send key, issue 29)."""
        self.box.send_key = key
        self.texts.bind(self.hint.setText, lambda: hint_text(key))

    def begin(self, message: MessageView, *, covered: bool = False) -> None:
        """Edit ``message`` (shown in the list) in place; ``covered``: the topic summary
        covers it (the note says what saving does)."""
        self._message = message
        self.note.setVisible(covered)
        self.error_label.hide()
        self.box.setPlainText(message.content)
        self.box.selectAll()
        self._view.editing_in_place(True)
        self.show()
        self._fit()  # the row grows to the editor first
        self._fit()  # again at the width the first placing gave it (its notes wrap at it)
        index = self._index()
        if index is not None:
            self._view.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
            self._place()
        self.raise_()
        self.box.setFocus()
        self._reveal_buttons()
        QTimer.singleShot(0, self, self._reveal_buttons)  # again once the grown row is laid out

    def text(self) -> str:
        """The edited text."""
        return self.box.toPlainText()

    def resend(self) -> bool:
        """Ask for a new branch with the edited text; False (said inline) when it is empty."""
        if self._message is None or not self._accepts():
            return False
        mid, text = self._message.id, self.text()
        self._close()
        self.resend_requested.emit(mid, text)
        return True

    def save(self) -> bool:
        """Ask to store the edited text, keeping the editor open until :meth:`saved` or
        :meth:`refuse`; False (said inline) when it is empty."""
        if self._message is None or not self._accepts():
            return False
        self.save_requested.emit(self._message.id, self.text())
        return True

    def saved(self, message_id: int) -> None:
        """The store took the text of ``message_id``: close the editor when it edits that."""
        if self.message_id == message_id:
            self._close()

    def refuse(self, reason: str) -> None:
        """The store refused the text: ``reason`` in one line; the editor stays open."""
        self.error_label.setText(reason)
        self.error_label.show()
        self._fit()
        self._reveal_buttons()

    def _reveal_buttons(self) -> None:
        """Scroll the list so the editor's buttons and its bottom border are inside the
        viewport (walk40 #4: at 800×560, Edit on a tall last message left them under the
        viewport's edge; walk42 #7: the border under the composer), the editor's top in
        view too, as :meth:`_fit` sizes the box so both fit)."""
        if not self.isVisible():
            return
        self._lay.activate()  # the buttons' place at the editor's size now
        height = self._view.viewport().height()
        buttons = self.y() + self.resend_button.geometry().bottom() + Space.SM - height
        border = min(self.y() + self.height() + Space.XS - height, self.y())  # the top stays in view
        overflow = max(buttons, border)
        if overflow > 0:
            bar = self._view.verticalScrollBar()
            bar.setValue(bar.value() + overflow)

    def cancel(self) -> None:
        """Leave the message as it is."""
        self._close()

    def _accepts(self) -> bool:
        if self.text().strip():
            return True
        self.refuse(QtCore.QCoreApplication.translate("InlineEditor", EMPTY_REFUSAL))
        return False

    def _close(self) -> None:
        was_open = self.isVisible()
        self._message = None
        self.hide()
        self._view.editing_in_place(False)
        if self._reserved is not None:  # the row takes its own height again
            self._reserved = None
            self._view.reserve_row(None)
        if was_open:
            self._view.setFocus()
            self.closed.emit()

    def _row_left(self) -> None:
        if not self.isVisible():
            return
        if self._index() is None:
            self._close()
        else:  # the rows were read again: the bubble may have moved
            QTimer.singleShot(0, self, self._place)

    def _index(self) -> QModelIndex | None:
        if self._message is None:
            return None
        row = self._model.row_of(self._message.id)
        return self._model.index(row) if row is not None else None

    def _fit(self) -> None:
        """Size the box to its text (MIN_LINES..MAX_LINES lines), then place the editor."""
        if not self.isVisible():
            return
        m = self.box.contentsMargins()
        doc_margin = int(self.box.document().documentMargin())
        frame = 2 * doc_margin + m.top() + m.bottom()
        spacing = math.ceil(QFontMetricsF(self.box.font()).lineSpacing())  # whole px a line, as laid out
        # the box, its notes and the buttons fit in the viewport: a low window gets fewer lines
        chrome = self._chrome_height()
        fits = (self._view.viewport().height() - chrome - frame - Space.SM) // max(1, spacing)
        lines = max(MIN_LINES, min(MAX_LINES, fits, int(self.box.document().size().height())))
        # + 1: a plain text edit shows its scroll bar unless the viewport is taller than the text
        self.box.setFixedHeight(lines * spacing + frame + 1)
        self._place()

    def _chrome_height(self) -> int:
        """Px of the editor besides its text box: margins, the shown notes wrapped at the
        editor's width, the buttons, and the spacing between them."""
        margins = self._lay.contentsMargins()
        width = max(1, self.width() - margins.left() - margins.right())
        labels = [lbl for lbl in (self.note, self.error_label, self.hint) if lbl.isVisibleTo(self)]
        heights = [lbl.heightForWidth(width) if lbl.heightForWidth(width) > 0 else lbl.sizeHint().height()
                   for lbl in labels]
        return (margins.top() + margins.bottom() + sum(heights) + self.resend_button.sizeHint().height()
                + self._lay.spacing() * (len(labels) + 1))

    def _place(self) -> None:
        """Over the message's bubble (right-aligned, at least :data:`MIN_WIDTH_SHARE` of
        the list wide); the row grows to the editor's height, so the messages after it
        move down instead of lying under it (issue 29)."""
        index = self._index()
        if index is None or not self.isVisible() or self._message is None:
            return
        vp = self._view.viewport().rect()
        bubble: QRect = self._view.delegate.bubble_rect(index)
        width = min(vp.width() - 2 * Space.MD, max(bubble.width(), int(vp.width() * MIN_WIDTH_SHARE)))
        height = self.heightForWidth(width)  # the wrapped lines at this width
        height = max(height if height > 0 else self.sizeHint().height(), bubble.height())
        self.setFixedSize(width, height)
        if self._reserved != (self._message.id, height):
            self._reserved = (self._message.id, height)
            self._view.reserve_row(self._message.id, height)
            bubble = self._view.delegate.bubble_rect(index)  # the rows were laid out again
        x = max(Space.MD, min(bubble.right() - width, vp.right() - width - Space.MD))
        self.move(x, bubble.top())
