"""The tournament's data: settings, entrants, turns, tables, results, rests, penalties (docs/rules.md §11).

Everything here is plain data; its JSON form (the tournament file) is
:mod:`burraco.tournament.model_json`, and the rules that change it live in
:mod:`burraco.tournament.director`.

>>> parse_movements("mitchell*3,danish-modified", 4)
('mitchell', 'mitchell', 'mitchell', 'danish-modified')
>>> parse_movements("danish-strict", 3)
('danish-strict', 'danish-strict', 'danish-strict')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal, TypeGuard, get_args

from burraco.core.vp import REST_MP, REST_VP
from burraco.tournament.errors import TournamentConfigError

Kind = Literal["pairs", "individual", "teams"]
Movement = Literal["mitchell", "roundrobin", "danish-pure", "danish-modified", "danish-strict"]
Seating = Literal["order", "lot", "director"]
ResultKind = Literal["played", "mp", "arbitral", "forced"]
VpTable = Literal["fibur", "portal", "wide"]

KINDS: Final[tuple[Kind, ...]] = get_args(Kind)
MOVEMENTS: Final[tuple[Movement, ...]] = get_args(Movement)
SEATINGS: Final[tuple[Seating, ...]] = get_args(Seating)
RESULT_KINDS: Final[tuple[ResultKind, ...]] = get_args(ResultKind)
VP_TABLES: Final[tuple[VpTable, ...]] = get_args(VpTable)
SCHEDULED: Final = frozenset({"mitchell", "roundrobin"})
"""Movements fixed by the turn-1 seats (the others pair by the standings)."""


def is_kind(value: str) -> TypeGuard[Kind]:
    return value in KINDS


def is_movement(value: str) -> TypeGuard[Movement]:
    return value in MOVEMENTS


def is_seating(value: str) -> TypeGuard[Seating]:
    return value in SEATINGS


def is_vp_table(value: str) -> TypeGuard[VpTable]:
    return value in VP_TABLES


def parse_movements(spec: str, turns: int) -> tuple[Movement, ...]:
    """Movements per turn from ``name[*count],...``; the last one fills the remaining turns."""
    result: list[Movement] = []
    for item in spec.replace(" ", "").split(","):
        name, _, count_text = item.partition("*")
        if not is_movement(name):
            raise TournamentConfigError(f"unknown movement {name!r}; known: {', '.join(MOVEMENTS)}")
        if count_text and not (count_text.isdigit() and int(count_text) > 0):
            raise TournamentConfigError(f"bad repeat count in movement {item!r}")
        result.extend([name] * (int(count_text) if count_text else 1))
    if len(result) > turns:
        raise TournamentConfigError(f"movement {spec!r} names {len(result)} turns but the tournament has {turns}")
    result.extend([result[-1]] * (turns - len(result)))
    return tuple(result)


@dataclass(frozen=True, slots=True)
class Config:
    """The settings announced before the start (Art. 2, Art. 5)."""

    name: str
    kind: Kind = "pairs"
    turns: int = 4
    hands: int = 3
    movements: tuple[Movement, ...] = ("danish-modified",) * 4
    vp_table: VpTable = "fibur"
    jump: int = 1
    seating: Seating = "order"
    seed: int = 0

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TournamentConfigError("a tournament needs a name")
        if self.turns < 1:
            raise TournamentConfigError(f"a tournament has at least one turn, not {self.turns}")
        if self.hands not in (2, 3, 4):
            raise TournamentConfigError(f"a turn has 2, 3 or 4 hands (Art. 5), not {self.hands}")
        if len(self.movements) != self.turns:
            raise TournamentConfigError(f"{len(self.movements)} movements for {self.turns} turns")
        if self.jump < 1:
            raise TournamentConfigError(f"the Mitchell jump is a positive number of tables, not {self.jump}")
        if self.kind == "individual" and SCHEDULED.intersection(self.movements):
            raise TournamentConfigError(
                "individual tournaments change partners every turn (Art. 2), so they use a danish movement"
            )

    @property
    def rest_vp(self) -> int:
        """§11: 14 VP, 70% of the maximum; a team's match is two tables, so 28."""
        return 2 * REST_VP if self.kind == "teams" else REST_VP

    @property
    def rest_mp(self) -> int:
        return 2 * REST_MP if self.kind == "teams" else REST_MP


@dataclass(slots=True)
class Entrant:
    """A registered pair, player (individual tournaments) or team; ``id`` counts from 1."""

    id: int
    name: str
    late: bool = False
    withdrawn_from: int | None = None
    """The first turn the entrant no longer plays (``None``: still in)."""

    def active_in(self, turn: int) -> bool:
        return self.withdrawn_from is None or turn < self.withdrawn_from


@dataclass(slots=True)
class Result:
    """A table's result. ``mp_ns`` is N-S's match points (their game points minus E-W's)."""

    kind: ResultKind
    vp_ns: int
    vp_ew: int
    mp_ns: int
    mp_ew: int
    ns_points: int | None = None
    ew_points: int | None = None
    absent: tuple[int, ...] = ()
    """Forced results only: the entrants who left; they get nothing, the others a forced rest."""


@dataclass(slots=True)
class Table:
    """One table of a turn: N-S against E-W. A side is one entrant (two players, individuals).

    ``ns_line``/``ew_line`` say which of a team's two pairs sits there (teams only, else 0).
    """

    number: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    ns_line: int = 0
    ew_line: int = 0
    result: Result | None = None

    @property
    def entrants(self) -> tuple[int, ...]:
        return self.ns + self.ew


@dataclass(frozen=True, slots=True)
class Rest:
    """An entrant without opponents this turn and the score it receives (§11, Art. 33)."""

    entrant: int
    vp: int
    mp: int


@dataclass(slots=True)
class Turn:
    number: int
    movement: Movement
    tables: list[Table]
    rests: list[Rest]

    @property
    def complete(self) -> bool:
        return all(table.result is not None for table in self.tables)


@dataclass(frozen=True, slots=True)
class Penalty:
    """Art. 23: a line loses ``vp`` VP in the standings, with no benefit to its opponents."""

    turn: int
    entrant: int
    vp: int
    reason: str = ""


@dataclass(slots=True)
class State:
    """Everything a tournament file holds."""

    config: Config
    entrants: list[Entrant] = field(default_factory=list)
    positions: list[int | None] = field(default_factory=list)
    """The turn-1 seats in order (table 1 N-S, table 1 E-W, …; ``None`` an empty seat)."""
    turns: list[Turn] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
