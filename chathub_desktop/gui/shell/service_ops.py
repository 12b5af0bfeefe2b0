"""How a page calls services: reads and changes in a worker thread, one at a time, errors
shown inline (the Memory page, the Dreaming memory panel, Settings' Models and Tools)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from chathub_desktop.gui.shell.error_presenter import ErrorPresenter, user_message
from chathub_desktop.gui.shell.task_contexts import with_context
from chathub_desktop.gui.shell.task_runner import TaskRunner

#: What a change returns: ``on_ok`` is given it.
R = TypeVar("R")


class ServiceOps:
    """One page's service calls.

    - ``show_error(text)``: the page's inline error line (``""`` hides it);
    - ``on_busy(busy)``: called when a change starts and ends (the page enables or
      disables its buttons);
    - ``task_name``: the :class:`TaskRunner` name of the page's change task.

    A user error (:class:`ServiceError`, a busy store; see
    :func:`~chathub_desktop.gui.shell.error_presenter.user_message`) is the user's to read
    (inline); any other exception is a bug and goes to the presenter.
    """

    def __init__(self, runner: TaskRunner, presenter: ErrorPresenter, show_error: Callable[[str], None],
                 on_busy: Callable[[bool], None], task_name: str) -> None:
        self._runner = runner
        self._presenter = presenter
        self._show_error = show_error
        self._on_busy = on_busy
        self._task_name = task_name
        self.busy = False

    def start(self, what: str, fn: Callable[[], R], on_ok: Callable[[R], None] | None = None,
              on_fail: Callable[[], None] | None = None,
              error_sink: Callable[[str], None] | None = None) -> bool:
        """Run the change ``fn`` in a worker thread, one at a time: False (nothing done)
        while another runs. A :class:`ServiceError` is shown inline (or given to
        ``error_sink``), then ``on_fail()``; ``on_ok(result)`` runs on the GUI thread."""
        if self.busy:
            return False
        self._show_error("")
        self._set_busy(True)
        self._runner.run(self._task_name, self._task(what, fn, on_ok, on_fail, error_sink), context=what)
        return True

    def _set_busy(self, busy: bool) -> None:
        self.busy = busy
        self._on_busy(busy)

    async def _task(self, what: str, fn: Callable[[], R], on_ok: Callable[[R], None] | None,
                    on_fail: Callable[[], None] | None, error_sink: Callable[[str], None] | None) -> None:
        try:
            try:
                result = await self._runner.run_in_thread(fn)
            except Exception as exc:
                message = user_message(exc)
                if message is None:
                    raise  # a bug: the task runner hands it to the presenter
                (error_sink or self._show_error)(with_context(what, message))
                if on_fail is not None:
                    on_fail()
                return
        finally:
            self._set_busy(False)
        if on_ok is not None:
            on_ok(result)
