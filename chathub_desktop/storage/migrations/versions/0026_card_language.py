"""an assistant's card language (issue 27): ``assistant.card_language`` names the language
its summaries and dream cards are written in (NULL, the default: the conversation's, as
before)

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = '0026'
down_revision = '0025'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN: no batch copy of the table (its triggers stay)
    op.add_column('assistant', sa.Column('card_language', sa.String(length=10), nullable=True))


def downgrade() -> None:
    op.execute('ALTER TABLE assistant DROP COLUMN card_language')
