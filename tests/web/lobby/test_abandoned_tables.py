"""Abandoned tables do not linger: a waiting table nobody is connected to closes within minutes
(``Limits.idle_ttl``), and the lobby lists only a few tables of each owner (``Limits.max_listed_per_owner``),
on one process and across processes sharing a Redis (docs/security.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from redis_helpers import URL
from starlette.websockets import WebSocketDisconnect
from web_helpers import FakeClock, create_table, guest, make_app, manager, tick

from burraco.web.table.limits import Limits


def test_a_waiting_table_nobody_is_at_closes_in_five_minutes(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    assert Limits().idle_ttl == 300
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        ws.receive_json()
        clock.advance(600)  # someone is at the table: it stays, however long
        assert tick(client) == 0
    clock.advance(299)  # then everyone left
    assert tick(client) == 0 and info["id"] in manager(client).tables
    clock.advance(1)
    assert tick(client) == 1 and info["id"] not in manager(client).tables
    assert client.get("/api/tables").json()["tables"] == []
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4410 and "closed" in closed.value.reason


def lobby_ids(client: TestClient) -> list[int]:
    return [t["id"] for t in client.get("/api/tables").json()["tables"]]


def test_the_lobby_lists_a_few_tables_of_each_owner(client_factory: Callable[..., TestClient]) -> None:
    assert Limits().max_listed_per_owner == 3
    client = client_factory()
    ann, bob = guest(client, "Ann"), guest(client, "Bob")
    anns = [create_table(client, ann, players=2)["id"] for _ in range(5)]
    bobs = create_table(client, bob, players=2)["id"]
    assert lobby_ids(client) == [*anns[-3:], bobs]  # Ann's newest three, and Bob's


def test_the_lobby_cap_per_owner_holds_across_processes(database: str, namespace: str) -> None:
    clock = FakeClock()
    options: dict[str, Any] = {"redis_url": URL, "redis_namespace": namespace}
    first = TestClient(make_app(database, clock, **options))
    second = TestClient(make_app(database, clock, **options))
    with first, second:
        ann, bob = guest(first, "Ann"), guest(second, "Bob")
        anns = [create_table(client, ann, players=2)["id"] for client in (first, second, first, second)]
        bobs = create_table(first, bob, players=2)["id"]
        tick(first)
        tick(second)  # each publishes its tables
        for client in (first, second):
            tables = client.get("/api/tables").json()["tables"]
            assert [t["id"] for t in tables] == [*anns[-3:], bobs]
            assert all("owner" not in t for t in tables)
