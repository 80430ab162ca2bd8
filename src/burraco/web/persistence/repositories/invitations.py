"""A private table's invitation links, and who opened one.

A link's token comes from :func:`secrets.token_urlsafe` (32 bytes: 256 bits, never guessed); the database
keeps only its SHA-256, so reading the database gives no working link. A link expires
(:data:`INVITATION_TTL`, 24 hours by default), its table's owner may revoke it, and it may name the one
friend it is for (and the seat kept for them). Whoever opens a valid link is written in ``table_guests``:
the process holding the table lets them in and seats them (``table/invited.py``), whichever process
they reached.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from sqlalchemy import Connection, func, select, update

from burraco.web.persistence import db, schema

INVITATION_TTL: Final = 24 * 3600.0
"""Seconds an invitation link works after it is made (24 hours)."""
TOKEN_BYTES: Final = 32
"""Random bytes of a link's token (``secrets.token_urlsafe``: 43 characters)."""
MAX_LIVE_INVITATIONS: Final = 20
"""Links a table may have working at once (revoke one to make another)."""


class LinkState(StrEnum):
    """Whether an invitation link may be used now."""

    VALID = "valid"
    EXPIRED = "expired"
    REVOKED = "revoked"


@dataclass(frozen=True, slots=True)
class Invitation:
    """One invitation link (without its token, which only its maker saw)."""

    id: int
    table_id: int
    owner_id: int
    friend_id: int | None
    seat: int | None
    created_at: float
    expires_at: float
    revoked_at: float | None

    def state(self, now: float) -> LinkState:
        if self.revoked_at is not None:
            return LinkState.REVOKED
        return LinkState.EXPIRED if now >= self.expires_at else LinkState.VALID

    def to_dict(self, now: float) -> dict[str, Any]:
        return {
            "id": self.id,
            "table_id": self.table_id,
            "friend_id": self.friend_id,
            "seat": self.seat,
            "created_at": self.created_at,
            "expires_at": self.expires_at,
            "state": self.state(now).value,
        }


@dataclass(frozen=True, slots=True)
class TableRow:
    """What an invitation needs of its table's row."""

    id: int
    name: str
    status: str
    created_by: int | None
    private: bool
    players: int


def token_hash(token: str) -> str:
    """The SHA-256 the database keeps of a link's token.

    >>> len(token_hash("abc")), token_hash("abc") == token_hash("abc")
    (64, True)
    """
    return hashlib.sha256(token.encode()).hexdigest()


def _invitation(row: Any) -> Invitation:
    return Invitation(
        int(row.id),
        int(row.table_id),
        int(row.owner_id),
        None if row.friend_id is None else int(row.friend_id),
        None if row.seat is None else int(row.seat),
        float(row.created_at),
        float(row.expires_at),
        None if row.revoked_at is None else float(row.revoked_at),
    )


class InvitationRepository:
    """Invitation links and the guests they let in."""

    def __init__(self, store: db.Store) -> None:
        self.store = store

    def table(self, table_id: int) -> TableRow | None:
        if not 0 <= table_id <= schema.MAX_ID:
            return None
        t = schema.tables.c
        query = select(t.id, t.name, t.status, t.created_by, t.private, t.rules).where(t.id == table_id)
        row = self.store.read(lambda c: c.execute(query).first())
        if row is None:
            return None
        players = int(row.rules.get("players", 2)) if isinstance(row.rules, dict) else 2
        created_by = None if row.created_by is None else int(row.created_by)
        return TableRow(int(row.id), str(row.name), str(row.status), created_by, bool(row.private), players)

    def create(
        self, table_id: int, owner_id: int, friend_id: int | None, seat: int | None, now: float, ttl: float
    ) -> tuple[Invitation, str] | None:
        """A new link to ``table_id`` and its token (None: the table has :data:`MAX_LIVE_INVITATIONS`
        working links already)."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        i = schema.table_invitations.c

        def write(c: Connection) -> Invitation | None:
            live = c.execute(
                select(func.count())
                .select_from(schema.table_invitations)
                .where(i.table_id == table_id, i.revoked_at.is_(None), i.expires_at > now)
            ).scalar_one()
            if live >= MAX_LIVE_INVITATIONS:
                return None
            values = {
                "token_hash": token_hash(token),
                "table_id": table_id,
                "owner_id": owner_id,
                "friend_id": friend_id,
                "seat": seat,
                "created_at": now,
                "expires_at": now + ttl,
                "revoked_at": None,
            }
            key = db.new_id(c.execute(schema.table_invitations.insert().values(**values)))
            return Invitation(key, table_id, owner_id, friend_id, seat, now, now + ttl, None)

        made = self.store.write(write).result()
        return None if made is None else (made, token)

    def by_token(self, token: str) -> Invitation | None:
        i = schema.table_invitations.c
        query = select(schema.table_invitations).where(i.token_hash == token_hash(token))
        row = self.store.read(lambda c: c.execute(query).first())
        return None if row is None else _invitation(row)

    def get(self, invitation_id: int) -> Invitation | None:
        if not 0 <= invitation_id <= schema.MAX_ID:
            return None
        query = select(schema.table_invitations).where(schema.table_invitations.c.id == invitation_id)
        row = self.store.read(lambda c: c.execute(query).first())
        return None if row is None else _invitation(row)

    def of_table(self, table_id: int) -> list[Invitation]:
        i = schema.table_invitations.c
        query = select(schema.table_invitations).where(i.table_id == table_id).order_by(i.id)
        return self.store.read(lambda c: [_invitation(r) for r in c.execute(query)])

    def revoke(self, invitation_id: int, now: float) -> bool:
        """Revoke a link (True: it was working or expired, and is revoked now)."""
        i = schema.table_invitations.c
        query = (
            update(schema.table_invitations).where(i.id == invitation_id, i.revoked_at.is_(None)).values(revoked_at=now)
        )
        return bool(self.store.write(lambda c: c.execute(query).rowcount).result())

    # ------------------------------------------------------------------ guests
    def admit(self, table_id: int, user_id: int, seat: int | None, now: float) -> None:
        """Let ``user_id`` into ``table_id`` (keeping ``seat`` for them if given)."""
        g = schema.table_guests.c

        def write(c: Connection) -> None:
            found = c.execute(select(g.user_id).where(g.table_id == table_id, g.user_id == user_id)).first()
            if found is None:
                c.execute(
                    schema.table_guests.insert().values(table_id=table_id, user_id=user_id, seat=seat, created_at=now)
                )
            elif seat is not None:
                c.execute(
                    update(schema.table_guests).where(g.table_id == table_id, g.user_id == user_id).values(seat=seat)
                )

        self.store.write(write).result()

    def guest(self, table_id: int, user_id: int) -> tuple[bool, int | None]:
        """Whether ``user_id`` opened a link to ``table_id``, and the seat kept for them (None: any)."""
        g = schema.table_guests.c
        query = select(g.seat).where(g.table_id == table_id, g.user_id == user_id)
        row = self.store.read(lambda c: c.execute(query).first())
        return (False, None) if row is None else (True, None if row.seat is None else int(row.seat))

    def kept_seats(self, table_id: int, now: float) -> dict[int, int]:
        """The seats the working links of ``table_id`` keep for the friend each names: seat -> user id."""
        i = schema.table_invitations.c
        query = select(i.seat, i.friend_id).where(
            i.table_id == table_id,
            i.seat.is_not(None),
            i.friend_id.is_not(None),
            i.revoked_at.is_(None),
            i.expires_at > now,
        )
        return self.store.read(lambda c: {int(r.seat): int(r.friend_id) for r in c.execute(query)})
