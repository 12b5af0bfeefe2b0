"""Moving through the open topic's window (issue 29): Ctrl+Home / Ctrl+End, the list's
two jump buttons, the topic scroll bar, and scrolling past the window's top or bottom.

Jumping to the start reads the topic's OLDEST page directly (one :data:`PAGE_SIZE`
read by seq on a worker thread) and replaces the loaded window with it, instead of
prepending every page between; a position on the topic scroll bar reads the page there
the same way. Scrolling up or down from there prepends or appends the neighbouring page
(also read on a worker; the model drops the far end of a window grown past
:data:`~chathub_desktop.gui.message_list_model.MAX_ROWS`). Jumping to the end reads the
newest page again when the loaded window does not reach it. The view asks through
``jump_requested``, ``position_wanted``, ``older_wanted`` and ``newer_wanted``; the store
reads and the Markdown rendering never run on the GUI thread.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QObject

from chathub_desktop.gui.message_list_model import MessageListModel, TopicPage
from chathub_desktop.gui.message_list_view import JumpTarget, MessageListView

T = TypeVar("T")


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
        start = self._model.next_offset
        name = f"newer-page:{topic}:{start}"
        if self._runner.is_running(name):
            return None
        return self._runner.run(name, self._append(topic, start), context="Load messages", quiet=True)

    def load_older(self) -> asyncio.Task[None] | None:
        """Prepend the page before the first loaded row (scrolled to the top of a window
        that does not start the topic); None when nothing is missing or it is on its way."""
        topic = self._model.topic_id
        if topic is None or not self._model.has_older():
            return None
        end = self._model.first_offset
        name = f"older-page:{topic}:{end}"
        if self._runner.is_running(name):
            return None
        return self._runner.run(name, self._prepend(topic, end), context="Load messages", quiet=True)

    async def _prepend(self, topic_id: int, end: int) -> None:
        start, views = await self._runner.run_in_thread(self._model.fetch_older, topic_id, end)
        rendered = await self._runner.run_in_thread(self._view.delegate.page_renderer(tuple(views)))
        self._view.delegate.add_rendered(rendered)
        if self._model.first_offset == end:
            self._model.prepend(topic_id, start, views)

    async def _append(self, topic_id: int, start: int) -> None:
        views = await self._runner.run_in_thread(self._model.fetch_newer, topic_id, start)
        rendered = await self._runner.run_in_thread(self._view.delegate.page_renderer(tuple(views)))
        self._view.delegate.add_rendered(rendered)
        self._model.append_newer(topic_id, start, views)
