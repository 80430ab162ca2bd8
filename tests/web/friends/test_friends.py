"""Friends on SQLite and PostgreSQL: finding a player by name, the friend request's life (sent, accepted,
refused, cancelled, unfriended), blocks (no request, invitation, seat or search between the two), who is
online and at which public table, and the notifications a friend gets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from test_invitations import call, friends_table, invite, refusal, register, user_id
from web_helpers import Player, create_table, guest

from burraco.web.persistence.repositories.friends import is_blocked


def names(response: Any, key: str = "users") -> list[str]:
    assert response.status_code == 200, response.text
    return [u["name"] for u in response.json()[key]]


def overview(client: TestClient, cookie: str) -> dict[str, Any]:
    response = call(client, "GET", "/api/friends", cookie)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def kinds(client: TestClient, cookie: str) -> list[str]:
    return [n["kind"] for n in call(client, "GET", "/api/notifications", cookie).json()["notifications"]]


def test_search_and_the_life_of_a_friend_request(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    anna, andrea, bruno = register(client, "Anna"), register(client, "Andrea"), register(client, "Bruno")
    guest(client, "Annalisa")  # a guest is never found
    ids = {"anna": user_id(client, anna), "andrea": user_id(client, andrea), "bruno": user_id(client, bruno)}
    assert names(call(client, "GET", "/api/friends/search?q=an", bruno)) == ["Andrea", "Anna"]
    assert names(call(client, "GET", "/api/friends/search?q=AN", anna)) == ["Andrea"]  # never oneself
    assert names(call(client, "GET", "/api/friends/search?q=bot", anna)) == []  # nor a bot
    assert names(call(client, "GET", "/api/friends/search?q=a%25", anna)) == []  # a wildcard is a letter
    assert refusal(call(client, "GET", "/api/friends/search?q=a", anna)) == (422, "search_short")
    # sent, then cancelled
    asked = call(client, "POST", "/api/friends/requests", anna, json={"user_id": ids["bruno"]})
    assert asked.json() == {"status": "sent"}
    again = call(client, "POST", "/api/friends/requests", anna, json={"user_id": ids["bruno"]})
    assert refusal(again) == (409, "already_asked")
    assert overview(client, anna)["outgoing"] == [{"id": ids["bruno"], "name": "Bruno"}]
    assert overview(client, bruno)["incoming"] == [{"id": ids["anna"], "name": "Anna"}]
    assert kinds(client, bruno) == ["friend_request"]
    assert call(client, "DELETE", f"/api/friends/requests/{ids['bruno']}", anna).status_code == 200
    assert overview(client, bruno)["incoming"] == []
    assert refusal(call(client, "POST", f"/api/friends/requests/{ids['anna']}/accept", bruno)) == (404, "no_request")
    # sent, then refused
    call(client, "POST", "/api/friends/requests", anna, json={"user_id": ids["bruno"]})
    assert call(client, "POST", f"/api/friends/requests/{ids['anna']}/refuse", bruno).status_code == 200
    assert overview(client, anna)["outgoing"] == [] and overview(client, anna)["friends"] == []
    # sent, then accepted: friends both ways, and the asker is told
    call(client, "POST", "/api/friends/requests", anna, json={"user_id": ids["bruno"]})
    assert call(client, "POST", f"/api/friends/requests/{ids['anna']}/accept", bruno).json() == {"status": "accepted"}
    assert [f["name"] for f in overview(client, anna)["friends"]] == ["Bruno"]
    assert [f["name"] for f in overview(client, bruno)["friends"]] == ["Anna"]
    assert kinds(client, anna)[0] == "friend_accepted"
    asked = call(client, "POST", "/api/friends/requests", bruno, json={"user_id": ids["anna"]})
    assert refusal(asked) == (409, "already_friends")
    # two who ask each other are friends at once
    call(client, "POST", "/api/friends/requests", andrea, json={"user_id": ids["bruno"]})
    both = call(client, "POST", "/api/friends/requests", bruno, json={"user_id": ids["andrea"]})
    assert both.json() == {"status": "accepted"}
    assert [f["name"] for f in overview(client, bruno)["friends"]] == ["Andrea", "Anna"]
    # unfriended
    assert call(client, "DELETE", f"/api/friends/{ids['bruno']}", anna).status_code == 200
    assert [f["name"] for f in overview(client, bruno)["friends"]] == ["Andrea"]
    assert refusal(call(client, "DELETE", f"/api/friends/{ids['bruno']}", anna)) == (404, "not_friends")
    # a guest has no friends list, and is never asked
    visitor = guest(client, "Visitor")
    assert refusal(call(client, "GET", "/api/friends", visitor)) == (403, "friends_accounts_only")
    visitor_id = user_id(client, visitor)
    assert refusal(call(client, "POST", "/api/friends/requests", anna, json={"user_id": visitor_id})) == (
        404,
        "friend_unknown",
    )
    mark = call(client, "POST", "/api/notifications/read", anna, json={"ids": None}).json()
    assert mark["read"] >= 1 and call(client, "GET", "/api/notifications", anna).json()["unread"] == 0


def test_a_block_stops_requests_invitations_seats_and_search(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    anna, bruno, carla = register(client, "Anna"), register(client, "Bruno"), register(client, "Carla")
    ids = {"anna": user_id(client, anna), "bruno": user_id(client, bruno), "carla": user_id(client, carla)}
    call(client, "POST", "/api/friends/requests", anna, json={"user_id": ids["bruno"]})
    call(client, "POST", f"/api/friends/requests/{ids['anna']}/accept", bruno)
    public = create_table(client, anna, players=2)
    private = friends_table(client, anna)
    link = invite(client, anna, private["id"])["token"]
    before = kinds(client, anna)
    assert call(client, "POST", "/api/blocks", anna, json={"user_id": ids["bruno"]}).status_code == 200
    store = client.app.state.store  # type: ignore[attr-defined]
    assert store.read(lambda c: is_blocked(c, ids["bruno"], ids["anna"]))  # either way round
    assert not store.read(lambda c: is_blocked(c, ids["anna"], ids["carla"]))
    assert overview(client, anna)["friends"] == [] and overview(client, anna)["blocked"] == [
        {"id": ids["bruno"], "name": "Bruno"}
    ]
    # Bruno no longer finds Anna, cannot ask her, invite her, take her link or sit at her table
    assert names(call(client, "GET", "/api/friends/search?q=an", bruno)) == []
    asked = call(client, "POST", "/api/friends/requests", bruno, json={"user_id": ids["anna"]})
    assert refusal(asked) == (403, "friend_blocked")
    invited = call(client, "POST", f"/api/friends/{ids['anna']}/invite", bruno, json={"table_id": public["id"]})
    assert refusal(invited) == (403, "invite_not_friend")
    assert refusal(call(client, "POST", f"/api/invitations/{link}/accept", bruno)) == (403, "friend_blocked")
    with client.websocket_connect(f"/ws/tables/{public['id']}", headers={"cookie": bruno}) as ws:
        player = Player(ws)
        player.recv()
        answer = player.request({"type": "sit", "seat": 1})
        assert answer["type"] == "error" and "cannot sit" in answer["message"]
    assert kinds(client, anna) == before  # nothing more reached her
    # unblocked: Bruno may sit again
    assert call(client, "DELETE", f"/api/blocks/{ids['bruno']}", anna).status_code == 200
    assert refusal(call(client, "DELETE", f"/api/blocks/{ids['bruno']}", anna)) == (404, "not_blocked")
    with client.websocket_connect(f"/ws/tables/{public['id']}", headers={"cookie": bruno}) as ws:
        player = Player(ws)
        player.recv()
        assert player.request({"type": "sit", "seat": 1})["you"] == 1


def test_friends_online_at_a_public_table_and_invited(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    anna, bruno = register(client, "Anna"), register(client, "Bruno")
    ids = {"anna": user_id(client, anna), "bruno": user_id(client, bruno)}
    call(client, "POST", "/api/friends/requests", anna, json={"user_id": ids["bruno"]})
    call(client, "POST", f"/api/friends/requests/{ids['anna']}/accept", bruno)
    [friend] = overview(client, anna)["friends"]
    assert friend == {"id": ids["bruno"], "name": "Bruno", "online": False, "table": None}
    table = create_table(client, bruno, players=2, name="Da Bruno")
    call(client, "GET", "/api/notifications", bruno)  # his open page asks: he is online
    [friend] = overview(client, anna)["friends"]
    assert friend["online"] and friend["table"]["id"] == table["id"] and friend["table"]["name"] == "Da Bruno"
    hidden = friends_table(client, anna)  # a private table is never shown as where one plays
    sent = call(client, "POST", f"/api/friends/{ids['bruno']}/invite", anna, json={"table_id": hidden["id"]})
    token = sent.json()["token"]
    assert sent.status_code == 200 and token
    [note, *_] = call(client, "GET", "/api/notifications", bruno).json()["notifications"]
    assert note["kind"] == "table_invite" and not note["read"]
    assert note["data"] == {
        "from_id": ids["anna"],
        "from_name": "Anna",
        "table_id": hidden["id"],
        "table_name": "Tra amici",
        "token": token,
    }
    assert call(client, "POST", f"/api/invitations/{token}/accept", bruno).json() == {"table_id": hidden["id"]}
    stranger = register(client, "Carla")
    assert refusal(call(client, "POST", f"/api/invitations/{token}/accept", stranger)) == (
        403,
        "invitation_not_for_you",
    )
    # only the owner invites to a table with friends; anyone to a public one
    other = call(client, "POST", f"/api/friends/{ids['anna']}/invite", bruno, json={"table_id": hidden["id"]})
    assert refusal(other) == (403, "not_table_owner")
    public = call(client, "POST", f"/api/friends/{ids['anna']}/invite", bruno, json={"table_id": table["id"]})
    assert public.json() == {"status": "invited", "token": None}
