"""The database: the engine and the store (one writer thread, ``writer.py``); the tables are in
``schema.py``.

>>> from burraco.web.persistence.schema import settings
>>> store = Store("sqlite://")
>>> _ = store.write(lambda c: c.execute(settings.insert().values(key="k", value="v"))).result()
>>> store.read(lambda c: c.execute(settings.select()).all())
[('k', 'v')]
>>> store.close()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from sqlalchemy import (
    Connection,
    CursorResult,
    Engine,
    Table,
    create_engine,
    event,
)
from sqlalchemy.pool import StaticPool

from burraco.web.persistence import migrations
from burraco.web.persistence.writer import LINGER_S, MAX_BATCH_ROWS, Batch, Writer
from burraco.web.persistence.writer import is_busy as is_busy

log = logging.getLogger(__name__)
T = TypeVar("T")


def new_id(result: CursorResult[Any]) -> int:
    """The primary key of the row an INSERT made."""
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


BUSY_TIMEOUT: Final = 2.0
"""Seconds a SQLite write waits for a lock another connection holds (a backup, the ``sqlite3`` shell,
``burraco director``) before it fails. Short: the store has one writer, so a wait stalls every table's
moves behind it; a write that fails is rolled back and its player told ``store_failed``, and the next
move tries again (it was 30 s: one locked write stalled every table for half a minute)."""


def make_engine(url: str, busy_timeout: float = BUSY_TIMEOUT, pre_ping: bool = True) -> Engine:
    """An engine for ``url``; SQLite gets WAL, a busy timeout and one shared in-memory database.
    A server database's connections are checked (``pre_ping``) before each use unless told not to."""
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": busy_timeout},
            poolclass=StaticPool if memory else None,
            hide_parameters=True,  # an error's log line never shows a statement's values (a password hash)
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            if not memory:
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA wal_autocheckpoint=0")  # the Store's checkpoint thread does it
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=pre_ping, hide_parameters=True)


CHECKPOINT_EVERY: Final = 2.0
"""Seconds between SQLite WAL checkpoints."""


class Store:
    """The database with a single writer thread (``writer.py``): writes are queued, grouped and committed
    in order, many tables' moves in one transaction (group commit).

    ``write(fn)`` queues ``fn(connection)`` and returns a future of its result, set once its
    transaction has committed; ``insert(table, row)`` queues a row, sent with the other rows of that
    table in the batch as one ``executemany`` of an INSERT compiled once. A failing batch is retried
    write by write so a bad write fails by itself. ``read(fn)`` runs in the caller's thread.
    """

    def __init__(
        self, url: str, busy_timeout: float = BUSY_TIMEOUT, max_batch: int = MAX_BATCH_ROWS, linger: float = LINGER_S
    ) -> None:
        self.url = url
        self.engine = make_engine(url, busy_timeout)
        with self.engine.begin() as connection:  # the schema: created or upgraded (Alembic)
            migrations.upgrade(connection)
        # The writer's own engine: no round trip to check its connection before every group commit (a
        # connection lost meanwhile fails that commit, is replaced, and its writes are retried one by one)
        sqlite = self.engine.dialect.name == "sqlite"
        self._writer_engine = self.engine if sqlite else make_engine(url, busy_timeout, pre_ping=False)
        self.writer = Writer(self._writer_engine, max_batch, linger, commit=lambda work: self._commit(work))
        self._closed = False
        self._stopped = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if sqlite and url not in ("sqlite://", "sqlite:///:memory:"):
            self._checkpointer = threading.Thread(target=self._checkpoints, name="burraco-db-checkpoint", daemon=True)
            self._checkpointer.start()

    def _checkpoints(self) -> None:
        """Copy the SQLite write-ahead log into the database every few seconds, beside the writer (a
        PASSIVE checkpoint never blocks it), so commits never wait for a checkpoint's disk flush."""
        while not self._stopped.wait(CHECKPOINT_EVERY):
            try:
                with self.engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception as error:  # pragma: no cover - a busy or closing database
                log.debug("checkpoint skipped: %s", error)

    def _commit(self, work: Batch) -> None:
        """Each batch the writer thread gathered is committed through here."""
        self.writer.commit(work)

    def write(self, fn: Callable[[Connection], T]) -> concurrent.futures.Future[T]:
        return self.writer.write(fn)

    def insert(self, table: Table, row: dict[str, Any]) -> concurrent.futures.Future[None]:
        """Queue one row insert; it is committed with the other writes queued meanwhile."""
        return self.writer.insert(table, (row,))

    def insert_many(self, table: Table, rows: Sequence[dict[str, Any]]) -> concurrent.futures.Future[None]:
        """Queue rows that must be stored together (in the same transaction)."""
        return self.writer.insert(table, rows)

    async def ainsert(self, table: Table, row: dict[str, Any]) -> None:
        """Queue a row insert and wait (without blocking the event loop) until it has committed."""
        await asyncio.wrap_future(self.insert(table, row))

    async def awrite(self, fn: Callable[[Connection], T]) -> T:
        """Queue a write and wait (without blocking the event loop) until it has committed."""
        return await asyncio.wrap_future(self.write(fn))

    def read(self, fn: Callable[[Connection], T]) -> T:
        with self.engine.connect() as connection:
            return fn(connection)

    def close(self) -> None:
        """Commit everything queued, stop the writer and release the engine."""
        if self._closed:
            return
        self._closed = True
        self.writer.close()
        self._stopped.set()
        if self._checkpointer is not None:
            self._checkpointer.join()
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        self._writer_engine.dispose()
        self.engine.dispose()
