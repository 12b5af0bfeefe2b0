"""Condition waits that outlast a stalled test process (issue 28: the suite on a loaded
2-core machine).

A ``qtbot.waitUntil(..., timeout=3000)`` is a bound on a hang, not a speed check (speed
goals are benchmarks): the condition is met in milliseconds on a quiet machine, and the
bound only matters when it is not met at all. On a loaded 2-core machine a test process
can stall for seconds (CI on fea956a: a 300 ms debounce and a 40 ms paste preview each
ran past 3 s and 5 s on the same worker, then passed on rerun). :func:`install` multiplies
the ``timeout`` of qtbot's condition waits by ``CHATHUB_TEST_WAIT_SCALE`` (default 4), so
a passing test costs nothing more and a real hang still fails, later. ``qtbot.wait(ms)``
(a fixed pause) and ``assertNotEmitted`` (a window in which nothing may happen) keep
their literal times.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pytest-qt loads with the suite; a launched app reads scale() alone
    from pytestqt.qtbot import QtBot

#: qtbot methods whose ``timeout`` bounds a wait for a condition (milliseconds).
CONDITION_WAITS = ("waitUntil", "waitSignal", "waitSignals", "waitCallback", "waitActive", "waitExposed")


def scale() -> float:
    """The factor from ``CHATHUB_TEST_WAIT_SCALE`` (a float ≥ 1; default 4)."""
    return max(1.0, float(os.environ.get("CHATHUB_TEST_WAIT_SCALE", "4")))


def _scaled(method: Callable[..., Any], factor: float) -> Callable[..., Any]:
    @functools.wraps(method)
    def wait(self: QtBot, *args: Any, timeout: int | None = 5000, **kwargs: Any) -> Any:
        if timeout:  # 0 / None: no bound, as pytest-qt means them
            timeout = int(timeout * factor)
        return method(self, *args, timeout=timeout, **kwargs)

    wait.__wrapped_scale__ = factor  # type: ignore[attr-defined]
    return wait


def install() -> None:
    """Scale every condition wait of :class:`QtBot` once per process."""
    from pytestqt.qtbot import QtBot

    factor = scale()
    for name in CONDITION_WAITS:
        method = getattr(QtBot, name)
        if not hasattr(method, "__wrapped_scale__"):
            setattr(QtBot, name, _scaled(method, factor))
