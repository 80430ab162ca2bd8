"""Users, sessions (the cookie holds a token, the database its SHA-256) and the session secret."""

from __future__ import annotations

import hashlib
import secrets
from typing import NamedTuple

from sqlalchemy import Connection, delete, select

from burraco.web.accounts import auth, ratings
from burraco.web.accounts.auth import AuthError, NameConfusable, User, name_key, name_skeleton
from burraco.web.persistence import db, schema
from burraco.web.protocol.difficulty import DIFFICULTIES

BOT_NAMES = DIFFICULTIES
"""One bot user per difficulty; :meth:`UserRepository.ensure_bots` creates the missing ones."""


class LoginRow(NamedTuple):
    id: int
    password_hash: str | None


class UserRepository:
    """Accounts, guests and bot users; the sessions that sign them in."""

    def __init__(self, store: db.Store) -> None:
        self.store = store

    def create(self, name: str, kind: str, password_hash: str | None, now: float) -> int:
        """A new user. An account's name must be free, case-insensitively (:class:`AuthError`), and must
        not look like another account's (the same :func:`~burraco.web.accounts.auth.name_skeleton`:
        :class:`NameConfusable`)."""
        key = name_key(name) if kind == "account" else None
        skeleton = name_skeleton(name) if kind == "account" else None

        def write(c: Connection) -> int:
            if key is not None and c.execute(select(schema.users.c.id).where(schema.users.c.name_key == key)).first():
                raise AuthError(f"the name {name!r} is taken")
            looks_alike = select(schema.users.c.id).where(schema.users.c.name_skeleton == skeleton)
            if skeleton is not None and c.execute(looks_alike).first():
                raise NameConfusable(f"the name {name!r} looks like another account's")
            return _insert_user(c, name, key, kind, password_hash, now, skeleton)

        return self.store.write(write).result()

    def login_row(self, key: str) -> LoginRow | None:
        """The id and password hash of the account whose :func:`~burraco.web.accounts.auth.name_key` is ``key``."""
        row = self.store.read(
            lambda c: c.execute(
                select(schema.users.c.id, schema.users.c.password_hash).where(
                    schema.users.c.name_key == key, schema.users.c.kind == "account"
                )
            ).first()
        )
        return LoginRow(int(row.id), row.password_hash) if row is not None else None

    def get(self, user_id: int) -> User | None:
        if not 0 <= user_id <= schema.MAX_ID:  # PostgreSQL refuses an integer out of range: no such user
            return None
        return self.store.read(lambda c: get_user(c, user_id))

    def ensure_bots(self, now: float) -> dict[str, int]:
        """The user id of each bot difficulty (created on first start)."""

        def write(c: Connection) -> dict[str, int]:
            found: dict[str, int] = {}
            for name in BOT_NAMES:
                key = f"bot:{name}"
                row = c.execute(select(schema.users.c.id).where(schema.users.c.name_key == key)).first()
                found[name] = (
                    int(row[0]) if row is not None else _insert_user(c, f"Bot ({name})", key, "bot", None, now)
                )
            return found

        return self.store.write(write).result()

    # ------------------------------------------------------------------ sessions
    def open_session(self, user_id: int, now: float) -> str:
        return self.store.write(lambda c: new_session(c, user_id, now)).result()

    async def end_session(self, token: str) -> None:
        await self.store.awrite(lambda c: end_session(c, token))

    def session_user(self, user_id: int, token: str) -> User | None:
        return self.store.read(lambda c: session_user(c, user_id, token))

    def secret_key(self) -> str:
        return self.store.write(secret_key).result()


def _insert_user(
    c: Connection,
    name: str,
    key: str | None,
    kind: str,
    password_hash: str | None,
    now: float,
    skeleton: str | None = None,
) -> int:
    return db.new_id(
        c.execute(
            schema.users.insert().values(
                name=name,
                name_key=key,
                name_skeleton=skeleton,
                password_hash=password_hash,
                kind=kind,
                mu=ratings.DEFAULT_MU,
                sigma=ratings.DEFAULT_SIGMA,
                matches=0,
                created_at=now,
            )
        )
    )


def _token_key(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_session(connection: Connection, user_id: int, now: float) -> str:
    """Open a session for ``user_id`` (forgetting sessions past their age) and return its token."""
    connection.execute(delete(schema.sessions).where(schema.sessions.c.created_at < now - auth.SESSION_DAYS * 86400))
    token = secrets.token_urlsafe(24)
    connection.execute(schema.sessions.insert().values(id=_token_key(token), user_id=user_id, created_at=now))
    return token


def end_session(connection: Connection, token: str) -> None:
    connection.execute(delete(schema.sessions).where(schema.sessions.c.id == _token_key(token)))


def session_user(connection: Connection, user_id: int, token: str) -> User | None:
    """The user of a live session (None once it was ended by a logout)."""
    row = connection.execute(
        select(schema.users)
        .join(schema.sessions, schema.sessions.c.user_id == schema.users.c.id)
        .where(schema.sessions.c.id == _token_key(token), schema.users.c.id == user_id)
    ).first()
    return _row_user(row) if row is not None else None


def _row_user(row: object) -> User:
    r = row._mapping  # type: ignore[attr-defined]
    return User(r["id"], r["name"], r["kind"], r["mu"], r["sigma"], r["matches"])


def get_user(connection: Connection, user_id: int) -> User | None:
    row = connection.execute(select(schema.users).where(schema.users.c.id == user_id)).first()
    return _row_user(row) if row is not None else None


def secret_key(connection: Connection) -> str:
    """The server's session secret, made once and kept in the database (sessions survive restarts)."""
    row = connection.execute(select(schema.settings.c.value).where(schema.settings.c.key == "secret")).first()
    if row is not None:
        return str(row[0])
    value = secrets.token_urlsafe(32)
    connection.execute(schema.settings.insert().values(key="secret", value=value))
    return value
