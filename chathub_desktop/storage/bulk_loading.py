"""Building many Python objects at once without stalling other threads (issue 9).

:func:`gc_paused` holds off the cyclic garbage collector while a topic's rows, its
request plan or an import's parsed objects are built; :func:`release_free_memory`
returns what such a build freed to the system.
"""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import cast

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


def release_free_memory() -> None:
    """Hand the C heap's free pages back to the system (glibc's ``malloc_trim``; nothing
    elsewhere). After a bulk build — a topic's rows, a tokenizer's tables — the
    temporaries it freed stay mapped in the allocator's arenas and count in the
    process's RSS until reused (issue 29: ~4 MB after the o200k build). Takes a few
    milliseconds without the interpreter lock (ctypes releases it)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None (another C library, another platform)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        return cast(Callable[[int], int], ctypes.CDLL("libc.so.6").malloc_trim)
    except (OSError, AttributeError):  # musl has no libc.so.6 / no malloc_trim
        return None
