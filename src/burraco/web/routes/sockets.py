"""``/ws/tables/{id}``: one WebSocket per table and client; every message is checked by ``protocol/messages.py``.
A socket whose table another process holds is relayed there (``cluster/relay.py``), or joins the table here
once the holder hands it over (``handover.py``)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from burraco.web.accounts import auth
from burraco.web.cluster.relay import RelayedClient
from burraco.web.http.input_limits import WS_MAX_BYTES
from burraco.web.lobby.manager import TableManager
from burraco.web.protocol.close_codes import CloseCode
from burraco.web.routes.deps import AppConfig, SessionSockets, session_of, user_from_cookie
from burraco.web.table.connection import Outbox
from burraco.web.table.dispatcher import Dispatcher, RateLimiter
from burraco.web.table.live import Connection

if TYPE_CHECKING:
    from burraco.web.cluster.relay import Relay

router = APIRouter(tags=["tables"])


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: int) -> None:
    origin = websocket.headers.get("origin")
    host = websocket.headers.get("host", "")
    if origin and urlsplit(origin).netloc != host:
        await websocket.close(code=1008, reason="cross-origin WebSocket refused")
        return
    manager: TableManager = websocket.app.state.manager
    cookie = websocket.cookies.get(auth.COOKIE)
    user = user_from_cookie(websocket, cookie)
    if user is not None and websocket.client is not None:  # (its chat is limited per address too)
        user = dataclasses.replace(user, address=websocket.client.host)
    await websocket.accept()  # accepted first, so a refused client gets its close code and stops retrying
    ticket = await manager.sockets.take(user.id) if user is not None else None
    if isinstance(ticket, tuple):  # the user has as many sockets open as one user may
        await websocket.close(code=ticket[0], reason=ticket[1])
        return
    try:
        await _table_socket(websocket, manager, table_id, user, cookie)
    finally:
        if ticket is not None:
            await manager.sockets.give_back(ticket)


async def _table_socket(
    websocket: WebSocket, manager: TableManager, table_id: int, user: auth.User | None, cookie: str | None
) -> None:
    relay: Relay | None = websocket.app.state.node.relay
    conn = await _open(manager, relay, table_id, user)
    if isinstance(conn, tuple) and conn[0] == CloseCode.MOVED and relay is not None:
        conn = await _open(manager, relay, table_id, user)  # it moved while this socket waited: once more
    if not isinstance(conn, Outbox):
        await websocket.close(code=conn[0], reason=conn[1])
        return
    session = session_of(websocket, cookie) if user is not None else None
    early: list[str] = []  # what the client sent while relayed, which the owner did not dispatch
    sockets: SessionSockets = websocket.app.state.session_sockets
    if session is not None:
        sockets.add(session[1], conn)
    try:
        if isinstance(conn, RelayedClient):
            assert relay is not None and user is not None
            if not await _serve_relayed(conn, websocket, relay):
                return
            # the table was handed over to this process (handover.py): the socket joins it here
            if session is not None:
                sockets.discard(session[1], conn)
            assert conn.joined is not None
            early, conn = conn.early or [], conn.joined
            if session is not None:
                sockets.add(session[1], conn)
        assert isinstance(conn, Connection)
        await _serve(conn, websocket, early)
    finally:
        if session is not None and isinstance(conn, Outbox):
            sockets.discard(session[1], conn)


async def _open(
    manager: TableManager, relay: Relay | None, table_id: int, user: auth.User | None
) -> Outbox | tuple[int, str]:
    """The socket's connection: at this process's table, relayed to the process holding it, or why not."""
    route = await relay.route(table_id) if relay is not None and user is not None else None
    if isinstance(route, str) and relay is not None and user is not None:
        return relay.open(table_id, route, user)
    return route if isinstance(route, tuple) else await manager.join(table_id, user)


async def _serve(conn: Connection, websocket: WebSocket, early: list[str]) -> None:
    """Until the client goes, or the server closes the connection (too slow, table unloaded); ``early``
    are messages the client sent before (while its socket was relayed), dispatched first."""
    settings: AppConfig = websocket.app.state.settings
    sender = asyncio.get_running_loop().create_task(_pump(conn, websocket))
    dispatcher: Dispatcher = websocket.app.state.dispatcher
    limiter = RateLimiter(settings.rate_limit, 2 * settings.rate_limit) if settings.rate_limit else None
    receiver = asyncio.get_running_loop().create_task(_receive(conn, websocket, dispatcher, limiter, early))
    try:
        await asyncio.wait({receiver, sender}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        receiver.cancel()
        conn.table.actor.tell(lambda: conn.table.disconnect(conn))  # runs even if this task is being cancelled
        with contextlib.suppress(Exception):
            await sender


async def _serve_relayed(client: RelayedClient, websocket: WebSocket, relay: Relay) -> bool:
    """A socket whose table another process holds: its messages go there, the answers come back.
    True when the table was handed over to this process instead (the socket is still open)."""
    loop = asyncio.get_running_loop()
    sender = loop.create_task(_pump(client, websocket))
    receiver = loop.create_task(_forward(client, websocket, relay))
    moved = loop.create_task(client.moved.wait())
    try:
        await asyncio.wait({receiver, sender, moved}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        receiver.cancel()
        moved.cancel()
        if client.moved.is_set():
            sender.cancel()  # (nothing was queued for it: the owner answered the join with the hand-over)
            for task in (receiver, sender):  # both stopped before the socket is read and written here
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        else:
            relay.leave(client)
            client.close(client.close_code, client.close_reason)
            with contextlib.suppress(Exception):
                await sender
    return client.moved.is_set()


async def _forward(client: RelayedClient, websocket: WebSocket, relay: Relay) -> None:
    silence = relay.manager.runtime.limits.socket_silence
    with contextlib.suppress(WebSocketDisconnect):
        while not client.closed:
            raw = await _next(websocket, silence)
            if raw is None:
                return
            relay.forward(client, raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))


async def _next(websocket: WebSocket, silence: float) -> str | bytes | None:
    """The client's next message; None once it disconnected, sent one too big (closed with 1009) or
    sent nothing for ``silence`` seconds (closed with :data:`CloseCode.SILENT`)."""
    try:
        async with asyncio.timeout(silence):
            message = await websocket.receive()
    except TimeoutError:
        await websocket.close(code=CloseCode.SILENT, reason=f"nothing received for {silence:g} s: reconnect")
        return None
    if message["type"] == "websocket.disconnect":
        return None
    raw: str | bytes | None = message.get("text")
    if raw is None:
        raw = message.get("bytes") or b""
    if len(raw) > WS_MAX_BYTES:
        await websocket.close(code=1009, reason=f"message too big (at most {WS_MAX_BYTES} bytes)")
        return None
    return raw


async def _receive(
    conn: Connection, websocket: WebSocket, dispatcher: Dispatcher, limiter: RateLimiter | None, early: list[str]
) -> None:
    """Dispatch a connection's messages (``early`` first) until the client disconnects (or sends one too big)."""
    for sent in early:
        await dispatcher.dispatch(conn, sent, limiter)
    silence = conn.table.runtime.limits.socket_silence
    with contextlib.suppress(WebSocketDisconnect):
        while not conn.closed:
            raw = await _next(websocket, silence)
            if raw is None:
                return
            # (not shielded: the step runs in the table's actor, which never cuts a started step between its
            # write and its reply when this task is cancelled)
            await dispatcher.dispatch(conn, raw, limiter)


async def _pump(conn: Outbox, websocket: WebSocket) -> None:
    """Send a connection's queued messages in order; stop at the close marker or a dead socket. While
    nothing is queued, the connection sends at once itself (``Outbox.direct``)."""
    try:
        while True:
            if conn.queue.empty():
                conn.direct = websocket.send_text
            try:
                sending = await conn.queue.get()
            finally:
                conn.direct = None  # (until this send is done, later messages queue behind it)
            if sending is None:
                break
            if isinstance(sending, str):
                await websocket.send_text(sending)
            else:  # a send started at once that had to wait
                await sending
    except Exception:
        conn.closed = True
    with contextlib.suppress(Exception):
        await websocket.close(code=conn.close_code, reason=conn.close_reason)
