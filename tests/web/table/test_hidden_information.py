"""No message sent to a seat ever carries a card hidden from it (docs/rules.md §5; docs/web.md).

Every message queued for seat 0 and for a spectator during whole hands is recorded on the server
together with the true state at that moment (the table's lock is held while messages are built).
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_helpers import Player, create_table, guest, simple_policy, table_of

from burraco.core.cards import format_card
from burraco.web.cluster.ownership import SETTLE
from burraco.web.table.live import Connection

Recorded = tuple[int | None, dict[str, Any], list[str], Counter[str]]


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> list[Recorded]:
    """(seat, message, that seat's true hand, every pickup of each seat so far) for every message sent."""
    seen: list[Recorded] = []
    original = Connection.send_text

    def spy(self: Connection, text: str) -> None:
        message = json.loads(text)
        hand = self.table.hand or self.table.last_hand
        own = [format_card(c) for c in hand.hand_cards(self.seat)] if hand is not None and self.seat is not None else []
        picked: Counter[str] = Counter()
        if hand is not None:
            for record in hand.log:
                if record.kind == "pickup":
                    picked.update(f"{record.seat}:{format_card(c)}" for c in record.cards)
        seen.append((self.seat, message, own, picked))
        original(self, text)

    monkeypatch.setattr(Connection, "send_text", spy)
    return seen


def check_message(seat: int | None, message: dict[str, Any], own: list[str], picked: Counter[str]) -> None:
    if message["type"] != "state" or message["view"] is None:
        return
    view = message["view"]
    # hand fields: exactly the seat's own cards at that moment
    assert Counter(view["hand"]) == Counter(own)
    for action in message["legal"]:
        words = action.split()
        cards = words[2:] if words[0] == "attach" else words[1:]
        assert not Counter(cards) - Counter(own), action
    if view["one_card_pick"]:
        assert view["one_card_pick"] in own
    # the log: another seat's private record (a draw, a pozzetto) carries no card
    for record in view["log"]:
        if record["private"] and record["seat"] != seat:
            assert record["cards"] == [], record
    # cards known to be in another hand were picked up from the pile, in public
    for other, known in enumerate(view["known"]):
        if other != seat:
            assert not Counter(f"{other}:{c}" for c in known) - picked
    # nothing else in the message names a card: the table part is public summary data
    assert "hand" not in message["table"]


@pytest.mark.parametrize("players", [2, 4])
def test_no_hidden_card_reaches_a_seat(
    client_factory: Callable[..., TestClient], recorded: list[Recorded], players: int
) -> None:
    client = client_factory()
    ann, cy = guest(client, "Ann"), guest(client, "Cy")
    info = create_table(client, ann, players=players, bots="normal", hands=2, seed=2024 + players, practice=True)
    # a chosen seed needs a practice table, which is its owner's alone: opened here to the spectator
    table_of(client, info["id"]).config.practice = False
    with (
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws,
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": cy}) as spectator_ws,
    ):
        player, spectator = Player(ws), Player(spectator_ws)
        spectator.recv()
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
        # the client's reassembled log is the seat's own view of the whole last hand
        assert len(player.log) == player.state["view"]["log_len"]
    kinds = Counter(r["kind"] for r in player.log)
    assert kinds["draw"] and kinds["discard"]
    to_seat = [r for r in recorded if r[0] == 0]
    to_spectator = [r for r in recorded if r[0] is None]
    assert len(to_seat) > 50 and len(to_spectator) > 50
    private_seen = 0
    for seat, message, own, picked in recorded:
        check_message(seat, message, own, picked)
        if message["type"] == "state" and message["view"]:
            private_seen += sum(1 for r in message["view"]["log"] if r["private"] and r["seat"] != seat)
    assert private_seen > 0, "the test never saw another seat's private record"
    for _seat, message, _own, _picked in to_spectator:
        if message["type"] == "state":
            assert message["legal"] == []
            assert message["view"] is None or message["view"]["hand"] == []


@contextlib.contextmanager
def _spies(seen: list[Recorded], built: dict[str, list[str]], delivered: dict[str, list[str]]) -> Iterator[None]:
    """Record what every connection is sent (local and relayed, on the owner) and what each relayed socket
    receives on the other process."""
    from burraco.web.cluster.relay import RelayedClient, RemoteConnection

    record = _record_into(seen)
    local, remote, relayed = Connection.send_text, RemoteConnection.send_text, RelayedClient.send_text

    def on_local(conn: Connection, text: str) -> None:
        record(conn, text)
        local(conn, text)

    def on_remote(conn: RemoteConnection, text: str) -> None:
        if not conn.closed:
            record(conn, text)
            built.setdefault(conn.key, []).append(text)
        remote(conn, text)

    def on_relayed(client: RelayedClient, text: str) -> None:
        delivered.setdefault(client.key, []).append(text)
        relayed(client, text)

    with (
        mock.patch.object(Connection, "send_text", on_local),
        mock.patch.object(RemoteConnection, "send_text", on_remote),
        mock.patch.object(RelayedClient, "send_text", on_relayed),
    ):
        yield


def _record_into(seen: list[Recorded]) -> Callable[[Connection, str], None]:
    """A ``send_text`` spy recording like the ``recorded`` fixture (the true state at build time)."""

    def record(conn: Connection, text: str) -> None:
        hand = conn.table.hand or conn.table.last_hand
        own = [format_card(c) for c in hand.hand_cards(conn.seat)] if hand is not None and conn.seat is not None else []
        picked: Counter[str] = Counter()
        if hand is not None:
            for entry in hand.log:
                if entry.kind == "pickup":
                    picked.update(f"{entry.seat}:{format_card(c)}" for c in entry.cards)
        seen.append((conn.seat, json.loads(text), own, picked))

    return record


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**31), moves=st.integers(2, 16))
def test_no_hidden_card_crosses_processes_or_a_fail_over(seed: int, moves: int) -> None:
    """Seat 0 on one process, seat 1 and a spectator relayed from another; the owner stops mid-hand and
    everyone finishes on the other process. Every message, relayed or local, carries only its own seat's
    cards, and a relayed socket receives exactly what the owner built for it."""
    from fanout_helpers import two_processes

    seen: list[Recorded] = []
    built: dict[str, list[str]] = {}
    delivered: dict[str, list[str]] = {}
    with two_processes(seed) as (first, second, table_id, cookies, clock), _spies(seen, built, delivered):
        ann, bob, cy = cookies
        with (
            first.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as wa,
            second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": bob}) as wb,
            second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": cy}) as wc,
        ):
            a, b, c = Player(wa), Player(wb), Player(wc)
            a.recv()
            b.recv()
            c.recv()
            _play({0: a, 1: b}, moves, b.request({"type": "sit", "seat": 1})["view"]["to_play"])
            c.request({"type": "sync"})
        first.__exit__(None, None, None)  # the owner stops mid-hand: its table moves to the other process
        clock.advance(SETTLE)
        with (
            second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as wa,
            second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": bob}) as wb,
            second.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": cy}) as wc,
        ):
            a, b, c = Player(wa), Player(wb), Player(wc)
            b.recv()
            c.recv()
            _play({0: a, 1: b}, 400, a.recv()["view"]["to_play"])
            c.request({"type": "sync"})
    assert len([r for r in seen if r[0] == 1]) > moves // 2 and [r for r in seen if r[0] is None]
    for seat, message, own, picked in seen:
        check_message(seat, message, own, picked)
    assert built and delivered
    for key, texts in delivered.items():
        assert texts == built[key][: len(texts)], key  # in order, to its own socket only


def _play(players: dict[int, Player], moves: int, mover: int) -> None:
    """Up to ``moves`` actions, each by the seat to play (told by the last answer), until the hand ends."""
    for _ in range(moves):
        state = players[mover].wait_turn()
        if state["table"]["status"] != "playing":
            return
        answer = players[mover].act(simple_policy(state["legal"]))
        if answer["table"]["status"] != "playing":
            return
        mover = answer["view"]["to_play"]
