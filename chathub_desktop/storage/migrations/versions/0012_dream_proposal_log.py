"""store_change triggers on dream_proposal (issue 19): a proposal another process adds,
accepts or discards is logged like every other watched write, so an open Memory page
shows it live (storage/change_log.py, issue 13)

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01
"""

from alembic import op

from chathub_desktop.storage import change_log

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None

TABLES = ["dream_proposal"]


def upgrade() -> None:
    change_log.create_triggers(op.get_bind(), TABLES)


def downgrade() -> None:
    bind = op.get_bind()
    for sql in change_log.drop_statements(bind.dialect.name, TABLES):
        bind.exec_driver_sql(sql)
