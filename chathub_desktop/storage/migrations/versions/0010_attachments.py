"""attachments (issue 14): ``message.attachments`` holds the metadata of a user
message's images and files (JSON list); ``attachment_blob`` holds their bytes once per
SHA-256

Revision ID: 0010
Revises: 0008
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN, never a batch copy: recreating ``message`` on SQLite
    # would drop its change-log and search triggers (issues 13 and 14).
    op.create_table(
        'attachment_blob',
        sa.Column('sha256', sa.String(length=64), nullable=False),
        sa.Column('mime', sa.String(length=100), nullable=False),
        sa.Column('data', sa.LargeBinary(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('sha256'),
    )
    op.add_column('message', sa.Column('attachments', sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column('message', 'attachments')
    op.drop_table('attachment_blob')
