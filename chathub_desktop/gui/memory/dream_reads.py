"""The dream panel's reads (issue 30; struct52: split from ``dream_panel``): the dream
settings, the cards, whether dreams are paused and how many proposals wait, read on a
worker, bursts coalesced by a :class:`~chathub_desktop.gui.memory.page_common.ListRefresh`,
one read at a time, never under an open card editor — a change heard meanwhile is read
and shown to that editor (walk57 #2); the Memory page may hand over the first read's data
(:meth:`DreamReads.load_from`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QAbstractItemView, QListView, QWidget

from chathub_desktop.gui.memory.card_delegate import MemoryCardDelegate
from chathub_desktop.gui.memory.card_markdown import card_shown
from chathub_desktop.gui.memory.dream_words import system_zone
from chathub_desktop.gui.memory.page_common import ListRefresh
from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.gui.shell.turn_clock import fresh_turn
from chathub_desktop.services.collector_pause import collector_paused
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.dream_days import ActiveDay
from chathub_desktop.services.dream.dream_service import CardsSnapshot, DreamSettingsView
from chathub_desktop.services.errors import NotFound, ServiceError
from chathub_desktop.services.events import MemoryChanged

__all__ = ["DreamData", "DreamReads", "DreamReadTarget"]

translate = QCoreApplication.translate

#: What the panel reads in one go: the dream settings, the cards, whether dreams are paused,
#: how many proposals wait for review (the Proposals tab's badge), the cards' faces and the
#: days with activity the day chooser offers from (stall54: read here, not on a worker of
#: their own while the new cards painted, each of the paint's calls into Python waiting
#: for the interpreter lock).
DreamData = tuple[DreamSettingsView, CardsSnapshot, bool, int, list[str], list[ActiveDay]]


class DreamReadTarget(Protocol):
    """The panel a read is shown on."""

    def show_error(self, message: str) -> None:
        """Show ``message`` inline."""

    def apply_read(self, data: DreamData) -> None:
        """Show what a read brought."""

    def show_days(self, days: list[ActiveDay]) -> None:
        """After a read is shown: the days with activity the day chooser offers from."""


class DreamReads:
    """Reads ``assistant_id``'s dreaming memory for ``panel`` (shown on ``target``) with
    ``runner``; ``cancel_more`` is called with :meth:`cancel` (the panel's runs);
    ``while_editing`` is given the cards read while a card editor is open (the list itself
    waits for it; walk57 #2).
    ``refresh``: the coalescing reload, following ``events``' memory changes of this
    assistant while the panel is open."""

    def __init__(self, panel: QWidget, target: DreamReadTarget, services: Services, assistant_id: int, *,
                 events: ChatEvents, runner: TaskRunner, view: QListView, delegate: MemoryCardDelegate,
                 cancel_more: Callable[[], None], while_editing: Callable[[CardsSnapshot], None]) -> None:
        self._target, self._svc, self._assistant_id = target, services, assistant_id
        self._while_editing = while_editing
        self._runner, self._view, self._cancel_more = runner, view, cancel_more
        self._task = f"dream-load-{id(panel)}"
        panel.destroyed.connect(functools.partial(runner.cancel, self._task))  # never applied to a deleted panel
        self._loading = False
        self._load_again = False
        self._peek_due = False  # a change was heard: read it for an open editor (walk57 #2)
        # coalesces bursts (an op's result + its MemoryChanged); owns the bus connections
        self.refresh = ListRefresh(panel, view, delegate, self.start, cancel=self.cancel)
        self.refresh.follow(events.memory_changed, self._on_memory_changed)

    def fetch(self) -> DreamData:
        """Worker thread: the settings, the cards, whether dreams are paused, how many
        proposals wait and the days with activity (the cycle collector waits meanwhile, as
        for the fixed entries).
        Raises ``ServiceError``."""
        with collector_paused():
            dreams = self._svc.dreams
            snap = dreams.snapshot(self._assistant_id)
            system_zone()  # read once here, not by the GUI thread (its first read took ~16 ms)
            return (dreams.settings(self._assistant_id), snap, dreams.paused(),
                    dreams.review.count(self._assistant_id), [card_shown(c.text) for c in snap.cards],
                    dreams.active_days(self._assistant_id, include_today=True))

    def load_from(self, data: DreamData) -> None:
        """Show ``data``, read by :meth:`fetch` on a worker (the page's first read takes
        the panel's with its own: one worker read while the window's thread is idle, then
        both lists laid out with no worker holding the interpreter lock, issue 30). Nothing
        happens once the panel is detached: the page's read can hand its data over after
        the page closed, and the panel may be deleted before the load runs."""
        if self._loading or not self.refresh.following:
            return  # a read of its own shows newer data, or the page closed for good
        self._loading = True
        self._runner.run(self._task, self._load(data), context="Dreaming memory")

    def start(self) -> None:
        """Read now on the worker (again after the read under way, if one is)."""
        if not self.refresh.following:
            return
        if self._loading:
            self._load_again = True
            return
        if self._view.state() == QAbstractItemView.State.EditingState:
            if self._peek_due:  # the cards wait; the open editor is told what changed
                self._peek_due = False
                self._loading = True
                self._runner.run(self._task, self._peek(), context="Dreaming memory")
            self.refresh.schedule(300)  # never reset the cards under the open editor
            return
        self._peek_due = False
        self._loading = True
        self._runner.run(self._task, self._load(), context="Dreaming memory")

    def changed(self) -> None:
        """The cards may have changed: re-read soon; an open card editor is told what
        changed (:meth:`start`)."""
        self._peek_due = True
        self.refresh.schedule()

    async def _peek(self) -> None:
        try:
            try:
                snap = await self._runner.run_in_thread(lambda: self._svc.dreams.snapshot(self._assistant_id))
            except ServiceError:
                return  # the list's own read says why, once the editor closes
            self._while_editing(snap)
        finally:
            self._loading = False
            if self._load_again:
                self._load_again = False
                self.refresh.schedule()

    async def _load(self, data: DreamData | None = None) -> None:
        try:
            try:
                if data is None:
                    data = await self._runner.run_in_thread(self.fetch)
            except ServiceError as exc:
                self._target.show_error(translate("MemoryPage", "This assistant no longer exists.")
                                        if isinstance(exc, NotFound) else said_error(exc))
                return
            await fresh_turn()  # not after the timers due with it, the fixed list's re-fit (issue 30)
            self._target.apply_read(data)
            await fresh_turn()  # the chooser's days on a turn of their own
            self._target.show_days(data[5])
        finally:
            self._loading = False
            if self._load_again:
                self._load_again = False
                self.refresh.schedule()

    def _on_memory_changed(self, event: MemoryChanged) -> None:
        if event.assistant_id == self._assistant_id:
            self._peek_due = True
            self.refresh.when_shown()

    def cancel(self) -> None:
        """Cancel the read under way and what ``cancel_more`` stops."""
        self._runner.cancel(self._task)
        self._cancel_more()
