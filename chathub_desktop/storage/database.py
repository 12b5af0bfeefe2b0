"""Engine, sessions, the store's write lock, its worker threads and start-up migrations
(APP-3).

SQLite (WAL, foreign keys on) in the user data dir by default; any SQLAlchemy URL
(e.g. ``postgresql+psycopg://...``) for a shared store. :func:`open_database` runs
Alembic migrations to head before returning.

Concurrency (issue "Nothing lost"): every change goes through :meth:`Database.write`,
one transaction that takes the store's write lock *before* it reads anything —
``BEGIN IMMEDIATE`` on SQLite, a transaction-scoped advisory lock on PostgreSQL — so a
read-modify-write in one process can never interleave with another process's. Reads go
through :meth:`Database.read` (a snapshot that refuses to write). Inside one process,
writers queue on a lock first, so they never busy-poll each other. A writer that waits
for another process reports it through ``Database.on_wait`` ("waiting for the store")
and gives up with :class:`StoreBusy` after :data:`WRITE_WAIT_S` seconds.

Store work of the GUI and of async services runs on the per-process worker threads of
:meth:`Database.run`, never on the event-loop thread (issue "Long topics stay fluid").
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextvars
import functools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.private_files import PRIVATE_DIR_MODE, tighten_sqlite_files
from chathub_desktop.storage import memory_history
from chathub_desktop.storage.first_page import STORE_FILE
from chathub_desktop.storage.huge_binds import release_huge_binds

if TYPE_CHECKING:
    from alembic.config import Config

T = TypeVar("T")

_MIGRATIONS = Path(__file__).with_name("migrations")
#: Newest Alembic revision. A store already at it opens without importing Alembic
#: (~0.35 s of start-up); a test keeps this equal to the migrations' head.
SCHEMA_HEAD = "0032"
#: Seconds a writer waits for another process's write transaction before giving up.
WRITE_WAIT_S = 120.0
#: Seconds after which a waiting writer reports itself through ``Database.on_wait``.
WAIT_NOTICE_S = 0.5
#: SQLite's own busy handler, milliseconds: short, the retry loop below does the waiting.
_SQLITE_BUSY_MS = 200
#: PostgreSQL advisory-lock key of the store's write lock (any constant; "CHHB").
_PG_WRITE_LOCK = 0x43484842
#: Worker threads of :meth:`Database.run` (reads run side by side; writes queue).
STORE_THREADS = 3
#: Execution option that marks a connection as a writer's.
_WRITE_OPTION = "chathub_write"
#: PostgreSQL advisory-lock key held while migrating ("CHHM"), so two processes that
#: start at once on a new database never migrate at the same time.
_PG_MIGRATE_LOCK = 0x4348484D
#: Own-write ranges kept (a watcher reads them within a second of the commit).
_OWN_RANGES = 256
#: ``Connection.info`` key: the change log's newest seq when this write began.
_SEQ_AT_BEGIN = "chathub_seq_at_begin"


#: Called before every :meth:`Database.read` / :meth:`Database.write` session opens
#: (:func:`set_session_check`); None in the product.
_session_check: Callable[[], None] | None = None


def set_session_check(check: Callable[[], None] | None) -> Callable[[], None] | None:
    """Install ``check`` (None: remove it), called on the calling thread before every
    read or write session opens; it raises to refuse the call. The GUI tests install one
    that refuses store work on the GUI thread (issue 29). Returns the previous check."""
    global _session_check
    previous, _session_check = _session_check, check
    return previous


def _check_session() -> None:
    check = _session_check
    if check is not None:
        check()


class DatabaseError(Exception):
    """The database URL is unusable or the store cannot be opened; message is user-facing."""


class StoreBusy(DatabaseError):
    """Another process held the store's write lock for more than :data:`WRITE_WAIT_S`
    seconds; nothing was written. The message is user-facing: ``str(err)`` its English,
    ``why`` the typed reason the window says in its language (issue 27)."""

    def __init__(self, why: Reason | str) -> None:
        self.why = why if isinstance(why, Reason) else Reason("%1", (why,))  # plain text: shown as written
        super().__init__(self.why.english())


#: Why :class:`StoreBusy` was raised; ``%1``: the seconds waited.
STORE_BUSY_WAITED = QT_TRANSLATE_NOOP("ServiceReasons", "the store is busy: another ChatHub process has been writing "
                                                        "for %1 s; nothing was changed, try again when it is done")


class ReadOnlySession(Exception):
    """A :meth:`Database.read` session tried to write: a bug (writes need ``write()``)."""


def _read_only_guard(session: Session, _context: object, _instances: object) -> None:
    if session.new or session.dirty or session.deleted:
        raise ReadOnlySession("a read session tried to write; use Database.write()")


#: The write transaction the current thread holds, to refuse a nested one at once.
_held: contextvars.ContextVar[bool] = contextvars.ContextVar("chathub_write_held", default=False)


@dataclass
class Database:
    """An open store: the engine, read and write sessions, and the store's workers.

    ``on_wait(waiting)`` is called with True when a writer starts waiting for another
    process (after :data:`WAIT_NOTICE_S`) and with False when it got the lock; it is
    called from the waiting thread.
    """

    engine: Engine
    sessions: sessionmaker[Session]
    _writes: sessionmaker[Session] = field(init=False, repr=False)
    _local_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _pool: concurrent.futures.ThreadPoolExecutor | None = field(default=None, repr=False)
    _pool_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    on_wait: Callable[[bool], None] | None = None
    #: The store has the change log (revision 0005 or newer): this process's writes
    #: record their ``seq`` ranges in :attr:`own_changes`.
    logs_changes: bool = False
    #: ``(after, upto)`` ``store_change.seq`` ranges this process's commits wrote (newest
    #: last), so its watcher does not replay them (issue 13).
    own_changes: collections.deque[tuple[int, int]] = field(
        default_factory=lambda: collections.deque(maxlen=_OWN_RANGES), repr=False)

    def __post_init__(self) -> None:
        self._writes = sessionmaker(self.engine.execution_options(**{_WRITE_OPTION: True}),
                                    expire_on_commit=False)
        event.listen(self.sessions, "before_flush", _read_only_guard)
        memory_history.install(self._writes)  # issue 18: every memory change is recorded

    @property
    def is_sqlite(self) -> bool:
        """True for an SQLite store."""
        return self.engine.dialect.name == "sqlite"

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction that holds the store's write lock from its first
        statement: commits on success, rolls back on any error.

        Raises :class:`StoreBusy` when another process keeps the lock longer than
        :data:`WRITE_WAIT_S`; ``RuntimeError`` for a write nested in another write of the
        same thread (it could only deadlock)."""
        _check_session()
        with self._writer(), self._writes.begin() as session:
            yield session

    @contextmanager
    def write_connection(self) -> Iterator[Connection]:
        """Like :meth:`write`, for SQLAlchemy Core bulk work (the chat importers)."""
        _check_session()
        with self._writer(), self._writes.kw["bind"].begin() as conn:
            yield conn

    @contextmanager
    def _writer(self) -> Iterator[None]:
        """This process's turn to write: refuses a nested write of the same thread at
        once (it could only deadlock), then queues on the in-process lock."""
        if _held.get():
            raise RuntimeError("nested Database.write(): the outer transaction already holds the lock")
        token = _held.set(True)
        try:
            with self._local_lock:
                yield
        finally:
            _held.reset(token)

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A read-only session (one snapshot per transaction; SQLite WAL readers never
        wait for writers). Flushing a change raises :class:`ReadOnlySession`."""
        _check_session()
        with self.sessions() as session:
            yield session

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Await ``fn(*args)`` on one of the store's worker threads, so store queries,
        tokenizing and planning never stall the event loop. Cancelling the await does
        not stop ``fn`` (its transaction finishes or rolls back on its own)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), functools.partial(fn, *args))

    def submit(self, fn: Callable[..., object], *args: Any) -> concurrent.futures.Future[object]:
        """Run ``fn(*args)`` on the store's worker threads without waiting for it (small
        bookkeeping writes a bus listener must not do on the event loop)."""
        return self._executor().submit(fn, *args)

    def _executor(self) -> concurrent.futures.ThreadPoolExecutor:
        with self._pool_lock:
            if self._pool is None:
                self._pool = concurrent.futures.ThreadPoolExecutor(
                    max_workers=STORE_THREADS, thread_name_prefix="chathub-store")
            return self._pool

    def dispose(self) -> None:
        """Wait for the store's workers, then close every pooled connection."""
        with self._pool_lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        self.engine.dispose()

    def _report_wait(self, waiting: bool) -> None:
        if self.on_wait is not None:
            try:
                self.on_wait(waiting)
            except Exception:  # a notice must never break a write
                pass


def sqlite_url_for(data_dir: Path) -> str:
    """URL of the default SQLite file ``chathub.sqlite3`` inside ``data_dir``."""
    return f"sqlite:///{(data_dir / STORE_FILE).as_posix()}"


def _on_sqlite_connect(dbapi_connection: Any, _record: object) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy's "begin" event emits BEGIN itself
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={_SQLITE_BUSY_MS}")
    cursor.close()
    from chathub_desktop.storage.message_search import register_functions

    register_functions(dbapi_connection)  # search's word-start rule (polish52)


def _begin_handler(db_ref: list[Database]) -> Callable[[Connection], None]:
    """The engine's ``begin`` listener: plain ``BEGIN`` for readers; for writers, take
    the store's write lock, retrying while another process holds it."""

    def begin(conn: Connection) -> None:
        write = bool(conn.get_execution_options().get(_WRITE_OPTION))
        sqlite = conn.dialect.name == "sqlite"
        if not write:
            if sqlite:
                conn.exec_driver_sql("BEGIN")
            return
        db = db_ref[0] if db_ref else None
        start = time.monotonic()
        noticed = False
        try:
            while True:
                if sqlite:
                    try:
                        conn.exec_driver_sql("BEGIN IMMEDIATE")
                        _note_seq_at_begin(conn, db)
                        return
                    except OperationalError as exc:
                        if "locked" not in str(exc.orig) and "busy" not in str(exc.orig):
                            raise
                else:
                    if conn.exec_driver_sql(f"SELECT pg_try_advisory_xact_lock({_PG_WRITE_LOCK})").scalar():
                        _note_seq_at_begin(conn, db)
                        return
                    time.sleep(0.05)
                waited = time.monotonic() - start
                if not noticed and waited >= WAIT_NOTICE_S and db is not None:
                    noticed = True
                    db._report_wait(True)
                if waited >= WRITE_WAIT_S:
                    raise StoreBusy(Reason(STORE_BUSY_WAITED, (str(int(waited)),)))
        finally:
            if noticed and db is not None:
                db._report_wait(False)

    return begin


def _note_seq_at_begin(conn: Connection, db: Database | None) -> None:
    """A write transaction holds the lock: remember the change log's newest seq, so its
    commit knows which log rows are its own (:func:`_on_commit`)."""
    if db is not None and db.logs_changes:
        from chathub_desktop.storage.change_log import latest_seq_sql

        conn.info[_SEQ_AT_BEGIN] = int(conn.exec_driver_sql(latest_seq_sql()).scalar() or 0)


def _commit_handler(db_ref: list[Database]) -> Callable[[Connection], None]:
    """The engine's ``commit`` listener (runs before the DBAPI commit, still inside the
    transaction): record the log rows this write added as the process's own."""

    def on_commit(conn: Connection) -> None:
        start = conn.info.pop(_SEQ_AT_BEGIN, None)
        if start is None or not db_ref:
            return
        from chathub_desktop.storage.change_log import latest_seq_sql

        cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.execute(latest_seq_sql())
            row = cursor.fetchone()
        finally:
            cursor.close()
        end = int(row[0] or 0) if row else 0
        if end > start:
            db_ref[0].own_changes.append((start, end))

    return on_commit


def _forget_seq(conn: Connection) -> None:
    conn.info.pop(_SEQ_AT_BEGIN, None)


def open_database(url: str, *, migrate: bool = True) -> Database:
    """Open the store at ``url`` and bring its schema to the newest revision.

    Raises :class:`DatabaseError` with a one-line reason for a malformed URL, a
    missing driver or a server that cannot be reached.
    """
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise DatabaseError(f"not a database URL: {url!r}") from exc
    if (
        parsed.get_backend_name() == "sqlite"
        and parsed.database not in (None, "", ":memory:")
        and not parsed.database.startswith("file:")  # a URI filename (e.g. mode=ro) names its own path
    ):
        db_file = Path(parsed.database)
        try:  # a new folder is private; the file (and so its -wal/-shm) 0600 (issue 12)
            db_file.parent.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR_MODE)
            tighten_sqlite_files(db_file)
        except OSError as exc:
            raise DatabaseError(f"cannot create the database file {db_file}: {exc.strerror or exc}") from exc
    try:
        engine = create_engine(parsed, pool_pre_ping=True)
    except ModuleNotFoundError as exc:
        raise DatabaseError(f"database driver missing for {parsed.drivername}: {exc.name}") from exc
    except NoSuchModuleError:
        raise DatabaseError(f"unknown database kind {parsed.drivername!r} in {url!r}") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _on_sqlite_connect)
        release_huge_binds(engine)
    db_ref: list[Database] = []
    event.listen(engine, "begin", _begin_handler(db_ref))
    event.listen(engine, "commit", _commit_handler(db_ref))
    event.listen(engine, "rollback", _forget_seq)
    if migrate:
        try:
            upgrade_to_head(engine)
        except Exception as exc:  # surfaced as one line to CLI/GUI
            engine.dispose()
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise DatabaseError(f"cannot open database {parsed.render_as_string()}: {reason}") from exc
    db = Database(engine=engine, sessions=sessionmaker(engine, expire_on_commit=False))
    try:
        db.logs_changes = migrate or _has_change_log(engine)
    except Exception as exc:
        engine.dispose()
        raise DatabaseError(f"cannot open database {parsed.render_as_string()}: {exc}") from exc
    db_ref.append(db)
    return db


def _has_change_log(engine: Engine) -> bool:
    from chathub_desktop.storage.change_log import TABLE

    with engine.connect() as connection:
        return inspect(connection).has_table(TABLE)
def alembic_config(engine: Engine | None = None) -> Config:
    """Alembic config pointing at the packaged migrations (works from a wheel)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    if engine is not None:
        cfg.attributes["connection_engine"] = engine
    return cfg


def stored_revision(engine: Engine) -> str | None:
    """The store's Alembic revision (``None`` for a new store), read with plain SQL."""
    with engine.connect() as connection:
        return _revision_on(connection)


def _revision_on(connection: Connection) -> str | None:
    if not inspect(connection).has_table("alembic_version"):
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def upgrade_to_head(engine: Engine) -> None:
    """Run every pending Alembic migration on ``engine`` in one transaction; a store
    already at :data:`SCHEMA_HEAD` is left alone without loading Alembic.

    Two processes never migrate at once (issue 13): on PostgreSQL the transaction first
    waits for the migration advisory lock (a new database has no tables for the write
    lock to guard yet; DDL of two migrators would collide), on SQLite ``BEGIN
    IMMEDIATE`` does the same; the revision is read again under the lock, so the second
    process finds the first one's work done and migrates nothing."""
    if stored_revision(engine) == SCHEMA_HEAD:
        return
    from alembic import command

    with engine.execution_options(**{_WRITE_OPTION: True}).begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_MIGRATE_LOCK})")
        if _revision_on(connection) == SCHEMA_HEAD:
            return
        cfg = alembic_config()
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")
