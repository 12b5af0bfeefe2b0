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
    # Plain ALTER TABLE ADD COLUMN, never a batch copy: recreating ``topic`` or ``message``
    # on SQLite would drop their change-log triggers (issue 13) and, for ``topic``, its
    # messages with it (ON DELETE CASCADE).
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
    op.add_column('assistant', sa.Column('dream_review', sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column('topic', sa.Column('private', sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column('message', sa.Column('receipt', sa.JSON(), nullable=True))
    op.add_column('message', sa.Column('pinned', sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column('topic_compaction',
                  sa.Column('summary_edited', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    op.drop_column('topic_compaction', 'summary_edited')
    op.drop_column('message', 'pinned')
    op.drop_column('message', 'receipt')
    op.drop_column('topic', 'private')
    op.drop_column('assistant', 'dream_review')
    op.drop_index('ix_dream_proposal_assistant_id', table_name='dream_proposal')
    op.drop_table('dream_proposal')
