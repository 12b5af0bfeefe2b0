"""What every command group shares: the program name, :class:`CommandError`, the
common options (``--data-dir``, ``--database-url``, ``--json``, ``--verbose``), the
argument types of ids and numbers (issue 12) and the human/JSON output
(issue #2 "Headless commands")."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from chathub_desktop.services.input_files import read_regular
from chathub_desktop.services.input_rules import MAX_RECORD_ID, id_in_range

PROG = "chathub-desktop"
#: Help of ``--if-version`` (issue 10: a stale edit never overwrites a newer save).
IF_VERSION = "refuse (and change nothing) unless memory still has this version (see `memory version`)"
#: ``--expect``: an entry named by its number and the text the user saw (issue 10).
EXPECT_HELP = ("the entry's text as you last saw it: the entry is found again when another command renumbered "
               "memory meanwhile, and nothing changes when it is gone")


class CommandError(Exception):
    """A command cannot run; the message is printed as one line and the exit code is 1."""


#: The largest text file a command reads (``memory save``, ``topic summary --set-file``).
MAX_TEXT_FILE_BYTES = 64 * 1024 * 1024


def read_text_file(path: Path, what: str) -> str:
    """The UTF-8 text of the regular file at ``path`` (a folder, FIFO, socket or device
    is refused before it is opened, and at most :data:`MAX_TEXT_FILE_BYTES` are read;
    issue 32). ``what`` names the file in the refusal. Raises :class:`FileRefused` or
    :class:`CommandError`, one line each."""
    data = read_regular(path, MAX_TEXT_FILE_BYTES, what=what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CommandError(f"cannot read {path}: it is not UTF-8 text") from None


def common_options() -> argparse.ArgumentParser:
    """The options every command takes: a parent parser (``add_help=False``)."""
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--data-dir", type=_data_dir, default=argparse.SUPPRESS,
                   help="folder for the default SQLite store (default: the platform user-data dir)")
    p.add_argument("--database-url", default=argparse.SUPPRESS,
                   help="any SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db "
                        "(default: $CHATHUB_DATABASE_URL, else SQLite in the data dir)")
    p.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")
    p.add_argument("--verbose", action="store_true", default=argparse.SUPPRESS,
                   help="also print log events (compaction, dreams, provider faults) on stderr; "
                        "they always go to chathub.log in the data dir")
    return p


def emit(args: argparse.Namespace, data: object, human: Callable[[], None]) -> None:
    """Print ``data`` as JSON with ``--json``, else call ``human()``."""
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False, indent=2, default=str))
    else:
        human()


def emit_rows(
    args: argparse.Namespace, data: object, rows: Sequence[object], empty: str, line: Callable[[Any], str]
) -> None:
    """A list command's output: JSON ``data``, or one ``line(row)`` per row (``empty``
    when there are none)."""

    emit(args, data, lambda: print("\n".join(line(r) for r in rows) if rows else empty))


def _data_dir(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("the data folder cannot be empty")
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    return path


def _whole_number(text: str) -> int | None:
    text = text.strip().replace("_", "").replace(",", "")
    if not re.fullmatch(r"[+-]?[0-9]+", text) or len(text) > 30:  # "¹" and "+-5" are no numbers
        return None
    return int(text)


def record_id(text: str) -> int:
    """argparse type of a record id (topic, message): a whole number from 1 to
    2,147,483,647 on every engine (issue 12, :mod:`~chathub_desktop.services.input_rules`)."""
    value = _whole_number(text)
    if value is None or not id_in_range(value):
        raise argparse.ArgumentTypeError(
            f"not an id: {text[:40]!r} (a whole number from 1 to {MAX_RECORD_ID:,})")
    return value

