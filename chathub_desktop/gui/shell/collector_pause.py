"""Python's cycle collector held off while a message is turned into HTML (issue 32).

The Markdown parser allocates a token per span (100,000 on a hostile 200 KB message).
Each allocation burst sets off full collections that walk the whole heap while holding
the interpreter lock, on whichever thread allocated: rendering on a worker thread
still froze the window 140 ms to 210 ms at a time. The tokens form no cycles (reference
counting frees them), so the collector is paused for the length of one rendering
(bounded by the renderer's own size limits) and resumes after it; with GC paused the
same rendering froze the window at most about 30 ms.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]

_lock = threading.Lock()
_holds = 0
_was_enabled = True


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector inside the ``with`` block; nested and concurrent uses
    (several render threads) resume it when the last one leaves, and only if it was
    running before the first."""
    global _holds, _was_enabled
    with _lock:
        if _holds == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _holds += 1
    try:
        yield
    finally:
        with _lock:
            _holds -= 1
            if _holds == 0 and _was_enabled:
                gc.enable()
