"""Tournament rows (the director module's JSON document, one row per event) and the users' roles.

Every change is a compare-and-set on ``version``: :meth:`TournamentRepository.save` writes only if the
row still has the version the change was computed from, so two directors (or two server processes)
never overwrite each other's step; the loser is told to reload.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import Connection, delete, desc, insert, select, update

from burraco.web.accounts.auth import name_key
from burraco.web.persistence import db, schema

ROLES: Final = ("player", "director")
"""``player``: everyone by default; ``director``: may create and run tournaments (``burraco director``)."""
LISTED: Final = 200
"""Tournaments the public list shows (newest first)."""
INVITATIONS: Final = 50
"""Events :meth:`TournamentRepository.invited_to` names at most (newest first)."""


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """One stored tournament."""

    id: int
    name: str
    owner_id: int
    owner: str
    document: dict[str, Any]
    version: int
    created_at: float
    updated_at: float
    online: dict[str, Any] | None = None
    """Online play (``tournaments/tables.py``): linked accounts, started turns; None until used."""


def _row(r: Any) -> TournamentRow:
    return TournamentRow(
        int(r.id),
        str(r.name),
        int(r.owner_id),
        str(r.owner),
        dict(r.document),
        int(r.version),
        float(r.created_at),
        float(r.updated_at),
        None if r.online is None else dict(r.online),
    )


def _query() -> Any:
    t = schema.tournaments
    return select(
        t.c.id,
        t.c.name,
        t.c.owner_id,
        schema.users.c.name.label("owner"),
        t.c.document,
        t.c.version,
        t.c.created_at,
        t.c.updated_at,
        t.c.online,
    ).join(schema.users, schema.users.c.id == t.c.owner_id)


class TournamentRepository:
    """The ``tournaments`` rows, and the ``role`` column of ``users``."""

    def __init__(self, store: db.Store) -> None:
        self.store = store

    def create(self, name: str, owner_id: int, document: dict[str, Any], now: float) -> int:
        """Store a new tournament (version 1); its id."""
        return self.store.write(
            lambda c: db.new_id(
                c.execute(
                    schema.tournaments.insert().values(
                        name=name[:80], owner_id=owner_id, document=document, version=1, created_at=now, updated_at=now
                    )
                )
            )
        ).result()

    def get(self, tournament_id: int) -> TournamentRow | None:
        if not 0 <= tournament_id <= schema.MAX_ID:
            return None
        row = self.store.read(lambda c: c.execute(_query().where(schema.tournaments.c.id == tournament_id)).first())
        return None if row is None else _row(row)

    def listed(self, owner_id: int | None = None) -> list[TournamentRow]:
        """The newest tournaments (of ``owner_id`` if given)."""
        query = _query()
        if owner_id is not None:
            query = query.where(schema.tournaments.c.owner_id == owner_id)
        query = query.order_by(desc(schema.tournaments.c.updated_at), desc(schema.tournaments.c.id)).limit(LISTED)
        return [_row(r) for r in self.store.read(lambda c: c.execute(query).all())]

    def save(
        self,
        tournament_id: int,
        version: int,
        name: str,
        document: dict[str, Any],
        now: float,
        online: dict[str, Any] | None = None,
        invited: Collection[int] | None = None,
    ) -> bool:
        """Write a changed document (and its online part, when given) if the row is still at ``version``
        (then it is at ``version + 1``); False when another change came first (nothing written).
        ``invited``: the accounts with a pending invitation in the online part, kept in the same
        transaction in ``tournament_invitations`` (the index :meth:`invited_to` reads)."""

        def write(c: Connection) -> bool:
            t = schema.tournaments
            values: dict[str, Any] = {
                "name": name[:80],
                "document": document,
                "version": version + 1,
                "updated_at": now,
            }
            if online is not None:
                values["online"] = online
            result = c.execute(update(t).where(t.c.id == tournament_id, t.c.version == version).values(**values))
            if result.rowcount != 1:
                return False
            if invited is not None:
                i = schema.tournament_invitations
                c.execute(delete(i).where(i.c.tournament_id == tournament_id))
                if invited:
                    c.execute(insert(i), [{"tournament_id": tournament_id, "user_id": u} for u in sorted(set(invited))])
            return True

        return self.store.write(write).result()

    def invited_to(self, user_id: int) -> list[int]:
        """The events where ``user_id`` has a pending invitation (newest first, at most :data:`INVITATIONS`)."""
        if not 0 <= user_id <= schema.MAX_ID:
            return []
        i = schema.tournament_invitations
        query = select(i.c.tournament_id).where(i.c.user_id == user_id).order_by(desc(i.c.tournament_id))
        return [int(r.tournament_id) for r in self.store.read(lambda c: c.execute(query.limit(INVITATIONS)).all())]

    # ------------------------------------------------------------------ roles
    def role(self, user_id: int) -> str:
        """A user's role (``player`` for an unknown id)."""
        if not 0 <= user_id <= schema.MAX_ID:
            return "player"
        row = self.store.read(
            lambda c: c.execute(select(schema.users.c.role).where(schema.users.c.id == user_id)).first()
        )
        return "player" if row is None else str(row.role)

    def set_role(self, name: str, role: str) -> bool:
        """Give the account called ``name`` (case-insensitive) ``role``; False if there is no such account."""
        if role not in ROLES:
            raise ValueError(f"unknown role {role!r}; known: {', '.join(ROLES)}")

        def write(c: Connection) -> bool:
            u = schema.users
            result = c.execute(update(u).where(u.c.name_key == name_key(name), u.c.kind == "account").values(role=role))
            return bool(result.rowcount == 1)

        return self.store.write(write).result()

    def directors(self) -> list[str]:
        """The names of every director, alphabetically."""
        rows = self.store.read(
            lambda c: c.execute(
                select(schema.users.c.name).where(schema.users.c.role == "director").order_by(schema.users.c.name_key)
            ).all()
        )
        return [str(r.name) for r in rows]
