"""Table sockets on the server users run (``burraco serve``, the README's command) stay open for as long
as their players keep them, and a socket whose client is gone is found.

Held for :data:`HOLD_S` seconds at once, on one process (SQLite) and on two processes sharing PostgreSQL
and Redis, where the sockets reach the process that does not hold their tables and are relayed: a seat at
a table with a computer opponent that sends nothing (its client answers the transport's pings, as a
browser does), a seat at a table filling up that sends a ``ping`` message every few seconds, a spectator
of that table that sends nothing. None may be closed, and each still gets its answer at the end. Beside
them a raw client that reads but never answers the server's pings (a phone gone to sleep, a half-open
connection): the server pings it at least every ``ws_ping_interval`` seconds and closes it with 1011
within ``ws_ping_interval + ws_ping_timeout``.

Meanwhile the short soak runs (``burraco loadtest --soak``, about two minutes, in a child process started
with the module): tables with two people and tables with a person against the computer, people who think
20–40 s before some moves, spectators, one reconnect storm halfway. No socket may be closed by the
server, no answered action lost, none applied twice, no seat taken over by the computer. (The 30-minute
soak of docs/deploy.md is the same command, longer and larger.)
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import struct
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from db_backends import postgres_schema
from redis_helpers import URL as REDIS
from redis_helpers import redis_or_skip
from serve_helpers import served
from websockets.asyncio.client import ClientConnection, connect

from burraco.loadtest.servers import forget
from burraco.loadtest.soak import duration, failures
from burraco.web.config import ServerSettings

HOLD_S = 65.0
"""How long every socket is held (a player thinking, a spectator watching): over the minute a proxy
waits by default."""
PING_EVERY_S = 5.0
DEFAULTS = ServerSettings()
DEAD_BOUND_S = DEFAULTS.ws_ping_interval + DEFAULTS.ws_ping_timeout + 5


def guest(base: str, nickname: str) -> str:
    answer = httpx.post(f"{base}/api/guest", json={"nickname": nickname}, headers={"origin": base})
    assert answer.status_code == 200, answer.text
    return f"burraco_session={answer.cookies['burraco_session']}"


def new_table(base: str, cookie: str, **options: Any) -> int:
    body = {"players": 2, "sit": True, **options}
    answer = httpx.post(f"{base}/api/tables", json=body, headers={"cookie": cookie, "origin": base})
    assert answer.status_code == 200, answer.text
    return int(answer.json()["table"]["id"])


async def open_socket(base: str, table_id: int, cookie: str) -> ClientConnection:
    url = base.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    return await connect(url, additional_headers={"cookie": cookie, "origin": base})


async def reply_to(ws: ClientConnection, ident: int) -> dict[str, Any]:
    """The message answering ``ident`` (states and deltas of the table before it are skipped)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if message.get("reply_to") == ident:
            return dict(message)


class SilentPeer:
    """A raw WebSocket client that reads every frame but never answers a ping."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.pings: list[float] = []
        self.close_code: int | None = None

    @classmethod
    async def open(cls, port: int, table_id: int, cookie: str) -> SilentPeer:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            (
                f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                f"Origin: http://127.0.0.1:{port}\r\nCookie: {cookie}\r\n\r\n"
            ).encode()
        )
        status = await reader.readuntil(b"\r\n\r\n")
        assert status.startswith(b"HTTP/1.1 101"), status
        return cls(reader, writer)

    async def read_until_closed(self, started: float) -> float:
        """Read frames until the server's close frame or the end; the seconds it took."""
        while True:
            try:
                head = await self.reader.readexactly(2)
            except asyncio.IncompleteReadError:
                return time.monotonic() - started
            opcode, length = head[0] & 0x0F, head[1] & 0x7F
            if length == 126:
                length = struct.unpack("!H", await self.reader.readexactly(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", await self.reader.readexactly(8))[0]
            payload = await self.reader.readexactly(length)
            if opcode == 0x9:
                self.pings.append(time.monotonic() - started)
            elif opcode == 0x8:
                self.close_code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                return time.monotonic() - started


async def _hold(base: str, port: int, created_on: str) -> None:
    """Hold the sockets on the server at ``base`` (``port``), of tables created on ``created_on`` (the
    same server, or the other process: the sockets are then relayed to it)."""
    seated = guest(created_on, "Giulia")
    host, watcher, sleeper = guest(created_on, "Marco"), guest(created_on, "Sara"), guest(created_on, "Dormiente")
    with_bot = new_table(created_on, seated, bots="intermediate")
    filling = new_table(created_on, host)
    idle_seat = await open_socket(base, with_bot, seated)
    pinging_seat = await open_socket(base, filling, host)
    spectator = await open_socket(base, filling, watcher)
    started = time.monotonic()
    dead = await SilentPeer.open(port, filling, sleeper)
    try:
        await _watch(idle_seat, pinging_seat, spectator, dead, started)
    finally:
        for ws in (idle_seat, pinging_seat, spectator):
            await ws.close()
        dead.writer.close()
        await dead.writer.wait_closed()


async def _watch(
    idle_seat: ClientConnection,
    pinging_seat: ClientConnection,
    spectator: ClientConnection,
    dead: SilentPeer,
    started: float,
) -> None:
    dead_task = asyncio.create_task(dead.read_until_closed(started))

    async def drain(ws: ClientConnection) -> None:  # a page reads what it is sent, and sends nothing
        while time.monotonic() - started < HOLD_S:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ws.recv(), 1)

    async def ping_all_along(ws: ClientConnection) -> int:
        pongs, ident = 0, 0
        while time.monotonic() - started < HOLD_S:
            ident += 1
            await ws.send(json.dumps({"type": "ping", "id": ident}))
            assert (await reply_to(ws, ident))["type"] == "pong"
            pongs += 1
            await asyncio.sleep(PING_EVERY_S)
        return pongs

    await asyncio.gather(*(asyncio.wait_for(ws.recv(), 30) for ws in (idle_seat, spectator)))  # their first state
    _, pongs, _ = await asyncio.gather(drain(idle_seat), ping_all_along(pinging_seat), drain(spectator))
    assert pongs >= HOLD_S // PING_EVERY_S
    for ws in (idle_seat, pinging_seat, spectator):
        assert ws.close_code is None, f"closed with {ws.close_code} {ws.close_reason!r}"
    await idle_seat.send(json.dumps({"type": "sync", "id": 99}))
    answer = await reply_to(idle_seat, 99)
    assert answer["type"] == "state" and len(answer["view"]["hand"]) >= 11, answer  # still at the table
    assert answer["table"]["seats"][answer["you"]]["standin"] is False
    await spectator.send(json.dumps({"type": "ping", "id": 5}))
    assert (await reply_to(spectator, 5))["type"] == "pong"

    closed_after = await asyncio.wait_for(dead_task, 5)
    assert dead.close_code == 1011, dead.close_code
    assert closed_after <= DEAD_BOUND_S, closed_after
    assert dead.pings and dead.pings[0] <= DEFAULTS.ws_ping_interval + 1, dead.pings


SOAK = ("--soak", "100s", "--tables", "12")
"""The short soak: 6 tables of two people, 6 against the computer, 3 spectators (21 sockets)."""


@pytest.fixture(scope="module")
def soak() -> Iterator[subprocess.Popen[str]]:
    """The short soak, started with the module: it runs while the sockets below are held."""
    command = [sys.executable, "-m", "burraco", "loadtest", *SOAK]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    yield process
    if process.poll() is None:
        process.terminate()
        process.communicate(timeout=30)


@pytest.fixture
def two_processes(tmp_path: Path) -> Iterator[tuple[int, int]]:
    """Two ``burraco serve`` processes sharing a fresh PostgreSQL schema and Redis namespace: their ports."""
    redis_or_skip("the two-process hold is").close()
    namespace = f"burraco-test-{uuid.uuid4().hex[:10]}"
    shared = {"redis_url": REDIS, "redis_namespace": namespace}
    try:
        with (
            postgres_schema() as url,
            served(tmp_path, db_url=url, **shared) as first,
            served(tmp_path, db_url=url, **shared) as second,
        ):
            yield first, second
    finally:
        forget(REDIS, namespace)


def test_table_sockets_stay_open_a_minute_and_a_dead_one_is_closed(
    soak: subprocess.Popen[str], tmp_path: Path, two_processes: tuple[int, int]
) -> None:
    first, second = two_processes
    with served(tmp_path) as port:
        alone = f"http://127.0.0.1:{port}"

        async def hold_all() -> None:
            await asyncio.gather(
                _hold(alone, port, alone),  # one process
                _hold(f"http://127.0.0.1:{second}", second, f"http://127.0.0.1:{first}"),  # relayed
            )

        asyncio.run(hold_all())


def test_a_two_minute_soak_holds_every_socket_and_every_action(soak: subprocess.Popen[str]) -> None:
    out, err = soak.communicate(timeout=400)
    assert soak.returncode == 0, err[-2000:]
    figures = dict(item.split("=", 1) for item in out.strip().splitlines()[-1].split())
    assert figures["sockets"] == "21"
    assert float(figures["socket_hours"]) > 0.5
    assert figures["unexpected_closes"] == "0" and figures["close_codes"] == "-"
    assert int(figures["reconnects"]) >= 21  # every socket went in the storm and came back
    assert float(figures["reconnect_p99_ms"]) < 5000
    assert int(figures["actions_confirmed"]) > 100
    assert figures["actions_lost"] == "0" and figures["actions_doubled"] == "0"
    assert figures["standins"] == "0" and figures["client_errors"] == "0"


def test_the_soak_says_what_failed_and_refuses_a_bad_duration() -> None:
    assert failures(
        {"unexpected_closes": 1, "actions_lost": 0, "actions_doubled": 0, "standins": 0, "client_errors": 0}
    ) == ["1 unexpected closes"]
    with pytest.raises(ValueError, match="30m"):
        duration("half an hour")
    run = subprocess.run(
        [sys.executable, "-m", "burraco", "loadtest", "--soak", "forever"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2 and run.stderr.startswith("error: --soak takes a duration")
    assert "Traceback" not in run.stderr
