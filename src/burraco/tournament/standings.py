"""Standings and histories (docs/rules.md §11): VP first, ties broken by total MP (Art. 30, 31).

A penalty (Art. 23) lowers only the penalised entrant's VP; its opponents gain nothing. A forced
result (Art. 32: the opponents left) gives the entrants who stayed the forced-rest score and the
ones who left nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from burraco.tournament.model import State, Table, Turn


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings. ``vp`` already includes ``penalty`` (subtracted)."""

    rank: int
    entrant: int
    name: str
    vp: int
    mp: int
    played: int
    rests: int
    penalty: int
    withdrawn: bool


def table_credits(table: Table) -> dict[int, tuple[int, int]]:
    """The (VP, MP) each entrant at ``table`` earned there; empty while there is no result."""
    result = table.result
    credits: dict[int, tuple[int, int]] = {}
    if result is None:
        return credits
    for side, vp, mp in ((table.ns, result.vp_ns, result.mp_ns), (table.ew, result.vp_ew, result.mp_ew)):
        for entrant in side:
            credits[entrant] = (0, 0) if entrant in result.absent else (vp, mp)
    return credits


def turn_credits(turn: Turn) -> dict[int, tuple[int, int]]:
    """The (VP, MP) each entrant earned in ``turn``: its tables (a team has two) and its rest."""
    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for table in turn.tables:
        for entrant, (vp, mp) in table_credits(table).items():
            totals[entrant][0] += vp
            totals[entrant][1] += mp
    for rest in turn.rests:
        totals[rest.entrant][0] += rest.vp
        totals[rest.entrant][1] += rest.mp
    return {entrant: (vp, mp) for entrant, (vp, mp) in totals.items()}


def standings(state: State, after: int | None = None) -> list[Standing]:
    """The standings after turn ``after`` (default: every paired turn), best first.

    Ties on VP and MP share a rank (1, 2, 2, 4); the list order then follows the entrant id.
    """
    last = len(state.turns) if after is None else after
    vp: dict[int, int] = defaultdict(int)
    mp: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    rests: dict[int, int] = defaultdict(int)
    penalty: dict[int, int] = defaultdict(int)
    for turn in state.turns[:last]:
        for entrant, (v, m) in turn_credits(turn).items():
            vp[entrant] += v
            mp[entrant] += m
        for entrant in {e for table in turn.tables if table.result is not None for e in table.entrants}:
            played[entrant] += 1
        for rest in turn.rests:
            rests[rest.entrant] += 1
    for pen in state.penalties:
        if pen.turn <= last:
            penalty[pen.entrant] += pen.vp
    order = sorted(state.entrants, key=lambda e: (-(vp[e.id] - penalty[e.id]), -mp[e.id], e.id))
    lines: list[Standing] = []
    for position, e in enumerate(order, 1):
        total = vp[e.id] - penalty[e.id]
        tied = lines and lines[-1].vp == total and lines[-1].mp == mp[e.id]
        rank = lines[-1].rank if tied else position
        lines.append(
            Standing(
                rank,
                e.id,
                e.name,
                total,
                mp[e.id],
                played[e.id],
                rests[e.id],
                penalty[e.id],
                e.withdrawn_from is not None,
            )
        )
    return lines


def rest_counts(turns: Iterable[Turn]) -> dict[int, int]:
    """How many times each entrant has rested (forced rests of Art. 32 are not counted)."""
    counts: dict[int, int] = defaultdict(int)
    for turn in turns:
        for rest in turn.rests:
            counts[rest.entrant] += 1
    return dict(counts)


def meetings(turns: Iterable[Turn]) -> dict[frozenset[int], list[int]]:
    """The turns in which two entrants sat on opposite sides (pairs and teams)."""
    met: dict[frozenset[int], list[int]] = defaultdict(list)
    for turn in turns:
        for table in turn.tables:
            for a in table.ns:
                for b in table.ew:
                    key = frozenset((a, b))
                    if turn.number not in met[key]:
                        met[key].append(turn.number)
    return dict(met)


def partnerships(turns: Iterable[Turn]) -> dict[frozenset[int], int]:
    """How many times two players were partners (individual tournaments)."""
    counts: dict[frozenset[int], int] = defaultdict(int)
    for turn in turns:
        for table in turn.tables:
            for side in (table.ns, table.ew):
                if len(side) == 2:
                    counts[frozenset(side)] += 1
    return dict(counts)
