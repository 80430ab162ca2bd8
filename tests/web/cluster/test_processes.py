"""Two real ``burraco serve`` processes on one PostgreSQL schema and one Redis namespace: one player
connects to each at one 2-player table (the second player's socket is relayed to the owner,
``fanout.py``); part of the hand is played; the owning process is killed (SIGKILL) mid-hand; both
players reconnect to the survivor, which adopts the table from its events, and finish the match.
Every action accepted before the kill is in the stored log. Skipped (one line) without Redis or
PostgreSQL, unless ``BURRACO_REQUIRE_REDIS=1`` / ``BURRACO_REQUIRE_POSTGRES=1``."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from db_backends import postgres_schema
from sqlalchemy import create_engine, text

redis = pytest.importorskip("redis")
httpx = pytest.importorskip("httpx")
websockets_client = pytest.importorskip("websockets.asyncio.client")
from redis_helpers import URL as REDIS  # noqa: E402
from redis_helpers import redis_or_skip  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

LEASE_TTL = 3.0
DEADLINE = 60.0
"""Seconds any one wait of the test may take before it fails (never a timing assertion)."""


def require_redis() -> None:
    redis_or_skip("the two-process test is").close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """One ``burraco serve`` child process."""

    def __init__(self, db_url: str, namespace: str, log: Path) -> None:
        self.port = free_port()
        self.log = log.open("wb")
        env = {
            **os.environ,
            "BURRACO_DB_URL": db_url,
            "BURRACO_REDIS_URL": REDIS,
            "BURRACO_REDIS_NAMESPACE": namespace,
            "BURRACO_LEASE_TTL": str(LEASE_TTL),
            "BURRACO_PORT": str(self.port),
            "BURRACO_BOT_DELAY": "0",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "burraco", "serve"], env=env, stdout=subprocess.DEVNULL, stderr=self.log
        )
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + DEADLINE
        while True:
            assert self.process.poll() is None, log.read_text()
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)

    def stop(self) -> None:
        self.log.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[tuple[Server, Server, str]]:
    require_redis()
    namespace = f"burraco-test-{uuid.uuid4().hex[:10]}"
    with postgres_schema() as url:
        first = Server(url, namespace, tmp_path / "first.log")
        second = Server(url, namespace, tmp_path / "second.log")
        try:
            yield first, second, url
        finally:
            first.stop()
            second.stop()
            connection = redis.Redis.from_url(REDIS)
            keys = list(connection.scan_iter(f"{namespace}:*"))
            if keys:
                connection.delete(*keys)
            connection.close()


def guest(base: str, nickname: str) -> str:
    response = httpx.post(f"{base}/api/guest", json={"nickname": nickname})
    assert response.status_code == 200, response.text
    return f"burraco_session={response.cookies['burraco_session']}"


class Client:
    """A player's WebSocket: the latest state, its accepted actions, reconnection after a drop."""

    def __init__(self, cookie: str, table_id: int, accepted: list[tuple[int, str]]) -> None:
        self.cookie, self.table_id, self.accepted = cookie, table_id, accepted
        self.ws: Any = None
        self.state: dict[str, Any] = {}
        self.next_id = 1
        self.codes: list[int] = []

    async def connect(self, base: str) -> None:
        """Connect to ``base`` and read the first state; on a 1012 (the table is moving) try again."""
        url = base.replace("http", "ws") + f"/ws/tables/{self.table_id}"
        deadline = time.monotonic() + DEADLINE
        while True:
            try:
                self.ws = await websockets_client.connect(url, additional_headers={"Cookie": self.cookie})
                await self.recv()
                return
            except ConnectionClosed as closed:
                await self.ws.close()
                self.codes.append(closed.rcvd.code if closed.rcvd else 1006)
                assert self.codes[-1] == 1012, closed
            assert time.monotonic() < deadline, f"could not reconnect: {self.codes}"
            await asyncio.sleep(0.2)

    async def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), DEADLINE))
        if message["type"] == "state":
            self.state = message
        return message

    async def request(self, payload: dict[str, Any]) -> dict[str, Any]:
        ident = self.next_id
        self.next_id += 1
        await self.ws.send(json.dumps({**payload, "id": ident}))
        while True:
            message = await self.recv()
            if message.get("reply_to") == ident:
                return message

    async def wait_turn(self) -> None:
        while not self.state["legal"] and self.state["table"]["status"] == "playing":
            await self.recv()

    async def act(self) -> dict[str, Any]:
        legal = self.state["legal"]
        choice = (
            "draw"
            if "draw" in legal
            else next(
                (a for a in legal if a.startswith(("meld", "attach"))),
                next(a for a in legal if a.startswith("discard")),
            )
        )
        kind, *rest = choice.split()
        payload: dict[str, Any] = {"type": "action", "kind": kind}
        if kind == "attach":
            payload["target"] = int(rest.pop(0))
        answer = await self.request({**payload, "cards": rest})
        assert answer["type"] == "state", answer
        self.accepted.append((answer["you"], choice))
        return answer


async def play(players: list[Client], moves: int) -> None:
    """Up to ``moves`` actions, each by the seat to play (told by the last answer)."""
    to_play = players[0].state["view"]["to_play"]
    for _ in range(moves):
        mover = players[to_play]
        await mover.wait_turn()
        if mover.state["table"]["status"] != "playing":
            return
        answer = await mover.act()
        if answer["table"]["status"] != "playing":
            return
        to_play = answer["view"]["to_play"]


async def scenario(first: Server, second: Server) -> tuple[int, list[tuple[int, str]], list[Client]]:
    ann, bob = guest(first.base, "Ann"), guest(second.base, "Bob")
    response = httpx.post(
        f"{first.base}/api/tables",
        headers={"cookie": ann},
        json={"players": 2, "hands": 1, "options": {"max_turns": 12}},
    )
    assert response.status_code == 200, response.text
    table_id = int(response.json()["table"]["id"])
    accepted: list[tuple[int, str]] = []  # (seat, action) of every answered action, in the order played
    a, b = Client(ann, table_id, accepted), Client(bob, table_id, accepted)
    await a.connect(first.base)
    await b.connect(second.base)  # relayed to the first process, which holds the table
    assert (await b.request({"type": "sit", "seat": 1}))["you"] == 1
    await a.recv()
    while a.state["view"] is None:
        await a.recv()
    await play([a, b], 8)
    assert len(accepted) == 8
    accepted = list(accepted)
    os.kill(first.process.pid, signal.SIGKILL)  # mid-hand
    first.process.wait()
    for client in (a, b):
        await client.ws.close()
        await client.connect(second.base)
    await play([a, b], 500)
    assert (await a.request({"type": "sync"}))["table"]["status"] == "over"  # the match (one hand) is over
    for client in (a, b):
        await client.ws.close()
    return table_id, accepted, [a, b]


def test_a_player_on_each_process_survives_the_owner_being_killed(servers: tuple[Server, Server, str]) -> None:
    first, second, url = servers
    table_id, accepted, _ = asyncio.run(scenario(first, second))
    engine = create_engine(url)
    try:
        with engine.connect() as c:
            stored = [
                (int(r.seat), str(r.text))
                for r in c.execute(
                    text("SELECT seat, text FROM events WHERE table_id = :t AND kind = 'action' ORDER BY seq"),
                    {"t": table_id},
                )
            ]
    finally:
        engine.dispose()
    # the actions accepted before the kill, in the order played, open the stored log: nothing was lost
    assert stored[: len(accepted)] == accepted
    assert len(stored) > len(accepted)
