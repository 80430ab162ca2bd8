"""The arbiter's rulings (``arbiter_rulings``): one row per ruling recorded on a hand of a paper table
of a tournament turn, with the answers it was computed from and its JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, select

from burraco.web.persistence import db, schema


@dataclass(frozen=True, slots=True)
class RulingRow:
    """One recorded ruling."""

    id: int
    tournament_id: int
    turn: int
    table: int
    hand: int
    article: int
    answers: dict[str, str]
    ruling: dict[str, Any]
    side: str | None
    line: str | None
    source: str
    created_at: float


def _row(r: Any) -> RulingRow:
    return RulingRow(
        int(r.id),
        int(r.tournament_id),
        int(r.turn),
        int(r.table_no),
        int(r.hand),
        int(r.article),
        dict(r.answers),
        dict(r.ruling),
        None if r.side is None else str(r.side),
        None if r.line is None else str(r.line),
        str(r.source),
        float(r.created_at),
    )


class RulingRepository:
    """The ``arbiter_rulings`` rows."""

    def __init__(self, store: db.Store) -> None:
        self.store = store

    def of_tournament(self, tournament_id: int) -> list[RulingRow]:
        """Every ruling of the event, oldest first."""
        c = schema.arbiter_rulings.c
        query = select(schema.arbiter_rulings).where(c.tournament_id == tournament_id).order_by(c.id)
        return [_row(r) for r in self.store.read(lambda conn: conn.execute(query).all())]

    def of_table(self, tournament_id: int, turn: int, table: int) -> list[RulingRow]:
        """The rulings recorded on one table of a turn, oldest first."""
        c = schema.arbiter_rulings.c
        query = (
            select(schema.arbiter_rulings)
            .where(c.tournament_id == tournament_id, c.turn == turn, c.table_no == table)
            .order_by(c.id)
        )
        return [_row(r) for r in self.store.read(lambda conn: conn.execute(query).all())]

    def add(self, row: RulingRow) -> int:
        """Store a ruling (its ``id`` is ignored); the new row's id."""

        def write(conn: Connection) -> int:
            result = conn.execute(
                schema.arbiter_rulings.insert().values(
                    tournament_id=row.tournament_id,
                    turn=row.turn,
                    table_no=row.table,
                    hand=row.hand,
                    article=row.article,
                    answers=row.answers,
                    ruling=row.ruling,
                    side=row.side,
                    line=row.line,
                    source=row.source,
                    created_at=row.created_at,
                )
            )
            return db.new_id(result)

        return self.store.write(write).result()
