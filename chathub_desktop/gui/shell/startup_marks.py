"""Where the window's start-up spends its time, phase by phase (issue 29: the last
topic's rows within 0.5 s; ``benchmarks/bench_startup.py --phases``).

With ``CHATHUB_BENCH_PHASES=1`` each :func:`mark` records its name, the wall time and
the process's CPU time (every thread), seconds since this module was imported (the
composition root imports it first); :func:`report` gives them as one line. Without
the variable :func:`mark` does nothing.
"""

from __future__ import annotations

import os
import time

__all__ = ["ENV", "enabled", "mark", "report"]

#: Set to ``1`` to record the marks.
ENV = "CHATHUB_BENCH_PHASES"

_ON = os.environ.get(ENV) == "1"
_T0 = time.perf_counter()
_CPU0 = time.process_time()  # since the process started
_MARKS: list[tuple[str, float, float]] = []


def enabled() -> bool:
    """True when the marks are recorded."""
    return _ON


def mark(name: str) -> None:
    """Record that phase ``name`` ended now (the first mark of a name counts)."""
    if _ON and all(n != name for n, _t, _c in _MARKS):
        _MARKS.append((name, time.perf_counter() - _T0, time.process_time() - _CPU0))


def report() -> str:
    """The marks so far as ``name=wall/cpu`` fields (seconds, 3 decimals), in order,
    after ``before=0/cpu``: the CPU the process used before this module's import."""
    return " ".join(f"{n}={t:.3f}/{c:.3f}" for n, t, c in [("before", 0.0, _CPU0), *_MARKS])
