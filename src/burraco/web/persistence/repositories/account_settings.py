"""An account's own settings: its password, its name, whether its profile is public, and deleting it.

Deleting an account removes or anonymises every row about the person (:func:`delete_account`, one
transaction). **Removed**: its sessions; friendships and friend requests, blocks and chat mutes either
way; its own notifications, and every notification it sent others (so its name is not left in their
lists); its chat messages, and the reports of them; its chat ban; its segnapunti matches
(``keeper:<id>``); its table invitation links and the links and seats kept for it; its tournament
invitations. **Anonymised**: the user row stays as a ``deleted`` user named :data:`DELETED_NAME`, with no
password or name key and the placeholder's skeleton (its old name is free again; nobody may register
one looking like the placeholder); its name becomes the placeholder in the stored match summaries, in
the events its replays name the seats from, and in the context copied into chat reports; the analyses
it asked for no longer name who asked. **Kept, and why**: its matches and their events (the other
players' results, ratings and replays stay whole, under the placeholder), the tables and tournaments
it created (other players' history; they name only the placeholder's id), and the reports it made
(an operator's record, under the placeholder).
"""

from __future__ import annotations

import hashlib
from typing import Any, Final

from sqlalchemy import Connection, delete, or_, select, update

from burraco.web.accounts.auth import AuthError, NameConfusable, name_key, name_skeleton
from burraco.web.persistence import db, schema

DELETED_NAME: Final = "Giocatore eliminato"
"""What a deleted account is called from then on (the page words it in the reader's language)."""
DELETED_KIND: Final = "deleted"


def rename(c: Connection, user_id: int, name: str) -> None:
    """Give an account a new name: free case-insensitively (:class:`AuthError`) and not looking like
    another account's (:class:`NameConfusable`); its own old name does not count."""
    key, skeleton = name_key(name), name_skeleton(name)
    users = schema.users
    if c.execute(select(users.c.id).where(users.c.name_key == key, users.c.id != user_id)).first():
        raise AuthError(f"the name {name!r} is taken")
    if c.execute(select(users.c.id).where(users.c.name_skeleton == skeleton, users.c.id != user_id)).first():
        raise NameConfusable(f"the name {name!r} looks like another account's")
    c.execute(update(users).where(users.c.id == user_id).values(name=name, name_key=key, name_skeleton=skeleton))


def entrant_names(summary: dict[str, Any], seat: int, players: int, name: str) -> dict[str, Any]:
    """A match summary whose entrant names show ``name`` for the player at ``seat``.

    >>> entrant_names({"entrants": ["Ann & Bob", "Cy & Di"]}, 2, 4, "X")["entrants"]
    ['Ann & X', 'Cy & Di']
    >>> entrant_names({"entrants": ["Ann", "Bob"]}, 1, 2, "X")["entrants"]
    ['Ann', 'X']
    """
    names = list(summary.get("entrants", []))
    entrant, part = (seat % 2, seat // 2) if players == 4 else (seat, 0)
    if entrant < len(names):
        parts = str(names[entrant]).split(" & ")
        if part < len(parts):
            parts[part] = name
            names[entrant] = " & ".join(parts)
    return {**summary, "entrants": names}


def delete_account(c: Connection, user_id: int) -> None:
    """Anonymise an account and end its sessions (one transaction; see the module's docstring)."""
    mp = schema.match_players
    played = c.execute(select(mp.c.match_id, mp.c.seat).where(mp.c.user_id == user_id)).all()
    for match_id, seat in played:
        players = len(c.execute(select(mp.c.seat).where(mp.c.match_id == match_id)).all())
        summary = c.execute(select(schema.matches.c.summary).where(schema.matches.c.id == match_id)).scalar_one()
        renamed = entrant_names(summary, seat, players, DELETED_NAME)
        c.execute(update(schema.matches).where(schema.matches.c.id == match_id).values(summary=renamed))
    c.execute(
        update(schema.events)
        .where(schema.events.c.user_id == user_id, schema.events.c.kind == "sit")
        .values(text=DELETED_NAME)
    )
    c.execute(delete(schema.sessions).where(schema.sessions.c.user_id == user_id))
    friends, blocks = schema.friendships.c, schema.blocks.c
    c.execute(delete(schema.friendships).where(or_(friends.user_id == user_id, friends.friend_id == user_id)))
    c.execute(delete(schema.blocks).where(or_(blocks.user_id == user_id, blocks.blocked_id == user_id)))
    c.execute(delete(schema.notifications).where(schema.notifications.c.user_id == user_id))
    _forget_social(c, user_id)
    c.execute(
        update(schema.users)
        .where(schema.users.c.id == user_id)
        .values(
            name=DELETED_NAME,
            name_key=None,
            name_skeleton=name_skeleton(DELETED_NAME),  # nobody may register a name that looks like it
            password_hash=None,
            kind=DELETED_KIND,
            public_profile=False,
        )
    )


def _forget_social(c: Connection, user_id: int) -> None:
    """The social rows of a deleted account (see the module's docstring)."""
    n, m, r = schema.notifications.c, schema.chat_messages.c, schema.chat_reports.c
    c.execute(delete(schema.notifications).where(n.data["from_id"].as_integer() == user_id))
    said = select(m.id).where(m.user_id == user_id)
    talked_at = {int(t) for t in c.execute(select(m.table_id).where(m.user_id == user_id).distinct()).scalars()}
    c.execute(delete(schema.chat_reports).where(r.message_id.in_(said)))
    c.execute(delete(schema.chat_messages).where(m.user_id == user_id))
    for report in c.execute(select(r.id, r.context).where(r.table_id.in_(sorted(talked_at)))).all():
        context = [
            {**line, "name": DELETED_NAME, "text": None, "phrase": None} if line.get("user") == user_id else line
            for line in report.context
        ]
        if context != report.context:
            c.execute(update(schema.chat_reports).where(r.id == report.id).values(context=context))
    mutes, bans = schema.chat_mutes.c, schema.chat_bans.c
    c.execute(delete(schema.chat_mutes).where(or_(mutes.user_id == user_id, mutes.muted_id == user_id)))
    c.execute(delete(schema.chat_bans).where(bans.user_id == user_id))
    c.execute(delete(schema.settings).where(schema.settings.c.key == f"keeper:{user_id}"))
    links, guests = schema.table_invitations.c, schema.table_guests.c
    c.execute(delete(schema.table_invitations).where(or_(links.owner_id == user_id, links.friend_id == user_id)))
    c.execute(delete(schema.table_guests).where(guests.user_id == user_id))
    c.execute(delete(schema.tournament_invitations).where(schema.tournament_invitations.c.user_id == user_id))
    analyses = schema.hand_analyses.c
    c.execute(update(schema.hand_analyses).where(analyses.requested_by == user_id).values(requested_by=None))


class AccountSettingsRepository:
    """Writes of an account's own settings (each one transaction)."""

    def __init__(self, store: db.Store) -> None:
        self.store = store

    def password_hash(self, user_id: int) -> str | None:
        row = self.store.read(
            lambda c: c.execute(select(schema.users.c.password_hash).where(schema.users.c.id == user_id)).first()
        )
        return None if row is None else row[0]

    async def set_password(self, user_id: int, hashed: str, keep_token: str) -> None:
        """A new password hash; every other session of the account ends (the one asking stays)."""
        kept = hashlib.sha256(keep_token.encode()).hexdigest()

        def write(c: Connection) -> None:
            c.execute(update(schema.users).where(schema.users.c.id == user_id).values(password_hash=hashed))
            c.execute(delete(schema.sessions).where(schema.sessions.c.user_id == user_id, schema.sessions.c.id != kept))

        await self.store.awrite(write)

    async def rename(self, user_id: int, name: str) -> None:
        await self.store.awrite(lambda c: rename(c, user_id, name))

    async def set_public(self, user_id: int, public: bool) -> None:
        await self.store.awrite(
            lambda c: c.execute(update(schema.users).where(schema.users.c.id == user_id).values(public_profile=public))
        )

    async def delete(self, user_id: int) -> None:
        await self.store.awrite(lambda c: delete_account(c, user_id))
