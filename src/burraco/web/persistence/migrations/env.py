"""Alembic's environment: runs the migrations on the connection that
:func:`burraco.web.persistence.migrations.config` gives."""

from __future__ import annotations

from alembic import context

from burraco.web.persistence.schema import metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection, target_metadata=metadata, render_as_batch=True, transaction_per_migration=False
)
with context.begin_transaction():
    context.run_migrations()
