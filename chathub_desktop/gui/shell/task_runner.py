"""Named, preemptive asyncio tasks on the qasync loop (STYLE.md, after FeelUOwn's task.py).

``run(name, coro)`` cancels an older task of the same name, keeps a strong reference
until the task ends and routes its exception (not cancellation) to the error presenter.
``@asyncSlot`` returns no handle; everything cancellable goes through here, and
:meth:`TaskRunner.cancel` is how Stop-like buttons end work. Blocking functions run in
a worker thread with :meth:`TaskRunner.run_in_thread` (never on the GUI thread).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import sys
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from chathub_desktop.gui.shell.error_presenter import ErrorPresenter

T = TypeVar("T")


def install_asyncgen_hooks(loop: asyncio.AbstractEventLoop) -> tuple[object, object]:
    """Give ``loop`` the async-generator finalizer asyncio's own ``run_forever`` installs
    and qasync does not (STYLE.md trap): an async generator that is garbage collected
    while suspended (httpcore keeps some inside its connection streams) is then closed on
    the loop instead of raising "async generator ignored GeneratorExit". Returns the
    previous hooks for :func:`sys.set_asyncgen_hooks`."""
    old = sys.get_asyncgen_hooks()
    sys.set_asyncgen_hooks(
        firstiter=loop._asyncgen_firstiter_hook,  # type: ignore[attr-defined]
        finalizer=loop._asyncgen_finalizer_hook,  # type: ignore[attr-defined]
    )
    return old.firstiter, old.finalizer


def _loop() -> asyncio.AbstractEventLoop:
    """The running loop, else the current (qasync) loop that is about to run: the window
    is built before ``run_until_complete`` starts it."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.get_event_loop_policy().get_event_loop()


class TaskRunner:
    """Owns the GUI's background tasks and one worker-thread pool.

    ``presenter`` shows failures under each task's ``context`` (a ``TaskContext`` name or
    a text already in the interface language; issue 27: never the task's internal name,
    which no one translates, so a task without one is titled by the app's name).
    """

    def __init__(self, presenter: ErrorPresenter | None, max_threads: int = 2) -> None:
        self._presenter = presenter
        self._tasks: dict[str, asyncio.Task[Any]] = {}
        self._anonymous: set[asyncio.Task[Any]] = set()
        self._pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=max_threads, thread_name_prefix="chathub-gui"
        )
        self._in_flight: set[concurrent.futures.Future[Any]] = set()

    def run(
        self,
        name: str,
        coro: Coroutine[Any, Any, T],
        *,
        context: str = "",
        quiet: bool = False,
        on_done: Callable[[asyncio.Task[T]], None] | None = None,
    ) -> asyncio.Task[T]:
        """Start ``coro`` as task ``name``; an unfinished task of that name is cancelled
        first. Failures go to the presenter (``quiet``: status bar for user errors)."""
        old = self._tasks.get(name)
        if old is not None and not old.done():
            old.cancel()
        task = _loop().create_task(coro, name=f"gui:{name}")
        self._tasks[name] = task
        task.add_done_callback(functools.partial(self._finished, name, context, quiet))
        if on_done is not None:
            task.add_done_callback(on_done)
        return task

    def track(self, task: asyncio.Task[Any], *, context: str = "", quiet: bool = False) -> None:
        """Keep a task started elsewhere (e.g. a service's send) and present its failure."""
        self._anonymous.add(task)
        task.add_done_callback(functools.partial(self._finished, None, context, quiet))

    def _finished(self, name: str | None, context: str, quiet: bool, task: asyncio.Task[Any]) -> None:
        if name is not None and self._tasks.get(name) is task:
            del self._tasks[name]
        self._anonymous.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is not None and self._presenter is not None:
            self._presenter.present(exc, context=context, quiet=quiet)

    def cancel(self, name: str) -> bool:
        """Cancel task ``name``; returns whether one was running."""
        task = self._tasks.get(name)
        if task is None or task.done():
            return False
        task.cancel()
        return True

    def is_running(self, name: str) -> bool:
        """True while task ``name`` has not finished."""
        task = self._tasks.get(name)
        return task is not None and not task.done()

    def pending(self) -> list[asyncio.Task[Any]]:
        """Every unfinished task this runner holds."""
        return [t for t in (*self._tasks.values(), *self._anonymous) if not t.done()]

    async def run_in_thread(self, fn: Callable[..., T], *args: Any) -> T:
        """Await ``fn(*args)`` run in the worker pool (cancelling the await does not stop
        the function; pass it a cancel event for that). After :meth:`shutdown` the await
        is cancelled at once (e.g. a timer's refresh firing while the window closes)."""
        try:
            future = self._pool.submit(fn, *args)
        except RuntimeError:  # the pool was shut down: the window is closing
            raise asyncio.CancelledError from None
        self._in_flight.add(future)
        future.add_done_callback(self._in_flight.discard)
        return await asyncio.wrap_future(future)

    async def shutdown(self) -> None:
        """Cancel every task, wait for them, then stop the worker pool and await the
        functions still running in it, so none calls back into the loop or the store
        after the app has closed them (issue 9). What those functions raise meanwhile (a
        read of a topic deleted or a store closed under it) is collected here, never left
        as an unretrieved exception."""
        tasks = self.pending()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._pool.shutdown(wait=False, cancel_futures=True)
        running = [asyncio.wrap_future(f) for f in list(self._in_flight) if not f.done()]
        if running:
            await asyncio.gather(*running, return_exceptions=True)
