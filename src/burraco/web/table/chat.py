"""Table talk: a ``chat`` message said at a live table, checked, stored and delivered (``docs/web.md``).

Who hears it (:func:`audience`): a player's words reach everyone at the table, players and spectators
alike; partners never have a channel of their own (the federation's code forbids partners signalling
to each other, Art. 16). A spectator's words reach only the spectators while a hand is being played
(they must not comment on the cards to the players), and everyone between hands and once the match is
over. Bots never chat.

Before a message is stored it passes the checks, in order: a user (a socket without one is refused), an
operator's ban (``burraco chat-ban``), the text (length, control characters:
``protocol/chat.py``) and the user's rate (:class:`ChatLimits`: in this process, or shared by every
process through Redis's GCRA bucket of ``accounts/shared_limits.py``). A refused message is answered to
its sender alone and changes nothing. An accepted one is stored with the table, the hand, the seat and
the audience, then sent to each connection of its audience but those blocked with the speaker (the
block rule of ``persistence/repositories/friends.py``); its JSON carries words only, never a card.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Final

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


class ChatLimits:
    """The per-user chat rate: :data:`BURST` at once, then one every :data:`EVERY` seconds, in Redis
    when processes share one (:meth:`share`), else in this process."""

    def __init__(self, burst: int = BURST, every: float = EVERY) -> None:
        self.burst, self.every = burst, every
        self.shared: SharedLimits | None = None
        self._local: CreationGuard | None = None

    def share(self, client: Redis, namespace: str) -> None:
        """Count every process's chat messages in one bucket per user, in ``client``'s Redis."""
        self.shared = SharedLimits(client, f"{namespace}:chat", self.burst, self.every)

    async def take(self, user_id: int, clock: Clock) -> None:
        """Take one message from ``user_id``'s bucket, or raise :class:`ChatRefused` (too fast)."""
        try:
            if self.shared is not None:
                try:
                    await self.shared.check_rate(user_id)
                    return
                except Limited:
                    raise
                except Exception as error:  # Redis unreachable: this process's bucket meanwhile
                    log.warning("the shared chat limit could not be read: %s", error)
            if self._local is None:
                self._local = CreationGuard(clock, self.burst, self.every)
            self._local.check(user_id)
        except Limited as limited:
            raise ChatRefused(ChatReason.TOO_FAST, seconds=limited.retry_after) from None


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
    lines = repo.hand_lines(table.id, table.hand_no, audiences)
    if not lines:
        return
    speakers = {line.user for line in lines}
    hidden = repo.blocked_among(conn.user.id, speakers) | repo.muted_by(conn.user.id, speakers)
    for line in lines:
        if line.user not in hidden:
            conn.send(line.to_dict())


def refusal(error: ChatRefused, reply_to: int | None) -> dict[str, Any]:
    """The ``error`` answering a refused chat message, with its ``reason`` and ``params``."""
    code = ErrorCode.RATE_LIMITED if error.reason is ChatReason.TOO_FAST else ErrorCode.REFUSED
    return error_message(error.english, reply_to, code) | {"reason": error.reason.value, "params": error.params}


async def check(
    conn: Viewer, message: ChatMessage, repo: ChatRepository, limits: ChatLimits, clock: Clock
) -> str | None:
    """The checks before the table's actor: the message's trimmed text (None for a phrase), or
    :class:`ChatRefused`."""
    assert conn.user is not None
    if conn.user.kind == "bot" or repo.banned(conn.user.id):  # (bots never chat)
        raise ChatRefused(ChatReason.BANNED)
    text = None if message.text is None else check_text(message.text)
    await limits.take(conn.user.id, clock)
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
