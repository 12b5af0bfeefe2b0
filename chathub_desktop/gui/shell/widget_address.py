"""Where a Qt object lives, to know a widget Qt made without keeping its Python object
(walk51 #2): PySide may let go of the Python object of a widget Qt made — a scroll area's
viewport — while the widget lives on; the one kept then raises "Internal C++ object
already deleted" and matches no later event's. Its address stays the same."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject

__all__ = ["address"]


def address(obj: QObject) -> int:
    """The address of ``obj``'s C++ object (an int; the same for every Python object that
    stands for it, and safe to take in an event filter while the object is torn down)."""
    return int(shiboken6.getCppPointer(obj)[0])
