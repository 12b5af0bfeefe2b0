"""The Memory page's reads (issue 30; struct52: split from ``fixed_page``): the entries,
the assistant and the free-form notes read on a worker, bursts coalesced by a
:class:`~chathub_desktop.gui.memory.page_common.ListRefresh`, one read at a time (a change
during a read reads again after it), never under an open card editor — a change heard
meanwhile is read and shown to that editor (walk57 #2); the page's first read brings the
dream panel's with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtWidgets import QAbstractItemView, QListView, QWidget

from chathub_desktop.core.fixed_memory import Note
from chathub_desktop.core.fixed_memory import notes as notes_of
from chathub_desktop.gui.memory.card_delegate import MemoryCardDelegate
from chathub_desktop.gui.memory.dream_panel import DreamPanel
from chathub_desktop.gui.memory.page_common import ListRefresh
from chathub_desktop.gui.shell.after_paint import after_paint
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.gui.shell.turn_clock import fresh_turn
from chathub_desktop.services.collector_pause import collector_paused
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.memory.memory_service import FixedMemorySnapshot
from chathub_desktop.services.views import AssistantView

__all__ = ["FixedReads", "ReadTarget"]


class ReadTarget(Protocol):
    """The page a read is shown on."""

    loads: int

    def isVisible(self) -> bool:  # noqa: N802 - Qt's name
        """Whether the page is shown (a page made ahead reads first when it is)."""

    def apply_read(self, a: AssistantView, snap: FixedMemorySnapshot, notes: list[Note]) -> None:
        """Show a read's assistant, memory and notes."""

    def read_failed(self, exc: ServiceError) -> None:
        """The read was refused (the assistant is gone, the store failed)."""


class FixedReads:
    """Reads ``assistant_id``'s fixed memory for ``page`` (shown on ``target``) with
    ``runner`` as ``task_name``; ``panel()`` gives the dream panel whose data the first
    read brings. ``refresh``: the coalescing reload (``schedule()``, ``when_shown()``, ``follow``).
    ``read_on_show``: the page was made ahead, hidden; its first read waits to be shown.
    ``while_editing``: given a read made while a card editor is open (the list itself waits
    for it; walk57 #2)."""

    def __init__(self, page: QWidget, target: ReadTarget, services: Services, assistant_id: int,
                 runner: TaskRunner, view: QListView, delegate: MemoryCardDelegate,
                 panel: Callable[[], DreamPanel], *, task_name: str, read_on_show: bool,
                 while_editing: Callable[[FixedMemorySnapshot], None]) -> None:
        self._page, self._target, self._svc, self._assistant_id = page, target, services, assistant_id
        self._runner, self._view, self._panel = runner, view, panel
        self._read_on_show = read_on_show
        self._while_editing = while_editing
        self._task_name = task_name
        self._loading = False
        self._load_again = False
        self._with_dreams = True  # the dream panel's first data comes with the entries' first read
        self._peek_due = False  # a change was heard: read it for an open editor (walk57 #2)
        # coalesces bursts of tool writes; owns the bus connection
        self.refresh = ListRefresh(page, view, delegate, self.start, cancel=self.cancel, min_rows=None)

    def first(self) -> None:
        """The first read, once the page has painted (unless a reload came first), or shown."""
        if self._target.loads == 0 and not self._loading:
            if self._read_on_show and not self._target.isVisible():
                self.refresh.when_shown()
                return
            self.start()

    def changed(self, *, shown: bool = True) -> None:
        """The memory may have changed: re-read soon (``shown``: once the page is shown, if
        it is hidden); an open card editor is told what changed (:meth:`start`)."""
        self._peek_due = True
        if shown:
            self.refresh.when_shown()
        else:
            self.refresh.schedule()

    def start(self) -> None:
        """Read now on the worker (again after the read under way, if one is). While a card
        editor is open the list waits for it, but a change heard meanwhile is read and
        shown to the editor (``while_editing``: walk57 #2)."""
        if self._loading:
            self._load_again = True
            return
        if self._view.state() == QAbstractItemView.State.EditingState:
            if self._peek_due:
                self._peek_due = False
                self._loading = True
                self._runner.run(self._task_name, self._peek(), context="Memory")
            self.refresh.schedule(300)  # never reset the model under the open editor
            return
        self._peek_due = False
        self._loading = True
        self._runner.run(self._task_name, self._load(), context="Memory")

    async def _peek(self) -> None:
        try:
            try:
                snap = await self._runner.run_in_thread(lambda: self._svc.memory.snapshot(self._assistant_id))
            except ServiceError:
                return  # the list's own read says why, once the editor closes
            self._while_editing(snap)
        finally:
            self._loading = False
            if self._load_again:
                self._load_again = False
                self.refresh.schedule()

    async def _load(self) -> None:
        dreams, self._with_dreams = self._with_dreams, False
        try:
            try:
                a, snap, notes = await self._runner.run_in_thread(self._fetch)
                data = await self._runner.run_in_thread(self._panel().reads.fetch) if dreams else None
            except ServiceError as exc:
                self._target.read_failed(exc)
                return
            await fresh_turn()  # not after the timers due with the worker's answer (issue 30)
            self._target.apply_read(a, snap, notes)
            if data is not None:  # the dream cards after the entries have painted: one list per turn
                panel = self._panel()
                after_paint(self._page, lambda: panel.reads.load_from(data), fresh=True)
        finally:
            self._loading = False
            if self._load_again:
                self._load_again = False
                self.refresh.schedule()

    def _fetch(self) -> tuple[AssistantView, FixedMemorySnapshot, list[Note]]:
        """Worker thread: the assistant, the memory and its free-form notes (MEM-3). The
        cycle collector waits meanwhile: 10,000 entries' views (acyclic) set off a full
        collection that held the interpreter lock, freezing the window ~450 ms (issue 30).
        Not frozen after (``keep``): a read runs at every change, and each freeze would take
        every object then alive out of the collector for good (a leak over a long session)."""
        with collector_paused():
            snap = self._svc.memory.snapshot(self._assistant_id)
            return self._svc.assistants.get(self._assistant_id), snap, notes_of(snap.document)

    def cancel(self) -> None:
        """Cancel the read under way."""
        self._runner.cancel(self._task_name)
