"""a topic's unsent draft (walk45 #1): ``topic_draft`` keeps the composer's text and its
long pastes per topic, so a draft left in a topic is there after a restart. One row per
topic with a draft, deleted with its topic; downgrade drops the table (drafts are then
kept in memory only, as before).

Revision ID: 0029
Revises: 0028
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = '0029'
down_revision = '0028'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'topic_draft',
        sa.Column('topic_id', sa.Integer(), sa.ForeignKey('topic.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('text', sa.Text(), nullable=False),
        sa.Column('pasted', sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table('topic_draft')
