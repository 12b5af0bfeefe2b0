"""MCP servers (issue 25, APP-11): ``mcp_server`` (stdio or Streamable HTTP configuration,
its cached tool list), ``assistant_mcp_server`` (servers switched on per assistant) and
``assistant_mcp_tool`` (per-assistant approval ask/always/never of one tool)

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'mcp_server',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('name', sa.String(length=40), nullable=False, unique=True),
        sa.Column('transport', sa.String(length=10), nullable=False),
        sa.Column('command', sa.Text(), nullable=False),
        sa.Column('args', sa.JSON(), nullable=False),
        sa.Column('env', sa.JSON(), nullable=False),
        sa.Column('cwd', sa.Text(), nullable=True),
        sa.Column('url', sa.Text(), nullable=False),
        sa.Column('headers', sa.JSON(), nullable=False),
        sa.Column('tools', sa.JSON(), nullable=True),
        sa.Column('server_info', sa.JSON(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        'assistant_mcp_server',
        sa.Column('assistant_id', sa.Integer(), sa.ForeignKey('assistant.id', ondelete='CASCADE'),
                  primary_key=True),
        sa.Column('server_id', sa.Integer(), sa.ForeignKey('mcp_server.id', ondelete='CASCADE'),
                  primary_key=True),
    )
    op.create_table(
        'assistant_mcp_tool',
        sa.Column('assistant_id', sa.Integer(), sa.ForeignKey('assistant.id', ondelete='CASCADE'),
                  primary_key=True),
        sa.Column('server_id', sa.Integer(), sa.ForeignKey('mcp_server.id', ondelete='CASCADE'),
                  primary_key=True),
        sa.Column('tool', sa.String(length=200), primary_key=True),
        sa.Column('approval', sa.String(length=10), nullable=False),
    )


def downgrade() -> None:
    op.drop_table('assistant_mcp_tool')
    op.drop_table('assistant_mcp_server')
    op.drop_table('mcp_server')
