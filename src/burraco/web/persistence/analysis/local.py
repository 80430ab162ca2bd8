"""The embedded analysis queue: jobs run in local worker processes started by the app.

Each of ``workers`` consumers takes a job id from an asyncio queue and hands it to its :class:`Runner`,
which marks it running, reads the hand's history (in a thread) and has its own one-process
:class:`~concurrent.futures.ProcessPoolExecutor` compute the review, so the web process's event loop
never runs an analysis. A worker process that dies, or takes longer than ``timeout`` seconds, is
replaced and the job tried again once, then marked failed. Jobs left queued or running by a stopped
server are taken up again when the app starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, TypeVar

from burraco.web.persistence.analysis.compute import BadHand, review
from burraco.web.persistence.analysis.history import finished_hand
from burraco.web.persistence.replay import ReplayRefused
from burraco.web.persistence.repositories.analysis import AnalysisJob, AnalysisRepository, JobError
from burraco.web.persistence.repositories.tables import TableRepository

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_ATTEMPTS: Final = 2
"""A job whose worker stopped is tried this many times in all."""


def _context() -> Any:
    """Worker processes forked by a fork server that has imported the analysis (never a fork of the
    web process, whose threads hold locks)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["burraco.analysis", review.__module__])
    return context


def _kill(executor: ProcessPoolExecutor) -> None:
    """Stop a worker process that is stuck on a job (the pool cannot cancel a running call)."""
    processes = getattr(executor, "_processes", None) or {}
    for process in list(processes.values()):
        with contextlib.suppress(Exception):
            process.kill()
    executor.shutdown(wait=False, cancel_futures=True)


class Runner:
    """Runs one job at a time in its own worker process, replaced when it dies or overruns."""

    def __init__(
        self, analyses: AnalysisRepository, tables: TableRepository, clock: Callable[[], float], timeout: float
    ) -> None:
        self.analyses = analyses
        self.tables = tables
        self.clock = clock
        self.timeout = timeout
        self.executor = ProcessPoolExecutor(1, mp_context=_context())
        # its database reads, in a thread of its own that closing waits for (never a connection left open)
        self._io = ThreadPoolExecutor(1, thread_name_prefix="analysis-io")

    def close(self) -> None:
        self._io.shutdown(wait=True, cancel_futures=True)
        _kill(self.executor)

    async def _read(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.wrap_future(self._io.submit(fn, *args))

    def pids(self) -> list[int]:
        return sorted(getattr(self.executor, "_processes", None) or {})

    async def run(self, job_id: int) -> None:
        """Compute and store job ``job_id``: tried again once if its worker stops, then failed."""
        job = await self._read(self.analyses.get, job_id)
        while job is not None:
            attempt = await self.analyses.start(job_id, self.clock())
            if attempt == 0:
                return
            if attempt > MAX_ATTEMPTS:
                await self.analyses.fail(job_id, JobError.CRASHED, self.clock())
                return
            if await self._attempt(job, attempt):
                return
            if attempt >= MAX_ATTEMPTS:
                await self.analyses.fail(job_id, JobError.CRASHED, self.clock())
                return

    async def _attempt(self, job: AnalysisJob, attempt: int) -> bool:
        """One try: True once the job is settled (done or failed), False if its worker stopped."""
        try:
            text, _players, _over = await self._read(finished_hand, self.tables, job.table_id, job.hand)
            future = self.executor.submit(review, text, job.seat, job.budget_ms)
            result = await asyncio.wait_for(asyncio.wrap_future(future), self.timeout)
        except (BrokenProcessPool, TimeoutError) as stopped:
            log.warning("analysis %d: its worker stopped (%s, attempt %d)", job.id, type(stopped).__name__, attempt)
            await asyncio.to_thread(_kill, self.executor)
            self.executor = ProcessPoolExecutor(1, mp_context=_context())
            return False
        except (BadHand, ReplayRefused) as bad:
            log.warning("analysis %d: %s", job.id, bad)
            await self.analyses.fail(job.id, JobError.BAD_HAND, self.clock())
            return True
        except Exception:
            log.exception("analysis %d failed", job.id)
            await self.analyses.fail(job.id, JobError.INTERNAL, self.clock())
            return True
        await self.analyses.finish(job.id, result, self.clock())
        return True


class LocalAnalysisQueue:
    """Analyses in ``workers`` local processes, ``timeout`` seconds each at most."""

    def __init__(
        self,
        analyses: AnalysisRepository,
        tables: TableRepository,
        clock: Callable[[], float],
        workers: int = 1,
        timeout: float = 600.0,
    ) -> None:
        self.analyses = analyses
        self.tables = tables
        self.clock = clock
        self.workers = workers
        self.timeout = timeout
        self._queue: asyncio.Queue[int] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self.runners: list[Runner] = []

    async def start(self) -> None:
        """Start the consumers and queue again the jobs a stopped server left unfinished."""
        for job in await asyncio.to_thread(self.analyses.unfinished):
            self._queue.put_nowait(job.id)
        for _ in range(self.workers):
            runner = Runner(self.analyses, self.tables, self.clock, self.timeout)
            self.runners.append(runner)
            self._tasks.append(asyncio.get_running_loop().create_task(self._consume(runner)))

    async def submit(self, job_ids: list[int]) -> None:
        for job_id in job_ids:
            self._queue.put_nowait(job_id)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for runner in self.runners:
            await asyncio.to_thread(runner.close)
        self._tasks.clear()
        self.runners.clear()

    async def _consume(self, runner: Runner) -> None:
        while True:
            job_id = await self._queue.get()
            try:
                await runner.run(job_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("analysis %d could not be stored", job_id)
