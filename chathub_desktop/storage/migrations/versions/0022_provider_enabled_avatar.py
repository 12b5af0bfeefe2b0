"""a provider can be turned off (issue 29: ``provider.enabled``, on by default) and an
assistant can have an emoji or letters as its avatar (walk29 #23: ``assistant.avatar``,
NULL: its initial)

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = '0022'
down_revision = '0021'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN: no batch copy of the tables (their triggers stay)
    op.add_column('provider', sa.Column('enabled', sa.Boolean(), nullable=False, server_default=sa.true()))
    op.add_column('assistant', sa.Column('avatar', sa.String(length=16), nullable=True))


def downgrade() -> None:
    op.execute('ALTER TABLE assistant DROP COLUMN avatar')
    op.execute('ALTER TABLE provider DROP COLUMN enabled')
