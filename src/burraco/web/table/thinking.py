"""Bot thinking as a budgeted resource: the slow bots' decisions run in a bounded pool of worker
processes (or threads), the waiting ones served round-robin by owner.

A slow bot (``hard``, ``expert``, ``champion``) thinks for hundreds of milliseconds. Run on the event
loop's default executor, every table's bot thought at once and each thread fought the event loop for
the interpreter lock, so fifty all-bot tables of one user slowed every other player's moves to a
second. Here:

* at most ``workers`` decisions are thought at once, in worker **processes** by default (their CPU
  never holds the web process's interpreter lock; they run at a lower scheduling priority), or in
  threads (``processes=False``);
* decisions wait in one queue per *owner* (a table's creator; each tournament table alone) and the
  queues are served in turn, so one user's fifty tables get one turn in as many as there are owners
  waiting, the same as another user's single table;
* a decision a player waits for comes before the *background* ones, of all-bot tables that people
  only watch (those get one decision in :data:`BACKGROUND_EVERY` while both kinds wait).

A decision travels as a :class:`Thought` (the bot's name and seed, the rules, the seat's view, the
legal moves) and the bot is built from it where it thinks, exactly as the table would build it, so a
bot plays the same for a given seed wherever it thinks (``bots.py`` rebuilds it per decision from the
table's seed). The core's classes are compiled frozen dataclasses that ``pickle`` cannot rebuild (it
sets their fields one by one), so a thought is pickled with reducers that call their constructors
(:func:`encode`).

>>> import asyncio
>>> from burraco.core.match import Match
>>> from burraco.core.view import observe
>>> hand = Match(Rules(players=2), 7).start_hand()
>>> view = observe(hand, hand.to_play)
>>> thought = Thought("intermediate", 1, Rules(players=2), 400.0, view, tuple(hand.legal_actions()))
>>> decode(encode(thought)) == thought
True
>>> pool = BotPool(workers=1, processes=False)
>>> asyncio.run(pool.think("ann", thought)) == think(thought)
True
>>> pool.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import copyreg
import io
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import Future as ConcurrentFuture
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, fields
from typing import Any, Final

from burraco.bots.base import Bot
from burraco.bots.levels import make_level
from burraco.bots.registry import make_bot
from burraco.core.actions import Action, Record
from burraco.core.options import Rules
from burraco.core.recordlog import RecordLog
from burraco.core.view import Observation

log = logging.getLogger(__name__)
SLOW_BOTS: Final = ("hard", "ismcts", "expert", "champion")
"""Bots that think for long: they think in the pool, off the event loop."""
OWNER_CHECK_EVERY: Final = 1.0
"""Seconds between a worker process's checks that the web process that started it still runs."""
BACKGROUND_EVERY: Final = 4
"""While decisions of both kinds wait, one in this many goes to a background one (an all-bot table's)."""
START_TIMEOUT: Final = 60.0
"""Seconds the worker processes have to start before the bots think in threads instead."""
WORKER_NICENESS: Final = 10
"""How much lower than the web process a worker process is scheduled (``os.nice``): when the machine's
cores are all busy, players' requests come first."""


def slow(name: str) -> bool:
    """Whether the bot ``name`` (with or without options) thinks in the pool.

    >>> slow("champion"), slow("champion:ms=50"), slow("intermediate")
    (True, True, False)
    """
    return name.split(":")[0].strip().lower() in SLOW_BOTS


def build_bot(name: str, seed: int, rules: Rules, champion_ms: float) -> Bot:
    """The bot a seat's ``name`` calls for; the champion searches at most ``champion_ms`` per decision
    (its own wall-clock budget: the table's injected clock is not read).

    >>> build_bot("champion", 1, Rules(), 5.0).seconds
    0.005
    """
    if name == "champion":
        return make_level("champion", seed, rules, options={"ms": champion_ms})
    return make_bot(name, seed=seed, rules=rules)


@dataclass(frozen=True, slots=True)
class Thought:
    """One decision to think: which bot, seeded how, under which rules, from which seat's view."""

    name: str
    seed: int
    rules: Rules
    champion_ms: float
    view: Observation
    legal: tuple[Action, ...]


def think(thought: Thought) -> Action:
    """Build the bot and let it choose (in a worker)."""
    bot = build_bot(thought.name, thought.seed, thought.rules, thought.champion_ms)
    return bot.choose(thought.view, list(thought.legal))


def think_encoded(payload: bytes) -> Action:
    """:func:`think` on a thought :func:`encode` made (the entry point of a worker process)."""
    return think(decode(payload))


# ----------------------------------------------------------------------------- pickling
def _by_fields(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """A frozen dataclass rebuilt through its constructor, from its fields in order."""
    return type(obj), tuple(getattr(obj, f.name) for f in fields(obj))


def _record(record: Record) -> tuple[Any, tuple[Any, ...]]:
    return Record, (
        record.index,
        record.seat,
        record.kind,
        record.cards,
        record.target,
        record.detail,
        record.private,
    )


def _record_log(log_: RecordLog) -> tuple[Any, tuple[Any, ...]]:
    return RecordLog, (log_.records(),)


def _action(action: Action) -> tuple[Any, tuple[Any, ...]]:
    return Action, (action.kind, action.cards, action.target)


REDUCERS: Final[dict[type, Callable[[Any], tuple[Any, tuple[Any, ...]]]]] = {
    Rules: _by_fields,
    Observation: _by_fields,
    Thought: _by_fields,
    RecordLog: _record_log,
    Record: _record,
    Action: _action,
}
"""How each class of a thought is pickled: its constructor and its arguments."""


def encode(thought: Thought) -> bytes:
    """``thought`` as bytes that :func:`decode` (in any process) turns back into an equal thought."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, **REDUCERS}
    pickler.dump(thought)
    return buffer.getvalue()


def decode(payload: bytes) -> Thought:
    thought = pickle.loads(payload)
    assert isinstance(thought, Thought)
    return thought


def _worker_start(owner: int) -> None:
    """A worker process's initializer: schedule it after the web process, and end it when the web
    process ``owner`` is gone (killed, it could not stop its workers, which would wait forever)."""
    with contextlib.suppress(OSError):  # not allowed here: it still thinks, at the same priority
        os.nice(WORKER_NICENESS)
    threading.Thread(target=_watch, args=(owner,), name="owner-watch", daemon=True).start()


def _watch(owner: int) -> None:
    while True:
        time.sleep(OWNER_CHECK_EVERY)
        try:
            os.kill(owner, 0)
        except OSError:  # gone (or its id is another user's process now)
            os._exit(0)


def _context() -> Any:
    """Worker processes are started by a fork server that has imported the bots (a fork of the web
    process itself would copy its threads' locks; a fresh interpreter per worker is slow to start)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


# ----------------------------------------------------------------------------- the pool
Waiting = tuple[Thought, "asyncio.Future[Action]"]


def _ready() -> int:
    """A worker's first task: say who it is (it is started, with the bots imported)."""
    return os.getpid()


class BotPool:
    """At most ``workers`` bot decisions thought at once, in worker processes (``processes``) or
    threads; the decisions waiting are served one owner after another, those a player waits for
    before the *background* ones of all-bot tables (which get one turn in :data:`BACKGROUND_EVERY`
    while both wait, so neither kind ever stops).

    The worker processes start with the first decision, in a thread (starting them takes a second on
    a busy machine, which the event loop must not wait for); if they cannot start, the bots think in
    threads. A worker that dies is replaced with the next decision."""

    def __init__(self, workers: int = 1, processes: bool = True) -> None:
        if workers < 1:
            raise ValueError("a bot pool needs at least one worker")
        self.workers = workers
        self.processes = processes
        self._executor: Executor | None = None
        self._starting: asyncio.Task[tuple[Executor, list[int]]] | None = None
        """The worker processes being started (a stopped pool lets it end, then stops them)."""
        self._queues: dict[tuple[bool, Hashable], deque[Waiting]] = {}
        """The decisions waiting, by kind (background or not) and owner."""
        self._turns: dict[bool, deque[Hashable]] = {False: deque(), True: deque()}
        """Of each kind, the owners with decisions waiting, the next one to be served first."""
        self._served = 0
        self._running = 0
        self._closed = False
        self.thought = 0
        """Decisions thought so far."""
        self.pids: list[int] = []
        """The worker processes' ids (once started)."""

    @property
    def waiting(self) -> int:
        """Decisions waiting for a worker."""
        return sum(len(queue) for queue in self._queues.values())

    @property
    def running(self) -> int:
        """Decisions being thought now."""
        return self._running

    def owners(self, background: bool = False) -> list[Hashable]:
        """The owners with decisions of this kind waiting, in the order they will be served."""
        return list(self._turns[background])

    async def think(self, owner: Hashable, thought: Thought, background: bool = False) -> Action:
        """The move ``thought``'s bot makes, once the owners before ``owner`` had their turn and a
        worker is free; ``background``: nobody plays against it (an all-bot table), it waits for the
        others. Cancelling the caller drops a decision still waiting (one being thought ends in its
        worker and is forgotten)."""
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        future: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        queue = self._queues.get((background, owner))
        if queue is None:
            queue = self._queues[background, owner] = deque()
            self._turns[background].append(owner)
        queue.append((thought, future))
        self._serve()
        return await future

    def close(self) -> None:
        """Stop the workers (decisions waiting are cancelled; one being thought is not waited for)."""
        executor = self._detach()
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    async def aclose(self) -> None:
        """Stop the workers and wait for them to end (the app's last step)."""
        executor = self._detach()
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)

    def _detach(self) -> Executor | None:
        self._closed = True
        for queue in self._queues.values():
            for _thought, future in queue:
                future.cancel()
        self._queues.clear()
        for turns in self._turns.values():
            turns.clear()
        executor, self._executor = self._executor, None
        return executor

    def _serve(self) -> None:
        """Hand waiting decisions to free workers, one owner after another."""
        if self._executor is None:
            self._start_workers()
            return
        while self._running < self.workers and (kind := self._next_kind()) is not None:
            turns = self._turns[kind]
            owner = turns.popleft()
            queue = self._queues[kind, owner]
            thought, future = queue.popleft()
            if queue:
                turns.append(owner)  # its next decision after every other owner's
            else:
                del self._queues[kind, owner]
            if future.done():  # its table gave up waiting (unloaded, the app stopping)
                continue
            self._submit(self._executor, thought, future)

    def _next_kind(self) -> bool | None:
        """Whether the next decision served is a background one (None: nothing waits)."""
        foreground, background = bool(self._turns[False]), bool(self._turns[True])
        if not (foreground and background):
            return True if background else (False if foreground else None)
        self._served += 1
        return self._served % BACKGROUND_EVERY == 0

    def _submit(self, executor: Executor, thought: Thought, future: asyncio.Future[Action]) -> None:
        try:
            work: ConcurrentFuture[Action] = (
                executor.submit(think_encoded, encode(thought)) if self.processes else executor.submit(think, thought)
            )
        except Exception as error:  # shut down, or broken by a dead worker
            self._drop(executor)
            future.set_exception(error)
            return
        self._running += 1
        asyncio.wrap_future(work).add_done_callback(lambda done: self._finished(executor, done, future))

    def _finished(self, executor: Executor, done: asyncio.Future[Action], future: asyncio.Future[Action]) -> None:
        self._running -= 1
        self.thought += 1
        if done.cancelled():
            future.cancel()
        elif (error := done.exception()) is not None:
            if isinstance(error, BrokenProcessPool):
                log.error("a bot worker process died: new ones start with the next decision")
                self._drop(executor)
            if not future.done():
                future.set_exception(error)
        elif not future.done():
            future.set_result(done.result())
        if not self._closed and (self._turns[False] or self._turns[True]):
            self._serve()

    def _drop(self, executor: Executor) -> None:
        if self._executor is executor:
            self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)

    def _start_workers(self) -> None:
        if not self.processes:
            self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="bot")
            self._serve()
            return
        if self._starting is None and not self._closed:
            self._starting = asyncio.get_running_loop().create_task(asyncio.to_thread(self._new_processes))
            self._starting.add_done_callback(self._started)

    def _new_processes(self) -> tuple[Executor, list[int]]:
        """Start every worker process (in a thread: it waits for them)."""
        executor = ProcessPoolExecutor(
            self.workers, mp_context=_context(), initializer=_worker_start, initargs=(os.getpid(),)
        )
        try:
            started = [executor.submit(_ready) for _ in range(self.workers)]  # each starts a process
            pids = sorted({ready.result(timeout=START_TIMEOUT) for ready in started})
        except BaseException:
            executor.shutdown(wait=False, cancel_futures=True)
            raise
        return executor, pids

    def _started(self, task: asyncio.Task[tuple[Executor, list[int]]]) -> None:
        self._starting = None
        if task.cancelled():
            return
        error = task.exception()
        if error is not None:
            log.error("the bot worker processes could not start (%s): bots think in threads", error)
            self.processes = False
        else:
            executor, self.pids = task.result()
            if self._closed:
                executor.shutdown(wait=False, cancel_futures=True)
                return
            self._executor = executor
        if not self._closed:
            self._serve()
