"""Keeps a reference-count slip in PySide6 6.12 from killing the process on CPython 3.11.

Measured here (issue 9): with PySide6/shiboken6 6.12.0 on CPython 3.11, every wrapped
C++ call that returns ``void`` (``setObjectName``, ``killTimer``, ``postEvent``,
``processEvents`` …) hands back ``None`` without taking a reference, and some paths do
the same with ``True``/``False`` (qasync's default QThread executor). CPython 3.12+
makes these objects immortal, so nothing happens there; on 3.11 each such call lowers
their count by one. qasync makes about one per event-loop callback (``killTimer`` in
its timer event), so after some tens of thousands of callbacks — a few seconds of a
streaming reply — the count reaches zero, usually while the interpreter tears down:
``Fatal Python error: none_dealloc`` / ``bool_dealloc … refcount error in a C
extension``. PySide6 6.11.3 does not slip.

:func:`protect_singletons` gives those objects the headroom CPython 3.12 gives them.
"""

from __future__ import annotations

import ctypes
import sys

#: Added to each singleton's reference count (CPython 3.12 uses 2**32 - 1 for immortals).
HEADROOM = 2**60
_SINGLETONS = (None, True, False)


def binding_slips(python: tuple[int, int] | None = None, shiboken: str | None = None) -> bool:
    """True for the combinations that slip: CPython before 3.12 with shiboken6 6.12 or
    later (no fixed release is known yet). ``python`` / ``shiboken`` default to the
    running interpreter and the installed shiboken6."""
    if sys.implementation.name != "cpython":
        return False
    if python is None:
        python = (sys.version_info.major, sys.version_info.minor)
    if shiboken is None:
        import shiboken6

        shiboken = shiboken6.__version__
    try:
        major, minor = (int(part) for part in shiboken.split(".")[:2])
    except ValueError:
        return False
    return python < (3, 12) and (major, minor) >= (6, 12)


def protect_singletons() -> bool:
    """Raise the reference counts of ``None``, ``True`` and ``False`` by
    :data:`HEADROOM` when :func:`binding_slips` (once per process; later calls do
    nothing). Returns whether it did. A build whose object header does not start with
    the reference count (``--with-trace-refs``) is left alone."""
    if not binding_slips() or hasattr(sys, "getobjects"):
        return False
    if sys.getrefcount(None) >= HEADROOM:
        return False
    for obj in _SINGLETONS:
        ctypes.c_ssize_t.from_address(id(obj)).value += HEADROOM
    return True
