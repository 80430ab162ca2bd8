"""Analyses on a saq queue in Redis, computed by ``burraco analysis-worker`` processes on any machine
that reaches the database and Redis (docs/deploy.md).

The web app only enqueues a job's id (:class:`RedisAnalysisQueue`); a worker (:func:`make_worker`) runs
``jobs`` analyses at once, each in its own worker process (:class:`~.local.Runner`: tried again once if
that process dies or overruns, then failed). A worker that dies itself leaves its job active in Redis:
its heartbeat stops, another worker's sweep takes the job up, and the row counts the attempt.

saq, not arq: arq requires redis-py below 6, and the app is written against redis-py 6 and later.
"""

from __future__ import annotations

import asyncio
import time
from typing import Final

from saq import Queue, Worker
from saq.types import Context, PartialTimersDict

from burraco.web.persistence import db
from burraco.web.persistence.analysis.local import MAX_ATTEMPTS, Runner
from burraco.web.persistence.repositories.analysis import AnalysisRepository
from burraco.web.persistence.repositories.tables import TableRepository

JOB: Final = "analyse_hand"
"""The queued function's name."""
GRACE: Final = 30
"""Seconds a worker has beyond its runners' timeouts before its job counts as stalled."""
HEARTBEAT: Final = 60
"""Seconds without a sign of life after which a job's worker counts as dead (its job is tried again)."""
BEAT_EVERY: Final = 10.0
"""Seconds between a working job's signs of life."""


def queue_name(namespace: str) -> str:
    """The queue of a deployment (``<namespace>:analysis``)."""
    return f"{namespace}:analysis"


def _queue(redis_url: str, namespace: str) -> Queue:
    return Queue.from_url(redis_url, name=queue_name(namespace))


class RedisAnalysisQueue:
    """The web app's side: each new job's id, enqueued for the workers."""

    def __init__(self, redis_url: str, namespace: str, timeout: float = 600.0, heartbeat: int = HEARTBEAT) -> None:
        self.queue = _queue(redis_url, namespace)
        self.timeout = timeout
        self.heartbeat = heartbeat

    async def start(self) -> None:
        await self.queue.connect()

    async def submit(self, job_ids: list[int]) -> None:
        for job_id in job_ids:
            # one queue job per request of a row (a failed analysis asked for again gets a new one); a
            # try more than the runner's own, so that the row's attempts decide and mark it failed
            await self.queue.enqueue(
                JOB,
                job_id=job_id,
                key=f"{job_id}:{time.time_ns()}",
                timeout=int(MAX_ATTEMPTS * self.timeout) + GRACE,
                retries=MAX_ATTEMPTS + 1,
                heartbeat=self.heartbeat,
                ttl=3600,
            )

    async def stop(self) -> None:
        await self.queue.disconnect()


class WorkerContext(Context, total=False):
    """A worker's context: saq's, and this worker's runners (one per analysis at once)."""

    runners: asyncio.Queue[Runner]


async def analyse_hand(ctx: WorkerContext, *, job_id: int) -> None:
    """The queued function: compute and store analysis ``job_id`` with a free runner of this worker."""
    runners = ctx["runners"]
    runner = await runners.get()
    beating = asyncio.get_running_loop().create_task(_beat(ctx))
    try:
        await runner.run(job_id)
    finally:
        beating.cancel()
        runners.put_nowait(runner)


async def _beat(ctx: WorkerContext) -> None:
    """Tell the queue the job's worker is alive, so a dead one's job is found by a sweep in a minute or two."""
    job = ctx.get("job")
    while job is not None:
        await asyncio.sleep(BEAT_EVERY)
        await job.update()


def make_worker(
    db_url: str, redis_url: str, namespace: str, jobs: int = 1, timeout: float = 600.0, sweep_every: int = 60
) -> Worker[WorkerContext]:
    """A worker computing ``jobs`` analyses at once, each for ``timeout`` seconds at most; run it with
    ``asyncio.run(worker.start())`` (SIGINT and SIGTERM stop it). Every ``sweep_every`` seconds one
    worker of the queue looks for jobs whose worker died."""
    store = db.Store(db_url)
    analyses, tables = AnalysisRepository(store), TableRepository(store)

    async def startup(ctx: WorkerContext) -> None:
        runners: asyncio.Queue[Runner] = asyncio.Queue()
        for _ in range(jobs):
            runners.put_nowait(Runner(analyses, tables, time.time, timeout))
        ctx["runners"] = runners

    async def shutdown(ctx: WorkerContext) -> None:
        runners = ctx["runners"]
        while not runners.empty():
            await asyncio.to_thread(runners.get_nowait().close)
        await asyncio.to_thread(store.close)

    return Worker(
        _queue(redis_url, namespace),
        [(JOB, analyse_hand)],
        concurrency=jobs,
        startup=startup,
        shutdown=shutdown,
        timers=PartialTimersDict(
            schedule=1, worker_info=10, sweep=sweep_every, abort=1
        ),  # saq's defaults but the sweep
    )
