"""provider keys in a file only the user can read (issue 28): ``provider.key_in_file``

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN: a batch copy of ``provider`` on SQLite would drop its triggers
    op.add_column('provider', sa.Column('key_in_file', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table('provider') as batch:
        batch.drop_column('key_in_file')
