"""Helpers for the web tests: an app on a file SQLite database with a fake clock, and WebSocket players."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from burraco.web.accounts.auth import COOKIE
from burraco.web.accounts.login_guard import LoginLimits
from burraco.web.app import create_app
from burraco.web.cluster.node import Node
from burraco.web.lobby.manager import TableManager
from burraco.web.persistence import db, schema
from burraco.web.table.live import Table

MAX_MESSAGES = 20_000
"""A player helper gives up (fails the test) after this many messages instead of waiting forever."""


class FakeClock:
    """The injected clock: time moves only when a test says so."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def make_app(database: Path | str, clock: FakeClock, **kwargs: Any) -> FastAPI:
    """An app on ``database`` (a SQLite file's path, or a database URL) driven by ``clock``."""
    # many guests from one test address: lift the per-address login bucket (tests of it pass their own)
    options: dict[str, Any] = {
        "bot_delay": 0.0,
        "tick_interval": None,
        "rate_limit": None,
        "clock": clock,
        "login_limits": LoginLimits(address_burst=100_000),
    }
    options.update(kwargs)
    url = database if isinstance(database, str) else f"sqlite:///{database}"
    return create_app(url, **options)


def guest(client: TestClient, nickname: str) -> str:
    """Create a guest and return its session cookie (the client's own cookie jar is left empty)."""
    response = client.post("/api/guest", json={"nickname": nickname})
    assert response.status_code == 200, response.text
    cookie = response.cookies[COOKIE]
    client.cookies.clear()
    return f"{COOKIE}={cookie}"


def create_table(client: TestClient, cookie: str, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=body, headers={"cookie": cookie})
    assert response.status_code == 200, response.text
    return response.json()["table"]  # type: ignore[no-any-return]


def manager(client: TestClient) -> TableManager:
    return client.app.state.manager  # type: ignore[attr-defined,no-any-return]


def node(client: TestClient) -> Node:
    """The app's part in a group of processes: its ownership, relay and shared lobby."""
    return client.app.state.node  # type: ignore[attr-defined,no-any-return]


def table_of(client: TestClient, table_id: int) -> Table:
    return manager(client).tables[table_id]


def events_of(client: TestClient, table_id: int) -> list[tuple[str, int, str]]:
    """A table's stored events, in order: ``(kind, seat, text)``."""
    store: db.Store = client.app.state.store  # type: ignore[attr-defined]
    return store.read(
        lambda c: [
            (r.kind, r.seat, r.text)
            for r in c.execute(
                select(schema.events).where(schema.events.c.table_id == table_id).order_by(schema.events.c.seq)
            )
        ]
    )


def tick(client: TestClient) -> int:
    assert client.portal is not None
    return client.portal.call(manager(client).tick)


MESSAGE_IDS = itertools.count(1)
"""Message ids unique in the test run, as the page's are: the server applies an action's id once."""


class Player:
    """A WebSocket client: keeps the last ``state`` and every message received."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.state: dict[str, Any] = {}
        self.messages: list[dict[str, Any]] = []
        self.log: list[dict[str, Any]] = []

    def recv(self) -> dict[str, Any]:
        assert len(self.messages) < MAX_MESSAGES, "too many messages: the test is looping"
        message: dict[str, Any] = self.ws.receive_json()
        self.messages.append(message)
        if message["type"] == "state":
            self.state = message
            view = message["view"]
            if view is not None:
                self.log = self.log[: view["log_from"]] + view["log"]
        return message

    def send(self, payload: dict[str, Any]) -> int:
        payload = {**payload, "id": next(MESSAGE_IDS)}
        self.ws.send_json(payload)
        return int(payload["id"])

    def request(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Send and read until the reply (a state or error echoing the id)."""
        ident = self.send(payload)
        while True:
            message = self.recv()
            if message.get("reply_to") == ident:
                return message

    def send_raw(self, text: str) -> dict[str, Any]:
        """Send raw text; the next error message is the answer (errors are sent only to the sender)."""
        self.ws.send_text(text)
        while True:
            message = self.recv()
            if message["type"] == "error":
                return message

    def wait_turn(self) -> dict[str, Any]:
        """Read until it is this seat's turn (legal actions offered) or the hand is no longer played."""
        while not self.state or (not self.state["legal"] and self.state["table"]["status"] in ("waiting", "playing")):
            self.recv()
        return self.state

    def act(self, text: str) -> dict[str, Any]:
        kind, *rest = text.split()
        payload: dict[str, Any] = {"type": "action", "kind": kind}
        if kind == "attach":
            payload["target"] = int(rest[0])
            rest = rest[1:]
        payload["cards"] = rest
        return self.request(payload)


@contextmanager
def two_at_the_table(client: TestClient, table_id: int, first: str, second: str) -> Iterator[tuple[Player, Player]]:
    """The sockets of two people at a 2-player table (``first`` created it and sits; ``second`` takes
    seat 1, which deals the hand): their players, each past its joining state."""
    with (
        client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": first}) as wa,
        client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": second}) as wb,
    ):
        a, b = Player(wa), Player(wb)
        a.recv()
        b.recv()
        b.request({"type": "sit", "seat": 1})
        yield a, b


def simple_policy(legal: list[str]) -> str:
    """Draw; then lay down any meld or attachment offered; then the first legal discard."""
    if "draw" in legal:
        return "draw"
    for prefix in ("meld", "attach"):
        for action in legal:
            if action.startswith(prefix):
                return action
    return next(a for a in legal if a.startswith("discard"))


def close_code(client: TestClient, table_id: int, cookie: str) -> tuple[int, str]:
    """The close code and reason a socket to ``table_id`` is refused with."""
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": cookie}) as ws,
    ):
        ws.receive_json()
    return closed.value.code, closed.value.reason


def wait_until(client: TestClient, done: Callable[[], bool]) -> None:
    """Let the app's event loop run until ``done()`` (30 s at most)."""
    for _ in range(3000):
        if done():
            return
        client.portal.call(asyncio.sleep, 0.01)  # type: ignore[union-attr]
    raise AssertionError("timed out")
