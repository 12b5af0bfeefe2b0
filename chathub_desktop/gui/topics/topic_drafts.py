"""Each topic's unsent draft, kept across a restart (walk45 #1): the drafts of topics not
open are parked here; the open topic's lives in the composer. What changed is written
to the store (``topic_draft``, migration 0029) on a store worker, one write
:data:`SAVE_DELAY_MS` after the last change, and at quit before the store closes. The
box's text and its long pastes are kept; attached files are not (they stay while the
app runs, as the pending attachments always did).

A topic whose stored draft the user empties is noted (:attr:`TopicDrafts.emptied`): with
no message it then goes like an unused new topic (``TopicService.discard_if_empty``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from chathub_desktop.gui.chat.composer import DraftState

if TYPE_CHECKING:
    import asyncio

    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.topics.late_topics import LateTopics
    from chathub_desktop.services.topics.topic_service import StoredDraft

#: Pause after the last change before the drafts are written, ms (one write per pause).
SAVE_DELAY_MS = 1000

_NONE = DraftState("")


class TopicDrafts(QObject):
    """Drafts per topic id over ``topics`` (reads and writes on ``runner``'s store
    workers). :meth:`read` (on a worker) and :meth:`merge` one assistant's from the
    store; :meth:`park` and :meth:`take` as topics are left and opened; :meth:`note` each
    change of the open topic's draft; :meth:`flush_at_quit` before the store closes."""

    def __init__(self, topics: LateTopics, runner: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._topics = topics
        self._runner = runner
        self._parked: dict[int, DraftState] = {}  # drafts of topics not open
        self._stored: dict[int, DraftState] = {}  # what the store holds, as far as written or read
        self._pending: dict[int, DraftState] = {}  # changes not written yet
        self._loaded: set[int] = set()  # assistants whose drafts were read
        self._saving: asyncio.Task[None] | None = None
        #: Topics whose stored draft was emptied in this run (an unused topic then goes).
        self.emptied: set[int] = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SAVE_DELAY_MS)
        self._timer.timeout.connect(self._flush)

    def has(self, topic_id: int) -> bool:
        """Whether ``topic_id`` (not open) holds a parked draft."""
        return topic_id in self._parked

    def read(self, assistant_id: int) -> list[StoredDraft] | None:
        """Store work (call it on a worker): ``assistant_id``'s stored drafts, or None when
        they were read before (this window is their only writer)."""
        return None if assistant_id in self._loaded else self._topics.get().drafts(assistant_id)

    def merge(self, assistant_id: int, rows: list[StoredDraft] | None) -> None:
        """Take ``rows`` (:meth:`read`'s, on the GUI thread); a draft changed here meanwhile
        is kept."""
        if rows is None or assistant_id in self._loaded:
            return
        self._loaded.add(assistant_id)
        for topic_id, text, pasted in rows:
            state = DraftState(text, pasted)
            self._stored.setdefault(topic_id, state)
            if topic_id not in self._pending:
                self._parked.setdefault(topic_id, state)

    def park(self, topic_id: int, state: DraftState) -> None:
        """``topic_id`` was left holding ``state`` (empty: none)."""
        if state:
            self._parked[topic_id] = state
        else:
            self._parked.pop(topic_id, None)
        self.note(topic_id, state)

    def take(self, topic_id: int) -> DraftState:
        """``topic_id`` opens: its draft, for the composer (empty: none)."""
        return self._parked.pop(topic_id, _NONE)

    def note(self, topic_id: int, state: DraftState) -> None:
        """``topic_id``'s draft is now ``state``: written after the pause when it differs
        from what the store holds."""
        if self._pending.get(topic_id, self._stored.get(topic_id, _NONE)) == state:
            return
        if not state and self._stored.get(topic_id):
            self.emptied.add(topic_id)
        elif state:
            self.emptied.discard(topic_id)
        self._pending[topic_id] = state
        self._timer.start()

    def forget(self, topic_id: int) -> None:
        """``topic_id`` was deleted: its draft went with it (the row cascades)."""
        self._parked.pop(topic_id, None)
        self._pending.pop(topic_id, None)
        self._stored.pop(topic_id, None)
        self.emptied.discard(topic_id)

    def _flush(self) -> None:
        if self._saving is not None and not self._saving.done():
            self._timer.start()  # one write at a time: again after the pause
            return
        if self._pending:
            self._saving = self._runner.run("save-drafts", self._save(), context="Drafts", quiet=True)

    async def _save(self) -> None:
        batch, self._pending = self._pending, {}
        try:
            await self._runner.run_in_thread(self._topics.get().save_drafts,
                                             [(t, s.text, s.pasted) for t, s in batch.items()])
        except BaseException:
            for topic_id, state in batch.items():  # not written: again with the next change or at quit
                self._pending.setdefault(topic_id, state)
            raise
        self._stored.update(batch)

    async def flush_at_quit(self, open_topic: int | None, state: DraftState) -> None:
        """Quit: note the open topic's ``state`` and write every change not written yet,
        on a store worker, before the store closes."""
        import asyncio

        if open_topic is not None:
            self.note(open_topic, state)
        self._timer.stop()
        if self._saving is not None and not self._saving.done():
            await asyncio.wait([self._saving])
        if self._pending:
            await self._save()
