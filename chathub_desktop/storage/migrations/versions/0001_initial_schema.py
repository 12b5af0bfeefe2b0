"""initial schema

Revision ID: 0001
Revises: (none)
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:

    op.create_table('app_setting',
    sa.Column('key', sa.String(length=120), nullable=False),
    sa.Column('value', sa.JSON(), nullable=False),
    sa.PrimaryKeyConstraint('key')
    )
    op.create_table('provider',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('kind', sa.String(length=40), nullable=False),
    sa.Column('base_url', sa.String(length=500), nullable=False),
    sa.Column('api_key_env', sa.String(length=200), nullable=True),
    sa.Column('key_in_keyring', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('name')
    )
    op.create_table('assistant',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('provider_id', sa.Integer(), nullable=True),
    sa.Column('model', sa.String(length=200), nullable=False),
    sa.Column('instructions', sa.Text(), nullable=False),
    sa.Column('input_template', sa.Text(), nullable=False),
    sa.Column('max_tokens', sa.Integer(), nullable=True),
    sa.Column('max_tokens_enabled', sa.Boolean(), nullable=False),
    sa.Column('temperature', sa.Float(), nullable=True),
    sa.Column('history_limit_enabled', sa.Boolean(), nullable=False),
    sa.Column('history_limit', sa.Integer(), nullable=False),
    sa.Column('summarize_history', sa.Boolean(), nullable=False),
    sa.Column('compact_preset', sa.String(length=20), nullable=False),
    sa.Column('auto_compact', sa.Boolean(), nullable=False),
    sa.Column('high_watermark', sa.Float(), nullable=False),
    sa.Column('memory_enabled', sa.Boolean(), nullable=False),
    sa.Column('memory_budget_tokens', sa.Integer(), nullable=False),
    sa.Column('topic_snippets', sa.Boolean(), nullable=False),
    sa.Column('dream_frequency', sa.String(length=10), nullable=False),
    sa.Column('dream_time_utc', sa.String(length=5), nullable=False),
    sa.Column('dream_weekday', sa.Integer(), nullable=False),
    sa.Column('keep_dream_cards', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['provider_id'], ['provider.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('name')
    )
    op.create_table('correction_factor',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('provider_id', sa.Integer(), nullable=True),
    sa.Column('model', sa.String(length=200), nullable=False),
    sa.Column('ratio', sa.Float(), nullable=False),
    sa.Column('samples', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['provider_id'], ['provider.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('provider_id', 'model', name='uq_correction')
    )
    op.create_table('model_card',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('provider_id', sa.Integer(), nullable=True),
    sa.Column('model', sa.String(length=200), nullable=False),
    sa.Column('context_window', sa.Integer(), nullable=False),
    sa.Column('max_output', sa.Integer(), nullable=True),
    sa.Column('reasoning', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['provider_id'], ['provider.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('provider_id', 'model', name='uq_model_card')
    )
    op.create_table('dream_run',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('assistant_id', sa.Integer(), nullable=False),
    sa.Column('history_day', sa.Date(), nullable=False),
    sa.Column('period_stamp', sa.String(length=12), nullable=False),
    sa.Column('scheduled', sa.Boolean(), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('next_retry_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['assistant_id'], ['assistant.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('assistant_id', 'period_stamp', 'scheduled', name='uq_dream_period')
    )
    with op.batch_alter_table('dream_run', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_dream_run_assistant_id'), ['assistant_id'], unique=False)

    op.create_table('dynamic_memory_document',
    sa.Column('assistant_id', sa.Integer(), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('backup_body', sa.Text(), nullable=True),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['assistant_id'], ['assistant.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('assistant_id')
    )
    op.create_table('fixed_memory_document',
    sa.Column('assistant_id', sa.Integer(), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['assistant_id'], ['assistant.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('assistant_id')
    )
    op.create_table('memory_provenance',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('assistant_id', sa.Integer(), nullable=False),
    sa.Column('text_hash', sa.String(length=64), nullable=False),
    sa.Column('origin', sa.String(length=10), nullable=False),
    sa.Column('trusted', sa.Boolean(), nullable=False),
    sa.Column('topic_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['assistant_id'], ['assistant.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('assistant_id', 'text_hash', name='uq_provenance_hash')
    )
    with op.batch_alter_table('memory_provenance', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_memory_provenance_assistant_id'), ['assistant_id'], unique=False)

    op.create_table('topic',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('assistant_id', sa.Integer(), nullable=False),
    sa.Column('title', sa.String(length=500), nullable=False),
    sa.Column('title_generated', sa.Boolean(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('source', sa.String(length=40), nullable=True),
    sa.Column('source_id', sa.String(length=200), nullable=True),
    sa.Column('snippet', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['assistant_id'], ['assistant.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('assistant_id', 'source', 'source_id', name='uq_topic_source')
    )
    with op.batch_alter_table('topic', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_topic_assistant_id'), ['assistant_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_topic_updated_at'), ['updated_at'], unique=False)

    op.create_table('message',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('topic_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('role', sa.String(length=20), nullable=False),
    sa.Column('content', sa.Text(), nullable=False),
    sa.Column('content_type', sa.String(length=40), nullable=False),
    sa.Column('tool_calls', sa.JSON(), nullable=True),
    sa.Column('tool_call_id', sa.String(length=200), nullable=True),
    sa.Column('tool_name', sa.String(length=200), nullable=True),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('error_kind', sa.String(length=40), nullable=True),
    sa.Column('model', sa.String(length=200), nullable=True),
    sa.Column('provider_id', sa.Integer(), nullable=True),
    sa.Column('finish_reason', sa.String(length=40), nullable=True),
    sa.Column('input_tokens', sa.Integer(), nullable=True),
    sa.Column('output_tokens', sa.Integer(), nullable=True),
    sa.Column('cached_tokens', sa.Integer(), nullable=True),
    sa.Column('cache_write_tokens', sa.Integer(), nullable=True),
    sa.Column('reasoning_tokens', sa.Integer(), nullable=True),
    sa.Column('sent_by_process', sa.String(length=64), nullable=True),
    sa.Column('token_count', sa.Integer(), nullable=True),
    sa.Column('token_encoding', sa.String(length=40), nullable=True),
    sa.Column('source_id', sa.String(length=200), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('edited_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['provider_id'], ['provider.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['topic_id'], ['topic.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('message', schema=None) as batch_op:
        batch_op.create_index('ix_message_topic_seq', ['topic_id', 'seq'], unique=True)

    op.create_table('topic_compaction',
    sa.Column('topic_id', sa.Integer(), nullable=False),
    sa.Column('summary', sa.Text(), nullable=False),
    sa.Column('cursor_message_id', sa.Integer(), nullable=True),
    sa.Column('model', sa.String(length=200), nullable=True),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('debug_log', sa.JSON(), nullable=False),
    sa.Column('archives', sa.JSON(), nullable=False),
    sa.Column('failure_count', sa.Integer(), nullable=False),
    sa.Column('cooldown_until', sa.DateTime(timezone=True), nullable=True),
    sa.Column('unreachable_fingerprint', sa.String(length=128), nullable=True),
    sa.ForeignKeyConstraint(['topic_id'], ['topic.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('topic_id')
    )



def downgrade() -> None:

    op.drop_table('topic_compaction')
    with op.batch_alter_table('message', schema=None) as batch_op:
        batch_op.drop_index('ix_message_topic_seq')

    op.drop_table('message')
    with op.batch_alter_table('topic', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_topic_updated_at'))
        batch_op.drop_index(batch_op.f('ix_topic_assistant_id'))

    op.drop_table('topic')
    with op.batch_alter_table('memory_provenance', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_memory_provenance_assistant_id'))

    op.drop_table('memory_provenance')
    op.drop_table('fixed_memory_document')
    op.drop_table('dynamic_memory_document')
    with op.batch_alter_table('dream_run', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_dream_run_assistant_id'))

    op.drop_table('dream_run')
    op.drop_table('model_card')
    op.drop_table('correction_factor')
    op.drop_table('assistant')
    op.drop_table('provider')
    op.drop_table('app_setting')

