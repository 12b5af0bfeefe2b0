"""The SQLite search index holds the first ``INDEXED_CHARS`` characters of each message
(huge51, issue 29): a reply cut at the 16 MB reply limit was trigram-indexed whole in
one write transaction. The triggers are made again indexing ``substr(content, 1, N)``,
and the rows already indexed whole that are longer are indexed again by their start
(the index's ``delete`` must be given what was indexed). PostgreSQL: nothing
(its trigram index is PostgreSQL's own). Downgrade indexes them whole again.

Revision ID: 0031
Revises: 0030
Create Date: 2026-12-04
"""

from alembic import op

from chathub_desktop.storage.search_schema import (
    INDEXED_CHARS,
    SQLITE_FTS_STATE,
    SQLITE_FTS_TABLE,
    SQLITE_TRIGGERS,
    STREAMING,
    indexed_text,
    sqlite_trigger_ddl,
)

revision = '0031'
down_revision = '0030'
branch_labels = None
depends_on = None


def _reindex(was: int | None, now: int | None) -> None:
    """Index the walked rows longer than ``INDEXED_CHARS`` by ``now`` instead of ``was``
    (``None``: the whole text) and make the triggers index ``now``."""
    for trigger in SQLITE_TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    t = SQLITE_FTS_TABLE
    long_rows = (f"FROM message WHERE id <= (SELECT indexed_through FROM {SQLITE_FTS_STATE} WHERE id = 1) "
                 f"AND status != '{STREAMING}' AND length(content) > {INDEXED_CHARS}")
    op.execute(f"INSERT INTO {t}({t}, rowid, content) SELECT 'delete', id, {indexed_text('message', was)} {long_rows}")
    op.execute(f"INSERT INTO {t}(rowid, content) SELECT id, {indexed_text('message', now)} {long_rows}")
    for statement in sqlite_trigger_ddl(now):
        op.execute(statement)


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        _reindex(None, INDEXED_CHARS)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        _reindex(INDEXED_CHARS, None)
