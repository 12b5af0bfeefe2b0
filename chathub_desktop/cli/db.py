"""``db`` commands: whole-store operations (issue 13 "Move to PostgreSQL and back")."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from chathub_desktop.cli.common import CommandError, emit

if TYPE_CHECKING:
    from chathub_desktop.services.container import Services


def add_db_commands(db: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The ``db`` group's actions."""
    p = db.add_parser("copy", help="copy a whole store into a new, empty database (SQLite ↔ PostgreSQL)",
                      parents=[common])
    p.add_argument("--from", dest="source", required=True, metavar="URL",
                   help="the store to copy, e.g. sqlite:////home/me/.local/share/chathub-desktop/chathub.sqlite3")
    p.add_argument("--to", dest="target", required=True, metavar="URL",
                   help="an empty database, e.g. postgresql+psycopg://me@host/chathub")
    p.set_defaults(func=cmd_db_copy, no_store=True)


class _Bar:
    """A one-line progress bar on stderr (a line per table when stderr is not a terminal)."""

    def __init__(self) -> None:
        self._tty = sys.stderr.isatty()

    def __call__(self, table: str, done: int, total: int) -> None:
        if self._tty:
            width = 30
            filled = width if total == 0 else width * done // total
            sys.stderr.write(f"\r{table:<24} [{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,}")
            if done >= total:
                sys.stderr.write("\n")
            sys.stderr.flush()
        elif done >= total:
            print(f"{table}: {total:,} rows", file=sys.stderr)


def cmd_db_copy(args: argparse.Namespace, _svc: Services | None) -> int:
    """``db copy --from URL --to URL``: copy every row, check counts and memory
    checksums, commit once; refuses a non-empty target; on failure the target is as
    before (exit 1, one line)."""
    from chathub_desktop.storage.database import DatabaseError
    from chathub_desktop.storage.store_copy import copy_store

    try:
        report = copy_store(args.source, args.target, progress=None if getattr(args, "json", False) else _Bar())
    except DatabaseError as exc:
        raise CommandError(str(exc)) from None
    rate = report.total_rows / report.seconds if report.seconds > 0 else 0.0
    emit(args, {"rows": report.rows, "total_rows": report.total_rows, "documents_checked": report.documents,
                "seconds": round(report.seconds, 3), "rows_per_second": round(rate)},
         lambda: print(f"copied {report.total_rows:,} rows in {report.seconds:.1f} s ({rate:,.0f} rows/s); "
                       f"row counts and {report.documents} memory document checksums match"))
    return 0
