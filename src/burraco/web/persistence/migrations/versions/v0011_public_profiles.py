"""Public profiles: ``users.public_profile`` (false for every user made before: a profile stays visible
only to who has met the player until its owner makes it public in the account settings).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "public_profile" in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("users")}:
        return  # made by ``metadata.create_all``
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("public_profile", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("public_profile")
