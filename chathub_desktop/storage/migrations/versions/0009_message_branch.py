"""regenerate and edit-and-resend (issue 14): ``message_branch`` holds the tails of a
topic that are not in view (versions of a reply, branches from an edited message), so
``message`` keeps only the branch in view; its rows are logged for live refresh

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from chathub_desktop.storage import change_log

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A new table only: ``topic`` and ``message`` are never recreated (their change-log
    # and search triggers stay).
    op.create_table(
        'message_branch',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('topic_id', sa.Integer(), nullable=False),
        sa.Column('fork_seq', sa.Integer(), nullable=False),
        sa.Column('parent_id', sa.Integer(), nullable=True),
        sa.Column('rows', sa.LargeBinary(), nullable=False),
        sa.Column('compaction', sa.JSON(), nullable=True),
        sa.Column('top_id', sa.Integer(), nullable=False),
        sa.Column('attachment_refs', sa.Text(), nullable=True),
        sa.Column('first_created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['topic_id'], ['topic.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['parent_id'], ['message_branch.id'], ondelete='CASCADE',
                                deferrable=True, initially='DEFERRED'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_message_branch_topic', 'message_branch', ['topic_id', 'fork_seq'])
    op.create_index('ix_message_branch_parent_id', 'message_branch', ['parent_id'])
    change_log.create_triggers(op.get_bind(), ['message_branch'])


def downgrade() -> None:
    for sql in change_log.drop_statements(op.get_bind().dialect.name, ['message_branch']):
        op.execute(sql)
    op.drop_index('ix_message_branch_parent_id', table_name='message_branch')
    op.drop_index('ix_message_branch_topic', table_name='message_branch')
    op.drop_table('message_branch')
