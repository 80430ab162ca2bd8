"""Request and response models of ``/api/tournaments`` (the director's console and the public pages).

Every state-changing request may carry ``version``, the tournament's version the console last saw:
if the tournament has changed since, the step is refused (409) instead of applied to a state the
director has not seen. Without it the step applies to the current state.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Name = Field(min_length=1, max_length=80)
Points = Field(default=None, ge=-100_000, le=100_000)
Ref = int | Annotated[str, Field(max_length=80)]
"""An entrant: its id, or its name (case-insensitive)."""


class _Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int | None = Field(default=None, ge=1, description="the version this step was computed on")


# ---------------------------------------------------------------- requests
class CreateTournament(_Step):
    name: str = Name
    kind: Literal["pairs", "individual", "teams"] = "pairs"
    turns: int = Field(default=4, ge=1, le=40)
    hands: Literal[2, 3, 4] = 3
    movement: str = Field(
        default="danish-modified",
        min_length=1,
        max_length=200,
        description="one movement, or per turn: 'mitchell*3,danish-modified'",
    )
    vp_table: Literal["fibur", "portal", "wide"] = "fibur"
    jump: int = Field(default=1, ge=1, le=100)
    seating: Literal["order", "lot", "director"] = "order"
    seed: int | None = Field(default=None, ge=0, lt=2**31, description="the lot's seed (default: drawn now)")


class ImportTournament(_Step):
    document: dict[str, Any] = Field(description="the CLI's tournament file (burraco tournament new ...)")


class Register(_Step):
    names: list[Annotated[str, Field(max_length=80)]] = Field(min_length=1, max_length=200)


class Pair(_Step):
    order: list[Ref] | None = Field(default=None, max_length=400, description="turn 1: the director's seating")


class Card(_Step):
    """A score card: both sides' game points, or N-S's match points (Art. 30)."""

    turn: int = Field(ge=1, le=1000)
    table: int = Field(ge=1, le=10_000)
    ns: int | None = Points
    ew: int | None = Points
    mp: int | None = Points


class Correction(Card):
    kind: Literal["arithmetic", "swapped"]
    agreed: bool = False


class PenaltyIn(_Step):
    entrant: Ref
    turn: int = Field(ge=1, le=1000)
    vp: int = Field(default=1, ge=-100, le=100)
    reason: str = Field(default="", max_length=200)


class Abandon(_Step):
    turn: int = Field(ge=1, le=1000)
    table: int = Field(ge=1, le=10_000)
    guilty: Literal["ns", "ew"]
    ns: int = Field(default=0, ge=-100_000, le=100_000)
    ew: int = Field(default=0, ge=-100_000, le=100_000)


class Withdraw(_Step):
    entrant: Ref


# ---------------------------------------------------------------- responses
class EntrantOut(BaseModel):
    id: int
    name: str
    late: bool
    withdrawn_from: int | None


class ResultOut(BaseModel):
    kind: Literal["played", "mp", "arbitral", "forced"]
    vp_ns: int
    vp_ew: int
    mp_ns: int
    mp_ew: int
    ns_points: int | None
    ew_points: int | None


class TableOut(BaseModel):
    number: int
    ns: list[int]
    ew: list[int]
    ns_label: str
    ew_label: str
    result: ResultOut | None


class RestOut(BaseModel):
    entrant: int
    name: str
    vp: int
    mp: int


class TurnOut(BaseModel):
    number: int
    movement: str
    complete: bool
    tables: list[TableOut]
    rests: list[RestOut]


class StandingOut(BaseModel):
    rank: int
    id: int
    name: str
    vp: int
    mp: int
    played: int
    rests: int
    penalty: int
    withdrawn: bool


class PenaltyOut(BaseModel):
    turn: int
    entrant: int
    vp: int
    reason: str


class ConfigOut(BaseModel):
    name: str
    kind: str
    turns: int
    hands: int
    movements: list[str]
    vp_table: str
    jump: int
    seating: str


class TournamentSummary(BaseModel):
    id: int
    name: str
    owner: str
    kind: str
    turns: int
    paired_turns: int
    entrants: int
    finished: bool
    version: int
    updated_at: float


class TournamentDetail(TournamentSummary):
    config: ConfigOut
    can_direct: bool = Field(description="whether the signed-in user may change it (its director)")
    entrants_list: list[EntrantOut]
    turns_list: list[TurnOut]
    standings: list[StandingOut]
    penalties: list[PenaltyOut]
    log: list[str]


class TournamentResponse(BaseModel):
    tournament: TournamentDetail


class TournamentList(BaseModel):
    tournaments: list[TournamentSummary]
    can_direct: bool = Field(description="whether the signed-in user is a director (may create tournaments)")


class StandingsResponse(BaseModel):
    after: int
    standings: list[StandingOut]
