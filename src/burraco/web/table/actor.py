"""One task owns one table: every change to a live table runs in its actor, one at a time, in order.

A player's message (``dispatcher.py``), a bot's move (``bots.py``), the turn clock
(``manager.py``'s tick), a socket joining or leaving, a hand-over to another process: each is a piece
of work put in the table's mailbox and run by the table's own task, in the order it was asked, never
two at once. The asker awaits the work's result (or its error). Once started, a piece of work runs to
its end even if its asker is cancelled (a step is never cut between its write and its answers); a
piece whose asker gave up before its turn is skipped. Work asked from inside the actor (a change that
needs another) runs at once, in place. Work *told* (:meth:`TableActor.tell`) is not awaited and always
runs: a socket's clean-up, asked as its handler is being cancelled.

The task lives while there is work: it starts with the first piece asked of an idle table and ends
when the mailbox is empty, so an idle table costs no task and an unloaded one leaves none behind.

Work asked of an idle table starts at once, in its asker's task, as a lock would run it: a step
begins in the same turn of the event loop as the message that asked for it, not one turn later
behind every other ready callback (under load that turn was most of a step's latency). If the work
finishes without waiting, that is all: no task, no future. When it first waits (for the store), the
rest of it moves to the table's task, which then serves whatever was asked meanwhile; from there on
the asker only awaits the result, so cancelling the asker no longer cuts the work.

>>> import asyncio
>>> async def demo() -> list[int]:
...     actor, seen = TableActor(), []
...     async def note(n: int) -> int:
...         await asyncio.sleep(0)
...         seen.append(n)
...         return n
...     results = await asyncio.gather(*(actor.run(lambda n=n: note(n)) for n in range(5)))
...     return seen + list(results)
>>> asyncio.run(demo())
[0, 1, 2, 3, 4, 0, 1, 2, 3, 4]
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from burraco.web.table.resume import Rest, as_coroutine

log = logging.getLogger(__name__)
T = TypeVar("T")
Work = Callable[[], Awaitable[Any]]


class TableActor:
    """The mailbox and the task of one table."""

    __slots__ = ("_mailbox", "_starting", "_task")

    def __init__(self) -> None:
        self._mailbox: deque[tuple[Work, asyncio.Future[Any]]] = deque()
        self._task: asyncio.Task[None] | None = None
        self._starting = False  # a piece asked of the idle table runs in its asker, before its first wait

    @property
    def busy(self) -> bool:
        """Whether work is running or waiting."""
        return self._task is not None or self._starting

    def in_actor(self) -> bool:
        """Whether the caller runs inside this actor's work (its work may change the table at once)."""
        if self._starting:  # nothing else runs while a piece starts: the caller is that piece
            return True
        return self._task is not None and asyncio.current_task() is self._task

    async def run(self, work: Callable[[], Awaitable[T]]) -> T:
        """Run ``work`` in the table's task after everything asked before it; its result or error."""
        if self.in_actor():
            return await work()
        if not self.busy:
            return await self._start(work)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._mailbox.append((work, future))
        return await future

    def tell(self, work: Work) -> None:
        """Put ``work`` in the mailbox without waiting for it: it runs in its turn even if the caller is
        being cancelled (a socket's clean-up as its handler is torn down); an error is logged."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        future.add_done_callback(_log_error)
        self._mailbox.append((work, future))
        if not self.busy:
            self._task = loop.create_task(self._serve())

    async def _start(self, work: Callable[[], Awaitable[T]]) -> T:
        """Run ``work`` of an idle table up to its first wait here; the rest of it in the table's task."""
        loop = asyncio.get_running_loop()
        self._starting = True
        try:
            coro = as_coroutine(work())
            waiting_on = coro.send(None)
        except BaseException as ended:  # done (or failed) without waiting
            self._starting = False
            if self._mailbox:  # told while it ran
                self._task = loop.create_task(self._serve())
            if isinstance(ended, StopIteration):
                result: T = ended.value
                return result
            raise
        self._starting = False
        future: asyncio.Future[T] = loop.create_future()
        self._task = loop.create_task(self._serve(Rest(coro, waiting_on), future))
        return await future

    async def _serve(self, rest: Awaitable[Any] | None = None, future: asyncio.Future[Any] | None = None) -> None:
        try:
            if rest is not None and future is not None:
                await _perform(lambda: rest, future)
            while self._mailbox:
                work, waiting = self._mailbox.popleft()
                if waiting.cancelled():  # its asker gave up before its turn
                    continue
                await _perform(work, waiting)
        finally:
            self._task = None  # (no await between the last look at the mailbox and here)


async def _perform(work: Work, future: asyncio.Future[Any]) -> None:
    """Run one piece of work in the table's task and settle its asker's future."""
    try:
        result = await work()
    except asyncio.CancelledError:
        _settle(future, error=asyncio.CancelledError())
        current = asyncio.current_task()
        if current is not None and current.cancelling():
            raise  # the actor itself is stopped (the event loop closes)
    except Exception as error:  # the asker gets the error, the actor goes on
        _settle(future, error=error)
    else:
        _settle(future, result=result)


def _log_error(future: asyncio.Future[Any]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("table actor: work told failed", exc_info=future.exception())


def _settle(future: asyncio.Future[Any], result: Any = None, error: BaseException | None = None) -> None:
    if future.done():  # cancelled by its asker while it ran
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
