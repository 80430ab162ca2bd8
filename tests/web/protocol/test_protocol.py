"""The WebSocket protocol in-process: typed messages, one dispatcher, bad messages change nothing."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import Player, create_table, guest, simple_policy, table_of

from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.web.protocol.messages import ActionMessage, ProtocolError, parse_client_message
from burraco.web.protocol.serialize import view_to_dict
from burraco.web.table.live import Table


def snapshot(table: Table) -> tuple[Any, ...]:
    hand = table.hand
    assert hand is not None
    return (
        len(hand.log),
        hand.to_play,
        hand.phase,
        [hand.hand_cards(s) for s in range(hand.players)],
        list(hand.discard_pile),
        len(hand.stock),
        table.seq,
        table.status,
    )


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        ("{nope", "malformed JSON"),
        ("[1, 2]", "JSON object"),
        ('{"kind": "draw"}', "unknown message type None"),
        ('{"type": "fold"}', "unknown message type 'fold'"),
        ('{"type": "action", "kind": "shuffle"}', "invalid action message: kind"),
        ('{"type": "action", "kind": "meld", "cards": "7H"}', "invalid action message: cards"),
        ('{"type": "sit", "seat": 9}', "invalid sit message: seat"),
        ('{"type": "ping", "extra": 1}', "invalid ping message: extra"),
        ('{"type": "ping", "id": -4}', "invalid ping message: id"),
    ],
)
def test_parse_refuses_bad_messages(raw: str, fragment: str) -> None:
    with pytest.raises(ProtocolError, match=re.escape(fragment)):
        parse_client_message(raw)


def test_parse_refuses_long_messages() -> None:
    with pytest.raises(ProtocolError, match="too long"):
        parse_client_message('{"type": "ping", "x": "' + "a" * 5000 + '"}')


def test_action_message_round_trip() -> None:
    for text in ("draw", "pickup", "meld 7H 8H 9H", "attach 2 JK 10C", "discard KD"):
        action = Action.parse(text)
        kind, *rest = text.split()
        target = int(rest.pop(0)) if kind == "attach" else None
        message = parse_client_message(
            ActionMessage(
                type="action",
                kind=kind,
                cards=rest,  # type: ignore[arg-type]
                target=target,
            ).model_dump_json()
        )
        assert isinstance(message, ActionMessage)
        assert message.to_action() == action


def test_view_serialization_follows_the_observation() -> None:
    from burraco.core.view import observe

    hand = Hand.deal(players=4, seed=11)
    for _ in range(9):
        hand.apply(hand.legal_actions()[-1])
    view = view_to_dict(observe(hand, 2))
    assert sorted(view["hand"]) == sorted(view_to_dict(observe(hand, 2))["hand"])
    assert len(view["hand"]) == hand.hand_size(2)
    assert view["hand_sizes"] == [hand.hand_size(s) for s in range(4)]
    assert len(view["log"]) == len(hand.log)
    spectator = view_to_dict(observe(hand, None))
    assert spectator["hand"] == []
    assert all(r["cards"] == [] for r in spectator["log"] if r["private"])


def test_a_hand_against_a_bot(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="normal", hands=1, options={"max_turns": 40})
    assert info["status"] == "playing" and info["seats"][1]["bot"] == "normal"
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        first = player.recv()
        assert first["type"] == "state" and first["you"] == 0 and "rules" in first["table"]
        assert first["table"]["rules"]["max_turns"] == 40
        while player.wait_turn()["table"]["status"] == "playing":
            reply = player.act(simple_policy(player.state["legal"]))
            assert reply["type"] == "state", reply
        table = player.state["table"]
        assert table["status"] == "over"
        assert table["summary"]["hands"] == 1 and len(table["summary"]["vp"]) == 2
        sheet = table["results"][0]["scores"]
        assert {item["label"] for side in sheet for item in side["items"]} >= {"cards in hand"}
        assert sum(side["total"] for side in sheet) == sum(table["totals"])


def test_bad_messages_change_nothing(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann, bob, cy = guest(client, "Ann"), guest(client, "Bob"), guest(client, "Cy")
    info = create_table(client, ann, players=2)
    table_id = info["id"]
    with (
        client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as wa,
        client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": bob}) as wb,
        client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": cy}) as wspec,
    ):
        a, b, spectator = Player(wa), Player(wb), Player(wspec)
        a.recv()
        b.recv()
        spectator.recv()
        assert b.request({"type": "sit", "seat": 1})["type"] == "state"
        table = table_of(client, table_id)
        assert table.status == "playing"
        hand = table.hand
        assert hand is not None
        mover, waiter = (a, b) if hand.to_play == 0 else (b, a)
        mover.wait_turn()
        before = snapshot(table)
        bad = [
            ("{not json", "protocol"),
            ('{"type": "teleport"}', "protocol"),
            ('{"type": "action", "kind": "meld", "cards": ["ZZ"]}', "illegal"),
            ('{"type": "action", "kind": "discard", "cards": ["AS", "KS"]}', "illegal"),
            ('{"type": "action", "kind": "attach", "cards": ["AS"]}', "illegal"),
            ('{"type": "ready"}', "refused"),
            ('{"type": "sit", "seat": 0}', "refused"),
        ]
        for raw, code in bad:
            error = mover.send_raw(raw)
            assert error["code"] == code, (raw, error)
            assert snapshot(table) == before, raw
        # out of turn: the other seat's draw is refused and changes nothing
        refused = waiter.request({"type": "action", "kind": "draw"})
        assert refused["type"] == "error" and refused["code"] == "not_your_turn"
        assert snapshot(table) == before
        # a spectator cannot act
        refused = spectator.request({"type": "action", "kind": "draw"})
        assert refused["code"] == "not_seated"
        assert snapshot(table) == before
        # an illegal action: the engine's reason, citing the rules
        own = mover.state["view"]["hand"][0]
        refused = mover.act(f"discard {own}")
        assert refused["type"] == "error" and refused["code"] == "illegal"
        assert "(rules §3)" in refused["message"]
        # ... and a stable code the page words in the player's language (burraco.web.protocol.refusals)
        assert refused["reason"] == "draw_first" and refused["params"] == {"section": "3"}
        assert snapshot(table) == before
        refused = mover.act("pickup")
        if refused["type"] == "state":  # pickup was legal: the pile moved
            assert snapshot(table) != before
        pong = mover.request({"type": "ping"})
        assert pong["type"] == "pong"


def test_sit_and_fill_bots_over_the_socket(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=4, sit=False)
    assert [s["name"] for s in info["seats"]] == ["", "", "", ""]
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        assert player.recv()["you"] is None
        assert player.request({"type": "sit", "seat": 2})["you"] == 2
        assert player.request({"type": "sit", "seat": 3})["code"] == "refused"
        state = player.request({"type": "fill_bots", "difficulty": "easy"})
        assert state["table"]["status"] == "playing"
        assert [s["bot"] for s in state["table"]["seats"]] == ["easy", "easy", None, "easy"]
        player.wait_turn()
        assert player.state["view"]["to_play"] == 2


def test_anonymous_users_cannot_create_or_sit(client_factory: Callable[..., TestClient]) -> None:
    from starlette.websockets import WebSocketDisconnect

    client = client_factory()
    assert client.post("/api/tables", json={"players": 2}).status_code == 401
    ann, bob = guest(client, "Ann"), guest(client, "Bob")
    info = create_table(client, ann, players=2, sit=False)
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(f"/ws/tables/{info['id']}") as ws:
        ws.receive_json()  # a socket without a session is closed: spectators need a session too
    assert closed.value.code == 4401
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": bob}) as ws:
        player = Player(ws)
        player.recv()
        assert player.request({"type": "fill_bots"})["code"] == "not_seated"


def test_bad_table_requests(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    for body in (
        {"players": 5},
        {"preset": "nope"},
        {"options": {"max_turns": 3}},
        {"options": {"colour": 1}},
        {"turn_timer": -1},
    ):
        response = client.post("/api/tables", json=body, headers={"cookie": ann})
        assert response.status_code == 422, body
    assert client.get("/api/tables/999").status_code == 404


def test_unknown_table_and_cross_origin_sockets(client_factory: Callable[..., TestClient]) -> None:
    from starlette.websockets import WebSocketDisconnect

    client = client_factory()
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/ws/tables/42") as ws:
        ws.receive_json()  # accepted, then closed with its code and reason (the client stops retrying)
    assert closed.value.code == 4404 and closed.value.reason == "there is no table 42"
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2)
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"origin": "http://evil.example", "cookie": ann}),
    ):
        pass
    assert closed.value.code == 1008


def test_rate_limit(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(rate_limit=5.0)
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.recv()
        codes = [player.request({"type": "ping"}).get("code", "pong") for _ in range(10)]
        assert codes[:10] == ["pong"] * 10
        limited = [player.send_raw('{"type": "sit", "seat": 1}')["code"] for _ in range(3)]
        assert limited == ["rate_limited"] * 3


def test_the_page_reads_every_close_code_from_the_server() -> None:
    """The close codes live in one module; ``/protocol.js`` serves them to the page by name."""
    from fastapi.testclient import TestClient

    from burraco.web.app import create_app
    from burraco.web.protocol.close_codes import CloseCode

    with TestClient(create_app("sqlite://", tick_interval=None)) as client:
        response = client.get("/protocol.js")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/javascript")
    for code in CloseCode:
        assert f'"{code.name}": {code.value}' in response.text
