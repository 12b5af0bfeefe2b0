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
reads and the Markdown rendering never run on the GUI thread.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QObject, QTimer

from chathub_desktop.gui.chat.message_list_model import PAGE_SIZE, MessageListModel, TopicPage
from chathub_desktop.gui.chat.message_list_view import JumpTarget, MessageListView

T = TypeVar("T")

#: Rows rendered and shown per event-loop turn while a page comes in: each new row's
#: document is laid out on the GUI thread (about 1 ms) and the window's rows again (about
#: 2.5 ms for 160), so a page arrives in steps of 3-4 ms; a worker renders the next step
#: meanwhile (issue 29).
ROWS_PER_STEP = 4


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
        fetch = self._model.fetch_first_page if target is JumpTarget.START else self._model.fetch_page
        return self._runner.run(f"jump-topic:{topic}", self._show(topic, fetch), context="Jump in topic")

    def jump_to(self, position: int) -> asyncio.Task[None] | None:
        """Show the message at ``position`` (0-based) at the view's top: reads the page
        there on a worker (a newer request cancels an older one while the bar is dragged)."""
        topic = self._model.topic_id
        if topic is None:
            return None
        fetch = functools.partial(self._model.fetch_around, position=position)
        return self._runner.run(f"jump-topic:{topic}", self._show(topic, fetch), context="Jump in topic")

    def reload(self) -> asyncio.Task[None] | None:
        """Re-read the open topic where the user is: the page at the window's top row
        when the window does not reach the end (another process changed the topic), else
        None (the caller reads the newest page as on opening)."""
        topic = self._model.topic_id
        if topic is None or self._model.at_end:
            return None
        position = self._model.first_offset + max(0, self._view.top_row())
        fetch = functools.partial(self._model.fetch_around, position=position)
        return self._runner.run(f"jump-topic:{topic}", self._show(topic, fetch), context="Open topic")

    async def _show(self, topic_id: int, fetch: Callable[[int], TopicPage]) -> None:
        page = await self._runner.run_in_thread(fetch, topic_id)
        rendered = await self._runner.run_in_thread(self._view.delegate.page_renderer(page.views))
        if self._model.topic_id != topic_id:
            return
        self._view.delegate.add_rendered(rendered)
        self._model.show_page(page)  # the view scrolls to the top when the page is not at the end

    def load_newer(self) -> asyncio.Task[None] | None:
        """Append the page after the last loaded row (scrolled to the bottom of a window
        that does not reach the topic's end); None when nothing is missing."""
        topic = self._model.topic_id
        if topic is None or self._model.at_end:
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
        if topic is None or not self._model.has_older():
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
        """Read the page before ``end`` and prepend it :data:`ROWS_PER_STEP` rows at a
        time, newest first (each step lies right above the window); stops when the
        window moved meanwhile."""
        start, views = await self._runner.run_in_thread(self._model.fetch_older, topic_id, end)
        if not views:
            self._model.prepend(topic_id, start, views)
            return
        for stop in range(len(views), 0, -ROWS_PER_STEP):
            step = views[max(0, stop - ROWS_PER_STEP):stop]
            rendered = await self._runner.run_in_thread(self._view.delegate.page_renderer(tuple(step)))
            if self._model.topic_id != topic_id or self._model.first_offset != start + stop:
                return
            self._view.delegate.add_rendered(rendered)
            self._model.prepend(topic_id, start + stop - len(step), step)

    async def _append(self, topic_id: int, start: int) -> None:
        """Read the page from ``start`` and append it :data:`ROWS_PER_STEP` rows at a
        time; a short page means the topic's end (after its last step)."""
        views = await self._runner.run_in_thread(self._model.fetch_newer, topic_id, start)
        ends = len(views) < PAGE_SIZE
        if not views:
            self._model.append_newer(topic_id, start, views, reaches_end=ends)
            return
        for first in range(0, len(views), ROWS_PER_STEP):
            step = views[first:first + ROWS_PER_STEP]
            rendered = await self._runner.run_in_thread(self._view.delegate.page_renderer(tuple(step)))
            if self._model.topic_id != topic_id or self._model.next_offset != start + first:
                return
            self._view.delegate.add_rendered(rendered)
            last = first + ROWS_PER_STEP >= len(views)
            self._model.append_newer(topic_id, start + first, step, reaches_end=ends and last)
