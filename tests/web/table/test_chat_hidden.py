"""Table talk carries words, never a card (docs/rules.md §5; docs/web.md "Table talk"): whole hands are
played with chat from a player and a spectator, every message sent to the seat and to the spectator is
recorded with the true state at that moment, and each is checked by the hidden-information spy's rules
(``test_hidden_information.py``); every ``chat`` frame holds exactly the chat fields."""

from __future__ import annotations

from collections.abc import Callable
from itertools import cycle

from fastapi.testclient import TestClient
from test_hidden_information import Recorded, check_message, recorded
from web_helpers import FakeClock, Player, create_table, guest, simple_policy, table_of

from burraco.web.table import chat

__all__ = ["recorded"]  # the spy fixture, shared with the hidden-information tests
CHAT_FIELDS = {"type", "id", "seat", "user", "name", "phrase", "text", "at", "audience"}


def test_no_card_rides_on_the_chat(
    client_factory: Callable[..., TestClient], recorded: list[Recorded], clock: FakeClock
) -> None:
    client = client_factory()
    ann, cy = guest(client, "Ann"), guest(client, "Cy")
    info = create_table(client, ann, players=2, bots="normal", hands=2, seed=2026, practice=True)
    table_of(client, info["id"]).config.practice = False  # (a chosen seed needs a practice table)
    said = cycle([{"phrase": "good_luck"}, {"text": "tocca a me"}, {"phrase": "nice_hand"}])
    with (
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws,
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": cy}) as spectator_ws,
    ):
        player, spectator = Player(ws), Player(spectator_ws)
        spectator.recv()
        turns = 0
        while True:
            state = player.wait_turn()
            status = state["table"]["status"]
            if turns % 3 == 0:
                clock.advance(chat.EVERY)
                assert player.request({"type": "chat", **next(said)})["type"] == "chat"
                assert spectator.request({"type": "chat", "text": "chissà cosa tiene"})["type"] == "chat"
            turns += 1
            if status == "playing":
                player.act(simple_policy(state["legal"]))
                continue
            if status == "over":
                break
            player.request({"type": "ready"})
    chats = [(seat, m) for seat, m, _own, _picked in recorded if m["type"] == "chat"]
    assert len({m["id"] for _, m in chats}) > 10
    assert {m["audience"] for _, m in chats} == {"table", "spectators"}
    for seat, message, own, picked in recorded:
        check_message(seat, message, own, picked)
    for seat, message in chats:
        assert set(message) - {"reply_to"} == CHAT_FIELDS, message
        assert message["text"] in (None, "tocca a me", "chissà cosa tiene")
        if seat is not None:  # the seat never hears the spectators during a hand
            assert message["audience"] == "table"
