"""The arbiter's rulings: ``arbiter_rulings`` (a ruling of the arbiter's code on a hand of a paper table
of a tournament turn, recorded from the director's console or the table's score terminal,
``web/tournaments/rulings.py``).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("arbiter_rulings"):  # made by ``metadata.create_all``
        return
    op.create_table(
        "arbiter_rulings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("table_no", sa.Integer, nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("article", sa.Integer, nullable=False),
        sa.Column("answers", sa.JSON, nullable=False),
        sa.Column("ruling", sa.JSON, nullable=False),
        sa.Column("side", sa.String(2), nullable=True),
        sa.Column("line", sa.String(64), nullable=True),
        sa.Column("source", sa.String(10), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_arbiter_rulings_table", "arbiter_rulings", ["tournament_id", "turn", "table_no", "id"])


def downgrade() -> None:
    op.drop_index("ix_arbiter_rulings_table", "arbiter_rulings")
    op.drop_table("arbiter_rulings")
