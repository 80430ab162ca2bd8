"""Post-hand analyses: ``hand_analyses``, one review of a seat's decisions in a finished hand at a budget
(``burraco.analysis``), keyed by table, hand, seat and budget, with its job's state, attempts and error.
A database made by ``metadata.create_all`` already has the table: it is left as it is.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("hand_analyses"):
        return
    op.create_table(
        "hand_analyses",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("budget_ms", sa.Integer, nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("requested_by", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("requested_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("error", sa.String(32), nullable=True),
        sa.Column("review", sa.JSON, nullable=True),
    )
    op.create_index("ix_hand_analyses_key", "hand_analyses", ["table_id", "hand", "seat", "budget_ms"], unique=True)
    op.create_index("ix_hand_analyses_user", "hand_analyses", ["requested_by", "requested_at"])


def downgrade() -> None:
    op.drop_index("ix_hand_analyses_user", "hand_analyses")
    op.drop_index("ix_hand_analyses_key", "hand_analyses")
    op.drop_table("hand_analyses")
