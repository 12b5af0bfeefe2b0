"""Files only their owner may read: the data dir (0700), the database, its ``-wal`` /
``-shm`` / ``-journal`` files, the log and exports (0600) on POSIX systems (issue 12).

Modes are set at creation (``os.open`` / ``mkdir`` with the mode, so nothing is ever
readable by others, whatever the umask) and tightened on our files that already exist
from an older version. A folder that already exists is never changed (issue 32: a
``--data-dir`` may be a shared 1777 or 2775 folder, or a symlink); when others can read
or write it, that is said once. On Windows the calls are harmless no-ops: the
profile directory is private already.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import stat
import sys
import tempfile
from pathlib import Path

PRIVATE_DIR_MODE = 0o700
PRIVATE_FILE_MODE = 0o600
#: The files SQLite keeps next to a database (they take the database file's mode).
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")
_POSIX = os.name == "posix"


def make_private_dir(path: Path) -> Path:
    """Create ``path`` and its missing parents with mode 0700. A folder that exists is
    never changed (issue 32): its mode is its owner's choice (a shared 2775 or 1777
    folder stays so), and a symlink is never followed to change what it points at.
    When it is readable or writable by others, that is said once per process on
    stderr and in the log. Raises ``OSError`` when it cannot be created."""
    missing: list[Path] = []
    here = path
    while not os.path.lexists(here) and here != here.parent:
        missing.append(here)
        here = here.parent
    for folder in reversed(missing):
        with contextlib.suppress(FileExistsError):  # another process made it meanwhile
            folder.mkdir(mode=PRIVATE_DIR_MODE)
    if not path.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(path))
    if _POSIX and not missing:
        _note_open_folder(path)
    return path


_noted: set[Path] = set()


def _note_open_folder(path: Path) -> None:
    """Say once that an existing data folder others can read or write was left as it is."""
    mode = stat.S_IMODE(os.stat(path).st_mode)
    if not mode & 0o077 or path in _noted:
        return
    _noted.add(path)
    text = (f"the data folder {path} is readable or writable by others (mode {mode:04o}); it is left as "
            f"it is: `chmod 700 {path}` makes it private")
    print(f"chathub-desktop: note: {text}", file=sys.stderr)
    logging.getLogger(__name__).warning("%s", text)


def make_private_file(path: Path) -> Path:
    """Create ``path`` empty with mode 0600 when it does not exist, else tighten it to
    0600. Raises ``OSError`` when it cannot be created or is not a regular file (a FIFO
    or a device is refused without blocking)."""
    with contextlib.suppress(FileNotFoundError):  # a FIFO or a device is refused before it is opened
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
    # O_NONBLOCK: a FIFO swapped in meanwhile fails here instead of hanging (issue 32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NONBLOCK", 0), PRIVATE_FILE_MODE)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        if _POSIX:
            os.fchmod(fd, PRIVATE_FILE_MODE)
    finally:
        os.close(fd)
    return path


def tighten_sqlite_files(database: Path) -> None:
    """Set 0600 on a SQLite database file (created empty when missing, so SQLite's own
    ``-wal`` / ``-shm`` files inherit that mode) and on side files already there."""
    make_private_file(database)
    if _POSIX:
        for suffix in SQLITE_SIDE_FILES:
            side = database.with_name(database.name + suffix)
            with contextlib.suppress(FileNotFoundError):
                side.chmod(PRIVATE_FILE_MODE)


def write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (replacing it) as a 0600 file: an export holds memory
    and chats. Atomic: the bytes go to a private temporary file beside ``path`` that
    then takes its name, so a reader (or a crash) never sees half a file. Raises
    ``OSError``; the temporary file is removed on failure."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")  # created 0600
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
