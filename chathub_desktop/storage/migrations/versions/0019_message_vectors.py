"""semantic recall (issue 26): ``message_vector`` holds one embedding per searchable
message (model name, dimension, embedded length, float32 vector), filled in the
background; a message without a row is found by the keyword index alone

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'message_vector',
        sa.Column('message_id', sa.Integer(), sa.ForeignKey('message.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('model', sa.String(length=60), nullable=False),
        sa.Column('dim', sa.Integer(), nullable=False),
        sa.Column('chars', sa.Integer(), nullable=False),
        sa.Column('vector', sa.LargeBinary(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table('message_vector')
