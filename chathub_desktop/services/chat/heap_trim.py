"""Giving a huge reply's freed memory back to the system (huge51, issue 29).

A reply of many megabytes passes through several buffers at once (its chunks, its
joined text, SQLite's copy of it and the row it writes); freed, glibc keeps most of
them in its heaps for reuse rather than returning them, so the process stayed about
that much bigger after the reply was stored. :func:`trim_heap` asks glibc to return
the free pages (``malloc_trim``); elsewhere (macOS, Windows, musl) it does nothing.
"""

from __future__ import annotations

import ctypes
import functools
import sys
from typing import Any

__all__ = ["TRIM_AFTER_CHARS", "trim_heap"]

#: A reply at least this long (characters) is followed by :func:`trim_heap`: shorter
#: ones free too little to be worth the call (a few milliseconds on a large heap).
TRIM_AFTER_CHARS = 1 << 20


@functools.cache
def _malloc_trim() -> Any:
    """glibc's ``malloc_trim``, or None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return getattr(ctypes.CDLL("libc.so.6"), "malloc_trim", None)
    except OSError:  # not glibc
        return None


def trim_heap() -> bool:
    """Return the free pages of every glibc heap to the system; False where that is
    not possible. Blocking for a few milliseconds: call it on a worker thread."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
