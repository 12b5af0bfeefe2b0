"""recall earlier topics (issue 26, APP-12): ``assistant.recall_topics`` offers the model
the recall tools (search this assistant's other topics; list its recent ones); on by
default, and only ever offered when the assistant's memory is on

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN (see 0008): never a batch copy of ``assistant``.
    op.add_column('assistant', sa.Column('recall_topics', sa.Boolean(), nullable=False, server_default=sa.true()))


def downgrade() -> None:
    op.drop_column('assistant', 'recall_topics')
