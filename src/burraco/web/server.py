"""The one way the web app is served: :func:`build_server` gives the uvicorn server that ``burraco
serve`` runs; the load test, the browser tests and the tests that start processes run the very same.

What it sets, from the :class:`~burraco.web.config.ServerSettings`:

* HTTP: uvicorn's protocol with a deadline on a request's headers (``http/slow_clients.py``), kept-alive
  connections closed after 5 idle seconds, request headers of at most 16 KiB;
* WebSocket: websockets' sans-I/O implementation, messages of at most 16 KiB, no per-message
  compression (the table's messages are small deltas: compressing them costs more CPU than it saves
  bytes), a ping every ``ws_ping_interval`` seconds and a close (1011) when its pong does not come
  within ``ws_ping_timeout``, a close (1008) for a client flooding pings (``http/ws_keepalive.py``);
* proxy headers off: the app reads ``X-Forwarded-*`` itself, from ``trusted_proxies`` only.

>>> from burraco.web.app import create_app
>>> server = build_server(create_app("sqlite://", tick_interval=None), ServerSettings(port=8123))
>>> server.config.port, server.config.ws_ping_interval, server.config.ws_ping_timeout
(8123, 20.0, 20.0)
"""

from __future__ import annotations

from typing import Final

import uvicorn
from starlette.types import ASGIApp

from burraco.web.config import ServerSettings
from burraco.web.http.input_limits import WS_MAX_BYTES
from burraco.web.http.slow_clients import KEEP_ALIVE_SECONDS, MAX_HEADER_BYTES, http_protocol
from burraco.web.http.ws_keepalive import ws_protocol

BACKLOG: Final = 4096
"""Connections the kernel queues before the server accepts them (a reconnect storm after a restart)."""


def build_server(app: ASGIApp, settings: ServerSettings) -> uvicorn.Server:
    """The uvicorn server for ``app`` on ``settings.host``:``settings.port`` (``run()`` binds it;
    ``run(sockets=[...])`` serves sockets bound by the caller)."""
    config = uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        log_level="warning",
        backlog=BACKLOG,
        http=http_protocol(settings.header_timeout),
        ws=ws_protocol(),
        ws_max_size=WS_MAX_BYTES,
        ws_per_message_deflate=False,
        ws_ping_interval=settings.ws_ping_interval,
        ws_ping_timeout=settings.ws_ping_timeout,
        proxy_headers=False,  # (uvicorn would believe X-Forwarded-For from any local peer)
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
    )
    return uvicorn.Server(config)
