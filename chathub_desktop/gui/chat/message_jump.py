"""Moving through the open topic's window (issue 29): Ctrl+Home / Ctrl+End, the list's
two jump buttons, the topic scroll bar, and scrolling past the window's top or bottom.

Jumping to the start reads the topic's OLDEST page directly (one :data:`PAGE_SIZE`
read by seq on a worker thread) and replaces the loaded window with it, instead of
prepending every page between; a position on the topic scroll bar reads the page there
the same way. Scrolling up or down from there prepends or appends the neighbouring page
(also read on a worker; the model drops the far end of a window grown past
:data:`~chathub_desktop.gui.chat.message_list_model.MAX_ROWS`). Jumping to the end reads the
newest page again when the loaded window does not reach it. The view asks through
``jump_requested``, ``position_wanted``, ``older_wanted`` and ``newer_wanted``; the store
reads and the Markdown rendering never run on the GUI thread. A page that replaces the
window (a jump, or the topic opening: :meth:`TopicJumps.show_page`) shows the rows in view
first and the rest in one insert after them, each row's document laid out in a turn of its
own beforehand, so no turn of the GUI thread lays out more than one document; an older
page's insert above the viewport repaints nothing (the view keeps its pixels).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import replace
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QObject, QTimer

from chathub_desktop.gui.chat.message_jump_buttons import JumpTarget
from chathub_desktop.gui.chat.message_list_model import PAGE_SIZE, MessageListModel, TopicPage
from chathub_desktop.gui.chat.message_list_view import MessageListView
from chathub_desktop.gui.shell.startup_marks import mark
from chathub_desktop.services.views import MessageView

T = TypeVar("T")

#: Rows rendered per worker task while a page comes in: each new row's document is then
#: laid out on the GUI thread in a turn of its own (about 1 ms); the page's rows are shown
#: in one insert after the last (issue 29).
ROWS_PER_STEP = 4
#: Rows a page shown in place of the window (a jump, a topic opened) shows at once: about
#: a viewport's worth; the rest follow in one insert once laid out (issue 29).
FIRST_ROWS = 12


class Runner(Protocol):
    """What the jumps need of the window's task runner."""

    def run(self, name: str, coro: Coroutine[Any, Any, T], *, context: str = "",
            quiet: bool = False) -> asyncio.Task[T]:
        """Start ``coro`` as a named task."""
        ...

    async def run_in_thread(self, fn: Callable[..., T], *args: Any) -> T:
        """Await ``fn(*args)`` on a worker thread."""
        ...

    def is_running(self, name: str) -> bool:
        """True while the task named ``name`` runs."""
        ...


class TopicJumps(QObject):
    """Carries out the view's jump requests over ``model`` with ``runner``'s workers."""

    def __init__(self, model: MessageListModel, view: MessageListView, runner: Runner,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._view = view
        self._runner = runner
        #: Pages being shown in steps (:meth:`show_page`): the view's edge requests wait.
        self._filling = 0
        view.jump_requested.connect(self.jump)
        view.newer_wanted.connect(self.load_newer)
        view.older_wanted.connect(self.load_older)
        view.position_wanted.connect(self.jump_to)

    def jump(self, target: JumpTarget) -> asyncio.Task[None] | None:
        """Show the first (``START``) or newest (``END``) message; returns the task that
        reads a page, or None when the rows are loaded already and it only scrolled."""
        topic = self._model.topic_id
        if topic is None:
            return None
        if target is JumpTarget.START and not self._model.has_older():
            self._view.scroll_to_start()
            return None
        if target is JumpTarget.END and self._model.at_end:
            self._view.scroll_to_end()
            return None
        fetch = self._model.pages.fetch_first_page if target is JumpTarget.START else self._model.pages.fetch_page
        return self._runner.run(f"jump-topic:{topic}", self._show(topic, fetch), context="Jump in topic")

    def jump_to(self, position: int) -> asyncio.Task[None] | None:
        """Show the message at ``position`` (0-based) at the view's top: reads the page
        there on a worker (a newer request cancels an older one while the bar is dragged)."""
        topic = self._model.topic_id
        if topic is None:
            return None
        fetch = functools.partial(self._model.pages.fetch_around, position=position)
        return self._runner.run(f"jump-topic:{topic}", self._show(topic, fetch), context="Jump in topic")

    def reload(self) -> asyncio.Task[None] | None:
        """Re-read the open topic where the user is: the page at the window's top row
        when the window does not reach the end (another process changed the topic), else
        None (the caller reads the newest page as on opening)."""
        topic = self._model.topic_id
        if topic is None or self._model.at_end:
            return None
        position = self._model.first_offset + max(0, self._view.top_row())
        fetch = functools.partial(self._model.pages.fetch_around, position=position)
        return self._runner.run(f"jump-topic:{topic}", self._show(topic, fetch), context="Open topic")

    async def _show(self, topic_id: int, fetch: Callable[[int], TopicPage]) -> None:
        page = await self._runner.run_in_thread(fetch, topic_id)
        if self._model.topic_id == topic_id:
            await self.show_page(page, lambda: self._model.topic_id == topic_id)

    async def show_page(self, page: TopicPage, wanted: Callable[[], bool], *,
                        shown: Callable[[], None] | None = None) -> None:
        """Show ``page`` (read on a worker) in place of the window while ``wanted()``:
        first the :data:`FIRST_ROWS` rows the viewport shows (the newest, or those from
        the page's focus; then ``shown()`` is called), then the rows before them in one
        insert and the rows after them in another, rendered on a worker and laid out a
        row a turn beforehand (:meth:`_render`; issue 29: a whole page's documents built
        in one turn stalled the window 40-130 ms). Stops when the window moved meanwhile."""
        views, topic_id = page.views, page.topic_id
        focus = len(views) if page.focus is None else page.focus - page.first_offset
        lo = max(0, min(focus, len(views) - FIRST_ROWS))
        hi = min(len(views), lo + FIRST_ROWS)
        self._filling += 1  # the view's edge requests wait: these rows are on their way
        try:
            await self._render(views[lo:hi])
            mark("first_rows_rendered")
            if not wanted():
                return
            self._model.show_page(replace(page, first_offset=page.first_offset + lo, views=views[lo:hi],
                                          at_end=page.at_end and hi == len(views)))
            if shown is not None:
                shown()
            await self._grow(topic_id, page.first_offset, views[:lo], page.first_offset + hi, views[hi:],
                             page.at_end)
        finally:
            self._filling -= 1
        QTimer.singleShot(0, self._view, self._view.check_edges)

    async def _grow(self, topic_id: int, older_start: int, older: Sequence[MessageView], newer_start: int,
                    newer: Sequence[MessageView], reaches_end: bool) -> None:
        """Prepend ``older`` (the messages from position ``older_start``) and append
        ``newer`` (from ``newer_start``), each in ONE insert once all its rows are rendered
        and laid out (:meth:`_render`; issue 29: each insert lays the window's rows out
        again, so ten 4-row inserts a page cost ten re-layouts and repaints);
        ``reaches_end``: ``newer`` ends the topic. Stops when the window moved meanwhile."""
        if older:
            await self._render(older)
            if self._model.topic_id != topic_id or self._model.first_offset != older_start + len(older):
                return
            self._model.prepend(topic_id, older_start, list(older))
        if newer:
            await self._render(newer)
            if self._model.topic_id != topic_id or self._model.next_offset != newer_start:
                return
            self._model.append_newer(topic_id, newer_start, list(newer), reaches_end=reaches_end)

    async def _render(self, views: Sequence[MessageView]) -> None:
        """Render the HTML of ``views`` on a worker :data:`ROWS_PER_STEP` messages a task
        (never a page at once), then lay their rows out one a turn of the event loop, so
        the turn that shows them only places them (issue 29: four documents and the
        re-layout of the window in one turn went past a frame)."""
        delegate = self._view.delegate
        for first in range(0, len(views), ROWS_PER_STEP):
            chunk = tuple(views[first:first + ROWS_PER_STEP])
            delegate.add_rendered(await self._runner.run_in_thread(delegate.page_renderer(chunk)))
            for view in chunk:
                delegate.prepare(view)
                await asyncio.sleep(0)  # the next document in another turn

    def load_newer(self) -> asyncio.Task[None] | None:
        """Append the page after the last loaded row (scrolled to the bottom of a window
        that does not reach the topic's end); None when nothing is missing."""
        topic = self._model.topic_id
        if topic is None or self._model.at_end or self._filling:
            return None
        name = f"newer-page:{topic}"
        if self._runner.is_running(name):
            return None
        task = self._runner.run(name, self._append(topic, self._model.next_offset),
                                context="Load messages", quiet=True)
        task.add_done_callback(self._edges_again)
        return task

    def load_older(self) -> asyncio.Task[None] | None:
        """Prepend the page before the first loaded row (scrolled to the top of a window
        that does not start the topic); None when nothing is missing or it is on its way."""
        topic = self._model.topic_id
        if topic is None or not self._model.has_older() or self._filling:
            return None
        name = f"older-page:{topic}"
        if self._runner.is_running(name):
            return None
        task = self._runner.run(name, self._prepend(topic, self._model.first_offset),
                                context="Load messages", quiet=True)
        task.add_done_callback(self._edges_again)
        return task

    def _edges_again(self, task: asyncio.Task[None]) -> None:
        """A page finished coming in: the view may still be near an edge (a request made
        meanwhile was dropped), so it looks again once the task is done. Not after a
        cancel (another topic, or the window closing)."""
        if not task.cancelled():
            QTimer.singleShot(0, self._view, self._view.check_edges)  # dropped once the view is gone

    async def _prepend(self, topic_id: int, end: int) -> None:
        """Read the page before ``end`` and prepend it in one insert once its rows are
        laid out; stops when the window moved meanwhile."""
        start, views = await self._runner.run_in_thread(self._model.pages.fetch_older, topic_id, end)
        if not views:
            self._model.prepend(topic_id, start, views)
            return
        await self._grow(topic_id, start, views, 0, (), False)

    async def _append(self, topic_id: int, start: int) -> None:
        """Read the page from ``start`` and append it in one insert once its rows are laid
        out; a short page means the topic's end."""
        views = await self._runner.run_in_thread(self._model.pages.fetch_newer, topic_id, start)
        ends = len(views) < PAGE_SIZE
        if not views:
            self._model.append_newer(topic_id, start, views, reaches_end=ends)
            return
        await self._grow(topic_id, 0, (), start, views, ends)
