"""No message sent to a seat ever carries a card hidden from it (RULES.md §5; docs/web.md).

Every message queued for seat 0 and for a spectator during whole hands is recorded on the server
together with the true state at that moment (the table's lock is held while messages are built).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import Player, create_table, guest, simple_policy

from burraco.core.cards import format_card
from burraco.web.tables import Connection

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
def test_no_hidden_card_reaches_a_seat(client_factory: Callable[..., TestClient], recorded: list[Recorded],
                                       players: int) -> None:
    client = client_factory()
    ann, cy = guest(client, "Ann"), guest(client, "Cy")
    info = create_table(client, ann, players=players, bots="normal", hands=2, seed=2024 + players, practice=True)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws, \
            client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": cy}) as spectator_ws:
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
