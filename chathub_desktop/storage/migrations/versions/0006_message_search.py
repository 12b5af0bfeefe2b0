"""Search everything (issue 14): a trigram index over message text.

SQLite: an FTS5 table ``message_fts`` (trigram tokenizer, so CJK and any substring of
three or more characters are found) over external content ``message``, its state row
and its triggers (``storage.search_schema`` explains them). Nothing is indexed here, so
opening an existing store stays quick: ``SearchService.catch_up`` indexes the messages
afterwards in small transactions, and search finds the not-yet-indexed ones meanwhile
by a plain scan.

PostgreSQL: ``pg_trgm`` and a GIN trigram index on ``message.content`` (``ILIKE``
uses it). Where the extension cannot be created (no rights), nothing is built: search
falls back to a plain ``ILIKE`` scan and says so (``services.search.search_service``).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from alembic import op
from sqlalchemy.exc import DBAPIError

from chathub_desktop.storage.search_schema import (
    PG_TRGM_INDEX,
    SQLITE_FTS_STATE,
    SQLITE_FTS_TABLE,
    sqlite_search_ddl,
)

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        for statement in sqlite_search_ddl():
            op.execute(statement)
        return
    if bind.dialect.name != "postgresql":
        return
    nested = bind.begin_nested()  # a refused CREATE EXTENSION must not abort the upgrade
    try:
        bind.exec_driver_sql("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        bind.exec_driver_sql(
            f"CREATE INDEX IF NOT EXISTS {PG_TRGM_INDEX} ON message USING gin (content gin_trgm_ops)")
        nested.commit()
    except DBAPIError:
        nested.rollback()


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        for trigger in ("message_fts_ai", "message_fts_ad", "message_fts_au"):
            op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
        op.execute(f"DROP TABLE IF EXISTS {SQLITE_FTS_TABLE}")
        op.execute(f"DROP TABLE IF EXISTS {SQLITE_FTS_STATE}")
    elif bind.dialect.name == "postgresql":
        op.execute(f"DROP INDEX IF EXISTS {PG_TRGM_INDEX}")
