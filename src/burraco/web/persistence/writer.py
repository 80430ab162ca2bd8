"""The store's one writer thread: group commit of many tables' writes, with pre-compiled inserts.

Every write is queued; the writer takes everything queued — up to :data:`MAX_BATCH_ROWS` rows, waiting
at most :data:`LINGER_S` for more — and commits it in **one transaction**. Consecutive row inserts
into the same table go to the driver as one ``executemany`` of an INSERT compiled once per table and
set of columns (on SQLite it is one loop in C), or on PostgreSQL as one ``COPY`` (``copy_rows.py``),
so no statement is built per move. Each write's future is set only once the transaction holding it
has committed: a move is acknowledged after its commit, never before. A write queued with an ``asyncio`` future (the
tables' moves) has it settled on its event loop, every future of a batch in one call: one wake-up of the
loop per group commit, not one per move. If a batch fails, its writes are retried one
by one in their own transactions, so only a bad write fails (its future gets the error, and the
table that queued it rolls back, ``table/durability.py``); a busy or locked database fails the
whole batch at once (retrying each alone would wait the busy timeout once per write).

>>> from sqlalchemy import create_engine
>>> from sqlalchemy.pool import StaticPool
>>> engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
>>> with engine.begin() as c:
...     _ = c.exec_driver_sql("CREATE TABLE t (a INTEGER, b TEXT)")
>>> from sqlalchemy import Column, Integer, MetaData, Table, Text
>>> t = Table("t", MetaData(), Column("a", Integer), Column("b", Text))
>>> writer = Writer(engine)
>>> futures = [writer.insert(t, [{"a": n, "b": "x"}]) for n in range(5)]
>>> [f.result() for f in futures] == [None] * 5
True
>>> writer.close()
>>> with engine.connect() as c:
...     c.exec_driver_sql("SELECT count(*) FROM t").scalar_one()
5
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from sqlalchemy import Connection, Engine, Table
from sqlalchemy.exc import OperationalError

from burraco.web.persistence.compiled import Statements
from burraco.web.persistence.copy_rows import COPY_FROM_ROWS, can_copy, copy_rows

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_BATCH_ROWS: Final = 1000
"""The most rows one group commit writes (a larger queue is written in several transactions)."""
LINGER_S: Final = 0.002
"""Seconds the writer waits for more writes once it has one, before committing — only while the
previous batch held more than one write (tables are playing at once). Under load the queue fills while
the previous batch commits anyway; this gathers a few more. A quiet server's lone move is written at
once: waiting would only add its latency (and a timed wait costs more CPU than the commit saves)."""

_STOP: Final = object()


def is_busy(error: BaseException) -> bool:
    """Whether a write failed because the database is locked or busy (retrying each write alone would
    only wait the busy timeout again for each)."""
    text = str(error).lower()
    return isinstance(error, OperationalError) and ("locked" in text or "busy" in text)


AnyFuture = concurrent.futures.Future[Any] | asyncio.Future[Any]
"""A write's future: a thread's (``result()``) or an event loop's (awaited there)."""


def settle(future: concurrent.futures.Future[Any], result: Any, error: BaseException | None = None) -> None:
    """Resolve a write's future; one whose waiter was cancelled (a stopping task) still had its write done."""
    try:
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)
    except concurrent.futures.InvalidStateError:
        pass


@dataclass(frozen=True, slots=True)
class Insert:
    """Rows to insert into one table, all in the same transaction."""

    table: Table
    rows: Sequence[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Update:
    """Set ``values`` on the row of ``table`` whose ``key`` column is ``at``."""

    table: Table
    key: str
    at: Any
    values: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Step:
    """Inserts and updates written together (in the same transaction, in order)."""

    parts: tuple[Insert | Update, ...]


@dataclass
class WriterStats:
    """What the writer did since it started (read by tests and ``/api/stats``-like tools)."""

    transactions: int = 0
    rows: int = 0
    writes: int = 0
    largest_batch: int = 0
    copied_rows: int = 0
    """Rows written by ``COPY`` (PostgreSQL: ``copy_rows.py``)."""
    failed_batches: int = 0


def _settle_on_loop(settled: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    """In the event loop: resolve the asyncio futures one batch settled (those still waited for)."""
    for future, result, error in settled:
        if future.done():  # its waiter was cancelled (a stopping task): the write was done all the same
            continue
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)


Batch = list[tuple[Any, AnyFuture]]
"""Queued writes (an :class:`Insert` or a callable) with their futures."""


class Writer:
    """The writer thread over ``engine``: ``write(fn)`` and ``insert(table, rows)`` queue work and return a
    future set once it has committed (or with the error). Each batch goes through ``commit`` (by default
    :meth:`commit`; the store passes its own, which tests replace to make writes fail)."""

    def __init__(
        self,
        engine: Engine,
        max_rows: int = MAX_BATCH_ROWS,
        linger: float = LINGER_S,
        commit: Callable[[Batch], None] | None = None,
    ) -> None:
        self.engine = engine
        self._commit_batch = commit if commit is not None else self.commit
        self.max_rows = max_rows
        self.linger = linger
        self.stats = WriterStats()
        self._statements = Statements(engine)
        self._copy = can_copy(engine)
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._connection: Connection | None = None
        self._last_batch = 0
        self._on_loops: list[tuple[asyncio.Future[Any], Any, BaseException | None]] = []
        """The asyncio futures the current batch settled, handed to their loops once it is done."""
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="burraco-db-writer", daemon=True)
        self._thread.start()

    def write(self, fn: Callable[[Connection], T]) -> concurrent.futures.Future[T]:
        return self._put(fn)

    def insert(self, table: Table, rows: Sequence[dict[str, Any]]) -> concurrent.futures.Future[None]:
        """Queue rows to insert into ``table`` (together, in one transaction)."""
        return self._put(Insert(table, rows))

    def insert_soon(self, table: Table, rows: Sequence[dict[str, Any]], future: asyncio.Future[None]) -> None:
        """Queue rows to insert into ``table`` (together); ``future`` (of the calling event loop) is set
        once they have committed, or with the error."""
        self._queue_with(Insert(table, rows), future)

    def step_soon(self, future: asyncio.Future[None], *parts: Insert | Update) -> None:
        """:meth:`step`, settling ``future`` (of the calling event loop) once it has committed."""
        self._queue_with(Step(parts), future)

    def step(self, *parts: Insert | Update) -> concurrent.futures.Future[None]:
        """Queue inserts and updates written in one transaction, in order, by pre-compiled statements."""
        return self._put(Step(parts))

    def _put(self, work: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        self._queue_with(work, future)
        return future

    def _queue_with(self, work: Any, future: AnyFuture) -> None:
        if self._closed:
            future.set_exception(RuntimeError("the store is closed"))
        else:
            self._queue.put((work, future))

    def close(self) -> None:
        """Commit everything queued and stop the thread."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(_STOP)
        self._thread.join()

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        try:
            while True:
                batch, stop = self._gather()
                if batch:
                    try:
                        self._commit_batch(batch)
                    finally:
                        self._hand_to_loops()
                if stop:
                    return
        finally:
            self._drop_connection()

    def _gather(self) -> tuple[Batch, bool]:
        """Everything queued, up to :attr:`max_rows` rows, waiting at most :attr:`linger` for more (only
        after a batch of more than one write)."""
        item = self._queue.get()
        if item is _STOP:
            return [], True
        batch = [item]
        rows = _weight(item[0])
        deadline = time.monotonic() + (self.linger if self._last_batch > 1 else 0.0)
        while rows < self.max_rows:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                try:
                    item = self._queue.get(timeout=remaining)
                except queue.Empty:
                    break
            if item is _STOP:
                return batch, True
            batch.append(item)
            rows += _weight(item[0])
        self._last_batch = len(batch)
        return batch, False

    def commit(self, work: Batch) -> None:
        """Write a batch in one transaction and settle its futures (in the writer thread)."""
        try:
            results = self._transaction(work)
        except Exception as failure:
            self._drop_connection()  # a lost connection is replaced for the next transaction
            self.stats.failed_batches += 1
            if len(work) > 1 and not is_busy(failure):
                for entry in work:
                    self.commit([entry])
                return
            log.warning("database write failed (%d writes): %s", len(work), failure)
            self.fail(work, failure)  # a busy database fails the whole group at once, not once per write
            return
        stats = self.stats
        stats.transactions += 1
        stats.writes += len(work)
        stats.rows += sum(_weight(entry) for entry, _ in work)
        stats.largest_batch = max(stats.largest_batch, len(work))
        for (_work, future), result in zip(work, results, strict=True):
            self._settle(future, result)

    def fail(self, work: Batch, error: BaseException) -> None:
        """Fail every write of ``work`` with ``error`` (in the writer thread: a ``commit`` that gives up)."""
        for _work, future in work:
            self._settle(future, None, error)

    def _settle(self, future: AnyFuture, result: Any, error: BaseException | None = None) -> None:
        if isinstance(future, asyncio.Future):
            self._on_loops.append((future, result, error))
        else:
            settle(future, result, error)

    def _hand_to_loops(self) -> None:
        """Hand the asyncio futures the batch settled to their loops: one call per loop."""
        settled, self._on_loops = self._on_loops, []
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any, BaseException | None]]] = {}
        for entry in settled:
            by_loop.setdefault(entry[0].get_loop(), []).append(entry)
        for loop, entries in by_loop.items():
            with contextlib.suppress(RuntimeError):  # (that loop is closed: nobody waits any more)
                loop.call_soon_threadsafe(_settle_on_loop, entries)

    def _transaction(self, work: Batch) -> list[Any]:
        """Run the batch in one transaction: consecutive inserts of one table and columns as one
        ``executemany``; the futures' results, in order."""
        connection = self._connection
        if connection is None:
            connection = self._connection = self.engine.connect()
        results: list[Any] = []
        with connection.begin():
            pending: list[dict[str, Any]] = []
            for i, (entry, _future) in enumerate(work):
                if isinstance(entry, Insert):
                    pending.extend(entry.rows)
                    following = work[i + 1][0] if i + 1 < len(work) else None
                    if not (isinstance(following, Insert) and following.table is entry.table):
                        self._insert_many(connection, entry.table, pending)
                        pending = []
                    results.append(None)
                elif isinstance(entry, Step):
                    for part in entry.parts:
                        if isinstance(part, Insert):
                            self._insert_many(connection, part.table, list(part.rows))
                        else:
                            self._update(connection, part)
                    results.append(None)
                else:
                    results.append(entry(connection))
        return results

    def _update(self, connection: Connection, update: Update) -> None:
        compiled = self._statements.get_update(update.table, update.key, tuple(update.values))
        connection.exec_driver_sql(compiled.sql, compiled.params([{**update.values, "_at": update.at}]))

    def _insert_many(self, connection: Connection, table: Table, rows: list[dict[str, Any]]) -> None:
        """One ``executemany`` per set of columns of the compiled INSERT, sent as it is to the driver
        (``exec_driver_sql``: no statement built; errors wrapped and lost connections noticed as usual)."""
        groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
        for row in rows:
            groups.setdefault(tuple(row), []).append(row)
        for keys, group in groups.items():
            compiled = self._statements.get(table, keys)
            if self._copy and len(group) >= COPY_FROM_ROWS:
                copy_rows(connection, table, compiled.keys, compiled.values(group))
                self.stats.copied_rows += len(group)
            else:
                connection.exec_driver_sql(compiled.sql, compiled.params(group))

    def _drop_connection(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            try:
                connection.close()  # back to the pool (one a lost connection made invalid is discarded there)
            except Exception as error:  # pragma: no cover - a connection already gone
                log.debug("writer connection not closed cleanly: %s", error)


def _weight(work: Any) -> int:
    """Rows a queued write adds to a batch (a callable write or an update counts as one)."""
    if isinstance(work, Step):
        return sum(_weight(part) for part in work.parts)
    return len(work.rows) if isinstance(work, Insert) else 1
