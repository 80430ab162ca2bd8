"""Score terminals' rows: one table code per table of a turn (``terminal_codes``) and every hand or
confirmation a phone sent with it (``terminal_entries``), each keyed by the phone's own client id so
that a resent submission (a queue replayed after the connection came back) is stored once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, select

from burraco.web.persistence import db, schema


@dataclass(frozen=True, slots=True)
class CodeRow:
    """A table's code for one turn."""

    code: str
    tournament_id: int
    turn: int
    table: int
    created_at: float


@dataclass(frozen=True, slots=True)
class EntryRow:
    """One submission of a phone: a hand (``hand`` >= 1) or a confirmation (``hand`` 0)."""

    id: int
    client_id: str
    device: str
    hand: int
    entry: dict[str, Any]
    ns: int
    ew: int
    created_at: float


def _code(r: Any) -> CodeRow:
    return CodeRow(str(r.code), int(r.tournament_id), int(r.turn), int(r.table_no), float(r.created_at))


def _entry(r: Any) -> EntryRow:
    return EntryRow(
        int(r.id),
        str(r.client_id),
        str(r.device),
        int(r.hand),
        dict(r.entry),
        int(r.ns),
        int(r.ew),
        float(r.created_at),
    )


class TerminalRepository:
    """The ``terminal_codes`` and ``terminal_entries`` rows."""

    def __init__(self, store: db.Store) -> None:
        self.store = store

    def codes(self, tournament_id: int, turn: int) -> list[CodeRow]:
        c = schema.terminal_codes.c
        query = (
            select(schema.terminal_codes).where(c.tournament_id == tournament_id, c.turn == turn).order_by(c.table_no)
        )
        return [_code(r) for r in self.store.read(lambda conn: conn.execute(query).all())]

    def add_codes(self, rows: list[CodeRow]) -> None:
        """Store new codes (a table that already has one for the turn keeps it)."""

        def write(conn: Connection) -> None:
            c = schema.terminal_codes.c
            for row in rows:
                exists = conn.execute(
                    select(c.code).where(
                        c.tournament_id == row.tournament_id, c.turn == row.turn, c.table_no == row.table
                    )
                ).first()
                if exists is None:
                    conn.execute(
                        schema.terminal_codes.insert().values(
                            code=row.code,
                            tournament_id=row.tournament_id,
                            turn=row.turn,
                            table_no=row.table,
                            created_at=row.created_at,
                        )
                    )

        self.store.write(write).result()

    def code(self, code: str) -> CodeRow | None:
        query = select(schema.terminal_codes).where(schema.terminal_codes.c.code == code)
        row = self.store.read(lambda conn: conn.execute(query).first())
        return None if row is None else _code(row)

    def entries(self, code: str) -> list[EntryRow]:
        c = schema.terminal_entries.c
        query = select(schema.terminal_entries).where(c.code == code).order_by(c.id)
        return [_entry(r) for r in self.store.read(lambda conn: conn.execute(query).all())]

    def add_entry(
        self, code: str, client_id: str, device: str, hand: int, entry: dict[str, Any], ns: int, ew: int, now: float
    ) -> bool:
        """Store a submission unless its client id was stored already (False then: nothing written)."""

        def write(conn: Connection) -> bool:
            c = schema.terminal_entries.c
            if conn.execute(select(c.id).where(c.code == code, c.client_id == client_id)).first() is not None:
                return False
            conn.execute(
                schema.terminal_entries.insert().values(
                    code=code, client_id=client_id, device=device, hand=hand, entry=entry, ns=ns, ew=ew, created_at=now
                )
            )
            return True

        return self.store.write(write).result()
