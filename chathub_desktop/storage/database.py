"""Engine, sessions and start-up migrations (APP-3).

SQLite (WAL, foreign keys on) in the user data dir by default; any SQLAlchemy URL
(e.g. ``postgresql+psycopg://...``) for a shared store. :func:`open_database` runs
Alembic migrations to head before returning.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.orm import Session, sessionmaker

if TYPE_CHECKING:
    from alembic.config import Config

_MIGRATIONS = Path(__file__).with_name("migrations")
#: Newest Alembic revision. A store already at it opens without importing Alembic
#: (~0.35 s of start-up); a test keeps this equal to the migrations' head.
SCHEMA_HEAD = "0001"


class DatabaseError(Exception):
    """The database URL is unusable or the store cannot be opened; message is user-facing."""


@dataclass
class Database:
    """An open store: the engine and a session factory (``expire_on_commit=False``)."""

    engine: Engine
    sessions: sessionmaker[Session]

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session in one transaction: commits on success, rolls back on any error."""
        with self.sessions.begin() as session:
            yield session

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


def sqlite_url_for(data_dir: Path) -> str:
    """URL of the default SQLite file ``chathub.sqlite3`` inside ``data_dir``."""
    return f"sqlite:///{(data_dir / 'chathub.sqlite3').as_posix()}"


def _on_sqlite_connect(dbapi_connection: object, _record: object) -> None:
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


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
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    try:
        engine = create_engine(parsed, pool_pre_ping=True)
    except ModuleNotFoundError as exc:
        raise DatabaseError(f"database driver missing for {parsed.drivername}: {exc.name}") from exc
    except NoSuchModuleError:
        raise DatabaseError(f"unknown database kind {parsed.drivername!r} in {url!r}") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _on_sqlite_connect)
    if migrate:
        try:
            upgrade_to_head(engine)
        except Exception as exc:  # surfaced as one line to CLI/GUI
            engine.dispose()
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise DatabaseError(f"cannot open database {parsed.render_as_string()}: {reason}") from exc
    return Database(engine=engine, sessions=sessionmaker(engine, expire_on_commit=False))


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
        if not inspect(connection).has_table("alembic_version"):
            return None
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def upgrade_to_head(engine: Engine) -> None:
    """Run every pending Alembic migration on ``engine`` in one transaction; a store
    already at :data:`SCHEMA_HEAD` is left alone without loading Alembic."""
    if stored_revision(engine) == SCHEMA_HEAD:
        return
    from alembic import command

    with engine.begin() as connection:
        cfg = alembic_config()
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")
