"""The WebSocket transport's own watch on a socket: pings from the server, and a limit on the client's.

uvicorn's sans-I/O WebSocket protocol (websockets) already sends a ping every ``ws_ping_interval``
seconds and closes a socket whose pong does not come within ``ws_ping_timeout`` (code 1011, "keepalive
ping timeout"): a phone that went to sleep, a dead Wi-Fi, a half-open TCP connection. The pings also
keep a reverse proxy from closing a quiet table (nginx's ``proxy_read_timeout`` is 60 s).
:func:`ws_protocol` adds one thing: a client that sends more than :data:`MAX_PINGS_PER_SECOND` ping
frames in a second is closed with 1008 (policy violation), since each ping costs the server a pong.
"""

from __future__ import annotations

import asyncio
from typing import Final

MAX_PINGS_PER_SECOND: Final = 10
"""Ping frames a client may send in one second; one more closes its socket (1008)."""
FLOOD_REASON: Final = "too many pings"


def ws_protocol(max_pings: int = MAX_PINGS_PER_SECOND) -> type[asyncio.Protocol]:
    """uvicorn's WebSocket protocol (websockets, sans I/O) that closes a socket flooding pings."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol as Base

    class KeepAliveProtocol(Base):
        """Answers a client's pings, but not a flood of them."""

        pings_since = 0.0
        pings = 0

        def handle_ping(self) -> None:
            now = self.loop.time()
            if now - self.pings_since >= 1.0:
                self.pings_since, self.pings = now, 0
            self.pings += 1
            if self.pings <= max_pings:
                super().handle_ping()
            elif not (self.close_sent or self.transport.is_closing()):
                self.conn.fail(1008, FLOOD_REASON)
                self.transport.write(b"".join(self.conn.data_to_send()))
                self.close_sent = True
                self.transport.close()

    return KeepAliveProtocol
