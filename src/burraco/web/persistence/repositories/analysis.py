"""Post-hand analyses (``hand_analyses``): one review per table, hand, seat and budget, its job's state.

A request inserts the seats' rows in one transaction after checking the requester's limits, so a refused
request leaves nothing behind; a worker moves a row from ``queued`` to ``running`` (counting the
attempt) and to ``done`` (with the review) or ``failed`` (with an error code).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import Connection, and_, func, select, update

from burraco.web.persistence import db, schema

DAY: Final = 86_400.0
"""The window of the daily limit, in seconds (a rolling day)."""


class JobState(enum.StrEnum):
    """Where an analysis is: waiting for a worker, being computed, computed, or given up."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


ACTIVE: Final = (JobState.QUEUED.value, JobState.RUNNING.value)


class JobError(enum.StrEnum):
    """Why an analysis failed (the page words ``analysis.error.<code>``)."""

    CRASHED = "crashed"
    """Its worker stopped or took too long, twice."""
    BAD_HAND = "bad_hand"
    """The hand's history could not be read or replayed."""
    INTERNAL = "internal"
    """The analysis raised an unexpected error."""


@dataclass(frozen=True, slots=True)
class AnalysisLimits:
    """How many analyses one user may have waiting or running at once, and request in a day."""

    active: int = 2
    daily: int = 20


@dataclass(frozen=True, slots=True)
class AnalysisJob:
    """One row of ``hand_analyses``."""

    id: int
    table_id: int
    hand: int
    seat: int
    budget_ms: int
    state: JobState
    attempts: int
    error: str | None
    review: dict[str, Any] | None

    @classmethod
    def of(cls, row: Any) -> AnalysisJob:
        return cls(
            row.id,
            row.table_id,
            row.hand,
            row.seat,
            row.budget_ms,
            JobState(row.state),
            row.attempts,
            row.error,
            row.review,
        )


class Refusal(enum.StrEnum):
    """Why a request for new analyses was refused (HTTP refusal codes)."""

    BUSY = "analysis_busy"
    DAILY = "analysis_daily_limit"


class AnalysisRepository:
    def __init__(self, store: db.Store) -> None:
        self.store = store

    def for_hand(self, table_id: int, hand: int, budget_ms: int) -> list[AnalysisJob]:
        """The rows of a hand at a budget, seat by seat."""
        t = schema.hand_analyses.c
        return self.store.read(
            lambda c: [
                AnalysisJob.of(r)
                for r in c.execute(
                    select(schema.hand_analyses)
                    .where(t.table_id == table_id, t.hand == hand, t.budget_ms == budget_ms)
                    .order_by(t.seat)
                )
            ]
        )

    def get(self, job_id: int) -> AnalysisJob | None:
        row = self.store.read(
            lambda c: c.execute(select(schema.hand_analyses).where(schema.hand_analyses.c.id == job_id)).first()
        )
        return None if row is None else AnalysisJob.of(row)

    def unfinished(self) -> list[AnalysisJob]:
        """Every queued or running row, oldest first (a restarted local pool takes them up again)."""
        t = schema.hand_analyses.c
        return self.store.read(
            lambda c: [
                AnalysisJob.of(r)
                for r in c.execute(
                    select(schema.hand_analyses).where(t.state.in_(ACTIVE)).order_by(t.requested_at, t.id)
                )
            ]
        )

    def user_seats(self, table_id: int, user_id: int) -> list[int]:
        """The seats ``user_id`` sat at, at this table (its ``sit`` events)."""
        e = schema.events.c
        rows = self.store.read(
            lambda c: c.execute(
                select(e.seat).distinct().where(e.table_id == table_id, e.kind == "sit", e.user_id == user_id)
            ).all()
        )
        return sorted(int(r.seat) for r in rows)

    async def request(
        self,
        table_id: int,
        hand: int,
        seats: Sequence[int],
        budget_ms: int,
        user_id: int,
        now: float,
        limits: AnalysisLimits,
    ) -> tuple[list[int], Refusal | None]:
        """Queue the seats that have no analysis yet (or a failed one) in one transaction: the ids of the
        rows queued, or a refusal when the user's limits would be passed (then nothing is written)."""

        def write(c: Connection) -> tuple[list[int], Refusal | None]:
            t = schema.hand_analyses.c
            known = {
                r.seat: r
                for r in c.execute(
                    select(t.id, t.seat, t.state).where(
                        t.table_id == table_id, t.hand == hand, t.budget_ms == budget_ms, t.seat.in_(list(seats))
                    )
                )
            }
            wanted = [s for s in seats if s not in known or known[s].state == JobState.FAILED]
            if not wanted:
                return [], None
            active = c.execute(select(func.count()).where(t.requested_by == user_id, t.state.in_(ACTIVE))).scalar_one()
            if active + len(wanted) > limits.active:
                return [], Refusal.BUSY
            today = c.execute(
                select(func.count()).where(and_(t.requested_by == user_id, t.requested_at > now - DAY))
            ).scalar_one()
            if today + len(wanted) > limits.daily:
                return [], Refusal.DAILY
            ids = []
            fresh = {"state": JobState.QUEUED.value, "requested_by": user_id, "requested_at": now, "attempts": 0}
            for seat in wanted:
                cleared = {"started_at": None, "finished_at": None, "error": None, "review": None}
                if seat in known:  # a failed analysis asked for again
                    c.execute(update(schema.hand_analyses).where(t.id == known[seat].id).values(**fresh, **cleared))
                    ids.append(int(known[seat].id))
                else:
                    row = {"table_id": table_id, "hand": hand, "seat": seat, "budget_ms": budget_ms, **fresh}
                    ids.append(db.new_id(c.execute(schema.hand_analyses.insert().values(**row))))
            return ids, None

        return await self.store.awrite(write)

    async def start(self, job_id: int, now: float) -> int:
        """Mark a queued (or stalled running) row running and count the attempt: the attempt's number,
        0 if the row is no longer waiting for a worker."""

        def write(c: Connection) -> int:
            t = schema.hand_analyses.c
            row = c.execute(select(t.state, t.attempts).where(t.id == job_id)).first()
            if row is None or row.state not in ACTIVE:
                return 0
            attempt = int(row.attempts) + 1
            c.execute(
                update(schema.hand_analyses)
                .where(t.id == job_id)
                .values(state=JobState.RUNNING.value, started_at=now, attempts=attempt)
            )
            return attempt

        return await self.store.awrite(write)

    async def finish(self, job_id: int, review: dict[str, Any], now: float) -> None:
        await self._settle(job_id, now, state=JobState.DONE.value, review=review, error=None)

    async def fail(self, job_id: int, error: JobError, now: float) -> None:
        await self._settle(job_id, now, state=JobState.FAILED.value, error=error.value)

    async def _settle(self, job_id: int, now: float, **values: Any) -> None:
        await self._set(job_id, finished_at=now, **values)

    async def _set(self, job_id: int, **values: Any) -> None:
        await self.store.awrite(
            lambda c: c.execute(
                update(schema.hand_analyses).where(schema.hand_analyses.c.id == job_id).values(**values)
            )
        )
