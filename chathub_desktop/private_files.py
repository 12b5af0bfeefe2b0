"""Files only their owner may read: the data dir (0700), the database, its ``-wal`` /
``-shm`` / ``-journal`` files, the log and exports (0600) on POSIX systems (issue 12).

Modes are set at creation (``os.open`` / ``mkdir`` with the mode, so nothing is ever
readable by others, whatever the umask) and tightened on files and the data dir that
already exist from an older version. On Windows the calls are harmless no-ops: the
profile directory is private already.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

PRIVATE_DIR_MODE = 0o700
PRIVATE_FILE_MODE = 0o600
#: The files SQLite keeps next to a database (they take the database file's mode).
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")
_POSIX = os.name == "posix"


def make_private_dir(path: Path) -> Path:
    """Create ``path`` (and missing parents) with mode 0700 and tighten it to 0700 when
    it exists (the data dir is ours). Raises ``OSError`` when it cannot be created."""
    path.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR_MODE)
    if _POSIX:
        with contextlib.suppress(OSError):  # not ours (e.g. a shared mount): leave it
            path.chmod(PRIVATE_DIR_MODE)
    return path


def make_private_file(path: Path) -> Path:
    """Create ``path`` empty with mode 0600 when it does not exist, else tighten it to
    0600. Raises ``OSError`` when it cannot be created."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, PRIVATE_FILE_MODE)
    try:
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
    """Write ``data`` to ``path`` (replacing its content) as a 0600 file: an export
    holds memory and chats. Raises ``OSError``."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE_MODE)
    try:
        if _POSIX:
            os.fchmod(fd, PRIVATE_FILE_MODE)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)
