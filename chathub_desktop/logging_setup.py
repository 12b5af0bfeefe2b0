"""Logging, configured once per process by the window and the CLI (issue 12, CMP-17).

Without a handler Python drops every INFO record, so ``CHATHUB_COMPACTION_DEBUG=1``
printed nothing. :func:`configure_logging` gives the ``chathub_desktop`` loggers:

- a rotating log file ``chathub.log`` in the data dir (0600; :data:`MAX_LOG_BYTES` per
  file, :data:`LOG_BACKUPS` old files kept), INFO and up — the structured CMP-17 events
  (``planner_settled``, the dream scheduler's runs) and the tracebacks of bugs;
- stderr as well when asked: ``--verbose``, ``CHATHUB_LOG_STDERR=1`` or
  ``CHATHUB_COMPACTION_DEBUG=1`` (whose events are meant to be watched live).

A second call for the same folder changes nothing but may switch stderr on. A data dir that cannot be
written leaves the file out (stderr still works when asked); it never stops start-up.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
from pathlib import Path

from chathub_desktop.core.flags import env_flag
from chathub_desktop.private_files import make_private_dir, make_private_file

LOG_FILE_NAME = "chathub.log"
#: Bytes per log file before it rotates.
MAX_LOG_BYTES = 1_000_000
#: Rotated files kept (``chathub.log.1`` … ``.3``).
LOG_BACKUPS = 3
ROOT_LOGGER = "chathub_desktop"
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_STDERR_ENVS = ("CHATHUB_LOG_STDERR", "CHATHUB_COMPACTION_DEBUG")

_file_handler: logging.handlers.RotatingFileHandler | None = None
_stderr_handler: logging.StreamHandler | None = None  # type: ignore[type-arg]
_log_file: Path | None = None
_folder: Path | None = None


def _env_on(name: str) -> bool:
    return env_flag(os.environ, name)


def wants_stderr(verbose: bool = False) -> bool:
    """True when log records should also go to stderr (``--verbose`` or an env switch)."""
    return verbose or any(_env_on(name) for name in _STDERR_ENVS)


def configure_logging(data_dir: Path | None = None, *, verbose: bool = False) -> Path | None:
    """Attach the log file in ``data_dir`` (default: the platform data dir, see
    :func:`chathub_desktop.paths.default_data_dir`) and, when :func:`wants_stderr`, a
    stderr handler to the ``chathub_desktop`` logger at INFO. Calling it again with the
    same folder changes nothing (it may switch stderr on); another folder moves the file
    there. Returns the log file's path, or ``None`` when it could not be created."""
    global _file_handler, _stderr_handler, _log_file, _folder
    from chathub_desktop.paths import default_data_dir

    logger = logging.getLogger(ROOT_LOGGER)
    logger.setLevel(logging.INFO)
    folder = (data_dir or default_data_dir()).expanduser()
    if folder != _folder:
        if _file_handler is not None:
            logger.removeHandler(_file_handler)
            _file_handler.close()
        _file_handler, _log_file, _folder = None, None, folder
        try:
            make_private_dir(folder)
            path = make_private_file(folder / LOG_FILE_NAME)
            handler = logging.handlers.RotatingFileHandler(
                path, maxBytes=MAX_LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
        except OSError:
            handler = None
        if handler is not None:
            handler.setFormatter(logging.Formatter(LOG_FORMAT))
            handler.rotator = _private_rotator
            logger.addHandler(handler)
            _file_handler, _log_file = handler, path
    if wants_stderr(verbose) and _stderr_handler is None:
        _stderr_handler = logging.StreamHandler(sys.stderr)
        _stderr_handler.setFormatter(logging.Formatter("%(name)s: %(message)s"))
        logger.addHandler(_stderr_handler)
    return _log_file


def _private_rotator(source: str, dest: str) -> None:
    """Rotate ``source`` to ``dest``; the new file the handler opens next is made 0600
    first (rotated files keep the mode they had)."""
    os.replace(source, dest)
    make_private_file(Path(source))


def reset_logging() -> None:
    """Remove the handlers :func:`configure_logging` added (tests, and a process that
    re-targets its data dir)."""
    global _file_handler, _stderr_handler, _log_file, _folder
    logger = logging.getLogger(ROOT_LOGGER)
    for handler in (_file_handler, _stderr_handler):
        if handler is not None:
            logger.removeHandler(handler)
            handler.close()
    _file_handler = _stderr_handler = None
    _log_file = _folder = None
    logger.setLevel(logging.NOTSET)
