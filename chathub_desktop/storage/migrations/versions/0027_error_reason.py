"""a failed reply's typed reason (issue 27): ``message.error_reason`` keeps the app's
frame around a provider failure as a template and its values (``core.reasons``), so the
window says it in the interface language; ``message.error`` keeps the English line
(NULL, as for every row written before: the window shows ``error`` as it is)

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = '0027'
down_revision = '0026'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN: no batch copy of the table (its triggers stay)
    op.add_column('message', sa.Column('error_reason', sa.JSON(), nullable=True))


def downgrade() -> None:
    op.execute('ALTER TABLE message DROP COLUMN error_reason')
