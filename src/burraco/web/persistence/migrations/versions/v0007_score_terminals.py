"""Score terminals: ``terminal_codes`` (one code per table of a turn) and ``terminal_entries`` (every
hand or confirmation a table's phone sent, once per client id), ``web/tournaments/terminals.py``.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "terminal_codes",
        sa.Column("code", sa.String(32), primary_key=True),
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("table_no", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_terminal_codes_table", "terminal_codes", ["tournament_id", "turn", "table_no"], unique=True)
    op.create_table(
        "terminal_entries",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(32), sa.ForeignKey("terminal_codes.code"), nullable=False),
        sa.Column("client_id", sa.String(64), nullable=False),
        sa.Column("device", sa.String(64), nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("entry", sa.JSON, nullable=False),
        sa.Column("ns", sa.Integer, nullable=False),
        sa.Column("ew", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_terminal_entries_client", "terminal_entries", ["code", "client_id"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_terminal_entries_client", "terminal_entries")
    op.drop_table("terminal_entries")
    op.drop_index("ix_terminal_codes_table", "terminal_codes")
    op.drop_table("terminal_codes")
