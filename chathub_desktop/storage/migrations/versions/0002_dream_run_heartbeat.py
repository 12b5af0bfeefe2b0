"""dream_run heartbeat: a claimed run records that it is alive, so a killed run is taken
over in minutes (issue 10 "Nothing lost")

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('dream_run', schema=None) as batch_op:
        batch_op.add_column(sa.Column('heartbeat_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('prior_stopped_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('dream_run', schema=None) as batch_op:
        batch_op.drop_column('prior_stopped_at')
        batch_op.drop_column('heartbeat_at')
