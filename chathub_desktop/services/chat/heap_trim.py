"""Giving a huge reply's freed memory back to the system (huge51, issue 29).

A reply of many megabytes passes through several buffers at once (its chunks, its
joined text, SQLite's copy of it and the row it writes); freed, glibc keeps most of
them in its heaps for reuse rather than returning them, so the process stayed about
that much bigger after the reply was stored. :func:`return_large_blocks` (called once
at start) has glibc give every block of :data:`MMAP_BYTES` or more its own mapping,
returned to the system when it is freed (glibc's default raises that threshold to the
largest block freed so far, up to 32 MB, after which a 16 MB text stayed in the heap);
:func:`trim_heap` returns the free pages left in the heaps (``malloc_trim``). Measured
on the huge-reply benchmark (16 MB reply): the RSS 1 s after the reply was stored
went from +88 MB to +47 MB above the start with the threshold fixed. Elsewhere (macOS,
Windows, musl) both do nothing.
"""

from __future__ import annotations

import ctypes
import functools
import sys
from typing import Any

__all__ = ["MMAP_BYTES", "TRIM_AFTER_CHARS", "return_large_blocks", "trim_heap"]

#: A reply at least this long (characters) is followed by :func:`trim_heap`: shorter
#: ones free too little to be worth the call (a few milliseconds on a large heap).
TRIM_AFTER_CHARS = 1 << 20
#: Blocks this size or larger get their own mapping (bytes): far above the 64 K chunks
#: a streaming reply is kept in and what parsing allocates, so those stay in the heap.
MMAP_BYTES = 256 << 10
#: glibc's ``mallopt`` parameter for that threshold.
_M_MMAP_THRESHOLD = -3


@functools.cache
def _glibc(name: str) -> Any:
    """glibc's function ``name``, or None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return getattr(ctypes.CDLL("libc.so.6"), name, None)
    except OSError:  # not glibc
        return None


def return_large_blocks() -> bool:
    """Have every block of :data:`MMAP_BYTES` or more mapped on its own, so freeing it
    returns it at once (module doc); False where that is not possible. Call once, at start."""
    mallopt = _glibc("mallopt")
    return mallopt is not None and bool(mallopt(_M_MMAP_THRESHOLD, MMAP_BYTES))


def trim_heap() -> bool:
    """Return the free pages of every glibc heap to the system; False where that is
    not possible. Blocking for a few milliseconds: call it on a worker thread."""
    trim = _glibc("malloc_trim")
    if trim is None:
        return False
    trim(0)
    return True
