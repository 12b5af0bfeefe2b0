"""memory_change (the history of every memory change, with revert) and memory_pause
(paused entries and cards) (issue 18)

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-10
"""

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'memory_change',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('assistant_id', sa.Integer(), nullable=False),
        sa.Column('document', sa.String(length=10), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('author', sa.String(length=10), nullable=False),
        sa.Column('author_detail', sa.String(length=300), nullable=True),
        sa.Column('action', sa.String(length=300), nullable=False),
        sa.Column('before', sa.LargeBinary(), nullable=True),
        sa.Column('after', sa.LargeBinary(), nullable=False),
        sa.Column('before_version', sa.String(length=16), nullable=False),
        sa.Column('after_version', sa.String(length=16), nullable=False),
        sa.Column('before_chars', sa.Integer(), nullable=False),
        sa.Column('after_chars', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['assistant_id'], ['assistant.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_memory_change_assistant', 'memory_change', ['assistant_id', 'id'])
    op.create_table(
        'memory_pause',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('assistant_id', sa.Integer(), nullable=False),
        sa.Column('document', sa.String(length=10), nullable=False),
        sa.Column('text_hash', sa.String(length=64), nullable=False),
        sa.Column('paused_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['assistant_id'], ['assistant.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('assistant_id', 'document', 'text_hash', name='uq_memory_pause'),
    )
    op.create_index('ix_memory_pause_assistant_id', 'memory_pause', ['assistant_id'])


def downgrade() -> None:
    op.drop_index('ix_memory_pause_assistant_id', table_name='memory_pause')
    op.drop_table('memory_pause')
    op.drop_index('ix_memory_change_assistant', table_name='memory_change')
    op.drop_table('memory_change')
