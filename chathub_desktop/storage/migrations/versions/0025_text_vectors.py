"""stored text vectors (issue 26): ``text_vector`` keeps the embeddings of memory
entries and dream cards by content hash, so the meaning ranking does not embed them
again at every start

Revision ID: 0025
Revises: 0022
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = '0025'
down_revision = '0022'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'text_vector',
        sa.Column('id', sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column('model', sa.String(length=60), nullable=False),
        sa.Column('digest', sa.LargeBinary(length=16), nullable=False),
        sa.Column('dim', sa.Integer(), nullable=False),
        sa.Column('vector', sa.LargeBinary(), nullable=False),
        sa.UniqueConstraint('model', 'digest', name='uq_text_vector_digest'),
    )


def downgrade() -> None:
    op.drop_table('text_vector')
