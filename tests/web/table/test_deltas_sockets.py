"""Deltas over real sockets: a client that asks ``sync`` with ``deltas`` gets each change as a ``delta``
that rebuilds the full state, every message matches the served schema, and no delta ever carries a card
hidden from its seat (the spy of test_hidden_information.py, run on the states the deltas rebuild)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import jsonschema
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from test_hidden_information import check_message
from web_helpers import Player, create_table, guest, simple_policy, table_of

from burraco.core.cards import format_card
from burraco.web.protocol.delta import apply_delta
from burraco.web.table.live import Connection

Seen = tuple[int | None, dict[str, Any], dict[str, Any], list[str], Counter[str]]


class DeltaPlayer(Player):
    """A :class:`Player` that takes deltas: ``state`` is always the whole state they rebuild."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        super().__init__(ws)
        self.recv()  # the joining state
        self.opted = self.request({"type": "sync", "deltas": True})["reply_to"]
        """The id of the ``sync`` that asked for deltas."""

    def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = self.ws.receive_json()
        self.messages.append(message)
        if message["type"] == "state":  # (until the server reads the sync, states carry a log's tail)
            view = message["view"]
            if view is not None:
                self.log = self.log[: view["log_from"]] + view["log"]
                view = {**view, "log": self.log, "log_from": 0}
            self.state = {**message, "view": view}
        elif message["type"] == "delta":
            applied = apply_delta(self.state, message)
            assert applied is not None, "a delta on another version than the one held"
            self.state = applied
        if message["type"] in ("state", "delta") and self.state["view"] is not None:
            self.log = self.state["view"]["log"]
        return message


@pytest.fixture
def rebuilt(monkeypatch: pytest.MonkeyPatch) -> list[Seen]:
    """(seat, message, the state it rebuilds, that seat's true hand, every pickup so far) for every
    message sent to a connection that takes deltas, rebuilt on the server as the message is built."""
    seen: list[Seen] = []
    states: dict[int, dict[str, Any]] = {}
    original = Connection.send_text

    def spy(self: Connection, text: str) -> None:
        message = json.loads(text)
        if self.deltas and message["type"] in ("state", "delta"):
            state = message if message["type"] == "state" else apply_delta(states.get(id(self)), message)
            assert state is not None
            states[id(self)] = state
            hand = self.table.hand or self.table.last_hand
            own = [format_card(c) for c in hand.hand_cards(self.seat)] if hand and self.seat is not None else []
            picked: Counter[str] = Counter()
            for record in hand.log if hand is not None else ():
                if record.kind == "pickup":
                    picked.update(f"{record.seat}:{format_card(c)}" for c in record.cards)
            seen.append((self.seat, message, state, own, picked))
        original(self, text)

    monkeypatch.setattr(Connection, "send_text", spy)
    return seen


@pytest.mark.parametrize("players", [2, 4])
def test_no_hidden_card_reaches_a_seat_in_a_delta(
    client_factory: Callable[..., TestClient], rebuilt: list[Seen], players: int
) -> None:
    client = client_factory()
    ann, cy = guest(client, "Ann"), guest(client, "Cy")
    info = create_table(client, ann, players=players, bots="normal", hands=2, seed=2024 + players, practice=True)
    table_of(client, info["id"]).config.practice = False  # opened to the spectator
    with (
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws,
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": cy}) as spectator_ws,
    ):
        player, spectator = DeltaPlayer(ws), DeltaPlayer(spectator_ws)
        hands_played = 0
        while True:
            state = player.wait_turn()
            status = state["table"]["status"]
            if status == "playing":
                player.act(simple_policy(state["legal"]))
                continue
            hands_played += 1
            if status == "over":
                break
            player.request({"type": "ready"})
        assert hands_played == 2
        assert len(player.log) == player.state["view"]["log_len"]
        spectator.request({"type": "ping"})  # read up to now: its rebuilt state is the whole state
        whole = spectator.state
        spectator.request({"type": "sync"})
        assert {**spectator.state, "v": 0, "reply_to": 0} == {**whole, "v": 0, "reply_to": 0}
    deltas = [s for s in rebuilt if s[1]["type"] == "delta"]
    assert len([s for s in deltas if s[0] == 0]) > 50 and len([s for s in deltas if s[0] is None]) > 50
    private_seen = 0
    for seat, message, state, own, picked in rebuilt:
        check_message(seat, {**state, "type": "state"}, own, picked)
        if message["type"] == "delta":
            private_seen += sum(1 for r in message["log"] if r["private"] and r["seat"] != seat)
            assert "hand" not in message["table"]
            if "hand" in message["view"]:
                assert Counter(message["view"]["hand"]) == Counter(own)
        if seat is None:
            assert state["legal"] == [] and (state["view"] is None or state["view"]["hand"] == [])
    assert private_seen > 0, "no delta carried another seat's private record"


def test_delta_traffic_matches_the_served_schema(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    schema = client.get("/api/ws-schema").json()
    server = jsonschema.Draft202012Validator(schema["server"])
    client_side = jsonschema.Draft202012Validator(schema["client"])
    assert not list(client_side.iter_errors({"type": "sync", "deltas": True, "id": 1}))
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=4, bots="easy")
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = DeltaPlayer(ws)
        for _ in range(8):
            player.act(simple_policy(player.wait_turn()["legal"]))
        player.request({"type": "sync"})  # a full state again, still versioned
    opted = next(i for i, m in enumerate(player.messages) if m.get("reply_to") == player.opted)  # the sync
    kinds = Counter(m["type"] for m in player.messages[opted + 1 :])
    assert kinds["delta"] > 8 and kinds["state"] == 1  # then only deltas, but the second sync's state
    for message in player.messages:
        server.validate(message)
    versions = [m["v"] for m in player.messages if m["type"] in ("state", "delta")]
    assert versions == sorted(versions)


def test_a_relayed_socket_takes_deltas_from_the_owner() -> None:
    """Bob's and Cy's sockets are on the second process, the table on the first: their ``sync`` with
    ``deltas`` travels to the owner, which sends them deltas through the relay; they rebuild exactly the
    state a full ``sync`` gives at the end."""
    from fanout_helpers import two_processes

    with two_processes(7) as (first, second, table_id, cookies, _clock):
        ann, bob, cy = cookies
        with (
            first.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as wa,
            second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": bob}) as wb,
            second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": cy}) as wc,
        ):
            a, b, c = DeltaPlayer(wa), DeltaPlayer(wb), DeltaPlayer(wc)
            mover = b.request({"type": "sit", "seat": 1})["view"]["to_play"]
            players = {0: a, 1: b}
            for _ in range(12):
                state = players[mover].wait_turn()
                if state["table"]["status"] != "playing":
                    break
                players[mover].act(simple_policy(state["legal"]))
                mover = players[mover].state["view"]["to_play"]
            for player in (a, b, c):
                player.request({"type": "ping"})
                built = player.state
                player.request({"type": "sync"})
                assert {**built, "v": 0, "reply_to": 0} == {**player.state, "v": 0, "reply_to": 0}
            assert sum(m["type"] == "delta" for m in b.messages) > 5
            assert sum(m["type"] == "delta" for m in c.messages) > 5
