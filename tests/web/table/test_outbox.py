"""A connection sends at once while its socket keeps up, and queues behind a send the socket made wait:
messages always leave in order, and a client that stops reading is still closed (``connection.py``,
``routes/sockets.py``'s sender)."""

from __future__ import annotations

import asyncio

from burraco.web.protocol.close_codes import CloseCode
from burraco.web.routes.sockets import _pump
from burraco.web.table.connection import MAX_QUEUE, Outbox


class Socket:
    """A WebSocket whose sends wait while ``writable`` is clear (a client that reads slowly)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.writable = asyncio.Event()
        self.writable.set()
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        await self.writable.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = code


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def _started(socket: Socket | None = None) -> tuple[Outbox, Socket, asyncio.Task[None]]:
    """A connection and its socket, its sender running and idle."""
    outbox, socket = Outbox(), socket or Socket()
    pump = asyncio.create_task(_pump(outbox, socket))  # type: ignore[arg-type]
    await _settle()
    return outbox, socket, pump


def test_a_message_leaves_at_once_while_the_socket_keeps_up() -> None:
    async def run() -> None:
        outbox, socket, pump = await _started()
        outbox.send_text("a")
        assert socket.sent == ["a"]  # sent in the caller: no queue, no task switch
        assert outbox.queue.empty()
        outbox.close()
        await pump
        assert socket.closed == 1000

    asyncio.run(run())


def test_messages_keep_their_order_behind_a_send_the_socket_made_wait() -> None:
    async def run() -> None:
        outbox, socket, pump = await _started()
        outbox.send_text("1")
        socket.writable.clear()  # the client stops reading
        for text in "2345":
            outbox.send_text(text)
        assert socket.sent == ["1"]
        socket.writable.set()
        await _settle()
        assert socket.sent == ["1", "2", "3", "4", "5"]
        outbox.send_text("6")  # the queue is empty again: at once
        assert socket.sent[-1] == "6"
        outbox.close()
        await pump

    asyncio.run(run())


def test_a_client_that_stops_reading_is_closed_as_too_slow() -> None:
    async def run() -> None:
        outbox, socket, pump = await _started()
        socket.writable.clear()
        for i in range(MAX_QUEUE + 5):
            outbox.send_text(str(i))
        assert outbox.closed and outbox.close_code == CloseCode.SLOW
        socket.writable.set()
        await pump
        assert socket.closed == CloseCode.SLOW
        assert socket.sent == [str(i) for i in range(MAX_QUEUE)]  # what it had queued, in order

    asyncio.run(run())


def test_a_dead_socket_stops_the_connection() -> None:
    async def run() -> None:
        class Dead(Socket):
            async def send_text(self, text: str) -> None:
                raise RuntimeError("gone")

        outbox, _socket, pump = await _started(Dead())
        outbox.send_text("lost")
        assert outbox.closed
        await pump
        outbox.send_text("after")  # nothing raises, nothing is queued
        assert outbox.queue.empty()

    asyncio.run(run())
