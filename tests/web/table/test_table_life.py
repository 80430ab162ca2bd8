"""Real-life table behaviour with an injected clock: reconnection, turn timer, stand-in bots, leaving."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from fastapi.testclient import TestClient
from sqlalchemy import select
from web_helpers import FakeClock, Player, create_table, guest, simple_policy, table_of, tick

from burraco.core.cards import IS_WILD
from burraco.core.view import observe
from burraco.web.persistence import db, schema
from burraco.web.protocol.serialize import view_to_dict


def events_of(client: TestClient, table_id: int) -> list[tuple[str, int, str]]:
    store: db.Store = client.app.state.store  # type: ignore[attr-defined]
    return store.read(
        lambda c: [
            (r.kind, r.seat, r.text)
            for r in c.execute(
                select(schema.events).where(schema.events.c.table_id == table_id).order_by(schema.events.c.seq)
            )
        ]
    )


def test_reconnection_restores_the_full_view(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=4, bots="normal", seed=8, practice=True)
    table = table_of(client, info["id"])
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        for _ in range(5):
            player.wait_turn()
            player.act(simple_policy(player.state["legal"]))
        player.wait_turn()
        log_before = list(player.log)
    assert table.seats[0].connections == 0
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        first = player.recv()
        assert first["you"] == 0 and first["view"]["log_from"] == 0
        assert "rules" in first["table"] and "results" in first["table"]
        hand = table.hand
        assert hand is not None
        assert first["view"] == view_to_dict(observe(hand, 0), table.rules)
        assert player.log == log_before
        assert first["legal"] and first["view"]["to_play"] == 0
        assert table.seats[0].connections == 1


def test_an_absent_player_gets_a_stand_in_after_the_grace_period(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy", seed=12, grace=30, practice=True)
    table = table_of(client, info["id"])
    hand = table.hand
    assert hand is not None
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        Player(ws).wait_turn()
    steps = len(hand.log)
    assert hand.to_play == 0
    clock.advance(29)
    assert tick(client) == 0 and len(hand.log) == steps  # still within the grace period
    clock.advance(2)
    assert tick(client) == 1
    assert table.seats[0].standin
    # the stand-in plays seat 0 (and the bot seat 1) on its own; wait for seat 0 to have moved
    for _ in range(500):
        if len([r for r in hand.log[steps:] if r.seat == 0 and r.kind == "discard"]) >= 2:
            break
        client.portal.call(asyncio.sleep, 0.01)  # type: ignore[union-attr]
    assert [r for r in hand.log[steps:] if r.seat == 0 and r.kind == "discard"]
    # coming back hands the seat back to its player (at the end of a turn the stand-in is in the middle of)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.recv()
        while player.state["table"]["seats"][0]["standin"]:
            player.recv()
        assert not table.seats[0].standin
        state = player.wait_turn()
        if state["table"]["status"] == "playing":
            assert state["view"]["to_play"] == 0 and state["legal"]
    kinds = [k for k, seat, text in events_of(client, info["id"]) if k == "standin"]
    assert kinds == ["standin", "standin"]


def test_turn_timer_discards_for_a_player_who_drew(client_factory: Callable[..., TestClient], clock: FakeClock) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy", seed=21, turn_timer=20, grace=60, practice=True)
    table = table_of(client, info["id"])
    hand = table.hand
    assert hand is not None
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        state = player.wait_turn()
        assert state["table"]["timer_left"] == 20.0
        assert player.act("draw")["type"] == "state"
        clock.advance(19)
        assert tick(client) == 0
        clock.advance(1)
        assert tick(client) == 1
        # the computer discards for seat 0 (a natural card, the stand-in's choice); the player's own move is
        # refused meanwhile
        while True:
            message = player.recv()
            if message["type"] == "state" and message["view"]["to_play"] == 0 and message["legal"]:
                break
        discard = next(r for r in hand.log if r.seat == 0 and r.kind == "discard")
        assert not IS_WILD[discard.cards[0]]  # never a wildcard while a natural card may go
        assert table.auto_turn == -1  # the timed-out turn ends with that discard
        assert ("timer", 0, "turn timer ran out: the computer draws and discards") in events_of(client, info["id"])


def test_leaving_is_recorded_and_a_bot_finishes_the_match(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="normal", seed=4, hands=1, practice=True)
    table = table_of(client, info["id"])
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.wait_turn()
        player.act("draw")
        reply = player.request({"type": "leave"})
        assert reply["type"] == "state" and reply["you"] is None
        assert reply["table"]["seats"][0]["left"]
        while player.state["table"]["status"] != "over":
            player.recv()
        assert player.state["table"]["summary"]["left"] == [0]
    assert ("leave", 0, "left the table") in events_of(client, info["id"])
    user_id = table.seats[0].user_id
    history = client.get(f"/api/users/{user_id}", headers={"cookie": ann}).json()["matches"]
    assert len(history) == 1 and history[0]["left"] is True
