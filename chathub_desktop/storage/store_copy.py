"""Copy a whole store to another database (issue 13 "Move to PostgreSQL and back";
``chathub-desktop db copy --from URL --to URL``).

The target must be empty: no tables at all, or a ChatHub store at the newest revision
with no rows. Everything happens in ONE transaction on the target — its migrations,
every row, the checks — so a copy that fails anywhere leaves the target as it was (a
new SQLite file that did not exist before is removed again). The source is only read,
inside one read transaction (one snapshot), and must be at the newest revision.

Checks before the commit, read back from the target inside the transaction: the row
count of every table, and the sha256 of every memory document (fixed and dynamic
bodies, the dynamic backup) per assistant. Rows keep their ids; PostgreSQL's id
sequences are moved past the copied ids. The change log (``store_change``) is not
copied: it belongs to one store's watchers.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import Connection, Table, func, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from chathub_desktop.storage.change_log import TABLE as CHANGE_LOG
from chathub_desktop.storage.database import (
    SCHEMA_HEAD,
    DatabaseError,
    open_database,
    stored_revision,
)
from chathub_desktop.storage.models import Base

#: Rows read and written per batch.
BATCH_ROWS = 2000
#: Tables whose bodies are checksummed: table → text columns.
DOCUMENTS = {"fixed_memory_document": ("body",), "dynamic_memory_document": ("body", "backup_body")}

#: ``progress(table, rows done in it, rows in it)``.
Progress = Callable[[str, int, int], None]


class CopyRefused(DatabaseError):
    """The copy was refused or failed; nothing was written to the target. The message
    is one user-facing line."""


@dataclass
class CopyReport:
    """What was copied: rows per table, checksummed documents, seconds of wall time."""

    rows: dict[str, int] = field(default_factory=dict)
    documents: int = 0
    seconds: float = 0.0

    @property
    def total_rows(self) -> int:
        """Rows copied over all tables."""
        return sum(self.rows.values())


def _tables() -> list[Table]:
    return [t for t in Base.metadata.sorted_tables if t.name != CHANGE_LOG]


def _sqlite_file(url: str) -> Path | None:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def _checksums(conn: Connection) -> dict[tuple[str, str, int], str]:
    out: dict[tuple[str, str, int], str] = {}
    meta = Base.metadata.tables
    for name, cols in DOCUMENTS.items():
        t = meta[name]
        for row in conn.execute(select(t.c.assistant_id, *[t.c[c] for c in cols])):
            for col, value in zip(cols, row[1:], strict=True):
                digest = hashlib.sha256((value or "").encode("utf-8")).hexdigest() if value is not None else "-"
                out[(name, col, int(row[0]))] = digest
    return out


def _counts(conn: Connection) -> dict[str, int]:
    return {t.name: int(conn.execute(select(func.count()).select_from(t)).scalar_one()) for t in _tables()}


def _refuse_non_empty(conn: Connection) -> None:
    names = set(inspect(conn).get_table_names())
    if not names:
        return
    if "alembic_version" not in names:
        raise CopyRefused("the target database is not empty (it has tables that are not a ChatHub store); "
                          "copy into a new, empty database")
    revision = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    if revision != SCHEMA_HEAD:
        raise CopyRefused(f"the target is a ChatHub store at revision {revision}, not {SCHEMA_HEAD}; "
                          "copy into a new, empty database")
    full = {n: c for n, c in _counts(conn).items() if c}
    if full:
        listed = ", ".join(f"{n} ({c:,})" for n, c in sorted(full.items()))
        raise CopyRefused(f"the target store is not empty: {listed}; copy into a new, empty database")


def copy_store(source_url: str, target_url: str, progress: Progress | None = None) -> CopyReport:
    """Copy every row of the store at ``source_url`` into the empty database at
    ``target_url`` (module docstring). Returns the :class:`CopyReport`.

    Raises :class:`CopyRefused` (nothing written) for the same store twice, a source
    not at the newest revision, a non-empty target, a row the target refuses, or a
    failed check; :class:`DatabaseError` when either database cannot be opened."""
    for label, url in (("--from", source_url), ("--to", target_url)):
        try:
            make_url(url)
        except (ArgumentError, ValueError, TypeError):
            raise CopyRefused(f"{label} is not a database URL: {url!r}") from None
    if make_url(source_url) == make_url(target_url):
        raise CopyRefused("--from and --to name the same database")
    source_file = _sqlite_file(source_url)
    if source_file is not None and not source_file.is_file():
        raise CopyRefused(f"there is no store at {source_file}")
    target_file = _sqlite_file(target_url)
    created_file = target_file is not None and not target_file.exists()
    try:
        return _open_and_copy(source_url, target_url, progress)
    except BaseException:
        if created_file and target_file is not None:
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(f"{target_file}{suffix}").unlink(missing_ok=True)
        raise


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _open_and_copy(source_url: str, target_url: str, progress: Progress | None) -> CopyReport:
    try:
        source = open_database(source_url, migrate=False)
    except DatabaseError as exc:
        raise CopyRefused(f"cannot open the source: {_one_line(exc)}") from exc
    try:
        try:
            revision = stored_revision(source.engine)
        except Exception as exc:  # unreachable server, not a database file, ...
            raise CopyRefused(f"cannot read the source: {_one_line(exc)}") from exc
        if revision != SCHEMA_HEAD:
            raise CopyRefused(f"the source store is at revision {revision}, not {SCHEMA_HEAD}: "
                              "open it once with this version of ChatHub first")
        try:
            target = open_database(target_url, migrate=False)
        except DatabaseError as exc:
            raise CopyRefused(f"cannot open the target: {_one_line(exc)}") from exc
        try:
            return _copy(source.engine.connect(), target, progress)
        except CopyRefused:
            raise
        except Exception as exc:
            raise CopyRefused(f"the copy failed and nothing was written: {_one_line(exc)}") from exc
        finally:
            target.dispose()
    finally:
        source.dispose()


def _copy(src: Connection, target: object, progress: Progress | None) -> CopyReport:
    from alembic import command

    from chathub_desktop.storage.database import Database, alembic_config

    assert isinstance(target, Database)
    started = time.perf_counter()
    report = CopyReport()
    with src, src.begin():  # one snapshot of the source
        if src.dialect.name == "postgresql":
            src.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        with target.write_connection() as dst:
            _refuse_non_empty(dst)
            if not inspect(dst).get_table_names():
                cfg = alembic_config()
                cfg.attributes["connection"] = dst
                command.upgrade(cfg, "head")
            for table in _tables():
                total = int(src.execute(select(func.count()).select_from(table)).scalar_one())
                done = 0
                order = list(table.primary_key.columns)
                result = src.execution_options(stream_results=True, yield_per=BATCH_ROWS).execute(
                    select(table).order_by(*order))
                for part in result.mappings().partitions(BATCH_ROWS):
                    dst.execute(table.insert(), [dict(r) for r in part])
                    done += len(part)
                    if progress is not None:
                        progress(table.name, done, total)
                if progress is not None and total == 0:
                    progress(table.name, 0, 0)
                report.rows[table.name] = done
            if dst.dialect.name == "postgresql":
                _move_sequences(dst)
            _verify(src, dst, report)
    report.seconds = time.perf_counter() - started
    return report


def _move_sequences(dst: Connection) -> None:
    """PostgreSQL: move each serial id's sequence past the copied ids."""
    for table in _tables():
        cols = list(table.primary_key.columns)
        if len(cols) != 1:
            continue
        seq = dst.execute(text("SELECT pg_get_serial_sequence(:t, :c)"), {"t": table.name, "c": cols[0].name}).scalar()
        if seq:
            dst.execute(text(f"SELECT setval(:s, coalesce((SELECT max({cols[0].name}) FROM {table.name}), 0) + 1, "
                             "false)"), {"s": seq})


def _verify(src: Connection, dst: Connection, report: CopyReport) -> None:
    want, got = _counts(src), _counts(dst)
    if want != got:
        bad = ", ".join(f"{n}: {want[n]:,} → {got.get(n, 0):,}" for n in want if want[n] != got.get(n))
        raise CopyRefused(f"row counts differ after the copy ({bad}); nothing was written")
    a, b = _checksums(src), _checksums(dst)
    if a != b:
        raise CopyRefused("memory documents differ after the copy (checksum mismatch); nothing was written")
    report.documents = len(a)
