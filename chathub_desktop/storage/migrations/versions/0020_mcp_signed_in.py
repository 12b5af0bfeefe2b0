"""MCP OAuth marker (issue 25): ``mcp_server.signed_in`` is true once the user signed in
to the server (its tokens are in the keyring or the key file, never here); only then
does a connection read the secret store

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = '0020'
down_revision = '0019'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN: a batch copy of ``mcp_server`` on SQLite would drop its change-log triggers
    op.add_column('mcp_server', sa.Column('signed_in', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    # plain DROP COLUMN (SQLite >= 3.35 and PostgreSQL) for the same reason
    op.execute('ALTER TABLE mcp_server DROP COLUMN signed_in')
