"""summary probe checks (issue 26): ``assistant.probe_summaries`` (off by default) and
``topic_compaction.probe_report`` (the last check, JSON)

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = '0021'
down_revision = '0020'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN: no batch copy of the tables (their triggers stay)
    op.add_column('assistant', sa.Column('probe_summaries', sa.Boolean(), nullable=False,
                                         server_default=sa.false()))
    op.add_column('topic_compaction', sa.Column('probe_report', sa.JSON(), nullable=True))


def downgrade() -> None:
    op.execute('ALTER TABLE topic_compaction DROP COLUMN probe_report')
    op.execute('ALTER TABLE assistant DROP COLUMN probe_summaries')
