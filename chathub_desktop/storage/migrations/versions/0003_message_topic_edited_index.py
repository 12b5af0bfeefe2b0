"""message(topic_id, edited_at) index: a topic's history version (row count, newest id,
newest edit) is read before every send and estimate; with this index its newest edit
is one index seek instead of a scan of the topic (issue 9)

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index('ix_message_topic_edited', 'message', ['topic_id', 'edited_at'])


def downgrade() -> None:
    op.drop_index('ix_message_topic_edited', table_name='message')
