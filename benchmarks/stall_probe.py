"""The event-loop stall probe the benchmarks share: a 5 ms QTimer whose largest gap
between ticks is how long the window would have frozen (house rule: measure the stall,
not only wall time)."""

from __future__ import annotations

import time

TICK_MS = 5


class StallProbe:
    """A 5 ms QTimer; :attr:`worst_ms` is the longest gap between ticks minus 5 ms, and
    :attr:`worst_cpu_ms` the most CPU time the GUI thread spent between two ticks (ms;
    unlike the gap, not lengthened by other processes on a loaded machine)."""

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self.worst_ms = 0.0
        self.worst_cpu_ms = 0.0
        self._last = time.perf_counter()
        self._last_cpu = time.thread_time()
        self._timer = QTimer()
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        cpu = time.thread_time()
        self.worst_ms = max(self.worst_ms, (now - self._last) * 1000 - TICK_MS)
        self.worst_cpu_ms = max(self.worst_cpu_ms, (cpu - self._last_cpu) * 1000)
        self._last = now
        self._last_cpu = cpu

    def start(self) -> None:
        """Reset and start ticking."""
        self.worst_ms = self.worst_cpu_ms = 0.0
        self._last = time.perf_counter()
        self._last_cpu = time.thread_time()
        self._timer.start()

    def stop(self) -> float:
        """Stop; the longest stall in ms."""
        self._timer.stop()
        return self.worst_ms
