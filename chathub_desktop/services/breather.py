"""Pauses in a long Python loop on a worker thread, so the window's thread gets the
interpreter lock when it asks (issue 30; house rule: nothing heavy on the GUI thread).

A worker thread running Python hands the lock over only every switch interval (5 ms),
and on a busy machine the window's thread then often waits 15-100 ms for its turn: an
import's Merge preview of 10,000 entries (~10 s of Python) stopped the window's event
loop up to ~40 ms at a time. A :class:`Breather`, called once per step of such a loop,
sleeps :data:`REST_S` after every :data:`WORK_S` of work — the lock is free then — and
the longest wait of the window's thread drops to about the switch interval
(``benchmarks/bench_import_check.py``). On the main thread (the CLI, tests) it does
nothing: no window waits there.
"""

from __future__ import annotations

import threading
import time

__all__ = ["Breather"]

#: Work between two pauses, seconds.
WORK_S = 0.003
#: One pause, seconds (about 15 % of a long loop's time).
REST_S = 0.0005


class Breather:
    """For long work on a worker thread (APP-7: an import's preview): call it at each
    step of the loop; after :data:`WORK_S` of work since the last pause it sleeps
    :data:`REST_S`. On the main thread it never sleeps."""

    def __init__(self) -> None:
        self._on = threading.current_thread() is not threading.main_thread()
        self._until = time.perf_counter() + WORK_S

    def __call__(self) -> None:
        if self._on and time.perf_counter() >= self._until:
            time.sleep(REST_S)
            self._until = time.perf_counter() + WORK_S
