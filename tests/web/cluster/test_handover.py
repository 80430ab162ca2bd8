"""A table follows its players (``handover.py``): two apps on one database and one Redis; a socket that
reaches the process not holding its table takes the table along when nobody is connected to it there,
mid-hand too, with nothing lost. (A table somebody is connected to stays, and the socket is relayed:
test_fanout.py.) Skipped if no Redis server answers."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import FakeClock, Player, create_table, guest, make_app, manager, node, simple_policy, tick

redis = pytest.importorskip("redis")

from redis_helpers import URL  # noqa: E402


def two_apps(database: str, namespace: str, clock: FakeClock) -> tuple[TestClient, TestClient]:
    options: dict[str, Any] = {"redis_url": URL, "redis_namespace": namespace, "wallclock": clock}
    return TestClient(make_app(database, clock, **options)), TestClient(make_app(database, clock, **options))


def play_moves(player: Player, client: TestClient, table_id: int, moves: int) -> None:
    """Ann (seat 0) plays against a bot for ``moves`` of her own actions, or until the match ends."""
    for _ in range(moves):
        if manager(client).tables[table_id].status != "playing":
            return
        if not player.wait_turn()["legal"]:  # the match ended on a bot's move
            return
        assert player.act(simple_policy(player.state["legal"]))["type"] == "state"


def wait_until(condition: Callable[[], bool], limit: float = 5.0) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def connected_here(client: TestClient, table_id: int) -> bool:
    table = manager(client).tables.get(table_id)
    return table is not None and bool(table.conns)


def lease_owner(client: TestClient, table_id: int) -> str | None:
    return manager(client).runtime.leases.owner(table_id)


def test_a_table_moves_to_the_process_its_socket_reached(database: str, namespace: str) -> None:
    clock = FakeClock()
    first, second = two_apps(database, namespace, clock)
    with first, second:
        ann = guest(first, "Ann")
        table_id = create_table(first, ann, players=2, hands=1, bots="easy", options={"max_turns": 10})["id"]
        assert table_id in manager(first).tables
        with second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as ws:
            a = Player(ws)
            assert a.recv()["you"] == 0  # seated at creation
            assert table_id in manager(second).tables and table_id not in manager(first).tables
            assert lease_owner(second, table_id) == manager(second).runtime.leases.name
            relay = node(second).relay
            assert relay is not None and not relay.relayed  # joined here, not relayed
            play_moves(a, second, table_id, 3)
        # mid-hand, Ann comes back through the first process: the table moves back with its whole log
        held = manager(second).tables[table_id]
        # her old socket's end is seen, and the bot has played up to her turn (it waits for her there)
        wait_until(lambda: not held.conns and held.bot_task is None)
        tick(second)
        assert held.hand is not None and held.hand.to_play == 0
        log_before = list(held.hand.log)
        with first.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as ws:
            a = Player(ws)
            a.recv()
            assert table_id in manager(first).tables and table_id not in manager(second).tables
            table = manager(first).tables[table_id]
            assert table.hand is not None and list(table.hand.log) == log_before
            play_moves(a, first, table_id, 400)
            assert manager(first).tables[table_id].status == "over"


def test_no_hand_over_when_it_is_switched_off(database: str, namespace: str) -> None:
    clock = FakeClock()
    first, second = two_apps(database, namespace, clock)
    with first, second:
        ann = guest(first, "Ann")
        table_id = create_table(first, ann, players=2)["id"]
        relay = node(first).relay
        assert relay is not None
        relay.handover = False
        with second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as ws:
            Player(ws).recv()
            assert table_id in manager(first).tables and table_id not in manager(second).tables


def test_what_a_socket_sends_while_its_table_moves_is_answered(database: str, namespace: str) -> None:
    """A client that speaks at once (the page asks for deltas as its socket opens) sends while its socket
    is still relayed to the holder; the holder hands the table over instead of dispatching it: the
    message is dispatched here, and answered, not lost."""
    clock = FakeClock()
    first, second = two_apps(database, namespace, clock)
    with first, second:
        for _ in range(3):
            ann = guest(first, "Ann")
            table_id = create_table(first, ann, players=2, hands=1, bots="easy")["id"]
            with second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as ws:
                a = Player(ws)
                first_ask = a.send({"type": "sync", "deltas": True})
                wait_until(functools.partial(connected_here, second, table_id))
                assert table_id not in manager(first).tables
                reply = a.request({"type": "sync", "deltas": True})  # (sent once the socket joined here)
                assert reply["type"] == "state" and reply["you"] == 0
                assert [m["type"] for m in a.messages if m.get("reply_to") == first_ask] == ["state"]
