"""The main window's sending: Send, Retry, Stop and the buttons that follow them (APP-1,
APP-8, issue 12).

A reply keeps streaming when the user switches topic (APP-8): the chat service owns the
send task; this controller only starts it, gives a refused draft back and keeps the
composer's Send/Stop state in step with the open topic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.core.overflow import is_length_stop
from chathub_desktop.gui.chat.composer import DraftState
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP
from chathub_desktop.gui.shell.open_topic_host import OpenTopicHost
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.gui.topics.topic_title import shown_title
from chathub_desktop.services.errors import ServiceError

#: The status line after Stop (issue 27: said in the interface language).
STOPPED_TEXT = QT_TRANSLATE_NOOP("SendController", "Stopped — the text so far is kept")
#: The status line after a Stop before the reply's first word (walk52b #5: "the text so far
#: is kept" was said over a reply that was just "…").
STOPPED_EMPTY_TEXT = QT_TRANSLATE_NOOP("SendController", "Stopped before the reply began — nothing was kept")
#: The status line of a Continue asked of a reply that no longer offers it (walk54 #1: a
#: platform warning box said the service's rule in lower case).
CONTINUE_GONE_TEXT = QT_TRANSLATE_NOOP("SendController", "This reply can no longer be continued: it has changed "
                                                         "since")

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtCore import QObject
    from PySide6.QtGui import QAction

    from chathub_desktop.gui.chat.attachments import AttachmentController
    from chathub_desktop.gui.chat.composer import Composer
    from chathub_desktop.gui.chat.message_list_model import MessageListModel
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.context.compaction_controller import CompactionController
    from chathub_desktop.gui.context.estimate_controller import EstimateController
    from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
    from chathub_desktop.gui.shell.notifications import Notifier
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.topics.topic_list_model import TopicListModel
    from chathub_desktop.services.chat.send_results import SendOutcome
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.events import MessageAdded, ReplyFinished


class SendHost(OpenTopicHost, Protocol):
    """What sending uses of the window (issue 29); the main window is one."""

    svc: Services
    runner: TaskRunner
    presenter: ErrorPresenter
    composer: Composer
    attachments: AttachmentController
    message_model: MessageListModel
    message_view: MessageListView
    topic_model: TopicListModel
    compaction: CompactionController
    estimate: EstimateController
    notifier: Notifier | None
    stop_action: QAction

    async def create_topic(self, *, private: bool = False) -> int | None:
        """Create a topic on a store worker and open it; its id (None: refused)."""
        ...


class SendController:
    """Send / Retry / Stop for ``window``'s open topic, and the reply events that change
    what the composer and the badge show. ``owner`` is the window's QObject: its end
    (``destroyed``) stops the controller."""

    def __init__(self, window: SendHost, owner: QObject) -> None:
        self._w = window
        # a send task's done callback or a queued sync can outlive the window (issue 28)
        self._gone = False
        owner.destroyed.connect(self._window_destroyed)

    def _window_destroyed(self) -> None:
        self._gone = True

    def send_message(self, text: str) -> asyncio.Task[Any] | None:
        """Send ``text`` into the open topic; returns the send task, or None when nothing
        was sent (empty text, a refusal shown in one line). With no topic open, a new
        topic is created on a store worker first and the task returned is that one's."""
        w = self._w
        if not text.strip() and not w.attachments.pending():
            return None
        topic_id = w.current_topic_id
        if topic_id is None:
            return w.runner.run("send-new-topic", self._send_into_new_topic(text), context="New topic")
        return self._send_into(topic_id, text)

    async def _send_into_new_topic(self, text: str) -> None:
        topic_id = await self._w.create_topic()
        if topic_id is not None:
            self._send_into(topic_id, text)

    def _send_into(self, topic_id: int, text: str) -> asyncio.Task[SendOutcome] | None:
        w = self._w
        try:
            task = w.svc.chat.start_send(topic_id, text, w.attachments.pending())
        except ServiceError as exc:
            w.presenter.present(exc, context="Cannot send")
            return None
        sent = w.attachments.take()
        state = w.composer.draft_state()
        kept = state if w.composer.text() == text else DraftState(text)  # long pastes stay chips
        w.composer.clear()
        if w.message_model.rowCount() == 0:
            w.message_view.set_sending_first(True)
        w.runner.track(task, context="Sending failed")
        task.add_done_callback(lambda t: self._on_send_done(topic_id, kept, t, sent))
        self.sync()
        w.message_view.scroll_to_end()
        return task

    def _on_send_done(self, topic_id: int, draft: DraftState, task: asyncio.Task[SendOutcome],
                      attachments: tuple[object, ...] = ()) -> None:
        if self._gone:
            return
        w = self._w
        self.sync()
        w.message_view.set_sending_first(False)
        if task.cancelled():
            return
        exc = task.exception()
        if isinstance(exc, ServiceError) and topic_id == w.current_topic_id and not w.composer.text():
            w.composer.set_text(draft)  # nothing was stored: give the draft back
            w.attachments.restore(attachments)  # type: ignore[arg-type]
        outcome = task.result() if exc is None else None
        notice = outcome.notice_why if outcome is not None and not is_length_stop(outcome.finish_reason) else None
        if notice is not None:  # a reply cut at max tokens has none: its footer says it by Continue (walk54 #2)
            line = said(notice)  # the service's sentence, in the interface language
            w.show_status(line[:1].upper() + line[1:], 15000, topic_id)

    def retry_reply(self, message_id: int) -> asyncio.Task[object] | None:
        """Retry in the open topic (the Retry pill of its last reply, issue 12)."""
        tid = self._w.current_topic_id
        return None if tid is None else self.retry_reply_in(tid, message_id)

    def retry_reply_in(self, topic_id: int, message_id: int) -> asyncio.Task[object] | None:
        """Ask again for reply ``message_id`` of ``topic_id`` (a stalled one is stopped
        first, its text so far replaced); a refusal is shown in one line (issue 12)."""
        w = self._w
        task = w.svc.chat.start_retry(topic_id, message_id)
        w.runner.track(task, context="Cannot retry")
        self.follow(task)
        self.sync()
        w.message_view.scroll_to_end()
        self.to_draft()
        return task

    def continue_reply(self, message_id: int) -> asyncio.Task[object] | None:
        """Continue reply ``message_id`` of the open topic, cut at the length limit
        (walk53b #4): more of it streams into the same row. The service checks the reply
        is still the text shown (its length). A refusal is said in one line of the chat's
        status line, never a box (walk54 #1): :data:`CONTINUE_GONE_TEXT` when the row no
        longer offers Continue (a menu or bar opened before it changed), else the service's
        reason."""
        # not at import: the bar's module reads the message documents (hashlib, Qt's namespace)
        # and the window imports this one before its first paint (test_startup)
        from chathub_desktop.gui.chat.message_action_bar import MessageAction

        w = self._w
        tid, row = w.current_topic_id, w.message_model.row_of(message_id)
        m = w.message_model.message_at(row) if row is not None else None
        if tid is None or m is None or row is None:
            return None
        if MessageAction.CONTINUE not in w.message_view.bar.row_actions(row):
            w.show_status(QCoreApplication.translate("SendController", CONTINUE_GONE_TEXT), 5000, tid)
            return None
        seen = m.full_chars if m.full_chars is not None else len(m.content)
        try:
            task = w.svc.chat.start_continue(tid, message_id, seen)
        except ServiceError as exc:
            w.presenter.present(exc, context="Cannot continue", quiet=True)
            return None
        w.runner.track(task, context="Cannot continue", quiet=True)
        self.follow(task)
        self.sync()
        w.message_view.scroll_to_end()
        self.to_draft()
        return task

    def to_draft(self) -> None:
        """The draft takes the keyboard (after a regenerate, resend or retry, as after a
        send: chatlook52, the list kept it and wore a focus frame)."""
        self._w.composer.draft.setFocus()  # no Qt namespace here: it loads before first paint

    def follow(self, task: asyncio.Task[Any]) -> None:
        """Re-check Send/Stop when ``task`` (a send, retry, regenerate or resend) ends: it
        ends after its last event, so a check at that event still sees it running."""
        task.add_done_callback(lambda _t: self.sync())

    def stop_topic(self, topic_id: int) -> None:
        """Stop the reply streaming into ``topic_id``; what arrived is kept."""
        said = self._stopped_text(topic_id)
        if self._w.svc.chat.stop(topic_id):
            self._w.show_status(said, 3000, topic_id)

    def stop_current(self) -> None:
        """Esc or Stop: stop the reply streaming into the open topic, else its compaction;
        the draft takes the keyboard back (walk52b #7: the hidden Stop button handed it
        to the sidebar toggle)."""
        w = self._w
        tid = w.current_topic_id
        if tid is None:
            return
        said = self._stopped_text(tid)
        if w.svc.chat.stop(tid):
            w.show_status(said, 3000, tid)
            self.to_draft()
        elif w.compaction.is_compacting(tid):
            w.compaction.stop()

    def _stopped_text(self, topic_id: int) -> str:
        """The line a Stop of ``topic_id``'s reply says: "nothing was kept" when the open
        topic's newest row is the question or a reply still without a word (walk52b #5)."""
        w = self._w
        model = w.message_model
        last = model.message_at(model.rowCount() - 1) if topic_id == w.current_topic_id else None
        empty = last is not None and (last.role == Role.USER or (
            last.role == Role.ASSISTANT and last.status == MessageStatus.STREAMING and not last.content.strip()))
        return QCoreApplication.translate("SendController", STOPPED_EMPTY_TEXT if empty else STOPPED_TEXT)

    def sync(self) -> None:
        """Send/Stop and the Stop action follow whether the open topic sends or compacts
        (nothing once the window is destroyed)."""
        if self._gone:
            return
        w = self._w
        tid = w.current_topic_id
        sending = tid is not None and w.svc.chat.is_sending(tid)
        w.composer.set_sending(sending)
        compacting = tid is not None and w.compaction.is_compacting(tid)
        w.stop_action.setEnabled(sending or compacting)

    def on_message_added(self, event: MessageAdded) -> None:
        """A message was stored: the open topic's buttons and badge follow. A reply may
        call the memory tool and a compaction may follow it, so the secret detector's
        rules (issue 19) start compiling now, not at start (issue 29: 44 MB at rest)."""
        from chathub_desktop.services.memory import secret_scan

        secret_scan.warm_up()  # once per process; later calls return at once
        if event.topic_id == self._w.current_topic_id:
            self.sync()
            self._w.estimate.schedule(invalidate=True)

    def on_reply_finished(self, event: ReplyFinished) -> None:
        """A reply ended: notify (when the window is not in view), re-check the buttons
        and recount the badge. A failure of the open topic's reply shows once, in its
        bubble with Retry (walk37 #10: it was repeated in the status bar)."""
        topic_id, status = event.topic_id, event.status
        error = said(event.why) if event.why is not None else event.error or ""  # issue 27
        w = self._w
        row = w.topic_model.row_of(topic_id)
        topic = w.topic_model.topic_at(row) if row is not None else None
        if w.notifier is not None:
            w.notifier.on_reply_finished(shown_title(topic) if topic else "", status, error)
        self.sync()  # this process's tasks re-check once more when they end (follow())
        if topic_id == w.current_topic_id:
            w.estimate.schedule(invalidate=True)
