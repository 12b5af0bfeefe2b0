"""The main window's message edits (CMP-15): Edit message (in place, issue 29) and Delete
message from the message list's hover bar and context menu; the view, the summary
marker and the badge follow."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication

from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.shell.open_topic_host import OpenTopicHost
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.services.errors import ServiceError

translate = QCoreApplication.translate

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtWidgets import QWidget

    from chathub_desktop.gui.chat.message_inline_edit import InlineEditor
    from chathub_desktop.gui.chat.message_list_model import MessageListModel
    from chathub_desktop.gui.chat.reply_versions import ReplyVersionsController
    from chathub_desktop.gui.chat.send_controller import SendController
    from chathub_desktop.gui.context.compaction_controller import CompactionController
    from chathub_desktop.gui.context.estimate_controller import EstimateController
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.container import Services


class MessageHost(OpenTopicHost, Protocol):
    """What the message edits use of the window (issue 29); the main window is one."""

    svc: Services
    runner: TaskRunner
    message_model: MessageListModel
    compaction: CompactionController
    estimate: EstimateController
    sending: SendController
    versions: ReplyVersionsController
    dialogs: dict[str, QWidget]
    inline_editor: InlineEditor


class MessageActions:
    """Edit / delete a message of ``window``'s open topic; ``parent`` hosts its dialogs."""

    def __init__(self, window: MessageHost, parent: QWidget) -> None:
        self._w = window
        self._parent = parent

    def edit_message(self, message_id: int) -> InlineEditor | None:
        """Edit message (the hover bar's Edit, the menu's Edit message…): the user message
        becomes editable in the list (issue 29; the editor's Resend and Save only come
        back as :meth:`~.reply_versions.ReplyVersionsController.resend` and
        :meth:`save_text`). None when the message is not shown or editing is unavailable."""
        w = self._w
        if w.svc.messages is None:
            return None
        model = w.message_model
        row = model.row_of(message_id)
        m = model.message_at(row) if row is not None else None
        if m is None:
            return None
        cursor = model.summary_cursor
        crow = model.row_of(cursor) if cursor is not None else None
        covered = crow is not None and row is not None and row <= crow
        shown = m  # the row may hold only the start of a huge text: the editor gets all of it
        model.whole_text(m.id, lambda text: w.inline_editor.begin(replace(shown, content=text, full_chars=None),
                                                                  covered=covered))
        return w.inline_editor

    def save_text(self, message_id: int, text: str) -> asyncio.Task[None] | None:
        """The editor's Save only: store ``text`` as the message's text on a worker (CMP-15:
        a covered message clears the topic summary); a refusal is said in the editor.
        Returns the task, or None when editing is unavailable."""
        if self._w.svc.messages is None:
            return None
        return self._w.runner.run(f"edit-message:{message_id}", self._save(message_id, text), context="Edit message")

    async def _save(self, message_id: int, text: str) -> None:
        w = self._w
        assert w.svc.messages is not None
        cursor = w.message_model.summary_cursor
        try:
            await w.runner.run_in_thread(w.svc.messages.edit_message, message_id, text)
        except ServiceError as exc:
            w.inline_editor.refuse(said_error(exc))
            return
        w.inline_editor.saved(message_id)
        self._after_change(message_id, edited=True, cursor=cursor)

    def delete_message(self, message_id: int) -> asyncio.Task[object] | None:
        """Message → Delete message, after confirmation; the delete runs on a worker
        thread. Returns its task, or None when not confirmed or unavailable."""
        w = self._w
        if w.svc.messages is None:
            return None
        if not confirm.ask(self._parent, translate("MessageActions", "Delete message"),
                           translate("MessageActions", "Delete this message from the topic? This cannot be undone.")):
            return None
        return w.runner.run(f"delete-message:{message_id}", self._delete(message_id), context="Delete message")

    async def _delete(self, message_id: int) -> None:
        w = self._w
        assert w.svc.messages is not None
        cursor = w.message_model.summary_cursor
        await w.runner.run_in_thread(w.svc.messages.delete_message, message_id)
        self._after_change(message_id, edited=False, cursor=cursor)

    def interrupt_reply(self, message_id: int) -> asyncio.Task[object] | None:
        """Message → Mark as interrupted (issue 32): a reply another window or command
        claimed and no longer finishes is marked interrupted on a worker, after
        confirmation, so the topic takes messages again. A reply this window is writing
        is left to Stop. Returns the task, or None when not confirmed or not applicable."""
        w = self._w
        topic = w.current_topic_id
        if topic is None:
            return None
        if w.svc.chat.is_sending(topic):
            w.show_status(translate("MessageActions", "This window is writing this reply; press Stop to end it"), 6000)
            return None
        if not confirm.ask(self._parent, translate("MessageActions", "Mark as interrupted"),
                           translate("MessageActions", "Mark this reply as interrupted? Do this only when the window "
                                     "or command writing it is gone or no longer answers; what arrived is kept."),
                           action=translate("MessageActions", "Mark as interrupted")):
            return None
        return w.runner.run(f"interrupt-reply:{topic}", self._interrupt(topic, message_id),
                            context="Mark as interrupted")

    async def _interrupt(self, topic_id: int, message_id: int) -> None:
        w = self._w
        ids = await w.runner.run_in_thread(w.svc.topics.interrupt_streams, topic_id)
        for mid in ids:
            w.message_model.refresh_message(mid)
        w.show_status(translate("MessageActions", "Reply marked as interrupted; you can send or retry again"), 6000)
        w.sending.sync()

    def show_change(self, message_id: int, *, removed: bool) -> asyncio.Task[int | None] | None:
        """Show that message ``message_id`` of the open topic changed (``removed``: it is
        gone): its row, the summary marker and the badge follow. Returns the task that
        re-reads the summary cursor (its result: the new cursor)."""
        w = self._w
        if removed:
            w.message_model.remove_message(message_id)
        else:
            w.message_model.refresh_message(message_id)
        cursor_read = w.compaction.refresh_cursor()
        w.estimate.schedule(invalidate=True)
        return cursor_read

    def _after_change(self, message_id: int, *, edited: bool, cursor: int | None) -> None:
        w = self._w
        cursor_read = self.show_change(message_id, removed=not edited)
        if cursor is None or cursor_read is None:
            w.show_status(changed_text(edited=edited, cleared=False), 6000)
            return

        def say(task: asyncio.Task[int | None]) -> None:
            cleared = not task.cancelled() and task.exception() is None and task.result() is None
            w.show_status(changed_text(edited=edited, cleared=cleared), 6000)
        cursor_read.add_done_callback(say)


def changed_text(*, edited: bool, cleared: bool) -> str:
    """What the status line says after a message was edited or deleted, in the interface
    language (session 52 left it English); ``cleared``: the topic summary covered the
    message and was cleared (CMP-15)."""
    if cleared:
        return (translate("MessageActions", "Message edited — the topic summary covered it and was cleared; the "
                                            "next compaction rebuilds it") if edited else
                translate("MessageActions", "Message deleted — the topic summary covered it and was cleared; the "
                                            "next compaction rebuilds it"))
    return translate("MessageActions", "Message edited") if edited else translate("MessageActions", "Message deleted")
