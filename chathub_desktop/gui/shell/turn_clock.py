"""How much of the current turn of the event loop the GUI thread has already used
(issue 30: every stall of the Memory page's first open under one frame, 16 ms).

Qt's event dispatcher fires every timer that is due in one go, and a timer fired right
after a batch of posted events (a paint) shares its turn with them: a step of work
deferred "to the next turn" with a zero timer could run after another component's
timer or after a whole-window paint, and the two together held the window over a frame
(the Memory page's dream cards after the fixed list's re-fit: 4.6 + 9 + 17 ms of GUI
CPU with no timer tick between them; the page made ahead's 14 ms step after a 6 ms paint
of the window). :func:`turn_fresh` tells such a step whether its turn is still fresh, so
that it can wait for the next one instead.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QAbstractEventDispatcher, QCoreApplication, QObject

__all__ = ["FRESH_MS", "MAX_WAITS", "QUIET_MS", "TurnClock", "fresh_turn", "turn_fresh", "turn_spent_ms"]

#: Milliseconds of GUI-thread CPU after which a turn no longer counts as fresh.
FRESH_MS = 2.0
#: Milliseconds of GUI-thread CPU that may run between a coroutine's yield and its
#: resumption for :func:`fresh_turn` to count the turn as quiet (a fixed-list layout
#: batch takes 1.5–2 ms).
QUIET_MS = 1.0
#: Turns a step waits at most for a fresh one (a window busy every turn still gets it done).
MAX_WAITS = 8


class TurnClock(QObject):
    """The GUI thread's CPU time since the current turn of the event loop began: the
    dispatcher's ``awake`` resets it, once a turn (issue 28: a Python call per signal;
    ``aboutToBlock`` as well reset it twice). Qt's dispatchers say ``awake`` at the start
    of a turn that may not wait and after the wait of one that may (glib: after its
    dispatch, just before the next turn; the CPU between is the loop's own), so the clock
    counts what the GUI thread ran since it last woke. Made once, by :func:`turn_spent_ms`."""

    def __init__(self, dispatcher: QAbstractEventDispatcher) -> None:
        super().__init__(dispatcher)
        self._start = time.thread_time()
        dispatcher.awake.connect(self._begin)

    def _begin(self) -> None:
        self._start = time.thread_time()

    def spent_ms(self) -> float:
        """Milliseconds of GUI-thread CPU since this turn began."""
        return 1000 * (time.thread_time() - self._start)


_clock: list[TurnClock] = []


def turn_spent_ms() -> float:
    """Milliseconds of GUI-thread CPU used in the current turn of the event loop so far
    (0.0 with no event dispatcher yet). GUI thread only."""
    if not _clock:
        app = QCoreApplication.instance()
        dispatcher = QAbstractEventDispatcher.instance(app.thread()) if app is not None else None
        if dispatcher is None:
            return 0.0
        _clock.append(TurnClock(dispatcher))
    return _clock[0].spent_ms()


def turn_fresh() -> bool:
    """True while the current turn has used under :data:`FRESH_MS` of GUI-thread CPU: a
    step of a few ms started now keeps the turn under a frame."""
    return turn_spent_ms() < FRESH_MS


async def fresh_turn() -> None:
    """Return on a fresh turn of the event loop (:func:`turn_fresh`) on which the GUI
    thread ran under :data:`QUIET_MS` of CPU since this coroutine last yielded, yielding
    to the loop meanwhile, at most :data:`MAX_WAITS` times: a coroutine about to apply a
    worker's result on the GUI thread lets the timers due with it run first, and does not
    land among a list's batched layout passes (stall54: the dream cards applied between
    two of the fixed list's layout batches, 16 ms of GUI CPU between two ticks of a 5 ms
    timer, though each turn was fresh by the dispatcher's clock)."""
    import asyncio  # not at import: after_paint (and so this module) is on the start-up path

    for _ in range(MAX_WAITS):
        yielded = time.thread_time()
        await asyncio.sleep(0)
        if turn_fresh() and 1000 * (time.thread_time() - yielded) < QUIET_MS:
            return
