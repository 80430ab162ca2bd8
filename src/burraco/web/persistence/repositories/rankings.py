"""Rankings: a leaderboard per game type, rated afresh from the stored match records.

The server keeps one rating per user (``users.mu``/``sigma``, every game type together). A ranking
per game type is computed here from the rated matches of that type alone: every such match is
replayed through the same model (:func:`burraco.web.accounts.ratings.rate`, openskill Plackett-Luce,
the same standing: a side that left ranks below one that stayed), everyone starting from a new
player's rating; the monthly table replays only that month's matches. A rated match is one at a table
that was not a private practice, that a person finished: a seat not played by a bot whose player did
not leave or abandon it (as ``table/results.py``'s ``rated``). Only accounts are ranked: bots, guests
and deleted players never are.
"""

from __future__ import annotations

import calendar
import datetime as dt
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from itertools import groupby
from typing import Final

from sqlalchemy import Connection, select

from burraco.web.accounts import ratings
from burraco.web.persistence import db, schema
from burraco.web.persistence.repositories.matches import outcome, standing, unrated_users


class GameKind(StrEnum):
    """The game types ranked apart: two players, and four players in pairs."""

    TWO = "2p"
    FOUR = "4p"

    @property
    def players(self) -> int:
        return 2 if self is GameKind.TWO else 4

    @property
    def entrants(self) -> list[list[int]]:
        """The seats of each side (as ``table/results.py``)."""
        return [[0, 2], [1, 3]] if self is GameKind.FOUR else [[0], [1]]


@dataclass(frozen=True, slots=True)
class Seat:
    user_id: int
    kind: str
    points: int
    left: bool


@dataclass(slots=True)
class Record:
    """One player's figures in a ranking."""

    user_id: int
    mu: float = ratings.DEFAULT_MU
    sigma: float = ratings.DEFAULT_SIGMA
    matches: int = 0
    wins: int = 0

    @property
    def rating(self) -> float:
        return ratings.display(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class Row:
    """A ranked account: position (from 1), name, whether the profile is public, figures."""

    position: int
    user_id: int
    name: str
    public: bool
    rating: float
    matches: int
    wins: int


@dataclass(frozen=True, slots=True)
class Ranking:
    rows: list[Row]
    """Every ranked account, best first (the caller pages)."""
    own: Record | None = None
    """The asker's figures, ranked or not (None: no rated match in this table)."""
    own_row: Row | None = None


def month_bounds(month: str) -> tuple[float, float]:
    """The UTC timestamps a ``YYYY-MM`` month starts and ends at (ValueError if malformed).

    >>> month_bounds("2026-02")
    (1769904000.0, 1772323200.0)
    """
    year, number = (int(part) for part in month.split("-", 1)) if len(month) == 7 and month[4] == "-" else (0, 0)
    if not (1970 <= year <= 9999 and 1 <= number <= 12):
        raise ValueError(f"a month is written YYYY-MM, not {month!r}")
    start = dt.datetime(year, number, 1, tzinfo=dt.UTC)
    days = calendar.monthrange(year, number)[1]
    return start.timestamp(), (start + dt.timedelta(days=days)).timestamp()


def month_of(timestamp: float) -> str:
    """The ``YYYY-MM`` month (UTC) of a timestamp.

    >>> month_of(1769904000.0)
    '2026-02'
    """
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).strftime("%Y-%m")


def _matches(
    c: Connection, kind: GameKind, since: float | None, until: float | None, after: int = 0
) -> list[tuple[int, list[Seat]]]:
    """The id and seats of every stored match of ``kind`` in the period whose id is above ``after``,
    oldest first (practice tables left out)."""
    mp, users = schema.match_players, schema.users
    query = (
        select(mp.c.match_id, mp.c.seat, mp.c.user_id, mp.c.points, mp.c.left, users.c.kind)
        .join(schema.matches, schema.matches.c.id == mp.c.match_id)
        .join(schema.tables, schema.tables.c.id == schema.matches.c.table_id)
        .join(users, users.c.id == mp.c.user_id)
        .where(schema.tables.c.practice.is_(False), mp.c.match_id > after)
        .order_by(mp.c.match_id, mp.c.seat)
    )
    if since is not None:
        query = query.where(schema.matches.c.finished_at >= since)
    if until is not None:
        query = query.where(schema.matches.c.finished_at < until)
    found: list[tuple[int, list[Seat]]] = []
    for match_id, rows in groupby(c.execute(query).all(), key=lambda r: r.match_id):
        seats = [Seat(r.user_id, r.kind, r.points, bool(r.left)) for r in rows]
        if len(seats) == kind.players and any(s.kind != "bot" and not s.left for s in seats):  # a person finished it
            found.append((int(match_id), seats))
    return found


def replay(
    kind: GameKind, matches: Iterable[list[Seat]], records: dict[int, Record] | None = None
) -> dict[int, Record]:
    """Every player's rating, matches and wins after the rated ``matches`` of ``kind``, in order (on
    top of ``records``, which are updated)."""
    records = {} if records is None else records
    sides = kind.entrants
    for seats in matches:
        users: list[int | None] = [s.user_id for s in seats]
        mine = [records.setdefault(s.user_id, Record(s.user_id)) for s in seats]
        totals = [seats[group[0]].points for group in sides]
        ranks = standing(sides, totals, [s.left for s in seats])
        new = ratings.rate([[(mine[s].mu, mine[s].sigma) for s in group] for group in sides], ranks)
        frozen = unrated_users(sides, users)
        for e, (group, team) in enumerate(zip(sides, new, strict=True)):
            for seat, (mu, sigma) in zip(group, team, strict=True):
                record = mine[seat]
                if seats[seat].user_id not in frozen:
                    record.mu, record.sigma = mu, sigma
                record.matches += 1
                record.wins += outcome(ranks, e) == "win"
    return records


def ranking(c: Connection, records: dict[int, Record], minimum: int, viewer: int | None) -> Ranking:
    """The accounts with at least ``minimum`` rated matches in ``records`` (:func:`replay`), best first.
    A player whose profile is private is left out, except for themself (``viewer``): they see where
    they would stand among the others."""
    ids = [uid for uid, r in records.items() if r.matches >= minimum or uid == viewer]
    people = {
        r.id: r
        for r in c.execute(
            select(schema.users.c.id, schema.users.c.name, schema.users.c.kind, schema.users.c.public_profile).where(
                schema.users.c.id.in_(ids)
            )
        )
    }
    listed = [
        records[uid]
        for uid in ids
        if uid in people
        and people[uid].kind == "account"
        and records[uid].matches >= minimum
        and (people[uid].public_profile or uid == viewer)
    ]
    listed.sort(key=lambda r: (-r.rating, -r.matches, r.user_id))
    rows = [
        Row(n, r.user_id, people[r.user_id].name, bool(people[r.user_id].public_profile), r.rating, r.matches, r.wins)
        for n, r in enumerate(listed, start=1)
    ]
    own = records.get(viewer) if viewer is not None else None
    own_row = next((row for row in rows if row.user_id == viewer), None)
    return Ranking(rows, own, own_row)


@dataclass(slots=True)
class _Replayed:
    """A ranking's records and the last match id replayed into them."""

    records: dict[int, Record]
    last_id: int
    built_at: float


class RankingRepository:
    """Leaderboards per game type (:func:`ranking`). Each table's replay is kept and brought up to date
    with the matches recorded since (ids above the last one seen), so a request replays only new
    matches; it is rebuilt from scratch every :attr:`rebuild_after` seconds (a match another process
    committed late, under a lower id, counts from then on at the latest)."""

    rebuild_after: Final = 600.0
    kept: Final = 64
    """Tables (game type and period) kept at most."""

    def __init__(self, store: db.Store, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self._replays: dict[tuple[GameKind, tuple[float, float] | None], _Replayed] = {}
        self._lock = threading.Lock()

    def ranking(
        self, kind: GameKind, minimum: int, viewer: int | None, period: tuple[float, float] | None = None
    ) -> Ranking:
        since, until = period if period is not None else (None, None)
        with self._lock:
            done = self._replays.get((kind, period))
            if done is None or self.clock() - done.built_at > self.rebuild_after:
                if len(self._replays) >= self.kept:  # months asked one after another: start over
                    self._replays.clear()
                done = self._replays[(kind, period)] = _Replayed({}, 0, self.clock())
            after = done.last_id
            new = self.store.read(lambda c: _matches(c, kind, since, until, after))
            replay(kind, (seats for _id, seats in new), done.records)
            done.last_id = max((match_id for match_id, _seats in new), default=done.last_id)
            return self.store.read(lambda c: ranking(c, done.records, minimum, viewer))
