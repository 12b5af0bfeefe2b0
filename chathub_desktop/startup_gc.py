"""The cyclic garbage collector paused while the window starts (issue 29: start-up
within 1.5x a bare window).

Importing the window's modules and building its widgets allocates ~100,000 objects
that live as long as the process; the collector, triggered every few hundred
allocations, walked them again and again before the first paint (~12 ms of CPU of
~0.26 s). :func:`pause` stops it at the entry point, before PySide6 loads;
:func:`resume` (the composition root calls it once the window painted, and the entry
point again on every way out) moves every object alive by then out of its reach
(``gc.freeze``: they would otherwise all be scanned at the first collection, holding
the loop right after the paint) and starts it again. Nothing is freed later than it
would have been by reference counting; only cycles made before the first paint stay.
"""

from __future__ import annotations

import gc

__all__ = ["pause", "resume"]

_paused = False


def pause() -> None:
    """Stop the cyclic collector until :func:`resume` (nothing when it is already off:
    then :func:`resume` leaves it off too)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Freeze what is alive and start the collector again, if :func:`pause` stopped it;
    idempotent."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
