"""Alembic environment: runs on the connection handed over by ``upgrade_to_head``."""

from alembic import context
from sqlalchemy import create_engine

from chathub_desktop.storage.models import Base
from chathub_desktop.storage.search_schema import include_name

config = context.config

target_metadata = Base.metadata

connection = config.attributes.get("connection")
if connection is not None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True,
                          include_name=include_name)
    with context.begin_transaction():
        context.run_migrations()
else:  # `alembic revision --autogenerate` during development
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite://")
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=target_metadata, render_as_batch=True,
                      include_name=include_name)
        with context.begin_transaction():
            context.run_migrations()
