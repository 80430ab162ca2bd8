"""The id a player's page gave each move: ``events.client_id`` (``table/events.py``), so a move resent
after a reconnect, or after a restart of the server, is answered and not applied twice.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    columns = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("events")}
    if "client_id" not in columns:  # made by ``metadata.create_all``
        op.add_column("events", sa.Column("client_id", sa.BigInteger, nullable=True))


def downgrade() -> None:
    op.drop_column("events", "client_id")
