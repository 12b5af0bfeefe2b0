"""private topics and context receipts (issue 19): ``topic.private`` keeps a topic out
of memory (no memory block, no memory tools, never read by the dream);
``message.receipt`` holds what the request answered by a reply carried (ids and
counts, never copies of the text); ``topic_compaction.summary_edited`` marks a summary
the user edited (kept as the base of the next merge); ``message.pinned`` keeps a message
verbatim through compaction; ``assistant.dream_review`` and ``dream_proposal``: a dream's
card waits for the user's accept or discard

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'dream_proposal',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('assistant_id', sa.Integer(), nullable=False),
        sa.Column('history_day', sa.Date(), nullable=False),
        sa.Column('body', sa.Text(), nullable=False),
        sa.Column('fold_body', sa.Text(), nullable=True),
        sa.Column('fold_how', sa.String(length=20), nullable=True),
        sa.Column('fold_key', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['assistant_id'], ['assistant.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('assistant_id', 'history_day', name='uq_dream_proposal_day'),
    )
    op.create_index('ix_dream_proposal_assistant_id', 'dream_proposal', ['assistant_id'])
    with op.batch_alter_table('assistant', schema=None) as batch_op:
        batch_op.add_column(sa.Column('dream_review', sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table('topic', schema=None) as batch_op:
        batch_op.add_column(sa.Column('private', sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table('message', schema=None) as batch_op:
        batch_op.add_column(sa.Column('receipt', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('pinned', sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table('topic_compaction', schema=None) as batch_op:
        batch_op.add_column(sa.Column('summary_edited', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table('assistant', schema=None) as batch_op:
        batch_op.drop_column('dream_review')
    op.drop_index('ix_dream_proposal_assistant_id', table_name='dream_proposal')
    op.drop_table('dream_proposal')
    with op.batch_alter_table('topic_compaction', schema=None) as batch_op:
        batch_op.drop_column('summary_edited')
    with op.batch_alter_table('message', schema=None) as batch_op:
        batch_op.drop_column('pinned')
        batch_op.drop_column('receipt')
    with op.batch_alter_table('topic', schema=None) as batch_op:
        batch_op.drop_column('private')
