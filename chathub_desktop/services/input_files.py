"""Files the user names, checked before they are read (issue 32).

Attachments (file picker, drop, paste, ``--attach``), chat and topic imports, memory
files (``memory import``, ``memory save``), model catalogs and summary files all come in
through :func:`open_regular` or :func:`read_regular`:

- ``os.stat`` first: a folder, a FIFO, a socket or a device (``/dev/zero``,
  ``/dev/urandom``) is refused with one line before anything is opened;
- the open uses ``O_NONBLOCK`` so a FIFO swapped in after the check never blocks, and
  ``fstat`` on the open descriptor must show the same regular file (no race);
- :func:`read_regular` reads at most ``limit + 1`` bytes, so a file that grows, or one
  whose stated size is wrong (``/proc``), is still refused without being read whole.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from chathub_desktop.core.json_bounds import megabytes
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.services.errors import InvalidInput

__all__ = ["FileRefused", "open_regular", "read_regular"]

_KINDS: tuple[tuple[Callable[[int], bool], str], ...] = (
    (stat.S_ISDIR, QT_TRANSLATE_NOOP("ServiceReasons", "a folder")),
    (stat.S_ISFIFO, QT_TRANSLATE_NOOP("ServiceReasons", "a named pipe (FIFO)")),
    (stat.S_ISSOCK, QT_TRANSLATE_NOOP("ServiceReasons", "a socket")),
    (stat.S_ISCHR, QT_TRANSLATE_NOOP("ServiceReasons", "a character device")),
    (stat.S_ISBLK, QT_TRANSLATE_NOOP("ServiceReasons", "a block device")),
)
#: The kinds of file a refusal names (``read_regular``'s ``what``), said in the interface
#: language (issue 27); another ``what`` (the CLI's) stays as given.
_WHATS = {w: w for w in (QT_TRANSLATE_NOOP("ServiceReasons", "file"), QT_TRANSLATE_NOOP("ServiceReasons", "memory file"),
                         QT_TRANSLATE_NOOP("ServiceReasons", "model catalog"),
                         QT_TRANSLATE_NOOP("ServiceReasons", "config file"),
                         QT_TRANSLATE_NOOP("ServiceReasons", "topic export"))}
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # POSIX; elsewhere the kind check alone guards
_FLAGS = os.O_RDONLY | _NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


class FileRefused(InvalidInput):
    """A named file that is not read: missing, unreadable, not a regular file, or over
    its limit. ``str(err)`` is one line naming the file; nothing was read or written."""


def _refuse_kind(path: Path, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    what = next((label for test, label in _KINDS if test(mode)), QT_TRANSLATE_NOOP("ServiceReasons", "not a regular file"))
    raise FileRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is %2, not a regular file; nothing was read"),
                             (str(path.name or path), Reason(what))))


def _oserror(path: Path, exc: OSError) -> FileRefused:
    return FileRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "cannot read %1: %2"),
                              (str(path.name or path), str(exc.strerror or exc))))  # the system's words: a value


@contextlib.contextmanager
def open_regular(path: Path | str) -> Iterator[BinaryIO]:
    """The regular file at ``path`` opened for binary reading (closed on leaving).

    Raises :class:`FileRefused` (one line) for a missing or unreadable file, and for a
    folder, FIFO, socket or device — checked before the open and again on the open
    descriptor, which must be the file that was checked. Never blocks on a FIFO.
    """
    path = Path(path)
    try:
        before = os.stat(path)
    except OSError as exc:
        raise _oserror(path, exc) from None
    _refuse_kind(path, before.st_mode)
    try:
        fd = os.open(path, _FLAGS)
    except OSError as exc:
        raise _oserror(path, exc) from None
    try:
        after = os.fstat(fd)
        _refuse_kind(path, after.st_mode)
        if (after.st_dev, after.st_ino) != (before.st_dev, before.st_ino):
            raise FileRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 was replaced while it was being opened; "
                                                         "nothing was read"), (str(path.name or path),)))
        if _NONBLOCK:  # a regular file: ordinary reads from here on
            os.set_blocking(fd, True)
        fh = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with fh:
        yield fh


def read_regular(path: Path | str, limit: int, *, what: str = "file") -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    ``what`` names the kind of file in the refusal (``"memory file"``). Raises
    :class:`FileRefused` as :func:`open_regular` does, and when the file is larger than
    ``limit`` bytes — by its stated size before reading, or by reading ``limit + 1``.
    """
    path = Path(path)
    with open_regular(path) as fh:
        size = os.fstat(fh.fileno()).st_size
        try:
            data = fh.read(limit + 1) if size <= limit else b""
        except OSError as exc:
            raise _oserror(path, exc) from None
    if size > limit or len(data) > limit:
        kind: str | Reason = Reason(_WHATS[what]) if what in _WHATS else what
        raise FileRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is larger than %2; a %3 is at most %2; "
                                                   "nothing was read"), (str(path.name or path), megabytes(limit), kind)))
    return data
