"""Helpers shared by the tournament tests: scripted turns and meeting tables."""

from __future__ import annotations

from collections.abc import Mapping

from burraco.tournament import Tournament
from burraco.tournament.model import Turn


def make(names: int | list[str], **settings: object) -> Tournament:
    """A tournament with ``names`` registered (``n`` gives P1..Pn, ids 1..n in order)."""
    t = Tournament.create("Test", **settings)  # type: ignore[arg-type]
    for name in [f"P{i}" for i in range(1, names + 1)] if isinstance(names, int) else names:
        t.register(name)
    return t


def tables(turn: Turn) -> list[tuple[int, int, int]]:
    """(table number, N-S id, E-W id) of a pairs/teams turn."""
    return [(table.number, table.ns[0], table.ew[0]) for table in turn.tables]


def rests(turn: Turn) -> list[int]:
    return [rest.entrant for rest in turn.rests]


def play_mp(t: Tournament, mp_by_table: Mapping[int, int]) -> None:
    """Enter N-S match points for every table of the latest turn."""
    turn = t.turns[-1]
    assert sorted(mp_by_table) == sorted(table.number for table in turn.tables)
    for number, mp in mp_by_table.items():
        t.enter_result(turn.number, number, mp=mp)


def play_all(t: Tournament, mp: int = 0) -> Turn:
    """Pair the next turn and give every table the same N-S match points."""
    turn = t.pair_next()
    for table in turn.tables:
        t.enter_result(turn.number, table.number, mp=mp)
    return turn


def standings_of(t: Tournament, after: int | None = None) -> list[tuple[int, int, int]]:
    """(id, VP, MP) best first."""
    return [(s.entrant, s.vp, s.mp) for s in t.standings(after)]
