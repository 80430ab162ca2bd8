"""One client at a table (a WebSocket, or a test): its outbound queue (:class:`Outbox`, shared with the
sockets whose table another process holds: ``cluster/relay.py``) and what it has been shown
(:class:`Viewer`: its seat or none, how much of the hand's log it has, or the state it was last sent
when it takes deltas). The connection that also knows its live table is
:class:`burraco.web.table.live.Connection`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any, Final

from burraco.web.accounts.auth import User
from burraco.web.protocol.close_codes import CloseCode
from burraco.web.protocol.delta import Snapshot
from burraco.web.protocol.serialize import dumps
from burraco.web.table.resume import Rest

log = logging.getLogger(__name__)
MAX_QUEUE: Final = 256
"""A connection with more unsent messages than this is too slow and is closed (:data:`CloseCode.SLOW`)."""


class Outbox:
    """A socket's outbound queue of serialized messages, ended by a close marker (``None``).

    While its socket's sender (``routes/sockets.py``) has nothing queued and is not sending, a message
    goes out at once, in the caller (:attr:`direct`): no queue, no task switch. If the socket makes
    that send wait (its client reads slowly), the send is queued, to be finished by the sender before
    anything queued after it, so messages always leave in order."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | Rest[None] | None] = asyncio.Queue()
        self.closed = False
        self.close_code = 1000
        self.close_reason = ""
        self.direct: Callable[[str], Coroutine[Any, Any, None]] | None = None
        """The socket's send, set by its sender while it waits for the queue (None: queue everything)."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (serialized now, so it is a snapshot of the table at this moment)."""
        if not self.closed:
            self.send_text(dumps(message))

    def send_text(self, text: str) -> None:
        """Send or queue an already serialized message (one text may be shared by many spectators)."""
        if self.closed:
            return
        if self.direct is not None and self.queue.empty():
            self._send_now(self.direct, text)
            return
        if self.queue.qsize() >= MAX_QUEUE:
            log.warning("closing a connection that does not read its messages")
            self.close(CloseCode.SLOW, "too many unread messages: reconnect")
            return
        self.queue.put_nowait(text)

    def _send_now(self, direct: Callable[[str], Coroutine[Any, Any, None]], text: str) -> None:
        """Send ``text`` in the caller; when the socket makes it wait, queue the rest of the send."""
        coro = direct(text)
        try:
            waiting_on = coro.send(None)
        except StopIteration:
            return
        except Exception:  # the socket is gone: the sender stops at the close marker
            self.direct = None
            self.close()
            return
        self.queue.put_nowait(Rest(coro, waiting_on))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Stop after the queued messages; the socket is closed with ``code`` and ``reason``."""
        if not self.closed:
            self.closed = True
            self.close_code, self.close_reason = code, reason
            self.queue.put_nowait(None)


class Viewer(Outbox):
    """A client shown a table: a seat or a spectator, with an outbound queue."""

    def __init__(self, user: User | None) -> None:
        super().__init__()
        self.user = user
        self.seat: int | None = None
        self.log_hand = -1
        self.log_sent = 0
        self.deltas = False
        """It asked for ``delta`` messages (``{"type": "sync", "deltas": true}``): changes come as deltas."""
        self.sent: Snapshot | None = None
        """What it was last sent, when it takes deltas (the base of its next delta)."""
