"""The REST API's request and response models (each route declares its ``response_model``).

Response models list the fields every client relies on and allow extra ones (``extra="allow"``), so a
field added to a table's summary reaches clients without a change here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from burraco.web.protocol.chat import ChatServerMessage
from burraco.web.protocol.difficulty import Difficulty
from burraco.web.protocol.rules_schema import RulesOptions


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


# ---------------------------------------------------------------- requests
class Credentials(BaseModel):
    name: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=1, max_length=200)


class GuestRequest(BaseModel):
    nickname: str = Field(min_length=1, max_length=40)


class CreateTable(BaseModel):
    name: str = Field(default="", max_length=60)
    players: Literal[2, 3, 4] = 2
    preset: str = Field(default="fibur", max_length=20)
    target: int | None = Field(default=None, ge=5, le=100_000)
    hands: int | None = Field(default=None, ge=1, le=20)
    turn_timer: float = Field(default=0.0, ge=0, le=3600)
    grace: float = Field(default=30.0, ge=0, le=86_400)
    options: RulesOptions = Field(default_factory=RulesOptions)
    """Rules options by name (every field of :class:`Rules` but players; types and ranges checked)."""
    sit: bool = True
    bots: Difficulty | None = None
    practice: bool = False
    """A private practice table: the creator and bots, unrated, not listed; only here may ``seed`` be given."""
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    private: bool = False
    """A table with friends ("Gioca con un amico"): not listed, only its invitation links let anyone in."""


# ---------------------------------------------------------------- users
class UserOut(_Open):
    id: int
    name: str
    display: str
    kind: str
    rating: float
    mu: float
    sigma: float
    matches: int


class UserResponse(BaseModel):
    user: UserOut | None


class MatchEntry(_Open):
    match_id: int
    table_id: int
    finished_at: float
    seat: int
    points: int
    result: Literal["win", "loss", "draw"]
    left: bool
    rating_before: float
    rating_after: float
    summary: dict[str, Any]
    hands: int


class ProfileResponse(BaseModel):
    user: UserOut
    matches: list[MatchEntry]


# ---------------------------------------------------------------- tables
class SeatOut(_Open):
    seat: int
    position: str
    user_id: int | None
    name: str
    bot: str | None
    left: bool
    standin: bool
    connected: bool
    ready: bool
    absent: bool
    """A human seat, not left, with no connection, during the match."""
    absent_left: float | None
    """Seconds until the computer takes the absent player's seat (0: on their next turn); None when
    present or already replaced."""


class StandInOut(BaseModel):
    """What the computer did in a seat it took over during the match."""

    model_config = ConfigDict(extra="forbid")
    from_hand: int
    from_totals: list[int]
    hands: int = Field(ge=0)
    active: bool


class Absence(_Open):
    """Timeouts in a row per seat, the records the computer played for absent players in this hand, and
    what it did in each seat it took over."""

    timeouts: list[int]
    max_timeouts: int
    auto: list[list[int]]
    standin: list[StandInOut | None]


class TableSummary(_Open):
    """A table as the lobby lists it (and as every ``state`` message's ``table``)."""

    id: int
    name: str
    players: int
    preset: str
    status: str
    hand_no: int
    seats: list[SeatOut]
    totals: list[int]
    target: int | None
    hands_per_turn: int | None
    turn_timer: float
    rated: bool
    timer_left: float | None
    auto_turn: int
    summary: dict[str, Any] | None
    watchers: int
    practice: bool
    absence: Absence
    abandoned: list[int]
    """The seats whose players count as having abandoned the match (left, or played by the computer for
    more than one hand)."""


class TableDetail(TableSummary):
    """A table with its rules and the results of its finished hands."""

    rules: dict[str, Any]
    results: list[dict[str, Any]]


class MyTable(BaseModel):
    """One of the signed-in user's tables (``GET /api/me/tables``): the table and the seat they hold."""

    model_config = ConfigDict(extra="forbid")
    id: int
    name: str
    players: int
    status: str
    hand_no: int
    seat: int
    standin: bool
    """The computer plays the seat now (the player takes it back by opening the table)."""
    absent: bool
    """The player has no connection to the table during the match."""


class LobbyResponse(BaseModel):
    tables: list[TableSummary]


class TableResponse(BaseModel):
    table: TableDetail


# ---------------------------------------------------------------- replays and stats
class ReplayResponse(BaseModel):
    table_id: int
    hand: int
    seed: int
    step: int
    steps: int
    action: str
    actor: int
    hands: list[list[str]]
    view: dict[str, Any]
    scores: list[dict[str, Any]]
    actions: list[str]
    names: list[str]
    """The players' names, seat by seat (empty where unknown)."""
    auto: list[int]
    """The steps the computer played for an absent player."""
    chat: list[ChatServerMessage] = []
    """What was said at the table during and after this hand, only to someone who was there: a seated
    player gets what everyone heard, a spectator who spoke also the spectators' talk (``table/chat.py``)."""


class StatsResponse(_Open):
    """Operational figures (and the dispatcher's and the event loop's, as extra fields)."""

    tables: int
    connections: int
    cpu_seconds: float
    gc_pause_max_ms: float
    gc_pause_max_ms_by_generation: list[float]
    gc_pauses_over_10ms: int
    gc_pauses: int
    gc_window_max_ms: float
    gc_window_max_ms_by_generation: list[float]
    loop_lag_samples: int
    loop_lag_p99_ms: float
    loop_lag_max_ms: float
    actions: int
    dispatch_p50_ms: float | None
    dispatch_p99_ms: float | None
