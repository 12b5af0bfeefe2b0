"""private topics and context receipts (issue 19): ``topic.private`` keeps a topic out
of memory (no memory block, no memory tools, never read by the dream);
``message.receipt`` holds what the request answered by a reply carried (ids and
counts, never copies of the text); ``topic_compaction.summary_edited`` marks a summary
the user edited (kept as the base of the next merge); ``message.pinned`` keeps a message
verbatim through compaction

Revision ID: 0007
Revises: 0003
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('topic', schema=None) as batch_op:
        batch_op.add_column(sa.Column('private', sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table('message', schema=None) as batch_op:
        batch_op.add_column(sa.Column('receipt', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('pinned', sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table('topic_compaction', schema=None) as batch_op:
        batch_op.add_column(sa.Column('summary_edited', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table('topic_compaction', schema=None) as batch_op:
        batch_op.drop_column('summary_edited')
    with op.batch_alter_table('message', schema=None) as batch_op:
        batch_op.drop_column('pinned')
        batch_op.drop_column('receipt')
    with op.batch_alter_table('topic', schema=None) as batch_op:
        batch_op.drop_column('private')
