"""Clients that send slowly cannot hold the server's connections: deadlines on a request's headers and
body, and a short keep-alive.

uvicorn closes an idle kept-alive connection (``timeout_keep_alive``) but waits for ever on a request
whose headers never finish (a "slowloris" client holds a connection with a byte every few seconds).
:func:`http_protocol` gives uvicorn's own HTTP protocol with one more timer: a connection that has not
finished a request's headers :data:`HEADER_SECONDS` after it started sending them (or after it
connected) is closed. Once the connection is upgraded to a WebSocket the timer is gone: the transport
is the WebSocket's, and its own keep-alive watches it (``ws_keepalive.py``). The body's deadline is the
app's (:class:`burraco.web.http.input_limits.BodyLimit`): each part of a body must arrive within
:data:`BODY_SECONDS` or the request is answered 408.
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

HEADER_SECONDS: Final = 10.0
"""Seconds a client has to send a request's line and headers, from its first byte (or its connection)."""
BODY_SECONDS: Final = 10.0
"""Seconds the app waits for each part of a request's body."""
KEEP_ALIVE_SECONDS: Final = 5
"""Seconds an idle kept-alive connection stays open."""
MAX_HEADER_BYTES: Final = 16 * 1024
"""The largest request line and headers the server reads (every legitimate request is well under 2 KiB)."""


def http_protocol(header_seconds: float = HEADER_SECONDS) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools when installed, else h11) with a deadline on headers."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as Base
    except ImportError:  # pragma: no cover - uvicorn without httptools
        from uvicorn.protocols.http.h11_impl import H11Protocol as Base  # type: ignore[assignment]

    class HeaderDeadlineProtocol(Base):
        """Closes a connection whose request headers do not arrive in time."""

        deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._awaiting_headers():
                self._arm()  # the first deadline stands: a byte now and then does not extend it
            else:
                self._disarm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _awaiting_headers(self) -> bool:
            if self.transport.get_protocol() is not self:  # upgraded: the transport is the WebSocket's
                return False
            cycle: Any = self.cycle
            return cycle is None or bool(cycle.response_complete)

        def _arm(self) -> None:
            if self.deadline is None:
                self.deadline = self.loop.call_later(header_seconds, self._expired)

        def _disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _expired(self) -> None:
            self.deadline = None
            if self._awaiting_headers() and not self.transport.is_closing():
                self.transport.close()

    return HeaderDeadlineProtocol
