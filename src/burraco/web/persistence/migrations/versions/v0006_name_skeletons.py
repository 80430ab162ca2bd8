"""Confusable names: ``users.name_skeleton`` (what an account's name looks like,
:func:`burraco.web.accounts.auth.name_skeleton`), indexed, so a new account whose name looks like an
existing one is refused. Every existing account gets its skeleton; accounts registered before this
revision may share one (they keep their names: only new names are refused), so the index is not unique.
Guests and bots keep NULL.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from burraco.web.accounts.auth import name_skeleton

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("name_skeleton", sa.String(512), nullable=True))
    users = sa.table("users", *(sa.column(name) for name in ("id", "name", "kind", "name_skeleton")))
    connection = op.get_bind()
    for row in connection.execute(sa.select(users.c.id, users.c.name).where(users.c.kind == "account")).all():
        connection.execute(sa.update(users).where(users.c.id == row.id).values(name_skeleton=name_skeleton(row.name)))
    op.create_index("ix_users_name_skeleton", "users", ["name_skeleton"])


def downgrade() -> None:
    op.drop_index("ix_users_name_skeleton", "users")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("name_skeleton")
