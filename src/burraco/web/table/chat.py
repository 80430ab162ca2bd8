"""Table talk: a ``chat`` message said at a live table, checked, stored and delivered (``docs/web.md``).

Who hears it (:func:`audience`): a player's words reach everyone at the table, players and spectators
alike; partners never have a channel of their own (the federation's code forbids partners signalling
to each other, Art. 16). A spectator's words reach only the spectators while a hand is being played
(they must not comment on the cards to the players), and everyone between hands and once the match is
over. Bots never chat.

Before a message is stored it passes the checks, in order: a user (a socket without one is refused), an
operator's ban (``burraco chat-ban``; a guest is also barred while a banned user talked from its
address in the last :data:`BAN_REACH` seconds, so a banned guest cannot come back as a new guest), the
text (length, control characters: ``protocol/chat.py``) and the rate of the user and of its address
(:class:`ChatLimits`: in this process, or shared by every process through Redis's GCRA bucket of
``accounts/shared_limits.py``; an address holds three users' worth, so many guests of one client cannot
flood a table). A refused message is answered to
its sender alone and changes nothing. An accepted one is stored with the table, the hand, the seat and
the audience, then sent to each connection of its audience but those blocked with the speaker (the
block rule of ``persistence/repositories/friends.py``); its JSON carries words only, never a card.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Final, cast

from burraco.web.accounts.creation_guard import CreationGuard
from burraco.web.accounts.login_guard import Limited
from burraco.web.accounts.shared_limits import SharedLimits
from burraco.web.persistence.repositories.chat import ChatLine, ChatRepository
from burraco.web.protocol.chat import Audience, ChatMessage, ChatReason, ChatRefused, check_text
from burraco.web.protocol.messages import ErrorCode, error_message
from burraco.web.table.connection import Viewer
from burraco.web.table.model import Clock, Status, TableState

if TYPE_CHECKING:
    from redis.asyncio import Redis

log = logging.getLogger(__name__)
BURST: Final = 5
"""Messages a user may send at once..."""
EVERY: Final = 3.0
"""...then one more every this many seconds (every table and process together)."""
BAN_REACH: Final = 86_400.0
"""Seconds after a banned user last talked from an address during which new guests there are barred too."""
MAX_ADDRESSES: Final = 100_000
"""Addresses this process remembers the speakers of (without Redis; the oldest are forgotten first)."""


class ChatLimits:
    """The chat rate of each user (:data:`BURST` at once, then one every :data:`EVERY` seconds) and of each
    address (three users' worth), and who talked from each address; in Redis when processes share one
    (:meth:`share`), else in this process."""

    def __init__(self, burst: int = BURST, every: float = EVERY) -> None:
        self.burst, self.every = burst, every
        self.shared: SharedLimits | None = None
        self._local: CreationGuard | None = None
        self._speakers: dict[str, dict[int, float]] = {}  # address -> {user id: when last heard (the clock's)}

    def share(self, client: Redis, namespace: str) -> None:
        """Count every process's chat messages in one bucket per user and address, in ``client``'s Redis."""
        self.shared = SharedLimits(client, f"{namespace}:chat", self.burst, self.every)

    async def take(self, user_id: int, address: str | None, clock: Clock) -> None:
        """Take one message from ``user_id``'s bucket and ``address``'s, or raise :class:`ChatRefused`."""
        try:
            if self.shared is not None:
                try:
                    await self.shared.check_rate(user_id, address)
                    return
                except Limited:
                    raise
                except Exception as error:  # Redis unreachable: this process's bucket meanwhile
                    log.warning("the shared chat limit could not be read: %s", error)
            if self._local is None:
                self._local = CreationGuard(clock, self.burst, self.every)
            self._local.check(user_id, address)
        except Limited as limited:
            raise ChatRefused(ChatReason.TOO_FAST, seconds=limited.retry_after) from None

    def _key(self, address: str) -> str:
        assert self.shared is not None
        return f"{self.shared.namespace}:from:{address}"

    async def heard(self, user_id: int, address: str, clock: Clock) -> None:
        """Remember that ``user_id`` talked from ``address`` (for :data:`BAN_REACH` seconds)."""
        if self.shared is not None:
            try:
                async with self.shared.client.pipeline(transaction=False) as pipe:
                    pipe.zadd(self._key(address), {str(user_id): time.time()})
                    pipe.zremrangebyscore(self._key(address), 0, time.time() - BAN_REACH)
                    pipe.expire(self._key(address), int(BAN_REACH))
                    await pipe.execute()
                return
            except Exception as error:
                log.warning("the chat's speakers could not be written: %s", error)
        speakers = self._speakers.pop(address, {})
        speakers[user_id] = clock()
        self._speakers[address] = speakers
        while len(self._speakers) > MAX_ADDRESSES:
            del self._speakers[next(iter(self._speakers))]

    async def speakers(self, address: str, clock: Clock) -> set[int]:
        """Who talked from ``address`` in the last :data:`BAN_REACH` seconds."""
        if self.shared is not None:
            try:
                found = await self.shared.client.zrangebyscore(self._key(address), time.time() - BAN_REACH, "+inf")
                return {int(v) for v in cast("list[str | bytes]", found)}
            except Exception as error:
                log.warning("the chat's speakers could not be read: %s", error)
        since = clock() - BAN_REACH
        return {user for user, at in self._speakers.get(address, {}).items() if at >= since}


def audience(table: TableState, seat: int | None) -> Audience:
    """Who hears a message said from ``seat`` (None: a spectator) now.

    A player is heard by everyone; a spectator by the spectators only while a hand is being played."""
    if seat is None and table.status == Status.PLAYING:
        return Audience.SPECTATORS
    return Audience.TABLE


def hears(viewer: Viewer, heard_by: Audience) -> bool:
    """Whether a connection is in an audience (a seated player never hears the spectators' talk)."""
    return heard_by is Audience.TABLE or viewer.seat is None


def send_history(table: TableState, conn: Viewer, repo: ChatRepository) -> None:
    """Send ``conn`` this hand's talk it hears (a page that reconnects, or reloads, shows what was said
    meanwhile), but for what someone blocked with its user, or muted by it, said."""
    if conn.user is None:
        return
    audiences = (Audience.TABLE.value,) if conn.seat is not None else (Audience.TABLE.value, Audience.SPECTATORS.value)
    for line in repo.heard_lines(table.id, table.hand_no, conn.user.id, audiences):
        conn.send(line)


def refusal(error: ChatRefused, reply_to: int | None) -> dict[str, Any]:
    """The ``error`` answering a refused chat message, with its ``reason`` and ``params``."""
    code = ErrorCode.RATE_LIMITED if error.reason is ChatReason.TOO_FAST else ErrorCode.REFUSED
    return error_message(error.english, reply_to, code) | {"reason": error.reason.value, "params": error.params}


async def check(
    conn: Viewer, message: ChatMessage, repo: ChatRepository, limits: ChatLimits, clock: Clock
) -> str | None:
    """The checks before the table's actor: the message's trimmed text (None for a phrase), or
    :class:`ChatRefused`."""
    user = conn.user
    assert user is not None
    if user.kind == "bot" or repo.banned(user.id):  # (bots never chat)
        raise ChatRefused(ChatReason.BANNED)
    if user.kind == "guest" and user.address and repo.any_banned(await limits.speakers(user.address, clock)):
        raise ChatRefused(ChatReason.BANNED)  # a banned user's address: a new guest there is barred too
    text = None if message.text is None else check_text(message.text)
    await limits.take(user.id, user.address, clock)
    if user.address:
        await limits.heard(user.id, user.address, clock)
    return text


async def say(table: TableState, conn: Viewer, message: ChatMessage, text: str | None, repo: ChatRepository) -> None:
    """In the table's actor: store the message and send it to its audience (the sender included)."""
    assert conn.user is not None
    seat = conn.seat
    heard_by = audience(table, seat)
    line = ChatLine(
        0,
        table.id,
        table.hand_no,
        seat,
        conn.user.id,
        table.seats[seat].name if seat is not None else conn.user.display,
        None if message.phrase is None else message.phrase.value,
        text,
        heard_by.value,
        table.runtime.wallclock(),
    )
    line = await repo.add(line)
    readers = [c for c in table.conns if hears(c, heard_by)]
    listening = {c.user.id for c in readers if c.user is not None}
    silenced = repo.blocked_among(conn.user.id, listening) | repo.muting(conn.user.id, listening)
    payload = line.to_dict()
    for reader in readers:
        if reader.user is None or reader.user.id not in silenced:
            reader.send(payload | {"reply_to": message.id} if reader is conn else payload)
