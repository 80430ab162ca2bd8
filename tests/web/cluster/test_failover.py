"""Two server processes (two apps) on one database and one Redis: table ownership by lease. When
the process holding a table stops renewing its lease, the other adopts the table from its events,
the first drops it (sockets closed with 1012: reconnect), and the players finish the hand on the
second. Skipped if no Redis server answers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import FakeClock, Player, create_table, guest, make_app, manager, simple_policy, tick

redis = pytest.importorskip("redis")

from redis_helpers import redis_or_skip  # noqa: E402

from burraco.web.cluster.ownership import SETTLE  # noqa: E402
from burraco.web.persistence.leases import PREFIX, RedisLeases  # noqa: E402
from burraco.web.protocol.close_codes import CloseCode  # noqa: E402


@pytest.fixture
def shared_redis() -> Iterator[Any]:
    connection = redis_or_skip("the failover test is")
    yield connection
    connection.close()


def play(players: dict[int, Player], client: TestClient, table_id: int, moves: int) -> None:
    for _ in range(moves):
        table = manager(client).tables[table_id]
        if table.status != "playing":
            return
        mover = players[table.hand.to_play]  # type: ignore[union-attr]
        mover.wait_turn()
        assert mover.act(simple_policy(mover.state["legal"]))["type"] == "state"


def test_a_table_moves_to_the_other_process_when_its_owner_stops(database: str, shared_redis: Any) -> None:
    clock = FakeClock()
    first = TestClient(make_app(database, clock, wallclock=clock, leases=RedisLeases(shared_redis, "first", ttl=60)))
    second = TestClient(make_app(database, clock, wallclock=clock, leases=RedisLeases(shared_redis, "second", ttl=60)))
    with first, second:
        ann, bob = guest(first, "Ann"), guest(first, "Bob")
        info = create_table(first, ann, players=2, hands=1, options={"max_turns": 10})
        table_id = info["id"]
        key = PREFIX + str(table_id)
        try:
            assert shared_redis.get(key) == "first"
            tick(second)
            assert table_id not in manager(second).tables  # held by the first process
            with (
                first.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as wa,
                first.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": bob}) as wb,
            ):
                a, b = Player(wa), Player(wb)
                a.recv()
                b.recv()
                b.request({"type": "sit", "seat": 1})
                play({0: a, 1: b}, first, table_id, 6)
                log_before = list(manager(first).tables[table_id].hand.log)  # type: ignore[union-attr]
                shared_redis.pexpire(key, 1)  # the first process stalls: its lease runs out
                while shared_redis.exists(key):
                    pass
                clock.advance(SETTLE)  # (a table is left to its creator for SETTLE s of the wall clock)
                tick(second)  # the second adopts the table from its events
                assert shared_redis.get(key) == "second"
                assert manager(second).tables[table_id].hand.log == log_before  # type: ignore[union-attr]
                tick(first)  # the first learns it lost the lease: it drops the table and its sockets
                assert table_id not in manager(first).tables
                with pytest.raises(WebSocketDisconnect) as closed:
                    while True:
                        a.recv()
                assert closed.value.code == CloseCode.MOVED
            with (
                second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as wa,
                second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": bob}) as wb,
            ):
                a, b = Player(wa), Player(wb)
                a.recv()
                b.recv()
                play({0: a, 1: b}, second, table_id, 400)
                assert manager(second).tables[table_id].status == "over"
        finally:
            shared_redis.delete(key)
