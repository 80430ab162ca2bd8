"""Table rows and their event log: create, load the unfinished ones, append a step's events, statuses."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Collection, Sequence
from typing import Any

from sqlalchemy import Connection, Row, func, select, update

from burraco.web.persistence import db, schema
from burraco.web.persistence.writer import Insert, Update

REPLAYED_KINDS = ("deal", "action", "timeout")
"""The event kinds a hand's replay needs (seats, bots and timers change no card)."""


class TableRepository:
    """The ``tables`` rows and the ``events`` appended to them."""

    def __init__(self, store: db.Store) -> None:
        self.store = store

    async def create(self, row: dict[str, Any]) -> int:
        """Store a new table row; its id."""
        return await self.store.awrite(lambda c: db.new_id(c.execute(schema.tables.insert().values(**row))))

    def unfinished_ids(self) -> list[int]:
        """The ids of every table still to be played (neither over nor closed)."""
        return self.store.read(
            lambda c: [
                int(r.id)
                for r in c.execute(
                    select(schema.tables.c.id)
                    .where(schema.tables.c.status.not_in(("over", "closed")))
                    .order_by(schema.tables.c.id)
                )
            ]
        )

    def unfinished(self, only: Collection[int] | None = None) -> tuple[list[Row[Any]], dict[int, list[Row[Any]]]]:
        """Every table still to be played (neither over nor closed; of ``only`` if given) and its events."""

        def read(c: Connection) -> tuple[list[Row[Any]], dict[int, list[Row[Any]]]]:
            query = select(schema.tables).where(schema.tables.c.status.not_in(("over", "closed")))
            if only is not None:
                query = query.where(schema.tables.c.id.in_(list(only)))
            rows = list(c.execute(query.order_by(schema.tables.c.id)).all())
            ids = [r.id for r in rows]
            by_table: dict[int, list[Row[Any]]] = {}
            if ids:
                for e in c.execute(
                    select(schema.events)
                    .where(schema.events.c.table_id.in_(ids))
                    .order_by(schema.events.c.table_id, schema.events.c.seq)
                ):
                    by_table.setdefault(e.table_id, []).append(e)
            return rows, by_table

        return self.store.read(read)

    def open_count(self, user_id: int) -> int:
        """How many tables ``user_id`` created that are still to be played (neither over nor closed)."""
        return int(
            self.store.read(
                lambda c: c.execute(
                    select(func.count())
                    .select_from(schema.tables)
                    .where(schema.tables.c.created_by == user_id, schema.tables.c.status.not_in(("over", "closed")))
                ).scalar_one()
            )
        )

    def status(self, table_id: int) -> str | None:
        """A table row's status, None if there is no such table."""
        if not 0 <= table_id <= schema.MAX_ID:
            return None
        row = self.store.read(
            lambda c: c.execute(select(schema.tables.c.status).where(schema.tables.c.id == table_id)).first()
        )
        return None if row is None else str(row.status)

    async def set_status(self, table_id: int, status: str) -> None:
        def write(c: Connection) -> None:
            c.execute(update(schema.tables).where(schema.tables.c.id == table_id).values(status=status))

        await self.store.awrite(write)

    def for_replay(self, table_id: int, upto: int) -> tuple[Row[Any] | None, list[Any]]:
        """A table row and its card events (deals, actions, timeouts) up to hand ``upto``."""
        if not 0 <= table_id <= schema.MAX_ID:
            return None, []

        def read(c: Connection) -> tuple[Row[Any] | None, list[Any]]:
            row = c.execute(select(schema.tables).where(schema.tables.c.id == table_id)).first()
            evs = c.execute(
                select(schema.events.c.kind, schema.events.c.seat, schema.events.c.text, schema.events.c.hand)
                .where(
                    schema.events.c.table_id == table_id,
                    schema.events.c.hand <= upto,
                    schema.events.c.kind.in_(REPLAYED_KINDS),
                )
                .order_by(schema.events.c.seq)
            ).all()
            return row, list(evs)

        return self.store.read(read)

    def append(
        self, table_id: int, rows: Sequence[dict[str, Any]], status: str | None
    ) -> concurrent.futures.Future[Any] | None:
        """Queue one step's event rows (and the table row's new ``status``) as one transaction; None if
        there is nothing to write. The future is set once it has committed, or with the error."""
        if not rows and status is None:
            return None
        if len(rows) == 1 and status is None:
            return self.store.insert(schema.events, rows[0])  # the common case: batched with other tables' moves
        return self.store.writer.step(*self._step(table_id, rows, status))

    def append_soon(
        self, table_id: int, rows: Sequence[dict[str, Any]], status: str | None, future: asyncio.Future[None]
    ) -> bool:
        """:meth:`append` for an event loop: ``future`` (of the calling loop) is set once the step has
        committed, or with the error; False (and ``future`` untouched) if there is nothing to write."""
        if not rows and status is None:
            return False
        if len(rows) == 1 and status is None:
            self.store.writer.insert_soon(schema.events, rows, future)  # batched with other tables' moves
        else:
            self.store.writer.step_soon(future, *self._step(table_id, rows, status))
        return True

    @staticmethod
    def _step(table_id: int, rows: Sequence[dict[str, Any]], status: str | None) -> list[Insert | Update]:
        parts: list[Insert | Update] = [Insert(schema.events, rows)] if rows else []
        if status is not None:
            parts.append(Update(schema.tables, "id", table_id, {"status": status}))
        return parts
