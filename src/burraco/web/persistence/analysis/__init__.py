"""Post-hand analysis as jobs (docs/analysis.md, docs/deploy.md): never computed in a web request.

A request queues one job per seat (``repositories/analysis.py`` stores them and their reviews); the
jobs run in the app's local process pool (:mod:`.local`, the embedded default) or, with Redis, in
``burraco analysis-worker`` processes on any machine fed by a Redis queue (:mod:`.redis_queue`, saq).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from burraco.web.persistence.repositories.analysis import AnalysisLimits, AnalysisRepository


class AnalysisQueue(Protocol):
    """Where the app sends the ids of newly queued analyses."""

    async def start(self) -> None: ...

    async def submit(self, job_ids: list[int]) -> None: ...

    async def stop(self) -> None: ...


@dataclass(frozen=True, slots=True)
class AnalysisService:
    """What the analysis routes need (``app.state.analysis``): the rows, the queue, the budget every
    analysis is computed at (milliseconds a decision, docs/analysis.md) and the users' limits."""

    analyses: AnalysisRepository
    queue: AnalysisQueue
    budget_ms: int
    limits: AnalysisLimits
