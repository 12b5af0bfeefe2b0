"""Who owns each topic's reply task, and why it was cut (APP-8, issue 12).

One reply streams per topic at a time (:class:`~chathub_desktop.services.chat.chat_service.ChatService`
starts it here). Stop and quit cancel that task and leave the cut's status — ``cancelled``
for Stop, ``interrupted`` for quit — for the reply path to store: the step that the
cancellation reaches takes it (:meth:`ReplyTasks.take_cut`), the first cut decides, and
no status outlives the reply. The topic-naming requests that run after a reply are side
tasks, cancelled at quit too.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar, overload

from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.services.errors import STILL_WRITING, InvalidInput, ServiceError
from chathub_desktop.storage.database import DatabaseError

log = logging.getLogger(__name__)

T = TypeVar("T")


class ReplyTasks:
    """The running reply task of each topic (by topic id), the status each cut one is
    to be stored with, and the side tasks of the replies; all on the event loop."""

    def __init__(self) -> None:
        self._tasks: dict[int, asyncio.Task[Any]] = {}
        self._cuts: dict[int, MessageStatus] = {}
        self._side: set[asyncio.Task[None]] = set()

    def is_sending(self, topic_id: int) -> bool:
        """True while a reply for ``topic_id`` is in flight."""
        task = self._tasks.get(topic_id)
        return task is not None and not task.done()

    def refuse_if_sending(self, topic_id: int) -> None:
        """Raise :class:`InvalidInput` (the line the user sees) while ``topic_id`` is sending."""
        if self.is_sending(topic_id):
            raise InvalidInput(STILL_WRITING)

    def current(self, topic_id: int) -> asyncio.Task[Any] | None:
        """The topic's reply task, running or just ended; ``None`` when it has none."""
        return self._tasks.get(topic_id)

    def own(self, topic_id: int, coro: Coroutine[Any, Any, T], name: str) -> asyncio.Task[T]:
        """Run ``coro`` as the topic's reply task named ``name:topic_id`` (needs a running
        loop). A failure other than a refusal (``ServiceError``, ``DatabaseError``, which
        are the caller's) is logged when the task ends."""
        task = asyncio.get_running_loop().create_task(coro, name=f"{name}:{topic_id}")
        self._tasks[topic_id] = task
        task.add_done_callback(functools.partial(self._forget, topic_id))
        return task

    def _forget(self, topic_id: int, task: asyncio.Task[Any]) -> None:
        if self._tasks.get(topic_id) is task:
            del self._tasks[topic_id]
        exc = None if task.cancelled() else task.exception()
        if exc is not None and not isinstance(exc, (ServiceError, DatabaseError)):
            log.error("send task for topic %s failed", topic_id, exc_info=exc)

    def stop(self, topic_id: int) -> bool:
        """Stop: cancel the topic's reply, to be stored ``cancelled`` with what arrived.
        Returns whether anything was running."""
        task = self._tasks.get(topic_id)
        if task is None or task.done():
            return False
        self._cuts[topic_id] = MessageStatus.CANCELLED
        task.cancel()
        return True

    async def stopped(self, topic_id: int, task: asyncio.Task[Any] | None) -> None:
        """Stop ``task`` (the topic's earlier reply, when still running) and wait until it
        stored what arrived: Retry replaces a reply that still streams (issue 12)."""
        if task is not None and not task.done():
            self._cuts[topic_id] = MessageStatus.CANCELLED
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    @overload
    def take_cut(self, topic_id: int) -> MessageStatus | None: ...

    @overload
    def take_cut(self, topic_id: int, default: MessageStatus) -> MessageStatus: ...

    def take_cut(self, topic_id: int, default: MessageStatus | None = None) -> MessageStatus | None:
        """The status the topic's cut reply is stored with (``default`` when nothing
        recorded one, e.g. a loop closing), forgotten once taken: the first cut decides."""
        return self._cuts.pop(topic_id, default)

    def cut_pending(self, topic_id: int) -> bool:
        """True while a cut's status waits to be taken (none should outlive its reply)."""
        return topic_id in self._cuts

    @contextlib.contextmanager
    def uncut_on_cancel(self, topic_id: int) -> Iterator[None]:
        """Cancelled before a claim stored anything: the topic's cut status is forgotten."""
        try:
            yield
        except asyncio.CancelledError:
            self._cuts.pop(topic_id, None)
            raise

    def side(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` in the background until it ends or quit cancels it; nothing
        happens without a running loop (the coroutine is closed)."""
        try:
            task = asyncio.get_running_loop().create_task(coro)
        except RuntimeError:
            coro.close()
            return
        self._side.add(task)
        task.add_done_callback(self._side.discard)

    async def shutdown(self) -> None:
        """Quit: cancel every reply (to be stored ``interrupted``, APP-8) and side task,
        and wait for them."""
        tasks = [t for t in self._tasks.values() if not t.done()]
        for topic_id, task in list(self._tasks.items()):
            self._cuts[topic_id] = MessageStatus.INTERRUPTED
            task.cancel()
        for side in list(self._side):
            side.cancel()
        await asyncio.gather(*tasks, *self._side, return_exceptions=True)
