"""Consent in online tournaments: ``tournament_invitations`` (which accounts have a pending
invitation in which event, an index of ``tournaments.online`` rewritten with it). No event has a
pending invitation before this revision, so the table starts empty.

Going back drops the table and, in every event's online part, the pending invitations themselves
(``pending``, ``entries``) and the accounts that had not accepted: code before this revision would
seat every account it finds linked, and nobody is seated without having said yes.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournament_invitations",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
    )
    op.create_index("ix_tournament_invitations_user", "tournament_invitations", ["user_id"])


def without_pending(online: dict[str, Any]) -> dict[str, Any]:
    """The online part as revision 0004 reads it: only accepted accounts linked.

    >>> without_pending({"players": {"1": [3, 4], "2": [5, None, 6]}, "pending": {"1": [4]}, "entries": {}})
    {'players': {'1': [3], '2': [5, 6]}}
    """
    pending = {eid: {int(u) for u in ids} for eid, ids in online.get("pending", {}).items()}
    players = {
        eid: [int(u) for u in ids if u is not None and int(u) not in pending.get(eid, set())]
        for eid, ids in online.get("players", {}).items()
    }
    rest = {k: v for k, v in online.items() if k not in ("players", "pending", "entries")}
    return {"players": {eid: ids for eid, ids in players.items() if ids}, **rest}


def downgrade() -> None:
    tournaments = sa.table("tournaments", sa.column("id", sa.Integer), sa.column("online", sa.JSON))
    connection = op.get_bind()
    for row in connection.execute(sa.select(tournaments.c.id, tournaments.c.online)).all():
        online = row.online
        if isinstance(online, dict) and ("pending" in online or "entries" in online):
            connection.execute(
                sa.update(tournaments).where(tournaments.c.id == row.id).values(online=without_pending(online))
            )
    op.drop_index("ix_tournament_invitations_user", "tournament_invitations")
    op.drop_table("tournament_invitations")
