"""The context receipt of a reply (issue 19): what its request carried, opened by the ⓘ
after the reply's header.

Shows the receipt stored on the reply (``MessageView.receipt``, built by
``core.context_receipt`` from the request that was posted): the local estimate next to
the provider's reported input and cache hit, tokens per part, the memory entries by
number and origin, the summary and its cursor, the history window and the tools, and
the earlier topics the reply's recall tools consulted, the first
:data:`MAX_OPEN_BUTTONS` with a button that opens one (issue 26). It reads nothing from the store: the row already holds it.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.context_receipt import (
    RECALLED_KEY,
    recalled_topics,
    receipt_lines,
    untitled_recalled,
)
from chathub_desktop.gui.chat.message_list_model import MessageListModel
from chathub_desktop.gui.chat.message_list_view import MessageListView
from chathub_desktop.gui.context.receipt_values import said_values
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.invisible_note import shown_line
from chathub_desktop.gui.topics.topic_title import untitled_title
from chathub_desktop.services.views import MessageView

__all__ = ["MAX_OPEN_BUTTONS", "ReceiptDialog", "install_receipts"]

#: Recalled topics that get an Open button (the first ones named; the line lists all),
#: so the dialog fits a 1366×768 screen however many a reply consulted.
MAX_OPEN_BUTTONS = 6
#: The receipt's line titles (``receipt_lines`` says them in English for the CLI), in the
#: interface language; the values (ids, counts, titles) are shown as the core says them.
KEYS = {
    "Input tokens": QT_TRANSLATE_NOOP("ReceiptDialog", "Input tokens"),
    "Parts": QT_TRANSLATE_NOOP("ReceiptDialog", "Parts"),
    "Memory": QT_TRANSLATE_NOOP("ReceiptDialog", "Memory"),
    "Summary": QT_TRANSLATE_NOOP("ReceiptDialog", "Summary"),
    "History": QT_TRANSLATE_NOOP("ReceiptDialog", "History"),
    "Pinned": QT_TRANSLATE_NOOP("ReceiptDialog", "Pinned"),
    "Continued": QT_TRANSLATE_NOOP("ReceiptDialog", "Continued"),
    RECALLED_KEY: QT_TRANSLATE_NOOP("ReceiptDialog", "Recalled topics"),
    "Tools": QT_TRANSLATE_NOOP("ReceiptDialog", "Tools"),
    "Sampling": QT_TRANSLATE_NOOP("ReceiptDialog", "Sampling"),
}
translate = QCoreApplication.translate


def _key_text(key: str) -> str:
    """A receipt line's name in the interface language, with its colon."""
    return fill(translate("ReceiptDialog", "%1:"), translate("ReceiptDialog", KEYS[key]) if key in KEYS else key)


def _value_text(receipt: dict[str, object], message: MessageView, key: str, english: str) -> str:
    """Line ``key``'s value in the interface language (:func:`said_values`), else the
    core's ``english``."""
    said = said_values(receipt, message.input_tokens, message.cached_tokens)
    return shown_line(said.get(key, english))


class ReceiptDialog(QDialog):
    """One reply's receipt as labelled lines, with Copy as JSON and Close. ``open_topic``
    opens a recalled topic in the window (the dialog then closes); without it the
    recalled topics are listed without buttons."""

    def __init__(self, message: MessageView, parent: QWidget | None = None,
                 open_topic: Callable[[int], None] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("receiptDialog")
        self.texts = t = Texts(self)  # re-said while open (issue 27)
        t.bind(self.setWindowTitle, lambda: translate("ReceiptDialog", "What this reply's request carried"))
        receipt = message.receipt or {}
        self._json = json.dumps({"message_id": message.id, "input_tokens": message.input_tokens,
                                 "cached_tokens": message.cached_tokens, "receipt": receipt},
                                ensure_ascii=False, indent=2)
        layout = QVBoxLayout(self)
        who = f"{message.id} · {shown_line(message.model)}" if message.model else str(message.id)
        intro = QLabel()
        t.bind(intro.setText, lambda: fill(translate("ReceiptDialog", "Reply %1 — what the model was given to write "
                                                                      "it: which parts and messages, and how many "
                                                                      "tokens each took. The texts stay in the topic."),
                                           who))
        intro.setTextFormat(Qt.TextFormat.PlainText)  # the model id comes from outside (issue 32)
        intro.setObjectName("receiptIntro")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.rows: dict[str, QLabel] = {}
        self.open_buttons: dict[int, QPushButton] = {}
        for line in receipt_lines(receipt, message.input_tokens, message.cached_tokens):
            key, _, value = line.partition(": ")
            label = QLabel()  # titles and ids come from outside (issue 32): plain text, one line each
            t.bind(label.setText, functools.partial(_value_text, receipt, message, key, value))
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            label.setObjectName(f"receipt{key.split()[0]}")
            name = QLabel()
            t.bind(name.setText, functools.partial(_key_text, key))
            form.addRow(name, label)
            self.rows[key] = label
            if key == RECALLED_KEY and open_topic is not None:  # buttons under the line
                untitled = untitled_recalled(receipt)
                for topic_id, title in recalled_topics(receipt)[:MAX_OPEN_BUTTONS]:
                    form.addRow("", self._open_button(open_topic, topic_id, None if topic_id in untitled else title))
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = QPushButton()
        t.bind(copy.setText, lambda: translate("ReceiptDialog", "Copy as JSON"))
        t.bind(copy.setToolTip, lambda: translate("ReceiptDialog", "Copy this receipt as JSON (the same as topic show "
                                                                   "--receipts --json)"))
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self._json))
        buttons.addButton(copy, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(560, self.sizeHint().height())

    def _open_button(self, open_topic: Callable[[int], None], topic_id: int, title: str | None) -> QPushButton:
        """A button that closes the dialog and opens the recalled ``topic_id`` (``title``
        None: nobody has titled it, said in the interface language)."""
        button = QPushButton()
        self.texts.bind(button.setText, lambda: fill(translate("ReceiptDialog", "Open “%1”"), untitled_title()
                                                     if title is None else shown_line(title)
                                                     or translate("ReceiptDialog", "untitled")))
        button.setObjectName("receiptOpenTopic")
        self.texts.bind(button.setToolTip, lambda: fill(translate("ReceiptDialog", "Open topic %1, which this reply "
                                                                                   "recalled"), str(topic_id)))
        button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        def go() -> None:
            self.accept()
            open_topic(topic_id)

        button.clicked.connect(go)
        self.open_buttons[topic_id] = button
        return button


def install_receipts(view: MessageListView, parent: QWidget,
                     open_topic: Callable[[int], None] | None = None) -> None:
    """Open a :class:`ReceiptDialog` over ``parent`` when a reply's ⓘ in ``view`` is
    clicked (``MessageListView.receipt_requested``); ``open_topic`` opens a topic the
    reply recalled."""

    def show(message_id: int) -> None:
        model = view.model()
        if not isinstance(model, MessageListModel):
            return
        row = model.row_of(message_id)
        message = model.message_at(row) if row is not None else None
        if message is None or message.receipt is None:
            return
        dialog = ReceiptDialog(message, parent, open_topic)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    view.receipt_requested.connect(show)
