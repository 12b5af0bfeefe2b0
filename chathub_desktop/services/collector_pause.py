"""Python's cycle collector held off while a message is turned into HTML (issue 32), and
while a large read is made (issue 30). A service helper the window uses too.

The Markdown parser allocates a token per span (100,000 on a hostile 200 KB message).
Each allocation burst sets off full collections that walk the whole heap while holding
the interpreter lock, on whichever thread allocated: rendering on a worker thread
still froze the window 140 ms to 210 ms at a time. The tokens form no cycles (reference
counting frees them), so the collector is paused for the length of one rendering
(bounded by the renderer's own size limits) and resumes after it; with GC paused the
same rendering froze the window at most about 30 ms.

A read whose results live on (the search's 10,000 parsed memory entries, issue 30) asks for
``keep``: what it allocated is moved out of the collector's reach (``gc.freeze``, as
start-up's heap is) before the collector resumes. Otherwise the first collection after
the pause walked every new object at once on that thread — 18 ms holding the
interpreter lock on the worker, the window's thread waiting for it — and later full
collections walked them again (100–250 ms each with 10,000 entries held). Objects
frozen are still freed by reference counting when the page drops them. The cost: the
freeze takes every object alive at that moment, not only the read's, so a cycle of
garbage waiting for a collection then (anywhere in the process) is never freed. Only a
read made once per window keeps (the search's memory warm-up); the Memory page's reads,
made at every change, do not.
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
_keep = False


@contextmanager
def collector_paused(*, keep: bool = False) -> Iterator[None]:
    """Pause the cycle collector inside the ``with`` block; nested and concurrent uses
    (several render threads) resume it when the last one leaves, and only if it was
    running before the first. ``keep``: what the block allocates lives on; the objects
    made during the pause are frozen (out of every later collection) before it resumes."""
    global _holds, _was_enabled, _keep
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
            _keep = _keep or keep
            if _holds == 0:
                if _keep:
                    gc.freeze()
                _keep = False
                if _was_enabled:
                    gc.enable()
