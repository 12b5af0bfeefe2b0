"""store_change triggers on the MCP tables (issue 25, issue 13): a server another process
adds, edits, tests or removes (``mcp add``), and an assistant's switches and approvals,
are logged as kind ``tools``, so an open Settings → Tools page shows them live

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-02
"""

from alembic import op

from chathub_desktop.storage import change_log

revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None

TABLES = ["mcp_server", "assistant_mcp_server", "assistant_mcp_tool"]


def upgrade() -> None:
    change_log.create_triggers(op.get_bind(), TABLES)


def downgrade() -> None:
    bind = op.get_bind()
    for sql in change_log.drop_statements(bind.dialect.name, TABLES):
        bind.exec_driver_sql(sql)
