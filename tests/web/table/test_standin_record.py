"""Absence announced and kept: each seat says whether its player is away and how long until the computer
takes it (``absent``, ``absent_left``); what the computer did in a seat it took is kept for the match
(``absence.standin``), rebuilt identically from the stored events after a restart; and a seat it played
for more than one hand counts the match as abandoned by its player, in the summary, the match record and
the rating, as leaving does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from web_helpers import FakeClock, Player, create_table, guest, make_app, table_of, tick, wait_until

from burraco.web.accounts.auth import COOKIE
from burraco.web.table.model import Status


def seat_zero(client: TestClient, table_id: int, cookie: str) -> dict[str, Any]:
    info: dict[str, Any] = client.get(f"/api/tables/{table_id}", headers={"cookie": cookie}).json()["table"]
    return info


def test_an_absent_player_is_announced_with_the_time_left(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy", seed=12, grace=30, practice=True)
    table = table_of(client, info["id"])
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        state = Player(ws).wait_turn()
        seat = state["table"]["seats"][0]
        assert seat["absent"] is False and seat["absent_left"] is None
        assert state["table"]["seats"][1]["absent"] is False  # a bot is never absent
    clock.advance(10)  # away on their own turn for 10 s of a 30 s grace period
    away = seat_zero(client, info["id"], ann)
    assert away["seats"][0]["absent"] is True and away["seats"][0]["absent_left"] == 20.0
    assert away["absence"]["standin"] == [None, None]
    clock.advance(20)
    assert tick(client) == 1 and table.seats[0].standin
    hand_no = table.hand_no
    wait_until(client, lambda: table.absence.standins[0] is not None and table.absence.standins[0].hands == 1)
    taken = seat_zero(client, info["id"], ann)
    assert taken["seats"][0]["absent"] is True and taken["seats"][0]["absent_left"] is None  # already replaced
    record = taken["absence"]["standin"][0]
    assert record == {"from_hand": hand_no, "from_totals": [0, 0], "hands": 1, "active": True}
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)  # coming back takes the seat back (at the end of a turn the computer is in the
        back = player.recv()  # middle of); the record stays for the match
        assert back["table"]["seats"][0]["absent"] is False
        assert not back["table"]["seats"][0]["standin"] or back["table"]["seats"][0]["back_asked"]
        while player.state["table"]["seats"][0]["standin"]:
            player.recv()
        assert player.state["table"]["absence"]["standin"][0] == {**record, "active": False}


def register(client: TestClient, name: str) -> tuple[str, int]:
    response = client.post("/api/register", json={"name": name, "password": "long-enough"})
    client.cookies.clear()
    return f"{COOKIE}={response.cookies[COOKIE]}", int(response.json()["user"]["id"])


def test_two_hands_played_by_the_computer_abandon_the_match_and_survive_a_restart(database: str) -> None:
    clock = FakeClock()
    body = {"players": 2, "bots": "easy", "hands": 2, "grace": 30, "options": {"max_turns": 10}}
    with TestClient(make_app(database, clock)) as client:
        elena, user_id = register(client, "Elena")
        info = create_table(client, elena, **body)
        assert info["rated"] and not info["practice"]
        table = table_of(client, info["id"])
        with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": elena}) as ws:
            Player(ws).recv()
        while not table.seats[0].standin:  # away: on her turn, after the grace period, the computer sits
            clock.advance(30)
            tick(client)
            wait_until(client, lambda: table.bot_task is None)
        wait_until(client, lambda: table.status == Status.BETWEEN)
        before = table.absence
        assert before.standins[0] is not None and before.standins[0].hands == 1 and table.summary is None
    with TestClient(make_app(database, clock)) as client:  # a restart: the events say it all again
        table = table_of(client, info["id"])
        assert table.absence == before and table.seats[0].standin
        clock.advance(30)  # the next deal does not wait for the absent player
        assert tick(client) == 1
        wait_until(client, lambda: table.recorded)
        record = table.absence.standins[0]
        assert record is not None and record.hands == 2 and record.active
        summary = table.summary
        assert summary is not None
        assert summary["left"] == [] and summary["abandoned"] == [0] and summary["winner"] == 1
        assert table.info()["abandoned"] == [0]
        profile = client.get(f"/api/users/{user_id}", headers={"cookie": elena}).json()
        [entry] = profile["matches"]
        assert entry["left"] is True and entry["result"] == "loss"  # the record says abandoned
        # but no person finished the match (the computer played it out): it moves nobody's rating
        assert summary["rated"] is False and profile["user"]["mu"] == 25.0
