"""What a replay shows besides the cards: the players' names, seat by seat (not "seat 0"), and the
steps the computer played for an absent player (web/absence.py).

The names are the ones the table showed (its ``sit`` and ``bot`` events); a seat without one is
named by its number on the client.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.engine import Connection as DbConnection

from burraco.web.persistence import schema


def seat_names(c: DbConnection, table_id: int, players: int) -> list[str]:
    """``players`` names, seat by seat, as the table showed them (its ``sit`` and ``bot`` events
    before the first deal); an empty string where the seat is not known."""
    rows = c.execute(
        select(schema.events.c.kind, schema.events.c.seat, schema.events.c.text)
        .where(
            schema.events.c.table_id == table_id,
            schema.events.c.hand == 0,
            schema.events.c.kind.in_(("sit", "bot", "leave")),
        )
        .order_by(schema.events.c.seq)
    ).all()
    names = [""] * players
    for kind, seat, text in rows:
        if 0 <= seat < players:
            names[seat] = "" if kind == "leave" else str(text).split("|", 1)[-1]
    return names


def auto_steps(c: DbConnection, table_id: int, hand: int) -> list[int]:
    """The replay steps (1-based, as ``step``) of hand ``hand`` that the computer played for a player:
    the rest of a turn after its timer ran out, and every move while the seat was stood in for or left."""
    rows = c.execute(
        select(schema.events.c.kind, schema.events.c.seat, schema.events.c.text)
        .where(
            schema.events.c.table_id == table_id,
            schema.events.c.hand == hand,
            schema.events.c.kind.in_(("action", "timer", "standin", "leave")),
        )
        .order_by(schema.events.c.seq)
    ).all()
    steps: list[int] = []
    timed_out, step = -1, 0
    away: set[int] = set()
    for kind, seat, text in rows:
        if kind == "timer":
            timed_out = seat
        elif kind == "standin":
            (away.add if text == "on" else away.discard)(seat)
        elif kind == "leave":
            away.add(seat)
        else:
            step += 1
            if seat != timed_out:
                timed_out = -1
            if seat == timed_out or seat in away:
                steps.append(step)
    return steps
