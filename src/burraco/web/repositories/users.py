"""Users, sessions and the server's settings row (the session secret)."""

from __future__ import annotations

from typing import NamedTuple

from sqlalchemy import Connection, select

from burraco.web import auth, db, ratings
from burraco.web.auth import AuthError, User

BOT_NAMES = ("easy", "normal", "hard", "random")


class LoginRow(NamedTuple):
    id: int
    password_hash: str | None


class UserRepository:
    """Accounts, guests and bot users; the sessions that sign them in."""

    def __init__(self, store: db.Store) -> None:
        self.store = store

    def create(self, name: str, kind: str, password_hash: str | None, now: float) -> int:
        """A new user (an account's name must be free, case-insensitively: :class:`AuthError`)."""
        key = name.lower() if kind == "account" else None

        def write(c: Connection) -> int:
            if key is not None and c.execute(select(db.users.c.id).where(db.users.c.name_key == key)).first():
                raise AuthError(f"the name {name!r} is taken")
            return _insert_user(c, name, key, kind, password_hash, now)

        return self.store.write(write).result()

    def login_row(self, key: str) -> LoginRow | None:
        """The id and password hash of the account whose lower-cased name is ``key``."""
        row = self.store.read(lambda c: c.execute(
            select(db.users.c.id, db.users.c.password_hash).where(db.users.c.name_key == key,
                                                                  db.users.c.kind == "account")).first())
        return LoginRow(int(row.id), row.password_hash) if row is not None else None

    def get(self, user_id: int) -> User | None:
        if not 0 <= user_id <= db.MAX_ID:  # PostgreSQL refuses an integer out of range: no such user
            return None
        return self.store.read(lambda c: auth.get_user(c, user_id))

    def ensure_bots(self, now: float) -> dict[str, int]:
        """The user id of each bot difficulty (created on first start)."""
        def write(c: Connection) -> dict[str, int]:
            found: dict[str, int] = {}
            for name in BOT_NAMES:
                key = f"bot:{name}"
                row = c.execute(select(db.users.c.id).where(db.users.c.name_key == key)).first()
                found[name] = int(row[0]) if row is not None else _insert_user(
                    c, f"Bot ({name})", key, "bot", None, now)
            return found

        return self.store.write(write).result()

    # ------------------------------------------------------------------ sessions
    def open_session(self, user_id: int, now: float) -> str:
        return self.store.write(lambda c: auth.new_session(c, user_id, now)).result()

    async def end_session(self, token: str) -> None:
        await self.store.awrite(lambda c: auth.end_session(c, token))

    def session_user(self, user_id: int, token: str) -> User | None:
        return self.store.read(lambda c: auth.session_user(c, user_id, token))

    def secret_key(self) -> str:
        return self.store.write(auth.secret_key).result()


def _insert_user(c: Connection, name: str, key: str | None, kind: str, password_hash: str | None,
                 now: float) -> int:
    return db.new_id(c.execute(db.users.insert().values(
        name=name, name_key=key, password_hash=password_hash, kind=kind, mu=ratings.DEFAULT_MU,
        sigma=ratings.DEFAULT_SIGMA, matches=0, created_at=now)))
