"""Absent players (web/absence.py): a timed-out turn is played for the player and marked; after
three timeouts in a row the computer takes the seat, shown as such, until the player takes it back."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from web_helpers import FakeClock, Player, create_table, guest, table_of, tick

from burraco.web.table.absence import MAX_TIMEOUTS


def time_out_once(client: TestClient, clock: FakeClock, player: Player) -> dict[str, object]:
    """Let the player's turn run out; return the first state where the player is to play again."""
    clock.advance(20)
    assert tick(client) == 1
    while True:
        message = player.recv()
        if message["type"] == "state" and message["table"]["auto_turn"] == 0:
            assert message["table"]["absence"]["timeouts"][0] >= 1  # said out loud: everyone sees it
        if message["type"] == "state" and message["view"]["to_play"] == 0 and message["table"]["auto_turn"] == -1:
            return message


def test_timeouts_are_marked_then_the_computer_takes_the_seat_until_taken_back(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy", seed=21, turn_timer=20, grace=600, practice=True)
    table = table_of(client, info["id"])
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.wait_turn()
        state = time_out_once(client, clock, player)
        absence = state["table"]["absence"]  # type: ignore[index]
        assert absence["timeouts"] == [1, 0] and absence["max_timeouts"] == MAX_TIMEOUTS
        marked = {i for i, seat in absence["auto"] if seat == 0}
        assert marked and all(table.hand.log[i].seat == 0 for i in marked)  # type: ignore[union-attr]
        for _ in range(MAX_TIMEOUTS - 2):
            time_out_once(client, clock, player)
        clock.advance(20)
        assert tick(client) == 1
        assert table.seats[0].standin  # the computer has the seat now
        while not (player.state.get("table", {}).get("seats") or [{}])[0].get("standin"):
            player.recv()
        reply = player.request({"type": "back"})
        seat = reply["table"]["seats"][0]
        assert reply["type"] == "state" and (not seat["standin"] or seat["back_asked"])
        while player.state["table"]["seats"][0]["standin"]:  # at the end of the turn it is playing
            player.recv()
        assert player.state["table"]["absence"]["timeouts"][0] == 0
        refused = player.request({"type": "back"})
        assert refused["type"] == "error" and refused["code"] == "refused"


def test_a_move_of_ones_own_resets_the_count(client_factory: Callable[..., TestClient], clock: FakeClock) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy", seed=22, turn_timer=20, grace=600, practice=True)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.wait_turn()
        time_out_once(client, clock, player)
        state = player.act("draw")
        assert state["type"] == "state" and state["table"]["absence"]["timeouts"] == [0, 0]


def test_the_replay_names_the_players_and_marks_what_the_computer_played(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(
        client,
        ann,
        players=2,
        bots="easy",
        seed=23,
        turn_timer=20,
        grace=600,
        practice=True,
        hands=1,
        options={"max_turns": 12},
    )
    table = table_of(client, info["id"])
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.wait_turn()
        time_out_once(client, clock, player)
        assert player.request({"type": "leave"})["type"] == "state"
        while player.state["table"]["status"] != "over":
            player.recv()
    replay = client.get(f"/api/tables/{info['id']}/hands/1/replay").json()
    assert replay["names"][0] == "Ann (guest)" and replay["names"][1].startswith("Bot")
    assert replay["auto"], "the timed-out turn and the moves after leaving are marked"
    seats = {client.get(f"/api/tables/{info['id']}/hands/1/replay?step={s}").json()["actor"] for s in replay["auto"]}
    assert seats == {0} and table.status == "over"
