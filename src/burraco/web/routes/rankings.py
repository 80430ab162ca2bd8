"""The public leaderboards: ``GET /api/rankings?kind=2p|4p&period=all|month[&month=YYYY-MM]``.

Each game type has its own table, rated afresh from its rated matches
(:mod:`burraco.web.persistence.repositories.rankings`); an account is ranked once it has played
``BURRACO_RANKING_MIN_MATCHES`` (default 5) rated matches of that type in the period. Players whose
profile is private are not listed (they see their own row); the asker's own position is given even
beyond the page shown.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from burraco.web.http.refusals import refused
from burraco.web.persistence.repositories.rankings import GameKind, RankingRepository, Row, month_bounds, month_of
from burraco.web.routes.deps import Config, OptionalUser, Repos

router = APIRouter(prefix="/api", tags=["rankings"])
PAGE = 50
"""Rows of one page."""


class RankingSettings(BaseSettings):
    """``BURRACO_RANKING_MIN_MATCHES``: rated matches of a game type a player needs to be ranked in it."""

    model_config = SettingsConfigDict(env_prefix="BURRACO_RANKING_", extra="ignore", frozen=True)
    min_matches: int = Field(default=5, ge=1, le=1000)


class Period(StrEnum):
    ALL = "all"
    MONTH = "month"


class RankingRow(BaseModel):
    position: int
    user_id: int | None
    """None when the profile is private (the row then links nowhere): only the player's own row."""
    name: str
    rating: float
    matches: int
    wins: int
    me: bool


class OwnStanding(BaseModel):
    position: int | None
    """None while the player has fewer rated matches than the minimum (or a private profile)."""
    rating: float
    matches: int
    wins: int
    needed: int
    """Rated matches still needed to be ranked."""


class RankingResponse(BaseModel):
    kind: GameKind
    period: Period
    month: str | None
    minimum: int
    total: int
    page: int
    pages: int
    rows: list[RankingRow]
    me: OwnStanding | None


def _row(row: Row, viewer: int | None) -> RankingRow:
    mine = row.user_id == viewer
    return RankingRow(
        position=row.position,
        user_id=row.user_id if row.public or mine else None,
        name=row.name,
        rating=row.rating,
        matches=row.matches,
        wins=row.wins,
        me=mine,
    )


@router.get("/rankings")
def rankings(
    repos: Repos,
    settings: Config,
    viewer: OptionalUser,
    kind: GameKind = GameKind.TWO,
    period: Period = Period.ALL,
    month: Annotated[str | None, Query(max_length=7)] = None,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
) -> RankingResponse:
    """One page of a leaderboard, and the asker's own standing (guests and bots are never ranked)."""
    minimum = RankingSettings().min_matches
    bounds, shown_month = None, None
    if period is Period.MONTH:
        shown_month = month or month_of(settings.wallclock())
        try:
            bounds = month_bounds(shown_month)
        except ValueError:
            raise refused(422, "bad_month", month=shown_month) from None
    viewer_id = viewer.id if viewer is not None and viewer.kind == "account" else None
    table = RankingRepository(repos.users.store).ranking(kind, minimum, viewer_id, bounds)
    pages = max(1, -(-len(table.rows) // PAGE))
    shown = table.rows[(page - 1) * PAGE : page * PAGE]
    own = None
    if table.own is not None:
        own = OwnStanding(
            position=table.own_row.position if table.own_row is not None else None,
            rating=table.own.rating,
            matches=table.own.matches,
            wins=table.own.wins,
            needed=max(0, minimum - table.own.matches),
        )
    return RankingResponse(
        kind=kind,
        period=period,
        month=shown_month,
        minimum=minimum,
        total=len(table.rows),
        page=page,
        pages=pages,
        rows=[_row(r, viewer_id) for r in shown],
        me=own,
    )
