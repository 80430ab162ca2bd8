"""Friends and private tables: ``tables.private`` (a table only its invitation links open), its
``table_invitations`` (a token's SHA-256, the table, who made it, the friend it is for, its expiry and
revocation) and ``table_guests`` (who opened one), ``friendships`` (requests and friends), ``blocks``, and
each user's ``notifications``.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "friendships",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("friend_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("accepted", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_friendships_friend", "friendships", ["friend_id"])
    op.create_table(
        "blocks",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("blocked_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_blocks_blocked", "blocks", ["blocked_id"])
    op.create_table(
        "table_invitations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("owner_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("friend_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("revoked_at", sa.Float, nullable=True),
    )
    op.create_index("ix_table_invitations_token", "table_invitations", ["token_hash"], unique=True)
    op.create_index("ix_table_invitations_table", "table_invitations", ["table_id"])
    op.create_table(
        "table_guests",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("read_at", sa.Float, nullable=True),
    )
    op.create_index("ix_notifications_user", "notifications", ["user_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_notifications_user", "notifications")
    op.drop_table("notifications")
    op.drop_table("table_guests")
    op.drop_index("ix_table_invitations_table", "table_invitations")
    op.drop_index("ix_table_invitations_token", "table_invitations")
    op.drop_table("table_invitations")
    op.drop_index("ix_blocks_blocked", "blocks")
    op.drop_table("blocks")
    op.drop_index("ix_friendships_friend", "friendships")
    op.drop_table("friendships")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("private")
