"""Table talk: ``chat_messages`` (what was said at a table, by hand, seat or spectator, and who heard
it), ``chat_reports`` (a message reported for an operator, with what was said before it),
``chat_mutes`` (whose messages a user does not want to read) and ``chat_bans`` (users an operator barred
from the chat), ``web/table/chat.py``.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("chat_messages"):  # made by ``metadata.create_all``
        return
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("phrase", sa.String(20), nullable=True),
        sa.Column("text", sa.String(200), nullable=True),
        sa.Column("audience", sa.String(12), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_messages_table", "chat_messages", ["table_id", "hand", "id"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("message_id", sa.Integer, sa.ForeignKey("chat_messages.id"), nullable=False),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("context", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_reports_message", "chat_reports", ["message_id", "reporter_id"], unique=True)
    op.create_table(
        "chat_mutes",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("muted_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat_bans",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_bans")
    op.drop_table("chat_mutes")
    op.drop_index("ix_chat_reports_message", "chat_reports")
    op.drop_table("chat_reports")
    op.drop_index("ix_chat_messages_table", "chat_messages")
    op.drop_table("chat_messages")
