"""A client may connect to any process (``fanout.py``): two apps on one database and one Redis, one
player on each at one table. The second player's socket is relayed to the process holding the table:
it sees its own seat's view only, its refusals reach it alone, and after the owner stops, both
players reconnect to the other process and finish the match. Skipped if no Redis server answers."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect
from web_helpers import FakeClock, Player, create_table, guest, make_app, manager, node, simple_policy, tick

from burraco.core.cards import format_card
from burraco.web.cluster.ownership import SETTLE
from burraco.web.table.limits import Limits

redis = pytest.importorskip("redis")

from redis_helpers import URL  # noqa: E402


def own_cards(client: TestClient, table_id: int, seat: int) -> list[str]:
    hand = manager(client).tables[table_id].hand
    assert hand is not None
    return sorted(format_card(c) for c in hand.hand_cards(seat))


def play(players: dict[int, Player], owner: TestClient, table_id: int, moves: int) -> None:
    for _ in range(moves):
        table = manager(owner).tables[table_id]
        if table.status != "playing":
            return
        mover = players[table.hand.to_play]  # type: ignore[union-attr]
        mover.wait_turn()
        assert mover.act(simple_policy(mover.state["legal"]))["type"] == "state"


def test_one_player_on_each_process(database: str, namespace: str) -> None:
    clock = FakeClock()
    options: dict[str, Any] = {"redis_url": URL, "redis_namespace": namespace, "wallclock": clock}
    first = TestClient(make_app(database, clock, **options))
    second = TestClient(make_app(database, clock, **options))
    with second:
        with first:
            ann, bob = guest(first, "Ann"), guest(second, "Bob")
            table_id = create_table(first, ann, players=2, hands=1, options={"max_turns": 10})["id"]
            assert table_id in manager(first).tables and table_id not in manager(second).tables
            with (
                first.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as wa,
                second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": bob}) as wb,
            ):
                a, b = Player(wa), Player(wb)
                a.recv()
                assert b.recv()["you"] is None  # relayed: the owner sent the spectator's full state
                assert b.request({"type": "sit", "seat": 1})["you"] == 1
                assert table_id not in manager(second).tables  # still held by the first process only
                mover, other = (a, b) if manager(first).tables[table_id].hand.to_play == 0 else (b, a)  # type: ignore[union-attr]
                mover.wait_turn()
                answer = other.request({"type": "action", "kind": "draw", "cards": []})
                assert answer["type"] == "error" and answer["code"] == "not_your_turn"
                mover.request({"type": "sync"})
                assert not [m for m in mover.messages if m["type"] == "error"]  # the refusal reached its sender only
                play({0: a, 1: b}, first, table_id, 6)
                for player, seat in ((a, 0), (b, 1)):
                    player.request({"type": "sync"})
                    assert sorted(player.state["view"]["hand"]) == own_cards(first, table_id, seat)
                log_before = list(manager(first).tables[table_id].hand.log)  # type: ignore[union-attr]
            # the first process stops (its leases are freed); the players reconnect to the second
            clock.advance(SETTLE)
        assert node(second).ownership  # the second adopts the table when a socket asks for it
        with (
            second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as wa,
            second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": bob}) as wb,
        ):
            a, b = Player(wa), Player(wb)
            a.recv()
            b.recv()
            assert manager(second).tables[table_id].hand.log == log_before  # type: ignore[union-attr]
            play({0: a, 1: b}, second, table_id, 400)
            assert manager(second).tables[table_id].status == "over"
            tick(second)


def test_a_relayed_socket_is_closed_when_its_owner_dies(database: str, namespace: str) -> None:
    """The owner stops listening (it died): the follower closes the relayed socket with 1012."""
    clock = FakeClock()
    options: dict[str, Any] = {"redis_url": URL, "redis_namespace": namespace}
    first = TestClient(make_app(database, clock, **options))
    second = TestClient(make_app(database, clock, **options))
    with first, second:
        ann, bob = guest(first, "Ann"), guest(second, "Bob")
        table_id = create_table(first, ann, players=2)["id"]
        # Ann is connected on the first process, so the table stays there and Bob's socket is relayed
        with (
            first.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as wa,
            second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": bob}) as wb,
        ):
            Player(wa).recv()
            b = Player(wb)
            b.recv()
            assert table_id in manager(first).tables and table_id not in manager(second).tables
            followed = node(second).relay
            assert followed is not None and len(followed.relayed) == 1
            relay = node(first).relay
            assert relay is not None and first.portal is not None
            first.portal.call(relay._pubsub.unsubscribe)  # as if the first process died
            clock.advance(2)
            tick(second)
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    b.recv()
            assert closed.value.code == 1012


def test_the_lobby_and_the_user_limits_are_shared(database: str, namespace: str) -> None:
    """``/api/tables`` on either process lists the tables of both; a user's creation rate and unfinished
    tables are counted across both."""
    clock = FakeClock()
    options: dict[str, Any] = {
        "redis_url": URL,
        "redis_namespace": namespace,
        "table_burst": 3,
        "table_every": 3600.0,
        "limits": Limits(max_open_tables_guest=2),
    }
    first = TestClient(make_app(database, clock, **options))
    second = TestClient(make_app(database, clock, **options))
    with first, second:
        ann, bob = guest(first, "Ann"), guest(second, "Bob")
        one = create_table(first, ann, players=2)["id"]
        two = create_table(second, bob, players=2)["id"]
        tick(first)
        tick(second)
        for client in (first, second):
            assert {t["id"] for t in client.get("/api/tables").json()["tables"]} == {one, two}
        create_table(second, ann, players=2)  # Ann's second unfinished table, on the other process
        refused = first.post("/api/tables", json={"players": 2}, headers={"cookie": ann})
        assert refused.status_code == 429 and refused.json()["detail"]["code"] == "too_many_tables"
        # the refused creation took the third token of Ann's bucket: the next one is too fast anywhere
        refused = second.post("/api/tables", json={"players": 2}, headers={"cookie": ann})
        assert refused.status_code == 429 and refused.json()["detail"]["code"] == "tables_too_fast"
        assert create_table(second, bob, players=2)["id"]  # Bob has his own bucket


@given(st.lists(st.text(alphabet=st.characters(codec="utf-8"), max_size=40), max_size=12))
def test_a_bundle_gives_back_its_messages_whatever_they_hold(messages: list[str]) -> None:
    from burraco.web.cluster.relay_wire import bundle, unbundle

    assert unbundle(bundle(messages)) == messages
