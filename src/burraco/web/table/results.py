"""A live table's finished match: its entrants, its summary (the score sheet's result) and its record
(the match, each player's result and rating change, written once; see ``repositories/matches.py``)."""

from __future__ import annotations

import logging
from typing import Any

from burraco.web.persistence.repositories.matches import MatchRecord, standing, winner
from burraco.web.protocol.serialize import scores_to_list
from burraco.web.table.model import TableState

log = logging.getLogger(__name__)


def entrants(players: int) -> list[list[int]]:
    """Seats of each match entrant: teams for 2 and 4 players, single players for 3.

    >>> entrants(4), entrants(3)
    ([[0, 2], [1, 3]], [[0], [1], [2]])
    """
    if players == 4:
        return [[0, 2], [1, 3]]
    return [[s] for s in range(players)]


def results(table: TableState) -> list[dict[str, Any]]:
    """Every finished hand of the match: its number, dealer, end, points, sides and score sheets."""
    return [
        {
            "number": r.number,
            "dealer": r.dealer,
            "end_reason": r.end_reason,
            "points": list(r.points),
            "sides": [list(s) for s in r.sides],
            "scores": scores_to_list(r.scores),
        }
        for r in table.match.results
    ]


def summary(table: TableState) -> dict[str, Any]:
    """The match's result: totals, entrants, winner (leaving counts as a loss, whatever the totals)."""
    totals = list(table.match.totals)
    sides = entrants(table.players)
    names = [" & ".join(table.seats[s].name for s in seats) for seats in sides]
    left = [s.left for s in table.seats]
    data: dict[str, Any] = {
        "totals": totals,
        "entrants": names,
        "winner": winner(standing(sides, totals, left)),
        "hands": len(table.match.results),
        "left": [i for i, gone in enumerate(left) if gone],
    }
    if table.match.entrants == 2:
        data["mp"] = list(table.match.match_points())
        data["vp"] = list(table.match.victory_points())
    return data


async def record(table: TableState) -> None:
    """Record the finished match; if the database refuses, the ticker tries again later."""
    try:
        await _record(table)
    except Exception as error:
        log.warning("table %s: the finished match could not be recorded yet: %s", table.id, error)


async def _record(table: TableState) -> None:
    """Store the finished match: its summary, each player's result and rating change; then tell the
    runtime's observers (the online tournaments)."""
    result = table.summary or summary(table)
    match = MatchRecord(
        table.id,
        table.runtime.wallclock(),
        {**result, "results": results(table)},
        entrants(table.players),
        list(table.match.totals),
        [s.user_id for s in table.seats],
        [s.left for s in table.seats],
        table.rated,
    )
    await table.runtime.repos.matches.record(match)
    table.recorded = True
    for observer in table.runtime.match_observers:
        try:
            await observer(table)
        except Exception:
            log.exception("table %s: a finished-match observer failed", table.id)
