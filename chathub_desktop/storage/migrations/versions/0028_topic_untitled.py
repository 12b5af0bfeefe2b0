"""a topic's typed "untitled" (issue 27): ``topic.untitled`` is true for a topic nobody
has titled yet (no first message, no rename, no import title); the window then says
"New topic" in the interface language. ``topic.title`` keeps the English "New topic"
for the CLI and the model, as ``message.error`` keeps a failure's English beside its
typed reason (0027). Upgrade marks the rows titled exactly "New topic" and never titled
(``title_generated`` false); downgrade drops the column (the titles read as before).

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = '0028'
down_revision = '0027'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN: no batch copy of the table (messages reference it with a cascade)
    op.add_column('topic', sa.Column('untitled', sa.Boolean(), nullable=False, server_default=sa.false()))
    op.get_bind().execute(
        sa.text("UPDATE topic SET untitled = :yes WHERE title = 'New topic' AND title_generated = :no")
        .bindparams(sa.bindparam("yes", True, sa.Boolean()), sa.bindparam("no", False, sa.Boolean())))


def downgrade() -> None:
    op.execute('ALTER TABLE topic DROP COLUMN untitled')
