"""The hidden-information spy over the social payloads (docs/rules.md §5; docs/web.md "Friends"): while a
friend sits at a live hand, every answer of the notifications, friends (presence and "at which table"),
invitations and blocks routes is recorded with every card of every hand dealt at that moment, and none
holds a card, in any field; the hand's own messages are checked by ``test_hidden_information.py``'s rules.
On one process, and across two sharing a database and a Redis (presence in Redis, the friend's socket
relayed to the table's process)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from social_helpers import DATA_FIELDS, check_social
from test_hidden_information import Recorded, check_message, recorded
from web_helpers import FakeClock, Player, create_table, make_app, manager, simple_policy, tick

from burraco.core.cards import format_card

__all__ = ["recorded"]  # the spy fixture, shared with the hidden-information tests
SOCIAL = re.compile(r"^/api/(notifications|friends|invitations|blocks|tables/\d+/invitations)")
Seen = list[tuple[str, Any, set[str]]]


def dealt(*clients: TestClient) -> set[str]:
    """Every card in every hand of every live table of these processes, as text."""
    cards: set[str] = set()
    for client in clients:
        for table in list(manager(client).tables.values()):
            hand = table.hand
            if hand is not None:
                for seat in range(table.players):
                    cards.update(format_card(c) for c in hand.hand_cards(seat))
    return cards


def spy(client: TestClient, seen: Seen, everyone: tuple[TestClient, ...]) -> None:
    """Record every social answer ``client`` gets, with the cards dealt just before and just after it."""
    original = client.request

    def request(method: str, url: Any, *args: Any, **kwargs: Any) -> Any:
        before = dealt(*everyone)
        response = original(method, url, *args, **kwargs)
        if SOCIAL.match(str(url)) and response.headers.get("content-type", "").startswith("application/json"):
            seen.append((f"{method} {url}", response.json(), before | dealt(*everyone)))
        return response

    client.request = request  # type: ignore[method-assign]


def register(client: TestClient, name: str) -> tuple[str, int]:
    response = client.post("/api/register", json={"name": name, "password": "password123"})
    assert response.status_code == 200, response.text
    cookie = f"burraco_session={response.cookies['burraco_session']}"
    client.cookies.clear()
    return cookie, int(response.json()["user"]["id"])


def call(client: TestClient, method: str, path: str, cookie: str, **kwargs: Any) -> Any:
    response = client.request(method, path, headers={"cookie": cookie}, **kwargs)
    assert response.status_code == 200, (path, response.text)
    return response.json()


def befriend(asker: TestClient, answerer: TestClient, cookies: tuple[str, str], ids: tuple[int, int]) -> None:
    call(asker, "POST", "/api/friends/requests", cookies[0], json={"user_id": ids[1]})
    call(answerer, "POST", f"/api/friends/requests/{ids[0]}/accept", cookies[1])


def scenario(first: TestClient, second: TestClient, seen: Seen) -> None:
    """Anna (on ``first``) invites her friend Bruno (on ``second``) to her table with friends and they play
    a dozen turns; meanwhile Carla (on ``second``) plays a public table against a bot, makes friends with
    Anna, invites Bruno, and everyone's pages keep asking for their notifications and friends."""
    both = (first, second)
    for client in dict.fromkeys(both):
        spy(client, seen, both)
    (anna, anna_id), (bruno, bruno_id) = register(first, "Anna"), register(second, "Bruno")
    (carla, carla_id), (_, dario_id) = register(second, "Carla"), register(first, "Dario")
    befriend(first, second, (anna, bruno), (anna_id, bruno_id))
    befriend(second, second, (bruno, carla), (bruno_id, carla_id))
    mine = create_table(first, anna, players=2, private=True, name="Tra amici", hands=1)["id"]
    token = call(first, "POST", f"/api/friends/{bruno_id}/invite", anna, json={"table_id": mine})["token"]
    tick(first)
    call(second, "GET", f"/api/invitations/{token}", bruno)
    assert call(second, "POST", f"/api/invitations/{token}/accept", bruno) == {"table_id": mine}
    public = create_table(second, carla, players=2, bots="easy", hands=1, name="Da Carla")["id"]
    with (
        first.websocket_connect(f"/ws/tables/{mine}", headers={"cookie": anna}) as wa,
        second.websocket_connect(f"/ws/tables/{mine}", headers={"cookie": bruno}) as wb,
        second.websocket_connect(f"/ws/tables/{public}", headers={"cookie": carla}) as wc,
    ):
        players, bot_side = [Player(wa), Player(wb)], Player(wc)
        bot_side.recv()
        for player in players:
            while not player.state or player.state["table"]["status"] == "waiting":
                player.recv()
        for turn in range(12):
            assert dealt(*both), "no hand is live"
            for client in dict.fromkeys(both):
                tick(client)  # each process shares its lobby: where a friend plays
            for client, cookie in ((first, anna), (second, bruno), (second, carla)):
                call(client, "GET", "/api/notifications", cookie)
                call(client, "GET", "/api/friends", cookie)
            call(first, "GET", f"/api/tables/{mine}/invitations", anna)
            if turn == 2:  # new notifications of each kind during the hand
                call(second, "POST", "/api/friends/requests", carla, json={"user_id": anna_id})
                call(first, "POST", f"/api/friends/requests/{carla_id}/accept", anna)
                call(second, "POST", f"/api/friends/{bruno_id}/invite", carla, json={"table_id": public})
                call(first, "POST", f"/api/tables/{mine}/invitations", anna, json={})
            if turn == 4:
                call(second, "POST", "/api/notifications/read", bruno, json={"ids": None})
                call(second, "POST", "/api/blocks", carla, json={"user_id": dario_id})
                call(second, "DELETE", f"/api/blocks/{dario_id}", carla)
            mover = next((p for p in players if p.state["legal"]), None)
            if mover is None or mover.state["table"]["status"] != "playing":
                break
            mover.act(simple_policy(mover.state["legal"]))
            other = players[1 - players.index(mover)]
            while other.recv()["type"] != "state":
                pass
        friends = call(first, "GET", "/api/friends", anna)["friends"]
        assert {f["name"]: (f["online"], f["table"]) for f in friends} == {
            "Bruno": (True, None),  # at a table with friends: never named
            "Carla": (True, {"id": public, "name": "Da Carla", "status": "playing"}),
        }
    kinds = {n["kind"] for _, payload, _ in seen if isinstance(payload, dict) for n in payload.get("notifications", [])}
    assert kinds == set(DATA_FIELDS)
    assert len(seen) > 80 and all(cards for _, _, cards in seen[-60:])


def test_no_card_rides_on_notifications_presence_or_invitations(
    client_factory: Callable[..., TestClient],
    recorded: list[Recorded],
) -> None:
    client = client_factory()
    seen: Seen = []
    scenario(client, client, seen)
    for where, payload, cards in seen:
        check_social(where, payload, cards)
    assert {seat for seat, message, *_ in recorded if message["type"] == "state"} >= {0, 1}
    for seat, message, own, picked in recorded:
        check_message(seat, message, own, picked)


def test_no_card_rides_on_them_across_processes(database: str, namespace: str) -> None:
    from redis_helpers import URL

    clock = FakeClock()
    options: dict[str, Any] = {"redis_url": URL, "redis_namespace": namespace, "wallclock": clock}
    first = TestClient(make_app(database, clock, **options))
    second = TestClient(make_app(database, clock, **options))
    seen: Seen = []
    with first, second:
        scenario(first, second, seen)
    for where, payload, cards in seen:
        check_social(where, payload, cards)
