"""who made a topic with New topic (issue 29, walk42 #3): ``topic.made_by`` holds the
identity of the window process whose New topic made it (``services.chat.process_identity``),
so a topic left untouched goes when the user leaves it even after that window crashed or
was killed; NULL for a topic made elsewhere (the CLI, an import) or before this revision,
which are never dropped that way. Downgrade drops the column.

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-04
"""

import sqlalchemy as sa
from alembic import op

revision = '0030'
down_revision = '0029'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN: no batch copy of the table (messages reference it with a cascade)
    op.add_column('topic', sa.Column('made_by', sa.String(length=200), nullable=True))


def downgrade() -> None:
    op.execute('ALTER TABLE topic DROP COLUMN made_by')
