"""The hidden-information check of ``test_hidden_information.py`` over a table with friends whose owner
chose the pairs (the ``seat`` message) before the deal."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from test_hidden_information import Recorded, check_message, recorded  # noqa: F401
from web_helpers import Player, create_table, guest, simple_policy, table_of


def call(client: TestClient, method: str, path: str, cookie: str, **kwargs: Any) -> Any:
    return client.request(method, path, headers={"cookie": cookie}, **kwargs)


def invite(client: TestClient, cookie: str, table_id: int) -> str:
    response = call(client, "POST", f"/api/tables/{table_id}/invitations", cookie, json={})
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


def test_no_hidden_card_reaches_a_seat_after_the_owner_seats_the_pairs(
    client_factory: Callable[..., TestClient],
    recorded: list[Recorded],  # noqa: F811
) -> None:
    """The hidden-information check (``tests/web/table/test_hidden_information.py``) over a table with
    friends whose owner swapped two players before the start: every message to every seat and to a
    spectator, through the deal and a round of turns."""
    client = client_factory()
    cookies = [guest(client, name) for name in ("Anna", "Bruno", "Carla", "Dario")]
    info = create_table(client, cookies[0], players=4, private=True)
    token = invite(client, cookies[0], info["id"])
    for cookie in cookies[1:]:
        assert call(client, "POST", f"/api/invitations/{token}/accept", cookie).status_code == 200
    url = f"/ws/tables/{info['id']}"
    with contextlib.ExitStack() as stack:
        players = [
            Player(stack.enter_context(client.websocket_connect(url, headers={"cookie": c}))) for c in cookies[:3]
        ]
        for player in players:
            player.recv()
        assert players[0].request({"type": "seat", "seat": 1, "to": 2})["type"] == "state"
        players.append(Player(stack.enter_context(client.websocket_connect(url, headers={"cookie": cookies[3]}))))
        for player in players:
            while not player.state or player.state["table"]["status"] == "waiting":
                player.recv()
        for _ in range(12):  # turns: draw, lay down what it can, discard; every other seat is told each time
            mover = next(p for p in players if p.state["legal"])
            mover.act(simple_policy(mover.state["legal"]))
            for player in players:
                if player is not mover:
                    while player.recv()["type"] != "state":
                        pass
    assert [s.name.split()[0] for s in table_of(client, info["id"]).seats] == ["Anna", "Carla", "Bruno", "Dario"]
    states = [r for r in recorded if r[1]["type"] == "state" and r[1]["view"] is not None]
    assert {seat for seat, *_ in states} >= {0, 1, 2, 3}
    for seat, message, own, picked in recorded:
        check_message(seat, message, own, picked)
