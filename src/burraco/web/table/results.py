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


def abandoning(table: TableState) -> list[bool]:
    """Whether each seat's player counts as having abandoned the match: they left it, or the computer
    played their seat for more than one hand (``absence.py``). Either way the match is their loss
    (their side's, in 4 players) in the summary, the match record and the rating (:func:`standing`)."""
    return [s.left or table.absence.abandoned(i) for i, s in enumerate(table.seats)]


def finished_by_a_person(table: TableState) -> bool:
    """Whether a person played the match to its end: a human seat whose player did not abandon it. A
    match the computer finished for every person who sat there is not rated for anyone."""
    return any(s.human and not gone for s, gone in zip(table.seats, abandoning(table), strict=True))


def rated(table: TableState) -> bool:
    """Whether the finished match moves the ratings: at a table that rates (not a practice, not all
    bots) and finished by a person (:func:`finished_by_a_person`)."""
    return table.rated and finished_by_a_person(table)


def abandoned_seats(table: TableState) -> list[int]:
    """The seats whose players count as having abandoned the match (:func:`abandoning`)."""
    return [i for i, gone in enumerate(abandoning(table)) if gone]


def summary(table: TableState) -> dict[str, Any]:
    """The match's result: totals, entrants, winner (abandoning counts as a loss, whatever the totals);
    ``left``: the seats whose players left, ``abandoned``: those and the seats the computer played for
    more than one hand."""
    totals = list(table.match.totals)
    sides = entrants(table.players)
    names = [" & ".join(table.seats[s].name for s in seats) for seats in sides]
    gone = abandoning(table)
    data: dict[str, Any] = {
        "totals": totals,
        "entrants": names,
        "winner": winner(standing(sides, totals, gone)),
        "hands": len(table.match.results),
        "left": [i for i, s in enumerate(table.seats) if s.left],
        "abandoned": [i for i, g in enumerate(gone) if g],
        "rated": rated(table),
        "finished_by_a_person": finished_by_a_person(table),
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
        abandoning(table),  # (stored as ``left``: the history shows the match abandoned, the rating moves so)
        rated(table),
    )
    await table.runtime.repos.matches.record(match)
    table.recorded = True
    for observer in table.runtime.match_observers:
        try:
            await observer(table)
        except Exception:
            log.exception("table %s: a finished-match observer failed", table.id)
