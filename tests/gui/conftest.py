"""GUI test fixtures (PLATFORM.md "Qt + asyncio in tests").

- ONE qasync loop for the whole session, created with ``already_running=True`` and kept
  referenced forever; never stopped or closed (``stop()`` quits the QApplication and
  breaks every later ``qtbot.waitUntil``).
- The loop is made the current/running loop only inside tests that ask for ``qloop``
  (or ``window``), and unset afterwards so non-GUI asyncio tests are unaffected.
- Tests are plain sync functions driven by ``qtbot.waitUntil``/``waitSignal``; never
  ``run_until_complete``.
- A test that leaves a task it created unfinished fails at teardown.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import sys
from collections.abc import Iterator

import pytest

from chathub_desktop.gui.task_runner import install_asyncgen_hooks

_LOOP: asyncio.AbstractEventLoop | None = None


@pytest.fixture(scope="session")
def session_loop(qapp):  # type: ignore[no-untyped-def]
    """The one session-wide qasync loop (kept in a module global forever)."""
    global _LOOP
    if _LOOP is None:
        import qasync

        _LOOP = qasync.QEventLoop(qapp, already_running=True)
        # plain threads for to_thread, as run_gui sets them (qasync's default starts QThreads)
        _LOOP.set_default_executor(
            concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="test-loop"))
        asyncio.events._set_running_loop(None)  # only tests that ask get it
    return _LOOP


@pytest.fixture
def qloop(session_loop, qtbot) -> Iterator[asyncio.AbstractEventLoop]:  # type: ignore[no-untyped-def]
    """The qasync loop as this test's running loop; fails the test if it leaks tasks."""
    loop = session_loop
    asyncio.set_event_loop(loop)
    asyncio.events._set_running_loop(loop)
    old_hooks = install_asyncgen_hooks(loop)
    before = set(asyncio.all_tasks(loop))
    try:
        yield loop
        gc.collect()  # finalize dropped async generators on the loop while it is ours
        leaked: list[asyncio.Task[object]] = []

        def settled() -> bool:
            leaked[:] = [t for t in asyncio.all_tasks(loop) if t not in before and not t.done()]
            return not leaked

        try:
            qtbot.waitUntil(settled, timeout=3000)
        except Exception:
            names = ", ".join(t.get_name() for t in leaked)
            for t in leaked:
                t.cancel()
            qtbot.wait(50)
            pytest.fail(f"test leaked unfinished asyncio tasks: {names}")
    finally:
        sys.set_asyncgen_hooks(*old_hooks)
        asyncio.events._set_running_loop(None)
        asyncio.set_event_loop(None)


@pytest.fixture
def window(qloop, services, qtbot):  # type: ignore[no-untyped-def]
    """A shown MainWindow over the test's services; shut down (replies interrupted,
    tasks cancelled) on teardown."""
    from chathub_desktop.gui.main_window import MainWindow

    w = MainWindow(services)
    w.show()
    qtbot.waitExposed(w)
    yield w
    done: list[bool] = []
    task = qloop.create_task(w.shutdown())
    task.add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    for dlg in list(w.dialogs.values()):
        dlg.close()
    w.close()
    w.deleteLater()


@pytest.fixture(autouse=True)
def _unanswered_previews_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A preview before memory is replaced (issue 18) is a modal dialog: a test that does
    not answer it fails at once instead of hanging on ``exec()``."""
    from chathub_desktop.gui.memory import change_preview

    def unanswered(_parent, title, heading, _options, _action):  # type: ignore[no-untyped-def]
        raise AssertionError(f"unanswered preview {title!r}: {heading}")

    monkeypatch.setattr(change_preview, "ask", unanswered)
