"""Post-hand analysis of a finished hand (docs/analysis.md): ask for it, then read its state and reviews.

``POST /api/tables/{id}/hands/{n}/analysis`` queues one job per seat (the seat given, or every seat the
player sat at) that has no analysis at the server's budget yet; ``GET`` the same path gives each visible
seat's job state and, once done, its review (``HandReview.to_dict``). Jobs run in workers, never in the
request (``persistence/analysis/``); an analysis is computed once and served to everyone allowed.

Who sees what: a player sees and asks for their own seats' analyses once the hand is over; other seats'
analyses open, to anyone (as the replay does), when the match is over.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel, ConfigDict, Field

from burraco.web.accounts.auth import User
from burraco.web.http.refusals import refused
from burraco.web.persistence.analysis import AnalysisService
from burraco.web.persistence.analysis.history import finished_hand
from burraco.web.persistence.replay import ReplayRefused
from burraco.web.persistence.repositories.analysis import AnalysisJob, JobError, JobState, Refusal
from burraco.web.routes.deps import HandNumber, OptionalUser, Repos, RequiredUser, TableId

log = logging.getLogger(__name__)
router = APIRouter(prefix="/api/tables/{table_id}/hands/{number}/analysis", tags=["analysis"])


class AnalysisRequest(BaseModel):
    """Which seat to analyse; none: every seat the player sat at (after the match: every seat)."""

    model_config = ConfigDict(extra="forbid")
    seat: int | None = Field(default=None, ge=0, le=3)


class AnalysisJobOut(BaseModel):
    """One seat's analysis: its job's state, the error code if it failed, the review once done."""

    id: int
    seat: int
    state: Literal["queued", "running", "done", "failed"]
    error: str | None
    review: dict[str, Any] | None = Field(description="HandReview.to_dict() (docs/analysis.md), once done")


class AnalysisResponse(BaseModel):
    """The analyses of a hand at the server's budget that the asker may see."""

    table_id: int
    hand: int
    budget_ms: int
    match_over: bool
    seats: list[int] = Field(description="the seats whose analyses the asker may see")
    own: list[int] = Field(description="the seats the asker sat at (none for a spectator)")
    jobs: list[AnalysisJobOut]


def _service(request: Request) -> AnalysisService:
    return request.app.state.analysis  # type: ignore[no-any-return]


async def _hand(repos: Repos, table_id: int, number: int) -> tuple[int, bool]:
    """The hand's number of players and whether its match is over (refused if the hand is not over)."""
    try:
        _text, players, over = await asyncio.to_thread(finished_hand, repos.tables, table_id, number)
    except ReplayRefused as unplayed:
        code = "analysis_no_hand" if unplayed.status == 404 else "analysis_hand_unfinished"
        raise refused(unplayed.status, code) from None
    return players, over


async def _own(service: AnalysisService, table_id: int, user: User | None) -> list[int]:
    """The seats ``user`` sat at."""
    return [] if user is None else await asyncio.to_thread(service.analyses.user_seats, table_id, user.id)


def _visible(own: list[int], players: int, over: bool) -> list[int]:
    """The seats whose analyses one may see: every seat once the match is over, else one's own."""
    return list(range(players)) if over else own


def _job(job: AnalysisJob) -> AnalysisJobOut:
    review = job.review if job.state is JobState.DONE else None
    return AnalysisJobOut(id=job.id, seat=job.seat, state=job.state.value, error=job.error, review=review)


async def _answer(
    service: AnalysisService, table_id: int, number: int, seats: list[int], own: list[int], over: bool
) -> AnalysisResponse:
    jobs = await asyncio.to_thread(service.analyses.for_hand, table_id, number, service.budget_ms)
    visible = [_job(job) for job in jobs if job.seat in seats]
    budget = service.budget_ms
    return AnalysisResponse(
        table_id=table_id, hand=number, budget_ms=budget, match_over=over, seats=seats, own=own, jobs=visible
    )


@router.get("")
async def analysis(
    table_id: TableId, number: HandNumber, repos: Repos, user: OptionalUser, request: Request
) -> AnalysisResponse:
    """The state of each visible seat's analysis of the hand and, once done, its review."""
    service = _service(request)
    players, over = await _hand(repos, table_id, number)
    own = await _own(service, table_id, user)
    seats = _visible(own, players, over)
    if not seats:
        raise refused(403, "analysis_after_match")
    return await _answer(service, table_id, number, seats, own, over)


@router.post("")
async def request_analysis(
    table_id: TableId,
    number: HandNumber,
    repos: Repos,
    user: RequiredUser,
    request: Request,
    body: Annotated[AnalysisRequest | None, Body()] = None,
) -> AnalysisResponse:
    """Queue the analysis of a seat (or of every seat the player sat at) unless it exists; the state."""
    service = _service(request)
    players, over = await _hand(repos, table_id, number)
    own = await _own(service, table_id, user)
    seat = None if body is None else body.seat
    if seat is not None and seat >= players:
        raise refused(422, "analysis_bad_seat", last=players - 1)
    seats = [seat] if seat is not None else own or (list(range(players)) if over else [])
    if not seats or not (over or set(seats) <= set(own)):
        raise refused(403, "analysis_after_match")
    clock = request.app.state.settings.wallclock
    queued, refusal = await service.analyses.request(
        table_id, number, seats, service.budget_ms, user.id, clock(), service.limits
    )
    if refusal is Refusal.BUSY:
        raise refused(429, refusal.value, limit=service.limits.active)
    if refusal is Refusal.DAILY:
        raise refused(429, refusal.value, limit=service.limits.daily)
    if queued:
        try:
            await service.queue.submit(queued)
        except Exception:  # the queue is unreachable: the rows would wait forever and count against the limits
            log.exception("analyses %s could not be queued", queued)
            for job_id in queued:
                await service.analyses.fail(job_id, JobError.INTERNAL, clock())
            raise refused(503, "analysis_unavailable") from None
    return await _answer(service, table_id, number, _visible(own, players, over), own, over)
