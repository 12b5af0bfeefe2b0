"""The task runner's shutdown (issue 9): a store read still running when the window
closes may fail (its topic was deleted meanwhile, the store closed); its exception is
collected by the shutdown, never left behind as "Future exception was never retrieved"
(the quiet suite's teardown error of test_each_topic_keeps_its_own_pending_attachments at
stop 42: the window discarded an empty topic while its page read was in flight)."""
from __future__ import annotations

import asyncio
import gc
import threading

from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.errors import NotFound


def test_a_read_failing_during_shutdown_leaves_no_unretrieved_exception(qloop, qtbot):  # type: ignore[no-untyped-def]
    runner = TaskRunner(None)
    started, release = threading.Event(), threading.Event()
    errors: list[dict[str, object]] = []
    old_handler = qloop.get_exception_handler()
    qloop.set_exception_handler(lambda _loop, ctx: errors.append(ctx))

    def read() -> None:
        started.set()
        release.wait(5)
        raise NotFound("no topic 1")

    async def reader() -> None:
        await runner.run_in_thread(read)

    try:
        runner.run("open-topic", reader(), context="Open topic")
        qtbot.waitUntil(started.is_set, timeout=3000)
        done: list[bool] = []

        async def close() -> None:
            shutting = asyncio.ensure_future(runner.shutdown())
            await asyncio.sleep(0.05)
            release.set()  # the read fails while the shutdown awaits it
            await shutting
            done.append(True)

        task = asyncio.ensure_future(close())
        qtbot.waitUntil(lambda: bool(done), timeout=5000)
        assert task.done()
        gc.collect()
        qtbot.wait(20)
        assert [c.get("message") for c in errors] == []
    finally:
        release.set()
        qloop.set_exception_handler(old_handler)
