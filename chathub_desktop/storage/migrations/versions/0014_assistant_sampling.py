"""per-assistant sampling (issue 28): ``assistant.top_p``, ``assistant.reasoning_effort``
and ``assistant.thinking_budget`` (NULL: unset, nothing sent; ``temperature`` exists
since 0001); a model card's tokenizer, ``model_card.encoding`` (NULL: chosen by model id)

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN: a batch copy of ``assistant`` on SQLite would drop its triggers
    op.add_column('assistant', sa.Column('top_p', sa.Float(), nullable=True))
    op.add_column('assistant', sa.Column('reasoning_effort', sa.String(length=10), nullable=True))
    op.add_column('assistant', sa.Column('thinking_budget', sa.Integer(), nullable=True))
    op.add_column('model_card', sa.Column('encoding', sa.String(length=40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('model_card') as batch:
        batch.drop_column('encoding')
    with op.batch_alter_table('assistant') as batch:
        batch.drop_column('thinking_budget')
        batch.drop_column('reasoning_effort')
        batch.drop_column('top_p')
