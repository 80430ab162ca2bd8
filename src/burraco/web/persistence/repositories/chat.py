"""Table talk in the store: the messages said at tables, reports, mutes and bans (``table/chat.py``).

Every SQL statement about the chat is here. :meth:`ChatRepository.blocked_among` is the one place the
chat asks the block rule (``friends.is_blocked``): users who blocked each other never read each other.
A mute holds for its author only: they are not sent, nor shown in a replay, what the muted one says.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Final

from sqlalchemy import Connection, and_, delete, func, or_, select
from sqlalchemy.exc import IntegrityError

from burraco.web.accounts.auth import name_key
from burraco.web.persistence import db, schema
from burraco.web.persistence.repositories.friends import is_blocked
from burraco.web.protocol.chat import Audience

CONTEXT: Final = 10
"""Messages of the same table kept with a report, before the reported one."""
MAX_MUTES: Final = 500
"""Users one user may mute."""


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One message as stored and as sent (``to_dict`` is the ``chat`` server message)."""

    id: int
    table_id: int
    hand: int
    seat: int | None
    user: int
    name: str
    phrase: str | None
    text: str | None
    audience: str
    at: float

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        del data["table_id"], data["hand"]
        return {"type": "chat", **data}


def _line(row: Any) -> ChatLine:
    return ChatLine(
        int(row.id),
        int(row.table_id),
        int(row.hand),
        None if row.seat is None else int(row.seat),
        int(row.user_id),
        str(row.name),
        row.phrase,
        row.text,
        str(row.audience),
        float(row.at),
    )


class ChatRepository:
    """Chat messages, reports, mutes and bans over the app's store."""

    def __init__(self, store: db.Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ messages
    async def add(self, line: ChatLine) -> ChatLine:
        """Store a message (its ``id`` is ignored); the stored line with its id, once committed."""
        row = asdict(line)
        del row["id"]
        row["user_id"] = row.pop("user")

        def write(c: Connection) -> int:
            return db.new_id(c.execute(schema.chat_messages.insert().values(**row)))

        ident = await self.store.awrite(write)
        return replace(line, id=ident)

    def message(self, message_id: int) -> ChatLine | None:
        row = self.store.read(
            lambda c: c.execute(select(schema.chat_messages).where(schema.chat_messages.c.id == message_id)).first()
        )
        return None if row is None else _line(row)

    def hand_lines(self, table_id: int, hand: int, audiences: tuple[str, ...]) -> list[ChatLine]:
        """What was said at ``table_id`` during and after hand ``hand`` to ``audiences``, in order."""
        m = schema.chat_messages.c
        query = (
            select(schema.chat_messages)
            .where(m.table_id == table_id, m.hand == hand, m.audience.in_(audiences))
            .order_by(m.id)
        )
        return [_line(r) for r in self.store.read(lambda c: c.execute(query).all())]

    def heard_lines(self, table_id: int, hand: int, user_id: int, audiences: tuple[str, ...]) -> list[dict[str, Any]]:
        """Hand ``hand``'s messages of ``audiences`` at ``table_id`` as ``user_id`` sees them: never those of
        someone blocked with them or muted by them."""
        lines = self.hand_lines(table_id, hand, audiences)
        if not lines:
            return []
        speakers = {line.user for line in lines}
        hidden = self.blocked_among(user_id, speakers) | self.muted_by(user_id, speakers)
        return [line.to_dict() for line in lines if line.user not in hidden]

    def was_at(self, table_id: int, user_id: int) -> bool:
        """Whether ``user_id`` held a seat at ``table_id`` or said something there."""
        e, m = schema.events.c, schema.chat_messages.c
        seated = select(e.id).where(e.table_id == table_id, e.kind == "sit", e.user_id == user_id).limit(1)
        spoke = select(m.id).where(m.table_id == table_id, m.user_id == user_id).limit(1)
        return self.store.read(lambda c: c.execute(seated).first() is not None or c.execute(spoke).first() is not None)

    def spoke_as_spectator(self, table_id: int, user_id: int) -> bool:
        """Whether ``user_id`` said something at ``table_id`` without a seat (so watched it)."""
        m = schema.chat_messages.c
        query = select(m.id).where(m.table_id == table_id, m.user_id == user_id, m.seat.is_(None)).limit(1)
        return self.store.read(lambda c: c.execute(query).first() is not None)

    def blocked_among(self, speaker: int, readers: set[int]) -> set[int]:
        """The ``readers`` who blocked ``speaker`` or whom ``speaker`` blocked."""
        others = sorted(readers - {speaker})
        if not others:
            return set()
        return self.store.read(lambda c: {r for r in others if is_blocked(c, speaker, r)})

    def muting(self, speaker: int, readers: set[int]) -> set[int]:
        """The ``readers`` who muted ``speaker`` (a mute holds for its author only)."""
        mu = schema.chat_mutes.c
        others = sorted(readers - {speaker})
        query = select(mu.user_id).where(mu.muted_id == speaker, mu.user_id.in_(others))
        return set(self.store.read(lambda c: list(c.execute(query).scalars()))) if others else set()

    def muted_by(self, reader: int, speakers: set[int]) -> set[int]:
        """The ``speakers`` whom ``reader`` muted."""
        mu = schema.chat_mutes.c
        others = sorted(speakers - {reader})
        query = select(mu.muted_id).where(mu.user_id == reader, mu.muted_id.in_(others))
        return set(self.store.read(lambda c: list(c.execute(query).scalars()))) if others else set()

    # ------------------------------------------------------------------ reports
    async def report(self, line: ChatLine, reporter_id: int, at: float) -> bool:
        """Store a report of ``line`` by ``reporter_id`` with the :data:`CONTEXT` messages said before it
        at its table; False if this reporter had already reported it."""
        m = schema.chat_messages.c

        def write(c: Connection) -> bool:
            before = c.execute(
                select(schema.chat_messages)
                .where(m.table_id == line.table_id, m.id < line.id)
                .order_by(m.id.desc())
                .limit(CONTEXT)
            ).all()
            context = [_line(r).to_dict() | {"hand": int(r.hand)} for r in reversed(before)]
            context.append(line.to_dict() | {"hand": line.hand})
            try:
                with c.begin_nested():
                    c.execute(
                        schema.chat_reports.insert().values(
                            message_id=line.id,
                            reporter_id=reporter_id,
                            table_id=line.table_id,
                            hand=line.hand,
                            context=context,
                            created_at=at,
                        )
                    )
            except IntegrityError:
                return False
            return True

        return await self.store.awrite(write)

    def reports(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest reports, newest first, with the reporter's name and the context."""
        r, u = schema.chat_reports.c, schema.users.c
        query = (
            select(schema.chat_reports, u.name.label("reporter"))
            .join(schema.users, u.id == r.reporter_id)
            .order_by(r.id.desc())
            .limit(limit)
        )
        rows = self.store.read(lambda c: c.execute(query).all())
        return [
            {
                "id": int(row.id),
                "message_id": int(row.message_id),
                "reporter": str(row.reporter),
                "table_id": int(row.table_id),
                "hand": int(row.hand),
                "context": row.context,
                "created_at": float(row.created_at),
            }
            for row in rows
        ]

    # ------------------------------------------------------------------ mutes
    def mutes(self, user_id: int) -> list[tuple[int, str]]:
        """The users ``user_id`` muted: ``(id, name)``, by name."""
        mu, u = schema.chat_mutes.c, schema.users.c
        query = select(u.id, u.name).join(schema.chat_mutes, mu.muted_id == u.id).where(mu.user_id == user_id)
        rows = self.store.read(lambda c: c.execute(query.order_by(u.name)).all())
        return [(int(row.id), str(row.name)) for row in rows]

    async def mute(self, user_id: int, muted_id: int, at: float) -> str | None:
        """Mute ``muted_id`` for ``user_id``: None, or why not (``chat_user_unknown``,
        ``chat_too_many_mutes``)."""
        mu = schema.chat_mutes.c

        def write(c: Connection) -> str | None:
            if c.execute(select(schema.users.c.id).where(schema.users.c.id == muted_id)).first() is None:
                return "chat_user_unknown"
            if c.execute(select(mu.user_id).where(mu.user_id == user_id, mu.muted_id == muted_id)).first():
                return None
            count = c.execute(select(func.count()).select_from(schema.chat_mutes).where(mu.user_id == user_id)).scalar()
            if int(count or 0) >= MAX_MUTES:
                return "chat_too_many_mutes"
            c.execute(schema.chat_mutes.insert().values(user_id=user_id, muted_id=muted_id, created_at=at))
            return None

        return await self.store.awrite(write)

    async def unmute(self, user_id: int, muted_id: int) -> None:
        mu = schema.chat_mutes.c
        await self.store.awrite(
            lambda c: c.execute(delete(schema.chat_mutes).where(mu.user_id == user_id, mu.muted_id == muted_id))
        )

    # ------------------------------------------------------------------ bans (burraco chat-ban)
    def banned(self, user_id: int) -> bool:
        query = select(schema.chat_bans.c.user_id).where(schema.chat_bans.c.user_id == user_id)
        return self.store.read(lambda c: c.execute(query).first() is not None)

    def any_banned(self, user_ids: set[int]) -> bool:
        """Whether any of ``user_ids`` is barred from the chat."""
        if not user_ids:
            return False
        query = select(schema.chat_bans.c.user_id).where(schema.chat_bans.c.user_id.in_(sorted(user_ids))).limit(1)
        return self.store.read(lambda c: c.execute(query).first() is not None)

    def set_ban(self, name: str, banned: bool, at: float) -> bool:
        """Bar the account or guest called ``name`` (case-insensitive; every guest of that nickname) from
        the chat, or lift the bar; False if nobody is called so."""
        u, b = schema.users.c, schema.chat_bans.c

        def write(c: Connection) -> bool:
            named = or_(u.name_key == name_key(name), and_(u.kind == "guest", func.lower(u.name) == name.lower()))
            ids = [int(r.id) for r in c.execute(select(u.id).where(named)).all()]
            if not ids:
                return False
            for ident in ids:
                c.execute(delete(schema.chat_bans).where(b.user_id == ident))
                if banned:
                    c.execute(schema.chat_bans.insert().values(user_id=ident, created_at=at))
            return True

        return self.store.write(write).result()

    def banned_names(self) -> list[str]:
        u, b = schema.users.c, schema.chat_bans.c
        query = select(u.name).join(schema.chat_bans, b.user_id == u.id).order_by(u.name)
        return [str(r.name) for r in self.store.read(lambda c: c.execute(query).all())]


def replay_chat(store: db.Store, table_id: int, hand: int, user_id: int | None) -> list[dict[str, Any]]:
    """What a finished hand's replay shows of the chat to ``user_id``: nothing to someone who was not
    at the table; to a player who held a seat, what everyone at the table heard; to a spectator who
    spoke there, the spectators' talk too. Never the messages of someone blocked with the asker."""
    if user_id is None:
        return []
    chat = ChatRepository(store)
    e = schema.events.c
    seated = select(e.id).where(e.table_id == table_id, e.kind == "sit", e.user_id == user_id).limit(1)
    if store.read(lambda c: c.execute(seated).first() is not None):
        audiences: tuple[str, ...] = (Audience.TABLE.value,)
    elif chat.spoke_as_spectator(table_id, user_id):
        audiences = (Audience.TABLE.value, Audience.SPECTATORS.value)
    else:
        return []
    return chat.heard_lines(table_id, hand, user_id, audiences)
