"""how long a server tool's call took (issue 25): ``message.tool_elapsed_ms`` on the tool
row that holds its result (NULL: not an MCP call, or the server never answered)

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN: a batch copy of ``message`` on SQLite would drop its triggers
    op.add_column('message', sa.Column('tool_elapsed_ms', sa.Integer(), nullable=True))


def downgrade() -> None:
    # plain DROP COLUMN (SQLite >= 3.35 and PostgreSQL) for the same reason
    op.execute('ALTER TABLE message DROP COLUMN tool_elapsed_ms')
