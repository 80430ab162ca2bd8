"""The one dispatcher: every client message goes through :meth:`Dispatcher.dispatch`.

It validates the raw text with the protocol's discriminated union, hands the message to the table's
actor (``table/actor.py``: one task runs every change to a table, in order), and answers: a refused
or malformed message gets an ``error`` message (to its sender only) and changes nothing; an accepted
one is followed by a ``state`` broadcast, the sender's copy echoing the message ``id`` as
``reply_to``.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from typing import Final

from burraco.core.errors import BurracoError
from burraco.web.persistence.repositories.chat import ChatRepository
from burraco.web.protocol.chat import ChatMessage, ChatRefused
from burraco.web.protocol.close_codes import CloseCode
from burraco.web.protocol.messages import (
    ActionMessage,
    BackMessage,
    ClientMessage,
    ErrorCode,
    FillBotsMessage,
    LeaveMessage,
    PingMessage,
    ProtocolError,
    ReadyMessage,
    SeatMessage,
    SitMessage,
    SyncMessage,
    error_message,
    parse_client_message,
    peek_id,
)
from burraco.web.protocol.refusals import refusal
from burraco.web.table import chat
from burraco.web.table.invited import check_sit, move_seat
from burraco.web.table.live import Connection, TableError

log = logging.getLogger(__name__)
RATE_LIMIT: Final = 40.0
"""Messages per second a connection may send on average (burst: twice that)."""


class RateLimiter:
    """A token bucket read with the table's injected clock; ``refused`` counts the messages refused
    in a row (a client that keeps on past the answers is closed: ``Limits.flood_after``).

    >>> limiter = RateLimiter(rate=1.0, burst=2.0)
    >>> [limiter.allow(0.0) for _ in range(4)], limiter.refused
    ([True, True, False, False], 2)
    >>> limiter.allow(1.5), limiter.refused
    (True, 0)
    """

    def __init__(self, rate: float = RATE_LIMIT, burst: float = 2 * RATE_LIMIT) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at: float | None = None
        self.refused = 0

    def allow(self, now: float) -> bool:
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            self.refused += 1
            return False
        self.tokens -= 1
        self.refused = 0
        return True


class Dispatcher:
    """Route validated messages to the connection's table, through its actor.

    ``durations`` keeps the server-side time (seconds) of the latest accepted actions, from the
    message's arrival to its answers being queued (including waiting for the table's actor and the store).
    """

    def __init__(self) -> None:
        self.durations: deque[float] = deque(maxlen=50_000)
        self.actions = 0
        self.chat_limits = chat.ChatLimits()
        """The per-user chat rate (shared through Redis by ``cluster/relay.py`` when processes share one)."""

    async def dispatch(self, conn: Connection, raw: str | bytes, limiter: RateLimiter | None = None) -> None:
        started = time.perf_counter()
        table = conn.table
        if limiter is not None and not limiter.allow(table.runtime.clock()):
            if limiter.refused >= table.runtime.limits.flood_after:
                conn.close(CloseCode.FLOOD, "too many messages")
            else:
                conn.send(error_message("too many messages: slow down", peek_id(raw), ErrorCode.RATE_LIMITED))
            return
        try:
            message = parse_client_message(raw)
        except ProtocolError as error:
            conn.send(error_message(str(error), peek_id(raw), ErrorCode.PROTOCOL))
            return
        reply_to = message.id
        if isinstance(message, PingMessage):
            conn.send({"type": "pong", "reply_to": reply_to})
            return
        if isinstance(message, ChatMessage):
            await self._chat(conn, message)
            return
        done = await table.actor.run(lambda: self._handle(conn, message))
        if done and isinstance(message, ActionMessage):
            self.actions += 1
            self.durations.append(time.perf_counter() - started)

    async def _handle(self, conn: Connection, message: ClientMessage) -> bool:
        """In the table's actor: apply the message and answer; whether it changed the table."""
        table, reply_to = conn.table, message.id
        try:
            full = False
            if isinstance(message, ActionMessage):
                seat = self._seat(conn)
                if reply_to is not None and table.applied(seat, reply_to):  # a copy resent after a reconnect
                    table.send_full(conn, reply_to)
                    return False
                if table.controller(seat) is not None:
                    raise TableError(
                        "a bot is playing this turn for you (your time ran out or you were away)",
                        ErrorCode.NOT_YOUR_TURN,
                    )
                await table.act(seat, message.to_action(), reply_to)
                full = table.status != "playing"
            elif isinstance(message, SitMessage):
                if conn.user is None:
                    raise TableError("log in or pick a guest name to take a seat", ErrorCode.NOT_LOGGED_IN)
                check_sit(table, conn.user)  # not at the table of someone who blocked them (invited.py)
                await table.sit(conn.user, message.seat)
                full = True
            elif isinstance(message, SeatMessage):
                if conn.user is None:
                    raise TableError("log in to choose the seats", ErrorCode.NOT_LOGGED_IN)
                await move_seat(table, conn.user, message.seat, message.to)
                full = True
            elif isinstance(message, FillBotsMessage):
                if conn.seat is None and (conn.user is None or conn.user.id != table.config.created_by):
                    raise TableError(
                        "only a seated player or the table's creator may call in bots", ErrorCode.NOT_SEATED
                    )
                await table.fill_bots(message.difficulty)
                full = True
            elif isinstance(message, ReadyMessage):
                await table.ready(self._seat(conn))
                full = True
            elif isinstance(message, LeaveMessage):
                await table.leave(self._seat(conn))
                full = True
            elif isinstance(message, BackMessage):
                await table.take_back(self._seat(conn))
            elif isinstance(message, SyncMessage):
                conn.deltas = conn.deltas or message.deltas
                table.send_full(conn, reply_to)
                chat.send_history(table, conn, ChatRepository(table.runtime.store))
                return False
        except (BurracoError, TableError) as error:
            code = error.code if isinstance(error, TableError) else ErrorCode.ILLEGAL
            conn.send(error_message(str(error), reply_to, code) | refusal(str(error)))
            return False
        except Exception:  # a bug: the step was rolled back; say so and keep the socket
            log.exception("table %s: message %r failed", table.id, message)
            conn.send(
                error_message("the server failed on this message: nothing happened", reply_to, ErrorCode.INTERNAL)
            )
            return False
        table.broadcast(conn, reply_to, full=full)
        table.kick_bots()
        return True

    def stats(self) -> dict[str, float | int | None]:
        """Accepted actions so far and the p50/p99 of the latest server-side action times (ms)."""
        ordered = sorted(self.durations)
        if not ordered:
            return {"actions": self.actions, "dispatch_p50_ms": None, "dispatch_p99_ms": None}
        return {
            "actions": self.actions,
            "dispatch_p50_ms": round(1000 * ordered[len(ordered) // 2], 3),
            "dispatch_p99_ms": round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3),
        }

    async def _chat(self, conn: Connection, message: ChatMessage) -> None:
        """Table talk (``table/chat.py``): checked here, then stored and sent by the table's actor."""
        table = conn.table
        if conn.user is None:
            conn.send(error_message("log in or pick a guest name to talk", message.id, ErrorCode.NOT_LOGGED_IN))
            return
        repo = ChatRepository(table.runtime.store)
        try:
            text = await chat.check(conn, message, repo, self.chat_limits, table.runtime.clock)
            await table.actor.run(lambda: chat.say(table, conn, message, text, repo))
        except ChatRefused as refused:
            conn.send(chat.refusal(refused, message.id))
        except Exception:  # the store failed, or a bug: nothing was said
            log.exception("table %s: a chat message failed", table.id)
            conn.send(error_message("the message could not be sent: try again", message.id, ErrorCode.STORE_FAILED))

    @staticmethod
    def _seat(conn: Connection) -> int:
        if conn.seat is None:
            raise TableError("you do not sit at this table (spectators watch only)", ErrorCode.NOT_SEATED)
        return conn.seat
