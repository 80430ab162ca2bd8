"""Bot thinking as a budgeted resource: the slow bots' decisions are thought by bot workers — worker
processes of the web process by default, or ``burraco bot-worker`` processes on any machine through a
Redis queue — at most so many at once, the waiting ones served round-robin by owner, each by a deadline.

A slow bot (``hard``, ``expert``, ``champion``) thinks for hundreds of milliseconds. Run on the event
loop's default executor, every table's bot thought at once and each thread fought the event loop for
the interpreter lock, so fifty all-bot tables of one user slowed every other player's moves to a
second. Here:

* at most ``workers`` decisions are thought at once: in worker **processes** by default
  (``thinking_workers.py``: their CPU never holds the web process's interpreter lock; they run at a
  lower scheduling priority), on **remote** workers (``thinking_remote.py``), or in threads
  (``processes=False``);
* decisions wait in one queue per *owner* (a table's creator, whose slow-bot tables are capped too;
  each tournament table alone) and the queues are served in turn, so one user's fifty tables get one
  turn in as many as there are owners waiting, the same as another user's single table;
* a decision a player waits for comes before the *background* ones, of all-bot tables that people
  only watch (those get one decision in :data:`BACKGROUND_EVERY` while both kinds wait);
* a decision not thought within ``deadline`` seconds of being asked for (the queue too long, its worker
  dead or stalled, the remote queue unreachable) raises :class:`Overdue`: the table's bot moves anyway,
  as a cheaper bot (``bots.py``). A local worker process that thinks one decision longer than the
  deadline is killed and replaced.

A decision travels as a :class:`Thought` (``thought.py``) and the bot is built from it where it thinks,
exactly as the table would build it, so a bot plays the same for a given seed wherever it thinks.

>>> import asyncio
>>> from burraco.core.match import Match
>>> from burraco.core.view import observe
>>> hand = Match(Rules(players=2), 7).start_hand()
>>> view = observe(hand, hand.to_play)
>>> thought = Thought("intermediate", 1, Rules(players=2), 400.0, view, tuple(hand.legal_actions()))
>>> pool = BotPool(workers=1, processes=False)
>>> asyncio.run(pool.think("ann", thought)) == think(thought)
True
>>> pool.close()
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final, Protocol

from burraco.core.actions import Action
from burraco.core.options import Rules as Rules
from burraco.web.table.thinking_workers import LocalWorkers
from burraco.web.table.thought import FALLBACK_BOT as FALLBACK_BOT
from burraco.web.table.thought import SLOW_BOTS as SLOW_BOTS
from burraco.web.table.thought import ThinkingError as ThinkingError
from burraco.web.table.thought import Thought as Thought
from burraco.web.table.thought import build_bot as build_bot
from burraco.web.table.thought import decode as decode
from burraco.web.table.thought import encode as encode
from burraco.web.table.thought import read_answer
from burraco.web.table.thought import slow as slow
from burraco.web.table.thought import think as think

log = logging.getLogger(__name__)
BACKGROUND_EVERY: Final = 4
"""While decisions of both kinds wait, one in this many goes to a background one (an all-bot table's)."""
DEADLINE: Final = 5.0
"""Seconds a decision may take from being asked for, waiting included (``BURRACO_BOT_DEADLINE``)."""
FALLBACK_LOG_EVERY: Final = 60.0
"""Seconds between two log lines of late bot decisions (each is counted in ``/api/stats`` all the same)."""


class Overdue(Exception):
    """A decision not thought by its deadline: the table's bot moves as a cheaper one instead."""


class Remote(Protocol):
    """Bot workers elsewhere (``thinking_remote.RemoteThinkers``): the answer to an encoded thought,
    from a worker whose stall limit is ``stall`` seconds, once it comes or ``wait`` seconds have passed."""

    backend: str

    async def ask(self, payload: bytes, stall: float, wait: float) -> bytes: ...

    async def aclose(self) -> None: ...


Waiting = tuple[Thought, "asyncio.Future[Action]", float]
"""A decision waiting: what to think, who waits for it, and when it is due (the event loop's time)."""


def _think_here(thought: Thought) -> Action:
    """:func:`think` in a thread of the web process (looked up when called, so a test may replace it)."""
    return think(thought)


class BotPool:
    """At most ``workers`` bot decisions thought at once, in worker processes (``processes``), in
    threads, or on ``remote`` workers; the decisions waiting are served one owner after another, those
    a player waits for before the *background* ones of all-bot tables (which get one turn in
    :data:`BACKGROUND_EVERY` while both wait, so neither kind ever stops); each is due ``deadline``
    seconds after it is asked for.

    The worker processes start with the first decision (in threads: starting them takes a second on a
    busy machine, which the event loop must not wait for); if they cannot start, the bots think in
    threads. A worker process that dies, or thinks one decision for longer than ``deadline``, is killed
    and replaced."""

    def __init__(
        self, workers: int = 1, processes: bool = True, deadline: float = DEADLINE, remote: Remote | None = None
    ) -> None:
        if workers < 1:
            raise ValueError("a bot pool needs at least one worker")
        if deadline <= 0:
            raise ValueError("a bot decision's deadline must be positive")
        self.workers = workers
        self.processes = processes
        self.deadline = deadline
        self.remote = remote
        self._local: LocalWorkers | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._starting: asyncio.Task[None] | None = None
        self._queues: dict[tuple[bool, Hashable], deque[Waiting]] = {}
        """The decisions waiting, by kind (background or not) and owner."""
        self._turns: dict[bool, deque[Hashable]] = {False: deque(), True: deque()}
        """Of each kind, the owners with decisions waiting, the next one to be served first."""
        self._served = 0
        self._running: set[asyncio.Task[None]] = set()
        self._closed = False
        self.thought = 0
        """Decisions thought so far."""
        self.failed = 0
        """Decisions their worker could not think (it died or stalled, the remote queue was unreachable)."""
        self.overdue = 0
        """Decisions not thought by their deadline."""
        self.fallbacks = 0
        """Moves a cheaper bot made for a slow one whose decision was late (``bots.py`` counts them)."""
        self._unlogged = 0
        self._logged_at: float | None = None

    @property
    def backend(self) -> str:
        """Where the bots think: ``processes``, ``threads`` or the remote queue's name (``redis``)."""
        if self.remote is not None:
            return self.remote.backend
        return "processes" if self.processes else "threads"

    @property
    def pids(self) -> list[int]:
        """The local worker processes' ids (once started)."""
        return self._local.pids if self._local is not None else []

    @property
    def replaced(self) -> int:
        """Local worker processes replaced (one died or stalled)."""
        return self._local.replaced if self._local is not None else 0

    @property
    def waiting(self) -> int:
        """Decisions waiting for a worker."""
        return sum(len(queue) for queue in self._queues.values())

    @property
    def running(self) -> int:
        """Decisions being thought now."""
        return len(self._running)

    def owners(self, background: bool = False) -> list[Hashable]:
        """The owners with decisions of this kind waiting, in the order they will be served."""
        return list(self._turns[background])

    def fell_back(self, now: float) -> int | None:
        """Count a move a cheaper bot made for a late decision; when it is to be logged (the first, then
        at most once every :data:`FALLBACK_LOG_EVERY` seconds, so a saturated machine does not flood
        the log), the fallbacks since the last line logged, this one included; else None."""
        self.fallbacks += 1
        self._unlogged += 1
        if self._logged_at is not None and now - self._logged_at < FALLBACK_LOG_EVERY:
            return None
        unlogged, self._unlogged, self._logged_at = self._unlogged, 0, now
        return unlogged

    def stats(self) -> dict[str, Any]:
        """The pool's figures for ``/api/stats``."""
        return {
            "bot_backend": self.backend,
            "bot_workers": self.workers,
            "bot_deadline": self.deadline,
            "bot_waiting": self.waiting,
            "bot_running": self.running,
            "bot_thought": self.thought,
            "bot_failed": self.failed,
            "bot_overdue": self.overdue,
            "bot_fallbacks": self.fallbacks,
            "bot_replaced": self.replaced,
        }

    async def think(self, owner: Hashable, thought: Thought, background: bool = False) -> Action:
        """The move ``thought``'s bot makes, once the owners before ``owner`` had their turn and a
        worker is free; ``background``: nobody plays against it (an all-bot table), it waits for the
        others. :class:`Overdue` once the deadline passes; the worker's error if it could not think it.
        Cancelling the caller drops a decision still waiting (one being thought ends in its worker
        and is forgotten)."""
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Action] = loop.create_future()
        queue = self._queues.get((background, owner))
        if queue is None:
            queue = self._queues[background, owner] = deque()
            self._turns[background].append(owner)
        queue.append((thought, future, loop.time() + self.deadline))
        self._serve()
        try:
            return await asyncio.wait_for(future, self.deadline)
        except TimeoutError:
            self.overdue += 1
            raise Overdue(f"not thought in {self.deadline:g} s") from None

    def close(self) -> None:
        """Stop the workers (decisions waiting or being thought are cancelled)."""
        self._detach()
        if self._local is not None:
            self._local.close()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)

    async def aclose(self) -> None:
        """Stop the workers and wait for them to end (the app's last step)."""
        self._detach()
        if self._local is not None:
            await self._local.aclose()
        if self._threads is not None:
            await asyncio.to_thread(self._threads.shutdown, wait=True, cancel_futures=True)
        if self.remote is not None:
            await self.remote.aclose()

    def _detach(self) -> None:
        self._closed = True
        for queue in self._queues.values():
            for _thought, future, _due in queue:
                future.cancel()
        self._queues.clear()
        for turns in self._turns.values():
            turns.clear()
        for task in self._running:
            task.cancel()
        if self._starting is not None:
            self._starting.cancel()

    def _ready(self) -> bool:
        """Whether the decisions can be handed out (else the local workers start, once)."""
        if self.remote is not None or self._local is not None or self._threads is not None:
            return True
        if not self.processes:
            self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="bot")
            return True
        if self._starting is None and not self._closed:
            self._starting = asyncio.get_running_loop().create_task(self._start_processes())
        return False

    async def _start_processes(self) -> None:
        workers = LocalWorkers(self.workers)
        try:
            await workers.start()
        except Exception as error:
            log.error("the bot worker processes could not start (%s): bots think in threads", error)
            self.processes = False
        else:
            if self._closed:
                workers.close()
                return
            self._local = workers
        finally:
            self._starting = None
        if not self._closed:
            self._serve()

    def _serve(self) -> None:
        """Hand waiting decisions to free workers, one owner after another."""
        if not self._ready():
            return
        loop = asyncio.get_running_loop()
        while len(self._running) < self.workers and (kind := self._next_kind()) is not None:
            turns = self._turns[kind]
            owner = turns.popleft()
            queue = self._queues[kind, owner]
            thought, future, due = queue.popleft()
            if queue:
                turns.append(owner)  # its next decision after every other owner's
            else:
                del self._queues[kind, owner]
            if future.done():  # its table gave up waiting (overdue, unloaded, the app stopping)
                continue
            task = loop.create_task(self._think(thought, future, due))
            self._running.add(task)
            task.add_done_callback(self._finished)

    def _next_kind(self) -> bool | None:
        """Whether the next decision served is a background one (None: nothing waits)."""
        foreground, background = bool(self._turns[False]), bool(self._turns[True])
        if not (foreground and background):
            return True if background else (False if foreground else None)
        self._served += 1
        return self._served % BACKGROUND_EVERY == 0

    async def _think(self, thought: Thought, future: asyncio.Future[Action], due: float) -> None:
        try:
            action = await self._ask(thought, due)
        except Exception as error:  # its worker died or stalled, the bot failed, the queue unreachable
            self.failed += 1
            if not future.done():
                future.set_exception(error)
            return
        self.thought += 1
        if not future.done():
            future.set_result(action)

    async def _ask(self, thought: Thought, due: float) -> Action:
        if self.remote is not None:
            wait = due - asyncio.get_running_loop().time()
            return read_answer(await self.remote.ask(encode(thought), self.deadline, wait))
        if self._local is not None:
            return read_answer(await self._local.ask(encode(thought), self.deadline))
        assert self._threads is not None
        return await asyncio.wrap_future(self._threads.submit(_think_here, thought))

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        if not self._closed and (self._turns[False] or self._turns[True]):
            self._serve()
