"""Building many Python objects at once without stalling other threads (issue 9).

:func:`gc_paused` holds off the cyclic garbage collector while a topic's rows, its
request plan or an import's parsed objects are built.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_gc_lock = threading.Lock()
_gc_holders = 0
_gc_was_enabled = True


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold off Python's cyclic garbage collector while thousands of rows become objects.

    The rows are freed by reference counting (they hold no cycles), but every few
    thousand allocations a full collection walks the whole heap with the GIL held —
    60 ms and more with a 20,000-message topic loaded — and the window's thread waits
    for it (issue 9). Nested and concurrent holders share one pause."""
    global _gc_holders, _gc_was_enabled
    with _gc_lock:
        _gc_holders += 1
        if _gc_holders == 1:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
    try:
        yield
    finally:
        with _gc_lock:
            _gc_holders -= 1
            if _gc_holders == 0 and _gc_was_enabled:
                gc.enable()
