"""Work that starts once a widget has painted (issues 29 and 30).

A page's or a topic's first paint — polish, layout, icons, the rows' documents — is the
longest turn of the event loop when it opens. A worker thread running Python meanwhile
(reading 10,000 memory entries, counting a topic's tokens) made that turn wait for the
interpreter lock at each of its dozens of calls into Python: the Memory page's first
open froze the window 116 ms for 25 ms of its own work. So the work that can wait a
frame waits for the paint. Work that must not share its turn with other timers or a
paint (``fresh=True``) also waits for a fresh turn (:mod:`.turn_clock`).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

from chathub_desktop.gui.shell.turn_clock import MAX_WAITS, QUIET_MS, turn_fresh

#: Milliseconds the work waits at most for a paint (a widget built hidden never paints).
UNPAINTED_START_MS = 100


class _AfterPaint(QObject):
    """Calls ``start`` on the turn of the event loop after ``widget``'s next paint, or
    ``fallback_ms`` after it was made when nothing painted by then; with ``fresh``, on
    the first fresh turn from then (at most :data:`MAX_WAITS` turns later).

    It is ``widget``'s child, so it goes with it, and it keeps no Python object of it:
    PySide can drop the one of a widget Qt made (a view's viewport) while the widget
    lives on (stall53: after a walk of the focus chain, deleting an earlier widget of
    the chain dropped the message list's viewport's; ``removeEventFilter`` on it raised
    and ``start`` never ran). Its parent is asked for afresh."""

    def __init__(self, widget: QWidget, start: Callable[[], None], fallback_ms: int, fresh: bool = False) -> None:
        super().__init__(widget)
        self._start = start
        self._waits = MAX_WAITS if fresh else 0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._go)
        self._arm(fallback_ms)
        widget.installEventFilter(self)

    def _arm(self, ms: int) -> None:
        self._armed = time.thread_time()
        self._timer.start(ms)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: a paint schedules the start for the next turn (after the whole paint)."""
        if event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            self._arm(0)
        return False

    def _go(self) -> None:
        widget = self.parent()  # a Python object of the widget made now if PySide dropped the last
        if widget is not None:
            widget.removeEventFilter(self)
        # Other timers or a paint ran in this turn, or since the timer was armed: the rest of
        # the paint that armed it runs after this filter, and its timer, due from the
        # paint's start, then fired before timers that came due during the paint (stall54:
        # the page's first paint and the dream panel's making, 2–7 + 8–12 ms of GUI CPU
        # between two ticks of a 5 ms timer). Armed again now, those go first.
        if self._waits and (not turn_fresh() or 1000 * (time.thread_time() - self._armed) >= QUIET_MS):
            self._waits -= 1
            self._arm(0)
            return
        self.deleteLater()
        self._start()


def after_paint(widget: QWidget, start: Callable[[], None], fallback_ms: int = UNPAINTED_START_MS, *,
                fresh: bool = False) -> None:
    """Run ``start`` on the turn after ``widget`` next paints (at most ``fallback_ms``
    milliseconds from now when it does not). ``start`` runs on the GUI thread; it should
    only hand work to a worker, or be a step of a few ms: then ``fresh`` waits for a turn
    that nothing else used yet (issue 30: a step after another timer's work or a paint
    held the window over a frame)."""
    _AfterPaint(widget, start, fallback_ms, fresh)


class BuildSteps(QObject):
    """A widget built over several turns of the event loop (issue 30: the Memory page opens
    with every turn under a frame). Its owner builds the part seen first; ``steps`` build
    the rest in order (what a step returns is not used), each on the first fresh turn after ``widget``'s next paint, and ``then`` runs
    after the last step's paint. :meth:`ensure` builds what is left at once, for a caller
    that needs a part now (``then`` still waits for the next paint). With ``start`` False
    nothing runs on its own: a driver runs a step a turn (:meth:`step`, a widget made
    ahead while the window is idle) or hands the rest back to the paints (:meth:`resume`)."""

    def __init__(self, widget: QWidget, steps: Sequence[Callable[[], object]], then: Callable[[], None], *,
                 start: bool = True) -> None:
        super().__init__(widget)
        self._widget = widget
        self._steps = deque(steps)
        self._then: Callable[[], None] | None = then
        self._cancelled = False
        self._running = start
        if start:
            after_paint(widget, self._next, fresh=True)

    def step(self) -> None:
        """Run the next step now (a driver's turn); after the last, ``then`` waits for
        the next paint as usual."""
        if self._steps:
            self._steps.popleft()()
            if not self._steps:
                self._finish()

    def resume(self) -> None:
        """Run the steps left on their own from now on (a step after each paint)."""
        if not self._running and not self._cancelled:
            self._running = True
            if self._steps:
                after_paint(self._widget, self._next, fresh=True)

    @property
    def done(self) -> bool:
        """True once every step has run."""
        return not self._steps

    def _next(self) -> None:
        if self._cancelled:
            return
        if self._steps:
            self._steps.popleft()()
        if self._steps:
            after_paint(self._widget, self._next, fresh=True)
        else:
            self._finish()

    def _finish(self) -> None:
        then, self._then = self._then, None
        if then is not None:
            after_paint(self._widget, then, fresh=True)

    def cancel(self) -> None:
        """Run nothing more on its own (the widget closes for good); :meth:`ensure` still
        builds what is left."""
        self._cancelled = True
        self._then = None

    def ensure(self) -> None:
        """Run every step left now."""
        while self._steps:
            self._steps.popleft()()
        self._finish()
