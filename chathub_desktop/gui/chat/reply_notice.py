"""The bar above the composer that tells about a reply the provider keeps waiting for
(issue 12): "No data from api.example.com for 60 s" with **Stop** and **Retry**, or
"Rate limited …; trying again in 5 s" while a short ``Retry-After`` is waited out.

:class:`ReplyNoticeBar` is the widget; :class:`ReplyNotices` keeps one notice per topic
from the chat events (a reply in another topic can stall too, APP-8) and shows the open
topic's. Retry asks :meth:`ChatService.start_retry` (it stops the stalled stream and
requests the reply again into the same row); Stop is the window's own Stop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.gui.shell.service_reasons import said

if TYPE_CHECKING:  # the bar is built before the window is attached to its services
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.services.events import ReplyFinished, ReplyRetrying, ReplyStalled


def stall_text(host: str, seconds: float) -> str:
    """The one line for a silent provider: ``No data from HOST for 60 s — still waiting.``
    (in the interface language, issue 27)."""
    return fill(QCoreApplication.translate("ReplyNotice", "No data from %1 for %2 s — still waiting."), host,
                f"{seconds:.0f}")


def retrying_text(reason: str, wait_s: float) -> str:
    """The one line while a short ``Retry-After`` is waited out (``reason``: the
    provider's words, shown as they are)."""
    return fill(QCoreApplication.translate("ReplyNotice", "%1; trying again in %2 s…"), reason.rstrip("."),
                f"{wait_s:.0f}")


class ReplyNoticeBar(QFrame):
    """A one-line notice with Stop and Retry buttons (hidden while there is none).

    Signals: ``stop_clicked()``, ``retry_clicked()``."""

    stop_clicked = Signal()
    retry_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("replyNotice")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 4, 6, 4)
        self.label = QLabel()
        self.label.setObjectName("replyNoticeText")
        self.label.setWordWrap(True)
        layout.addWidget(self.label, 1)
        self.texts = t = Texts(self)  # re-said on a language switch (issue 27)
        self.stop_button = QPushButton()
        self.stop_button.setObjectName("replyNoticeStop")
        t.bind(self.stop_button.setText, lambda: QCoreApplication.translate("ReplyNotice", "Stop"))
        t.bind(self.stop_button.setToolTip, lambda: QCoreApplication.translate(
            "ReplyNotice", "Stop this reply (Esc); the text so far is kept"))
        self.stop_button.clicked.connect(self.stop_clicked)
        layout.addWidget(self.stop_button)
        self.retry_button = QPushButton()
        self.retry_button.setObjectName("replyNoticeRetry")
        t.bind(self.retry_button.setText, lambda: QCoreApplication.translate("ReplyNotice", "Retry"))
        t.bind(self.retry_button.setToolTip, lambda: QCoreApplication.translate(
            "ReplyNotice", "Stop waiting and ask the provider for this reply again"))
        self.retry_button.clicked.connect(self.retry_clicked)
        layout.addWidget(self.retry_button)
        self.hide()

    def show_notice(self, text: str, *, can_retry: bool) -> None:
        """Show ``text``; Retry only when ``can_retry``."""
        self.label.setText(text)
        self.retry_button.setVisible(can_retry)
        self.show()

    def clear(self) -> None:
        """Hide the bar."""
        self.label.clear()
        self.hide()


class ReplyNotices(QObject):
    """Keeps each topic's notice from the chat events and shows the open topic's.

    - ``bar``: the :class:`ReplyNoticeBar`; ``events``: the window's :class:`ChatEvents`;
    - ``current_topic()``: the open topic id (or ``None``);
    - ``stop(topic_id)`` / ``retry(topic_id, message_id)``: what the buttons do.
    """

    def __init__(self, bar: ReplyNoticeBar, events: ChatEvents, current_topic: Callable[[], int | None],
                 stop: Callable[[int], object], retry: Callable[[int, int], object],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bar = bar
        self._current = current_topic
        self._notices: dict[int, tuple[int, str, bool]] = {}  # topic → (message, text, can retry)
        events.reply_stalled.connect(self._on_stalled)
        events.reply_retrying.connect(self._on_retrying)
        events.reply_finished.connect(self._on_finished)
        bar.stop_clicked.connect(lambda: self._act(stop_only=True))
        bar.retry_clicked.connect(lambda: self._act(stop_only=False))
        self._stop = stop
        self._retry = retry

    def notice(self, topic_id: int) -> str | None:
        """The notice text kept for ``topic_id``, if any."""
        entry = self._notices.get(topic_id)
        return entry[1] if entry else None

    def sync(self) -> None:
        """Show the open topic's notice (after a topic switch or a change)."""
        topic = self._current()
        entry = self._notices.get(topic) if topic is not None else None
        if entry is None:
            self._bar.clear()
        else:
            self._bar.show_notice(entry[1], can_retry=entry[2])

    def _on_stalled(self, event: ReplyStalled) -> None:
        if event.silent_s > 0:
            self._notices[event.topic_id] = (event.message_id, stall_text(event.host, event.silent_s), True)
        else:
            self._notices.pop(event.topic_id, None)
        self.sync()

    def _on_retrying(self, event: ReplyRetrying) -> None:
        reason = said(event.why) if event.why is not None else event.reason  # issue 27
        self._notices[event.topic_id] = (event.message_id, retrying_text(reason, event.wait_s), False)
        self.sync()

    def _on_finished(self, event: ReplyFinished) -> None:
        entry = self._notices.get(event.topic_id)
        if entry is not None and entry[0] == event.message_id:
            del self._notices[event.topic_id]
            self.sync()

    def _act(self, *, stop_only: bool) -> None:
        topic = self._current()
        if topic is None:
            return
        entry = self._notices.pop(topic, None)
        self.sync()
        if stop_only or entry is None:
            self._stop(topic)
        else:
            self._retry(topic, entry[0])
