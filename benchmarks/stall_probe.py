"""The event-loop stall probe the benchmarks share: a 5 ms QTimer whose largest gap
between ticks is how long the window would have frozen (house rule: measure the stall,
not only wall time)."""

from __future__ import annotations

import time

TICK_MS = 5


class StallProbe:
    """A 5 ms QTimer; :attr:`worst_ms` is the longest gap between ticks minus 5 ms."""

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self.worst_ms = 0.0
        self._last = time.perf_counter()
        self._timer = QTimer()
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        self.worst_ms = max(self.worst_ms, (now - self._last) * 1000 - TICK_MS)
        self._last = now

    def start(self) -> None:
        """Reset and start ticking."""
        self.worst_ms = 0.0
        self._last = time.perf_counter()
        self._timer.start()

    def stop(self) -> float:
        """Stop; the longest stall in ms."""
        self._timer.stop()
        return self.worst_ms
