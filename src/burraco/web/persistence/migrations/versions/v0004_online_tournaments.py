"""Online tournament turns: ``tables.tournament`` (which tournament, turn and table a live table
plays, and the turn's deadline; NULL for every other table) and ``tournaments.online`` (the accounts
linked to each entrant and each started turn's clock and tables; NULL until the event goes online).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("tournament", sa.JSON, nullable=True))
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("online", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("online")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("tournament")
