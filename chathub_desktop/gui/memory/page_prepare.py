"""The Memory page made while the window is idle (issue 30: every turn of the first open of
Memory under a frame, 16 ms of GUI CPU).

The first open of Memory in a window built the page's widgets (27–65 ms of GUI CPU in one
turn) and then showed it: a new page in the window's page stack re-laid out the whole
window and polished every widget of the page in the turn of its first show (the largest
turn of the open, mem46), after importing the page's modules in that same turn.
:class:`PagePrep` does that work before it is needed, once the window is idle after start,
one step per turn of the event loop: it imports the page's modules (:data:`MODULES`, one
a turn), makes the page (which leaves its first read for its first show) down to fixed
memory's title row and the rest of it on the next turn, hosts it hidden
in the page stack on the next turn, runs the page's later build steps (its dream panel,
Dreaming memory group, schedule form) a turn each, polishes its widgets
:data:`POLISH_BATCH` at a time, lays it out at the stack's size (a turn of its own) and paints it once
offscreen, a band of :data:`PAINT_BAND` px a turn (the first paint's icons, fonts and
text layouts). The user's typing and scrolling come first: a step waits until no input
came for :data:`INPUT_QUIET_MS`; and a step runs on a fresh turn only (:mod:`~chathub_desktop.gui.shell.turn_clock`:
a 14 ms step after a 6 ms paint of the window in the same turn was 21 ms, issue 30). The first open then takes the page
(:meth:`PagePrep.take`): showing it is what opening it again always was. After an
assistant switch the window prepares that assistant's page the same way.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QRect, QSize, QTimer
from PySide6.QtWidgets import QScrollArea, QWidget

from chathub_desktop.gui.shell.turn_clock import MAX_WAITS, turn_fresh

if TYPE_CHECKING:
    from chathub_desktop.gui.memory.fixed_page import MemoryPage

__all__ = ["INPUT_QUIET_MS", "MODULES", "PAINT_BAND", "POLISH_BATCH", "PREPARE_AFTER_MS", "InputWatch", "PagePrep"]

#: The page's modules that the window has not imported, leaves first, the page's last:
#: imported one a turn (together they took ~200 ms of the first open's turn).
MODULES = tuple(f"chathub_desktop.{name}" for name in (
    "core.memory_diff", "core.memory_undo", "core.memory_export", "core.memory_paste", "services.transfer.memory_transfer",
    "gui.memory.change_preview", "gui.memory.dream_words", "gui.memory.dream_runs", "gui.memory.dream_failure",
    "gui.memory.dream_last_run", "gui.memory.dream_schedule_form", "gui.memory.dream_panel",
    "services.memory.memory_service", "gui.memory.entry_model", "gui.memory.entry_actions",
    "gui.memory.history_rows", "gui.memory.history_detail", "gui.memory.history_revert",
    "gui.memory.history_view", "core.imported_chat", "core.chatgpt_export", "services.transfer.claude_memory",
    "gui.memory.memory_paste_dialog", "gui.memory.transfer_actions", "gui.memory.list_fit",
    "gui.shell.page_header", "gui.memory.fixed_page"))

#: Milliseconds of idle after the window settled before the page is made.
PREPARE_AFTER_MS = 1500
#: Widgets polished per turn (the page has ~200; a batch is a few ms of GUI CPU).
POLISH_BATCH = 25
#: Px height of the band of the page painted offscreen per turn.
PAINT_BAND = 240
#: Milliseconds without a key, click, wheel or mouse move before the next step runs: the
#: user's typing and scrolling come first.
INPUT_QUIET_MS = 300

_INPUT_EVENTS = frozenset({
    QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.InputMethod, QEvent.Type.Wheel,
    QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseMove,
    QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate})


class InputWatch(QObject):
    """Whether the user typed, clicked, scrolled or moved the mouse in the application
    while it was watching (an event filter on it between :meth:`watch` and :meth:`stop`:
    only between steps, as every event of the widgets a step makes would pass through it)."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._last = -1.0  # time.monotonic() of the last input seen, -1: none
        self._on = False

    def recent(self) -> bool:
        """True when input came within :data:`INPUT_QUIET_MS`."""
        return self._last >= 0 and (time.monotonic() - self._last) * 1000 < INPUT_QUIET_MS

    def watch(self) -> None:
        """Note input from now on (until :meth:`stop`)."""
        app = QCoreApplication.instance()
        if not self._on and app is not None:
            app.installEventFilter(self)
            self._on = True

    def stop(self) -> None:
        """Stop watching."""
        app = QCoreApplication.instance()
        if self._on and app is not None:
            app.removeEventFilter(self)
        self._on = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Note the time of an input event; never consumes it."""
        if event.type() in _INPUT_EVENTS:
            self._last = time.monotonic()
        return False


class PagePrep(QObject):
    """After ``delay_ms`` (None: :data:`PREPARE_AFTER_MS`), imports :data:`MODULES`, hosts
    ``frame()`` (an empty scroll area in the page stack), makes ``make(viewport)``'s page
    for ``assistant_id`` in it (a hidden :class:`MemoryPage` that reads on its first show,
    its build steps left to this preparation), ``host(page)`` puts it there, runs the
    page's build steps, polishes its widgets in batches, lays it out at the stack's size
    and paints it in bands — each step on its own turn of the event loop, none within
    :data:`INPUT_QUIET_MS` of the user's last input. :meth:`take` hands the page over;
    :meth:`drop` discards it (the window closes)."""

    def __init__(self, parent: QObject, assistant_id: int, frame: Callable[[], QScrollArea],
                 make: Callable[[QWidget], MemoryPage], host: Callable[[MemoryPage], QWidget], *,
                 delay_ms: int | None = None) -> None:
        super().__init__(parent)
        self.assistant_id = assistant_id
        self._make_frame = frame
        self._make = make
        self._host = host
        self.page: MemoryPage | None = None
        #: True once the page is made, hosted and every widget polished.
        self.done = False
        self._imports = deque(m for m in MODULES if m not in sys.modules)
        self._frame: QScrollArea | None = None  # the page's scroll area in the page stack
        self._hosted = False
        self._sized = False
        self._laid_out = False  # the page laid out at the stack's size (a one-pixel grab)
        self._polished = False
        self._bands: deque[QRect] = deque()
        self._polish: list[QWidget] = []
        #: The kind of the last step run ("import", "make", "polish", "paint"…; for benchmarks).
        self.step_name = ""
        self._input = InputWatch(self)
        self._waits = MAX_WAITS  # turns the next step may still wait for a fresh one
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._step)
        delay = PREPARE_AFTER_MS if delay_ms is None else delay_ms
        self._timer.start(delay)
        # input is watched from INPUT_QUIET_MS before the first step, not through the whole
        # idle delay: the filter runs Python for every event of the application (issue 28)
        self._arm = QTimer(self)
        self._arm.setSingleShot(True)
        self._arm.timeout.connect(self._input.watch)
        self._arm.start(max(0, delay - INPUT_QUIET_MS))

    def _step(self) -> None:
        if self._input.recent():  # the user types or scrolls: resume once they pause
            self.step_name = "input"
            self._timer.start(INPUT_QUIET_MS)
            return
        if self._waits and not turn_fresh():  # a paint or other timers used this turn: the next one
            self._waits -= 1
            self.step_name = "busy turn"
            self._timer.start(0)
            return
        self._waits = MAX_WAITS
        self._input.stop()  # not while the step makes widgets: their every event would pass
        page = self.page
        if self._imports:
            self.step_name = "import"
            importlib.import_module(self._imports.popleft())
        elif self._frame is None:  # hosted empty first: the page is made in place, styled once
            self.step_name = "frame"
            self._frame = self._make_frame()
        elif page is None:
            self.step_name = "make"
            self.page = self._make(self._frame.viewport())
        elif not page.built:  # the cards and what is under them (stall54c: the whole page was 8–9 ms)
            self.step_name = "make lower"
            page.build_lower()
        elif not self._hosted:
            self.step_name = "host"
            self._hosted = True
            self._host(page)
        elif not page.steps.done:  # its Dreaming memory group, a part a turn
            self.step_name = "page step"
            page.steps.step()
        elif not self._polished:
            self.step_name = "polish list"
            self._polished = True
            self._polish = [page, *page.findChildren(QWidget)]
        elif self._polish:
            self.step_name = "polish"
            batch, self._polish = self._polish[:POLISH_BATCH], self._polish[POLISH_BATCH:]
            for w in batch:
                w.ensurePolished()
        elif not self._sized:
            self.step_name = "size"
            self._sized = True
            frame = self._frame  # laid out at the size it will be shown at
            frame.setGeometry(QRect(QPoint(0, 0), self._stack_size()))
            width, height = frame.width(), frame.height()
            self._bands = deque(QRect(0, y, width, min(PAINT_BAND, height - y)) for y in range(0, height, PAINT_BAND))
        elif not self._laid_out:  # a grab lays the page out at that size first: on a turn of its own
            self.step_name = "lay out"
            self._laid_out = True
            self._frame.grab(QRect(0, 0, 1, 1))  # stall54c: with the first band, 7.6–8.7 ms
        elif self._bands:  # the first paint's one-time work, offscreen
            self.step_name = "paint"
            self._frame.grab(self._bands.popleft())
        else:
            self.step_name = "done"
            self.done = True
            return
        self._input.watch()
        self._timer.start(0)

    def _stack_size(self) -> QSize:
        stack = self._frame.parentWidget() if self._frame is not None else None
        return stack.size() if stack is not None else QSize(0, 0)

    def take(self, assistant_id: int) -> MemoryPage | None:
        """The page, when it is made and is ``assistant_id``'s (its remaining steps are
        left to the show); else None, and a page of another assistant is dropped."""
        self._timer.stop()
        self._arm.stop()
        self._input.stop()
        self._polish = []
        page, self.page = self.page, None
        if page is not None and page.assistant_id != assistant_id:
            _discard(page)
            return None
        if page is not None:
            if not page.built:
                page.build_lower()
            if not self._hosted:
                self._host(page)
            page.steps.resume()  # the parts not made yet come after the show's paints
        return page

    def drop(self) -> None:
        """Stop, and discard the page if it was made (the window closes)."""
        self._timer.stop()
        self._arm.stop()
        self._input.stop()
        page, self.page = self.page, None
        if page is not None:
            _discard(page)


def _discard(page: MemoryPage) -> None:
    if page.built:  # a page cut short before its reads were made follows nothing yet
        page.detach()
    page.close()
    page.deleteLater()
