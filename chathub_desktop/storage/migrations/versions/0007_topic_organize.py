"""Topics you can organize (issue 14): ``topic.pinned`` and ``topic.archived``.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN, never a batch copy: recreating ``topic`` on SQLite
    # would drop it, and its messages with it (ON DELETE CASCADE).
    op.add_column('topic', sa.Column('pinned', sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column('topic', sa.Column('archived', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    op.drop_column('topic', 'archived')
    op.drop_column('topic', 'pinned')
