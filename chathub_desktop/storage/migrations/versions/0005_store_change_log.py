"""store_change: the change log other processes watch for live refresh (issue 13);
triggers on every watched table append to it in the writer's own transaction
(storage/change_log.py)

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from chathub_desktop.storage import change_log

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        change_log.TABLE,
        sa.Column('seq', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), primary_key=True,
                  autoincrement=True),
        sa.Column('kind', sa.String(20), nullable=False),
        sa.Column('scope_id', sa.Integer(), nullable=False),
        sa.Column('row_id', sa.Integer(), nullable=True),
        sa.Column('op', sa.String(1), nullable=False),
    )
    change_log.create_triggers(op.get_bind())


def downgrade() -> None:
    bind = op.get_bind()
    for sql in change_log.drop_statements(bind.dialect.name):
        bind.exec_driver_sql(sql)
    op.drop_table(change_log.TABLE)
