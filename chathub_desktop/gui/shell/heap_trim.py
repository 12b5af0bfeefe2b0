"""Returning the heap start-up freed to the system (issue 29, "Quiet and light at rest").

Opening a long topic allocates far more than it keeps (the badge's plan over 20,000
rows, the first page's documents, the tokenizers' load); glibc's ``malloc`` keeps what
was freed inside its arenas, so the window's RSS at rest stayed at its start-up peak.
:func:`trim_heap` asks glibc to give the free pages back (``malloc_trim(0)``), once,
after the start-up work has ended. Elsewhere (musl, macOS, Windows) it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import sys

log = logging.getLogger(__name__)


def resident_mb() -> float:
    """This process's resident set size now, MB (``VmRSS``; 0 where ``/proc`` has none)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def trim_heap() -> tuple[float, float] | None:
    """Give the heap's free pages back to the system (glibc ``malloc_trim(0)``; blocking,
    ~10-100 ms over a large heap: call it on a worker thread). Returns the RSS before and
    after in MB, or None where the C library has no ``malloc_trim`` (not glibc)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # musl and others have no malloc_trim
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    before = resident_mb()
    trim(0)
    after = resident_mb()
    log.info("start-up heap returned to the system: RSS %.0f MB -> %.0f MB", before, after)
    return before, after
