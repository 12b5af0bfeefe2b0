"""Delete topic with Undo (house rule: a destructive action shows what will change first
and can be undone).

Topic → Delete topic (Del) asks first, naming the topic and its message count. A
confirmed topic leaves the list at once, and the status bar offers Undo (also
Topic → Undo delete, Ctrl+Z outside a text box) for :data:`UNDO_MS`; only then is it
deleted from the store, on a worker thread. Quitting deletes what is still pending; a
process that dies before that leaves the topic in place (nothing is lost by a crash).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QPushButton

from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.gui.shell.open_topic_host import OpenTopicHost
from chathub_desktop.gui.topics.topic_title import shown_title

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtWidgets import QListView, QWidget

    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.topics.topic_list_model import TopicListModel
    from chathub_desktop.services.container import Services

#: How long a deleted topic can be brought back, milliseconds.
UNDO_MS = 10_000


@dataclass
class _Pending:
    topic_id: int
    title: str
    row: int
    timer: QTimer


class DeleteHost(OpenTopicHost, Protocol):
    """What topic deletes use of the window (issue 29); the main window is one."""

    svc: Services
    runner: TaskRunner
    topic_list: QListView
    topic_model: TopicListModel

    def forget_topic(self, topic_id: int, row: int) -> None:
        """``topic_id`` (listed on ``row``) left the list."""
        ...

    def list_topics(self, keep: int | None = None) -> asyncio.Task[None]:
        """Re-read the topic list on a worker, keeping ``keep`` selected when listed."""
        ...


class TopicDeletes:
    """Pending topic deletes of ``window``: :meth:`delete` (asks, hides, starts the
    undo period), :meth:`undo` (the newest pending one comes back), :meth:`flush`
    (quit: delete everything pending now). ``owner`` holds the Undo action (its
    shortcut) and the timers, and parents the question."""

    def __init__(self, window: DeleteHost, owner: QWidget) -> None:
        self._w = window
        self._owner = owner
        self._pending: list[_Pending] = []
        self.undo_action = QAction(owner)
        self.undo_action.setShortcuts([QKeySequence("Ctrl+Z")])
        self.texts = t = Texts(owner)  # issue 27: re-said on a language switch
        t.bind(self.undo_action.setText, lambda: QCoreApplication.translate("TopicDelete", "&Undo delete"))
        t.bind(self.undo_action.setToolTip, lambda: QCoreApplication.translate(
            "TopicDelete", "Bring back the topic you just deleted (Ctrl+Z)"))
        self.undo_action.setEnabled(False)
        self.undo_action.triggered.connect(lambda: self.undo())
        owner.addAction(self.undo_action)
        self.undo_button = QPushButton()
        t.bind(self.undo_button.setText, lambda: QCoreApplication.translate("TopicDelete", "Undo"))
        self.undo_button.setObjectName("undoDelete")
        t.bind(self.undo_button.setToolTip, self.undo_action.toolTip)
        self.undo_button.clicked.connect(lambda: self.undo())
        self.undo_button.hide()

    @property
    def pending(self) -> list[int]:
        """Ids of the topics deleted but still undoable, oldest first."""
        return [p.topic_id for p in self._pending]

    def delete(self) -> bool:
        """Delete the selected topic after confirmation: its reply is stopped, it leaves
        the list, and Undo is offered for :data:`UNDO_MS`. Returns whether it was deleted."""
        w = self._w
        idx = w.topic_list.currentIndex()
        t = w.topic_model.topic_at(idx.row()) if idx.isValid() else None
        if t is None:
            return False
        seconds = UNDO_MS // 1000
        translate = QCoreApplication.translate
        title, n = shown_title(t), t.message_count  # plain names: lupdate reads n as the plural's
        question = fill(translate("TopicDelete", "Delete “%1” and its %Ln message(s)? You can undo this for %2 seconds.",
                                  None, n), title, str(seconds))
        if not confirm.ask(self._owner, translate("TopicDelete", "Delete topic"), question):  # its "Delete" is said
            return False
        w.svc.chat.stop(t.id)
        timer = QTimer(self._owner)
        timer.setSingleShot(True)
        timer.timeout.connect(lambda tid=t.id: self._commit(tid))
        self._pending.append(_Pending(t.id, title, idx.row(), timer))
        w.topic_model.hidden.add(t.id)
        w.topic_model.remove(t.id)
        w.forget_topic(t.id, idx.row())
        timer.start(UNDO_MS)
        self.sync()
        w.show_status(fill(translate("TopicDelete", "Deleted “%1” — Undo (Ctrl+Z) within %2 s"), title, str(seconds)),
                      UNDO_MS)
        return True

    def undo(self) -> int | None:
        """Bring back the newest pending topic (listed and opened again); returns its id,
        or None when nothing is pending."""
        if not self._pending:
            return None
        p = self._pending.pop()
        p.timer.stop()
        w = self._w
        w.topic_model.hidden.discard(p.topic_id)
        w.list_topics(keep=p.topic_id)
        self.sync()
        w.show_status(fill(QCoreApplication.translate("TopicDelete", "“%1” is back"), p.title), 4000)
        return p.topic_id

    def _commit(self, topic_id: int) -> asyncio.Task[object] | None:
        p = next((p for p in self._pending if p.topic_id == topic_id), None)
        if p is None:
            return None
        self._pending.remove(p)
        self.sync()
        return self._w.runner.run(f"delete-topic:{topic_id}", self._delete(p), context="Delete topic")

    async def _delete(self, p: _Pending) -> None:
        w = self._w
        try:
            await w.runner.run_in_thread(w.svc.topics.delete, p.topic_id)
        except Exception:
            w.topic_model.hidden.discard(p.topic_id)  # not deleted: list it again
            w.list_topics(keep=w.current_topic_id)
            raise
        w.topic_model.hidden.discard(p.topic_id)

    async def flush(self) -> None:
        """Quit: delete every topic still pending now (each in the store's own write)."""
        w = self._w
        while self._pending:
            p = self._pending.pop()
            p.timer.stop()
            await w.runner.run_in_thread(w.svc.topics.delete, p.topic_id)
        self.sync()

    def sync(self) -> None:
        """Undo is offered only while a delete is pending."""
        has = bool(self._pending)
        self.undo_action.setEnabled(has)
        self.undo_button.setVisible(has)
