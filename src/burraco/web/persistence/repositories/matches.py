"""Finished matches: their summary, each player's result and rating change; a player's history."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, desc, select, update

from burraco.web.accounts import ratings
from burraco.web.persistence import db, schema

HISTORY_LENGTH = 50
"""Matches shown on a profile."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """What a finished table stores."""

    table_id: int
    finished_at: float
    summary: dict[str, Any]
    """With ``results``: the hands' results."""
    entrants: list[list[int]]
    totals: list[int]
    users: list[int | None]
    """The user at each seat."""
    left: list[bool]
    """Whether each seat's player left."""
    rated: bool


class MatchRepository:
    """The ``matches`` and ``match_players`` rows and the ratings they move."""

    def __init__(self, store: db.Store) -> None:
        self.store = store

    async def record(self, record: MatchRecord) -> None:
        """Store a finished match and move its players' ratings (one transaction; the table row turns ``over``)."""
        await self.store.awrite(lambda c: _record(c, record))

    def played_together(self, first: int, second: int) -> bool:
        """Whether two users were entrants of one recorded match."""
        other = schema.match_players.alias("other")
        query = (
            select(schema.match_players.c.match_id)
            .join(other, other.c.match_id == schema.match_players.c.match_id)
            .where(schema.match_players.c.user_id == first, other.c.user_id == second)
            .limit(1)
        )
        return self.store.read(lambda c: c.execute(query).first()) is not None

    def history(self, user_id: int) -> list[dict[str, Any]]:
        """A player's last matches, newest first."""
        rows = self.store.read(
            lambda c: c.execute(
                select(
                    schema.match_players,
                    schema.matches.c.table_id,
                    schema.matches.c.finished_at,
                    schema.matches.c.summary,
                )
                .join(schema.matches, schema.matches.c.id == schema.match_players.c.match_id)
                .where(schema.match_players.c.user_id == user_id)
                .order_by(desc(schema.matches.c.id))
                .limit(HISTORY_LENGTH)
            ).all()
        )
        return [
            {
                "match_id": r.match_id,
                "table_id": r.table_id,
                "finished_at": r.finished_at,
                "seat": r.seat,
                "points": r.points,
                "result": r.result,
                "left": r.left,
                "rating_before": r.rating_before,
                "rating_after": r.rating_after,
                "summary": {k: v for k, v in r.summary.items() if k != "results"},
                "hands": len(r.summary.get("results", [])),
            }
            for r in rows
        ]


def unrated_users(entrants: list[list[int]], users: list[int | None]) -> set[int | None]:
    """Users who sit for more than one entrant (a bot user on both sides): their rating does not move."""
    sides: dict[int | None, set[int]] = {}
    for entrant, group in enumerate(entrants):
        for seat in group:
            sides.setdefault(users[seat], set()).add(entrant)
    return {user for user, where in sides.items() if len(where) > 1}


def _new_ratings(record: MatchRecord, current: dict[int, tuple[float, float]]) -> dict[int, tuple[float, float]]:
    teams = [[current[_user(record, s)] for s in group] for group in record.entrants]
    new = ratings.rate(teams, standing(record.entrants, record.totals, record.left)) if record.rated else teams
    both_sides = unrated_users(record.entrants, record.users)
    after: dict[int, tuple[float, float]] = {}
    for group, team in zip(record.entrants, new, strict=True):
        for seat, rating in zip(group, team, strict=True):
            user = _user(record, seat)
            after[user] = current[user] if user in both_sides else rating
    return after


def _user(record: MatchRecord, seat: int) -> int:
    user = record.users[seat]
    assert user is not None
    return user


def standing(entrants: list[list[int]], totals: list[int], left: list[bool]) -> list[tuple[int, int]]:
    """What ranks the entrants: an entrant one of whose players left the match ranks below every
    entrant whose players stayed (the match counts as their loss), then match totals decide.

    >>> standing([[0, 2], [1, 3]], [900, 400], [False, False, True, False])
    [(0, 900), (1, 400)]
    """
    return [(0 if any(left[s] for s in group) else 1, total) for group, total in zip(entrants, totals, strict=True)]


def winner(standings: list[tuple[int, int]]) -> int | None:
    """The entrant who won the match, or None on a tie.

    >>> winner([(0, 900), (1, 400)]), winner([(1, 500), (1, 500)])
    (1, None)
    """
    best = max(standings)
    return standings.index(best) if standings.count(best) == 1 else None


def outcome(standings: list[tuple[int, int]], entrant: int) -> str:
    """``win``, ``draw`` or ``loss`` of one entrant, from :func:`standing`.

    >>> outcome([(0, 900), (1, 400)], 0), outcome([(0, 900), (1, 400)], 1)
    ('loss', 'win')
    >>> outcome([(1, 700), (1, 700)], 0)
    'draw'
    """
    best = max(standings)
    if standings[entrant] != best:
        return "loss"
    return "draw" if standings.count(best) > 1 else "win"


def _record(c: Connection, record: MatchRecord) -> None:
    ids = [u for u in record.users if u is not None]
    current = {
        r.id: (r.mu, r.sigma)
        for r in c.execute(
            select(schema.users.c.id, schema.users.c.mu, schema.users.c.sigma).where(schema.users.c.id.in_(ids))
        )
    }
    after = _new_ratings(record, current)
    standings = standing(record.entrants, record.totals, record.left)
    match_id = db.new_id(
        c.execute(
            schema.matches.insert().values(
                table_id=record.table_id, finished_at=record.finished_at, summary=record.summary
            )
        )
    )
    for e, group in enumerate(record.entrants):
        for seat in group:
            user_id = _user(record, seat)
            (mu0, s0), (mu1, s1) = current[user_id], after[user_id]
            c.execute(
                schema.match_players.insert().values(
                    match_id=match_id,
                    seat=seat,
                    user_id=user_id,
                    points=record.totals[e],
                    result=outcome(standings, e),
                    left=record.left[seat],
                    rating_before=ratings.display(mu0, s0),
                    rating_after=ratings.display(mu1, s1),
                )
            )
    for user_id, (mu, sigma) in after.items():
        c.execute(
            update(schema.users)
            .where(schema.users.c.id == user_id)
            .values(mu=mu, sigma=sigma, matches=schema.users.c.matches + 1)
        )
    c.execute(update(schema.tables).where(schema.tables.c.id == record.table_id).values(status="over"))
