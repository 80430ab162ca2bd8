"""The way back: ``GET /api/me/tables`` lists the tables where the signed-in user holds a seat they have
not left in a match not over (private practice tables too), with whether the computer plays the seat and
whether they are away, wherever the table lives; and the lobby no longer lists a started table that only
the computer plays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from redis_helpers import URL
from web_helpers import FakeClock, Player, create_table, guest, make_app, table_of, tick, wait_until

KEYS = ["id", "name", "players", "status", "hand_no", "seat", "standin", "absent"]


def mine(client: TestClient, cookie: str | None) -> list[dict[str, Any]]:
    response = client.get("/api/me/tables", headers={"cookie": cookie} if cookie else {})
    assert response.status_code == 200, response.text
    tables: list[dict[str, Any]] = response.json()
    assert all(list(t) == KEYS for t in tables)
    return tables


def lobby_ids(client: TestClient) -> list[int]:
    return [t["id"] for t in client.get("/api/tables").json()["tables"]]


def test_my_tables_lead_back_to_the_seats_i_hold(client_factory: Callable[..., TestClient], clock: FakeClock) -> None:
    client = client_factory()
    ann, bob = guest(client, "Ann"), guest(client, "Bob")
    practice = create_table(client, ann, players=2, bots="easy", seed=5, grace=30, practice=True)
    waiting = create_table(client, ann, players=2, name="Da Ann")
    assert mine(client, None) == [] and mine(client, bob) == []
    [first, second] = mine(client, ann)
    assert first == {
        "id": practice["id"],
        "name": practice["name"],
        "players": 2,
        "status": "playing",
        "hand_no": 1,
        "seat": 0,
        "standin": False,
        "absent": True,  # never connected since the deal
    }
    assert second["id"] == waiting["id"] and second["status"] == "waiting" and not second["absent"]
    table = table_of(client, practice["id"])
    with client.websocket_connect(f"/ws/tables/{practice['id']}", headers={"cookie": ann}) as ws:
        Player(ws).wait_turn()
        assert mine(client, ann)[0]["absent"] is False
    clock.advance(30)  # away past the grace period on her turn: the computer plays the seat
    assert tick(client) == 1
    assert mine(client, ann)[0] == {**first, "standin": True}
    with client.websocket_connect(f"/ws/tables/{practice['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.recv()
        player.request({"type": "leave"})  # left for good: no way back to it
    assert [t["id"] for t in mine(client, ann)] == [waiting["id"]]
    wait_until(client, lambda: table.bot_task is None)


def test_the_lobby_leaves_out_a_table_only_the_computer_plays(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy", grace=30)
    table = table_of(client, info["id"])
    assert lobby_ids(client) == [info["id"]]  # a human plays it
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        Player(ws).wait_turn()
    clock.advance(30)
    assert tick(client) == 1 and table.seats[0].standin
    assert lobby_ids(client) == []  # only the computer plays it now
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.recv()
        while player.state["table"]["seats"][0]["standin"]:  # (given back at the end of its turn)
            player.recv()
        assert lobby_ids(client) == [info["id"]]  # she is back
        player.request({"type": "leave"})
    assert lobby_ids(client) == []  # every human seat left
    wait_until(client, lambda: table.bot_task is None)


def test_my_tables_on_another_process(database: str, namespace: str) -> None:
    clock = FakeClock()
    options: dict[str, Any] = {"redis_url": URL, "redis_namespace": namespace}
    first = TestClient(make_app(database, clock, **options))
    second = TestClient(make_app(database, clock, **options))
    with first, second:
        ann = guest(first, "Ann")
        practice = create_table(first, ann, players=2, bots="easy", seed=7, practice=True)
        public = create_table(first, ann, players=2, name="Aperto")
        tick(first)  # the first process shares its tables
        tick(second)
        assert practice["id"] in first.app.state.manager.tables  # type: ignore[attr-defined]
        assert practice["id"] not in second.app.state.manager.tables  # type: ignore[attr-defined]
        for client in (first, second):
            held = mine(client, ann)
            assert [(t["id"], t["seat"], t["status"]) for t in held] == [
                (practice["id"], 0, "playing"),
                (public["id"], 0, "waiting"),
            ]
            assert lobby_ids(client) == [public["id"]]  # the practice table stays private
