"""Friends, blocks and notifications: friend requests (asked, accepted, refused, cancelled), friendships,
who blocked whom, and each user's in-app notifications.

A friendship is one ``friendships`` row from the user who asked to the one asked, ``accepted`` once
answered yes. A block is one ``blocks`` row; blocking someone ends any friendship or request between the
two. :func:`is_blocked` is the one question the rest of the app asks (either of two users blocked the
other: they do not share a table, invite each other, ask each other to be friends or talk).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from sqlalchemy import Connection, and_, delete, exists, func, or_, select, update

from burraco.web.accounts.auth import name_key
from burraco.web.persistence import db, schema

SEARCH_LIMIT: Final = 20
"""Users one name search returns at most."""
MAX_PENDING: Final = 50
"""Friend requests one user may have waiting for an answer at once."""
MAX_FRIENDS: Final = 500
"""Friends one user may have."""
KEPT_NOTIFICATIONS: Final = 100
"""Notifications kept per user (older ones are deleted as new ones come)."""
LISTED_NOTIFICATIONS: Final = 50
"""Notifications ``GET /api/notifications`` returns (the newest)."""
KEPT_REQUEST_NOTIFICATIONS: Final = 20
"""Friend-request notifications kept per user (the newest): many askers never push out the rest."""


class NotificationKind(StrEnum):
    """What a notification tells its user."""

    FRIEND_REQUEST = "friend_request"
    """Someone asks to be friends (``data``: ``from_id``, ``from_name``)."""
    FRIEND_ACCEPTED = "friend_accepted"
    """Someone accepted the user's friend request."""
    TABLE_INVITE = "table_invite"
    """A friend invites the user to a table (``data``: ``table_id``, ``table_name``, ``token`` for a private
    table's invitation link, else None)."""


class FriendStatus(StrEnum):
    """Where a friend request went."""

    SENT = "sent"
    ACCEPTED = "accepted"


class SocialError(ValueError):
    """A refused friends request: ``code`` is an ``http.refusals`` code."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code, self.params = code, params


@dataclass(frozen=True, slots=True)
class Person:
    """Another user as the friends page shows them."""

    id: int
    name: str


def is_blocked(connection: Connection, a: int, b: int) -> bool:
    """Whether ``a`` blocked ``b`` or ``b`` blocked ``a``: then neither may sit at the other's tables,
    invite the other, ask the other to be friends, or talk to the other."""
    blocks = schema.blocks.c
    either = or_(
        and_(blocks.user_id == a, blocks.blocked_id == b),
        and_(blocks.user_id == b, blocks.blocked_id == a),
    )
    return connection.execute(select(blocks.user_id).where(either).limit(1)).first() is not None


def _row(connection: Connection, asker: int, asked: int) -> Any:
    f = schema.friendships.c
    return connection.execute(select(schema.friendships).where(f.user_id == asker, f.friend_id == asked)).first()


def _pair(a: int, b: int) -> Any:
    f = schema.friendships.c
    return or_(and_(f.user_id == a, f.friend_id == b), and_(f.user_id == b, f.friend_id == a))


def _kind(connection: Connection, user_id: int) -> str | None:
    row = connection.execute(select(schema.users.c.kind).where(schema.users.c.id == user_id)).first()
    return None if row is None else str(row.kind)


def _people(connection: Connection, query: Any) -> list[Person]:
    return [Person(int(r.id), str(r.name)) for r in connection.execute(query)]


SAME_KEYS: Final = {
    NotificationKind.FRIEND_REQUEST: ("from_id",),
    NotificationKind.FRIEND_ACCEPTED: ("from_id",),
    NotificationKind.TABLE_INVITE: ("from_id", "table_id"),
}
"""What makes two notifications of a kind the same (the newer replaces the older)."""


def _drop_same(c: Connection, user_id: int, kind: NotificationKind, data: dict[str, Any]) -> None:
    """Delete ``user_id``'s notifications of ``kind`` whose :data:`SAME_KEYS` equal ``data``'s (a user
    keeps at most :data:`KEPT_NOTIFICATIONS`, so the rows are compared here rather than in JSON SQL)."""
    n, keys = schema.notifications.c, SAME_KEYS[kind]
    rows = c.execute(select(n.id, n.data).where(n.user_id == user_id, n.kind == kind.value)).all()
    same = [int(r.id) for r in rows if all(dict(r.data).get(k) == data.get(k) for k in keys)]
    if same:
        c.execute(delete(schema.notifications).where(n.id.in_(same)))


def _keep_newest(c: Connection, user_id: int, kept: int, *where: Any) -> None:
    n = schema.notifications.c
    keep = select(n.id).where(n.user_id == user_id, *where).order_by(n.id.desc()).limit(kept)
    oldest = c.execute(select(func.min(keep.subquery().c.id))).scalar_one()
    if oldest is not None:
        c.execute(delete(schema.notifications).where(n.user_id == user_id, n.id < oldest, *where))


class FriendRepository:
    """Friend requests, friendships, blocks and notifications over the app's store."""

    def __init__(self, store: db.Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ questions
    def is_blocked(self, a: int, b: int) -> bool:
        """:func:`is_blocked` in its own read."""
        return self.store.read(lambda c: is_blocked(c, a, b))

    def are_friends(self, a: int, b: int) -> bool:
        f = schema.friendships.c
        query = select(f.user_id).where(_pair(a, b), f.accepted.is_(True)).limit(1)
        return self.store.read(lambda c: c.execute(query).first() is not None)

    def search(self, user_id: int, prefix: str, limit: int = SEARCH_LIMIT) -> list[Person]:
        """Accounts whose name starts with ``prefix`` (case-insensitively), by name: never the asker, a
        guest, a bot, or someone who blocked the asker."""
        key = name_key(prefix).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        u, b = schema.users.c, schema.blocks.c
        blocked_me = exists().where(b.user_id == u.id, b.blocked_id == user_id)
        query = (
            select(u.id, u.name)
            .where(u.kind == "account", u.id != user_id, u.name_key.like(f"{key}%", escape="\\"), ~blocked_me)
            .order_by(u.name_key)
            .limit(limit)
        )
        return self.store.read(lambda c: _people(c, query))

    def overview(self, user_id: int) -> dict[str, list[Person]]:
        """The user's friends, the requests they were sent and sent, and who they blocked, each by name."""
        f, u, b = schema.friendships.c, schema.users.c, schema.blocks.c

        def read(c: Connection) -> dict[str, list[Person]]:
            mine = select(u.id, u.name).order_by(u.name_key)
            friends = mine.where(
                or_(
                    exists().where(f.user_id == user_id, f.friend_id == u.id, f.accepted.is_(True)),
                    exists().where(f.friend_id == user_id, f.user_id == u.id, f.accepted.is_(True)),
                )
            )
            incoming = mine.where(exists().where(f.friend_id == user_id, f.user_id == u.id, f.accepted.is_(False)))
            outgoing = mine.where(exists().where(f.user_id == user_id, f.friend_id == u.id, f.accepted.is_(False)))
            blocked = mine.where(exists().where(b.user_id == user_id, b.blocked_id == u.id))
            return {
                "friends": _people(c, friends),
                "incoming": _people(c, incoming),
                "outgoing": _people(c, outgoing),
                "blocked": _people(c, blocked),
            }

        return self.store.read(read)

    # ------------------------------------------------------------------ changes
    def request(self, asker: int, asked: int, now: float) -> FriendStatus:
        """``asker`` asks ``asked`` to be friends; if ``asked`` had already asked ``asker``, they are friends
        at once (:attr:`FriendStatus.ACCEPTED`). Refused (:class:`SocialError`) for oneself, a user who is
        not an account, a block either way, friends already, a request already sent, or too many."""

        def write(c: Connection) -> FriendStatus:
            if asker == asked or _kind(c, asked) != "account":
                raise SocialError("friend_unknown")
            if is_blocked(c, asker, asked):
                raise SocialError("friend_blocked")
            mine, theirs = _row(c, asker, asked), _row(c, asked, asker)
            if (mine is not None and mine.accepted) or (theirs is not None and theirs.accepted):
                raise SocialError("already_friends")
            if mine is not None:
                raise SocialError("already_asked")
            if theirs is not None:
                self._accept(c, asked, asker)
                return FriendStatus.ACCEPTED
            f = schema.friendships.c
            pending = c.execute(
                select(func.count()).select_from(schema.friendships).where(f.user_id == asker, f.accepted.is_(False))
            ).scalar_one()
            if pending >= MAX_PENDING:
                raise SocialError("too_many_requests", limit=MAX_PENDING)
            self._check_room(c, asker)
            c.execute(
                schema.friendships.insert().values(user_id=asker, friend_id=asked, accepted=False, created_at=now)
            )
            return FriendStatus.SENT

        return self.store.write(write).result()

    @staticmethod
    def _check_room(c: Connection, user_id: int) -> None:
        f = schema.friendships.c
        count = c.execute(
            select(func.count())
            .select_from(schema.friendships)
            .where(or_(f.user_id == user_id, f.friend_id == user_id), f.accepted.is_(True))
        ).scalar_one()
        if count >= MAX_FRIENDS:
            raise SocialError("too_many_friends", limit=MAX_FRIENDS)

    def _accept(self, c: Connection, asker: int, asked: int) -> None:
        self._check_room(c, asked)
        self._check_room(c, asker)
        f = schema.friendships.c
        c.execute(update(schema.friendships).where(f.user_id == asker, f.friend_id == asked).values(accepted=True))

    def accept(self, user_id: int, asker: int) -> None:
        """``user_id`` accepts ``asker``'s pending request (``no_request`` if there is none)."""

        def write(c: Connection) -> None:
            row = _row(c, asker, user_id)
            if row is None or row.accepted:
                raise SocialError("no_request")
            self._accept(c, asker, user_id)

        self.store.write(write).result()

    def drop_request(self, asker: int, asked: int) -> None:
        """Refuse (by ``asked``) or cancel (by ``asker``) a pending request (``no_request`` if none); the
        request's notification goes with it."""
        f = schema.friendships.c

        def write(c: Connection) -> None:
            gone = c.execute(
                delete(schema.friendships).where(f.user_id == asker, f.friend_id == asked, f.accepted.is_(False))
            )
            if not gone.rowcount:
                raise SocialError("no_request")
            _drop_same(c, asked, NotificationKind.FRIEND_REQUEST, {"from_id": asker})

        self.store.write(write).result()

    def unfriend(self, user_id: int, friend_id: int) -> None:
        """End a friendship (``not_friends`` if there is none)."""
        f = schema.friendships.c

        def write(c: Connection) -> None:
            if not c.execute(
                delete(schema.friendships).where(_pair(user_id, friend_id), f.accepted.is_(True))
            ).rowcount:
                raise SocialError("not_friends")

        self.store.write(write).result()

    def block(self, user_id: int, blocked_id: int, now: float) -> None:
        """``user_id`` blocks ``blocked_id`` (any user but oneself and bots): any friendship or request
        between them ends."""

        def write(c: Connection) -> None:
            kind = _kind(c, blocked_id)
            if blocked_id == user_id or kind is None or kind == "bot":
                raise SocialError("friend_unknown")
            c.execute(delete(schema.friendships).where(_pair(user_id, blocked_id)))
            b = schema.blocks.c
            if c.execute(select(b.user_id).where(b.user_id == user_id, b.blocked_id == blocked_id)).first() is None:
                c.execute(schema.blocks.insert().values(user_id=user_id, blocked_id=blocked_id, created_at=now))

        self.store.write(write).result()

    def unblock(self, user_id: int, blocked_id: int) -> None:
        b = schema.blocks.c

        def write(c: Connection) -> None:
            if not c.execute(delete(schema.blocks).where(b.user_id == user_id, b.blocked_id == blocked_id)).rowcount:
                raise SocialError("not_blocked")

        self.store.write(write).result()

    # ------------------------------------------------------------------ notifications
    def notify(self, user_id: int, kind: NotificationKind, data: dict[str, Any], now: float) -> int:
        """Store a notification for ``user_id``; its id. It replaces the one of the same kind from the same
        sender (about the same table, for an invitation), so a sender is one line in the list however often
        they ask; the user keeps their newest :data:`KEPT_REQUEST_NOTIFICATIONS` friend requests and their
        newest :data:`KEPT_NOTIFICATIONS` notifications in all."""
        n = schema.notifications.c

        def write(c: Connection) -> int:
            _drop_same(c, user_id, kind, data)
            key = db.new_id(
                c.execute(
                    schema.notifications.insert().values(user_id=user_id, kind=kind.value, data=data, created_at=now)
                )
            )
            if kind is NotificationKind.FRIEND_REQUEST:
                _keep_newest(c, user_id, KEPT_REQUEST_NOTIFICATIONS, n.kind == kind.value)
            _keep_newest(c, user_id, KEPT_NOTIFICATIONS)
            return key

        return self.store.write(write).result()

    def notifications(self, user_id: int, limit: int = LISTED_NOTIFICATIONS) -> list[dict[str, Any]]:
        """The user's newest notifications, newest first."""
        n = schema.notifications.c
        query = select(schema.notifications).where(n.user_id == user_id).order_by(n.id.desc()).limit(limit)
        return self.store.read(
            lambda c: [
                {
                    "id": int(r.id),
                    "kind": str(r.kind),
                    "data": dict(r.data),
                    "created_at": float(r.created_at),
                    "read": r.read_at is not None,
                }
                for r in c.execute(query)
            ]
        )

    def mark_read(self, user_id: int, ids: list[int] | None, now: float) -> int:
        """Mark the user's notifications read (those of ``ids``, or all); how many changed."""
        n = schema.notifications.c
        query = update(schema.notifications).where(n.user_id == user_id, n.read_at.is_(None))
        if ids is not None:
            query = query.where(n.id.in_(ids))
        return self.store.write(lambda c: int(c.execute(query.values(read_at=now)).rowcount)).result()
