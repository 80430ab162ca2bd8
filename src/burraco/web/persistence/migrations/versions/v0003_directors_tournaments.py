"""Tournaments in the browser: ``users.role`` (``player`` for everyone before; ``director`` may run
tournaments) and the ``tournaments`` table (the director module's JSON document, with a version for
optimistic concurrency).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("role", sa.String(10), nullable=False, server_default="player"))
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("owner_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("document", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_tournaments_owner", "tournaments", ["owner_id"])


def downgrade() -> None:
    op.drop_index("ix_tournaments_owner", "tournaments")
    op.drop_table("tournaments")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("role")
