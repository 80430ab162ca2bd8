"""The worker processes slow bots think in, on this machine: each thinks one decision at a time, and
one that dies, or thinks one decision longer than it may (it *stalls*), is killed and replaced.

A web process's :class:`~burraco.web.table.thinking.BotPool` keeps them (``BURRACO_BOT_WORKERS``), and
so does a ``burraco bot-worker`` (its ``--jobs``). Each process talks to its owner through a pipe: it is
sent an encoded :class:`~burraco.web.table.thought.Thought` and answers with the move
(:func:`~burraco.web.table.thought.answer`). They are forked by a fork server that has imported the
bots (a fork of the web process itself would copy its threads' locks; a fresh interpreter per worker
is slow to start), run at a lower scheduling priority, and end on their own within a second when the
process that started them is gone (killed, it could not stop them).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections import deque
from multiprocessing.connection import Connection
from typing import Any, Final

from burraco.web.table.thought import ThinkingError, answer

log = logging.getLogger(__name__)
OWNER_CHECK_EVERY: Final = 1.0
"""Seconds between a worker process's checks that the process that started it still runs."""
START_TIMEOUT: Final = 60.0
"""Seconds a worker process has to start (the first one starts the fork server, which imports the bots)."""
RESTART_EVERY: Final = 5.0
"""Seconds between attempts to start a worker in place of one that was lost, while they fail."""
WORKER_NICENESS: Final = 10
"""How much lower than its owner a worker process is scheduled (``os.nice``): when the machine's cores
are all busy, players' requests come first."""
READY: Final = b"ready"


def _main(conn: Connection, owner: int) -> None:
    """A worker process: think each thought its owner sends, until the pipe closes."""
    with contextlib.suppress(OSError):  # not allowed here: it still thinks, at the same priority
        os.nice(WORKER_NICENESS)
    threading.Thread(target=_watch, args=(owner,), name="owner-watch", daemon=True).start()
    conn.send_bytes(READY)
    while True:
        try:
            payload = conn.recv_bytes()
        except (EOFError, OSError):
            return
        conn.send_bytes(answer(payload))


def _watch(owner: int) -> None:
    while True:
        time.sleep(OWNER_CHECK_EVERY)
        try:
            os.kill(owner, 0)
        except OSError:  # gone (or its id is another user's process now)
            os._exit(0)


def _context() -> Any:
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


class Worker:
    """One worker process and its end of the pipe (started, and ready, when built: call it in a thread)."""

    def __init__(self, context: Any) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_main, args=(child, os.getpid()), name="burraco-bot", daemon=True)
        self.process.start()
        child.close()
        try:
            if not self.conn.poll(START_TIMEOUT) or self.conn.recv_bytes() != READY:
                raise RuntimeError(f"a bot worker process did not start in {START_TIMEOUT:g} s")
        except BaseException:
            self.kill()
            raise
        self.pid: int = self.process.pid

    def kill(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()
        self.conn.close()

    def reap(self) -> None:
        """Wait for the killed process to end (in a thread)."""
        self.process.join(5)


class LocalWorkers:
    """``workers`` worker processes, started by :meth:`start`; :meth:`ask` has a free one think a decision
    (waiting for one when all are busy) and kills and replaces one that dies or stalls."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._context = _context()
        self._idle: deque[Worker] = deque()
        self._busy: set[Worker] = set()
        self._waiters: deque[asyncio.Future[Worker]] = deque()
        self._closed = False
        self._restarting: set[asyncio.Task[None]] = set()
        self.replaced = 0
        """Worker processes replaced (one died or stalled)."""

    @property
    def pids(self) -> list[int]:
        return sorted(worker.pid for worker in (*self._idle, *self._busy))

    async def start(self) -> None:
        """Start every worker process (in threads: the event loop does not wait); raises if one cannot."""
        started = await asyncio.gather(
            *(asyncio.to_thread(Worker, self._context) for _ in range(self.workers)), return_exceptions=True
        )
        errors = [result for result in started if isinstance(result, BaseException)]
        for result in started:
            if isinstance(result, Worker):
                self._give_back(result) if not errors else result.kill()
        if errors:
            raise errors[0]

    async def ask(self, payload: bytes, stall: float) -> bytes:
        """A free worker's answer to the encoded thought ``payload``; its worker is killed and replaced
        if it dies, or has not answered in ``stall`` seconds (``ThinkingError``)."""
        worker = await self._take()
        loop = asyncio.get_running_loop()
        reply: asyncio.Future[bytes] = loop.create_future()
        fd = worker.conn.fileno()

        def readable() -> None:
            loop.remove_reader(fd)
            if reply.done():
                return
            try:
                reply.set_result(worker.conn.recv_bytes())
            except (EOFError, OSError):
                reply.set_exception(ThinkingError("its bot worker process died"))

        loop.add_reader(fd, readable)
        try:
            worker.conn.send_bytes(payload)
            answer = await asyncio.wait_for(reply, stall)
        except BaseException as error:
            with contextlib.suppress(ValueError, OSError):
                loop.remove_reader(fd)
            stalled = isinstance(error, TimeoutError)
            self._lose(worker, "stalled" if stalled else "died" if isinstance(error, Exception) else "was stopped")
            if isinstance(error, TimeoutError):
                raise ThinkingError(f"its bot worker process stalled ({stall:g} s): replaced") from None
            if isinstance(error, (OSError, EOFError)):
                raise ThinkingError("its bot worker process died") from error
            raise
        self._give_back(worker)
        return answer

    def close(self) -> None:
        """Kill every worker process (decisions being thought end with ``ThinkingError``)."""
        self._closed = True
        for task in self._restarting:
            task.cancel()
        for worker in self._busy:  # (its decision's reader: the pipe's number may be reused once closed)
            with contextlib.suppress(RuntimeError, ValueError, OSError):
                asyncio.get_running_loop().remove_reader(worker.conn.fileno())
        for worker in (*self._idle, *self._busy):
            worker.kill()
        self._idle.clear()
        for waiter in self._waiters:
            waiter.cancel()
        self._waiters.clear()

    async def aclose(self) -> None:
        workers = [*self._idle, *self._busy]
        self.close()
        await asyncio.gather(*(asyncio.to_thread(worker.reap) for worker in workers))

    async def _take(self) -> Worker:
        if self._closed:
            raise ThinkingError("the bot workers are stopped")
        if self._idle:
            worker = self._idle.popleft()
        else:
            waiter: asyncio.Future[Worker] = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                worker = await waiter
            except asyncio.CancelledError:  # (a worker handed over just as the caller gave up goes back)
                if waiter.done() and not waiter.cancelled():
                    self._give_back(waiter.result())
                raise
        self._busy.add(worker)
        return worker

    def _give_back(self, worker: Worker) -> None:
        self._busy.discard(worker)
        if self._closed:
            worker.kill()
            return
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(worker)
                return
        self._idle.append(worker)

    def _lose(self, worker: Worker, how: str) -> None:
        """Kill ``worker`` and start another in its place."""
        self._busy.discard(worker)
        worker.kill()
        if self._closed:
            return
        self.replaced += 1
        log.error("bot worker process %s %s: it is replaced", worker.pid, how)
        task = asyncio.get_running_loop().create_task(self._replace(worker))
        self._restarting.add(task)
        task.add_done_callback(self._restarting.discard)

    async def _replace(self, lost: Worker) -> None:
        await asyncio.to_thread(lost.reap)
        while not self._closed:
            try:
                worker = await asyncio.to_thread(Worker, self._context)
            except Exception as error:
                log.error("a bot worker process could not start (%s): trying again in %g s", error, RESTART_EVERY)
                await asyncio.sleep(RESTART_EVERY)
                continue
            self._give_back(worker)
            return
