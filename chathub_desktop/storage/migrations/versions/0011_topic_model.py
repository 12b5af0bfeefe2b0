"""a model per topic (issue 14): ``topic.model`` and ``topic.model_provider_id`` (NULL:
the assistant's model / provider); the topic change-log triggers are recreated so an
update of the model, pinned, archived or private columns reaches other windows

Revision ID: 0011
Revises: 0008
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from chathub_desktop.storage import change_log

#: The topic columns whose update the log recorded before this revision.
_BEFORE = ("title", "assistant_id", "kind", "snippet")

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def _recreate_topic_triggers() -> None:
    bind = op.get_bind()
    for sql in change_log.drop_statements(bind.dialect.name, ["topic"]):
        bind.exec_driver_sql(sql)
    change_log.create_triggers(bind, ["topic"])


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN, never a batch copy: recreating ``topic`` on SQLite
    # would drop its change-log and search triggers and cascade-delete its messages.
    # No foreign key on the provider: a topic whose provider was deleted falls back to
    # the assistant's model (services.topic_model), it is not silently re-pointed.
    op.add_column('topic', sa.Column('model', sa.String(length=200), nullable=True))
    op.add_column('topic', sa.Column('model_provider_id', sa.Integer(), nullable=True))
    _recreate_topic_triggers()


def downgrade() -> None:
    bind = op.get_bind()
    for sql in change_log.drop_statements(bind.dialect.name, ["topic"]):
        bind.exec_driver_sql(sql)
    op.drop_column('topic', 'model_provider_id')
    op.drop_column('topic', 'model')
    # the triggers as 0005 made them: a trigger naming a later column (``private``) would
    # keep an older downgrade from dropping it on PostgreSQL
    for sql in change_log.trigger_statements(bind.dialect.name, ["topic"], {"topic": _BEFORE}):
        bind.exec_driver_sql(sql)
