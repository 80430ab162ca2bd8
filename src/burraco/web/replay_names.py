"""The players' names of a finished match, seat by seat, so a replay can name them (not "seat 0").

A finished match's ``match_players`` rows say which user sat where; a seat without a row (a table
that ended without a recorded match) is named by its position only on the client.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.engine import Connection as DbConnection

from burraco.web import db


def seat_names(c: DbConnection, table_id: int, players: int) -> list[str]:
    """``players`` names, seat by seat; an empty string where the seat is not known."""
    rows = c.execute(
        select(db.match_players.c.seat, db.users.c.name)
        .join(db.matches, db.matches.c.id == db.match_players.c.match_id)
        .join(db.users, db.users.c.id == db.match_players.c.user_id)
        .where(db.matches.c.table_id == table_id)).all()
    names = [""] * players
    for seat, name in rows:
        if 0 <= seat < players:
            names[seat] = str(name)
    return names
