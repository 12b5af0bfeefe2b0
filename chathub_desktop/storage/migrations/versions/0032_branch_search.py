"""Search over the versions not in view (issue 29/30): ``message_branch_text`` holds the
text of every stashed user and assistant message (its first ``INDEXED_CHARS``
characters), deleted with its stash. SQLite: the FTS5 trigram table
``message_fts_branch`` and its triggers; PostgreSQL: a GIN trigram index when
``pg_trgm`` is there. The stashes already stored are recorded now (a damaged one
writes nothing and is logged).

Revision ID: 0032
Revises: 0031
Create Date: 2026-12-05
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from chathub_desktop.storage import branch_text

revision = '0032'
down_revision = '0031'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'message_branch_text',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('branch_id', sa.Integer(), nullable=False),
        sa.Column('topic_id', sa.Integer(), nullable=False),
        sa.Column('message_id', sa.Integer(), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('role', sa.String(length=20), nullable=False),
        sa.Column('content_type', sa.String(length=40), nullable=False),
        sa.Column('status', sa.String(length=20), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('content', sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(['branch_id'], ['message_branch.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_message_branch_text_branch_id', 'message_branch_text', ['branch_id'])
    op.create_index('ix_message_branch_text_message_id', 'message_branch_text', ['message_id'])
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        for statement in branch_text.search_ddl("sqlite"):
            op.execute(statement)
    elif bind.dialect.name == "postgresql":
        nested = bind.begin_nested()  # no pg_trgm (0006 could not create it): search scans
        try:
            for statement in branch_text.search_ddl("postgresql"):
                bind.exec_driver_sql(statement)
            nested.commit()
        except DBAPIError:
            nested.rollback()
    with Session(bind=bind) as s:
        branch_text.backfill(s)
        s.flush()


def downgrade() -> None:
    for statement in branch_text.drop_ddl(op.get_bind().dialect.name):
        op.execute(statement)
    op.drop_index('ix_message_branch_text_message_id', table_name='message_branch_text')
    op.drop_index('ix_message_branch_text_branch_id', table_name='message_branch_text')
    op.drop_table('message_branch_text')
