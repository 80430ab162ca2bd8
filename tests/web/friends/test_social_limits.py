"""What one person may make another receive, on SQLite and PostgreSQL, and across two processes on one
Redis: a friend request and its notification are one line however often the asker asks and cancels, and
asking is limited per account and per address; an invitation to the same table replaces the earlier one,
and inviting is limited too. The figures are ``accounts/social_limits.py``'s (``docs/security.md``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from redis_helpers import URL
from test_invitations import call, friends_table, invite, refusal, register, user_id
from web_helpers import FakeClock, create_table, make_app

REQUESTS, INVITES = 10, 10
"""A user's burst of friend requests and of invitations."""


def notes(client: TestClient, cookie: str) -> list[dict[str, Any]]:
    return call(client, "GET", "/api/notifications", cookie).json()["notifications"]  # type: ignore[no-any-return]


def befriend(client: TestClient, asker: str, asked: str) -> None:
    assert call(client, "POST", "/api/friends/requests", asker, json={"user_id": user_id(client, asked)}).is_success
    assert call(client, "POST", f"/api/friends/requests/{user_id(client, asker)}/accept", asked).is_success


def test_asking_and_cancelling_in_a_loop_leaves_one_line_and_is_limited(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = client_factory()
    anna, vera, fede = register(client, "Anna"), register(client, "Vera"), register(client, "Fede")
    befriend(client, fede, vera)
    table = friends_table(client, fede)
    sent = call(client, "POST", f"/api/friends/{user_id(client, vera)}/invite", fede, json={"table_id": table["id"]})
    token = sent.json()["token"]
    vera_id, anna_id = user_id(client, vera), user_id(client, anna)
    for _ in range(REQUESTS):
        assert call(client, "POST", "/api/friends/requests", anna, json={"user_id": vera_id}).status_code == 200
        from_anna = [n for n in notes(client, vera) if n["data"]["from_id"] == anna_id]
        assert [n["kind"] for n in from_anna] == ["friend_request"]  # one line, however often she asks
        assert call(client, "DELETE", f"/api/friends/requests/{vera_id}", anna).status_code == 200
        assert not [n for n in notes(client, vera) if n["data"]["from_id"] == anna_id]  # cancelled: gone
    over = call(client, "POST", "/api/friends/requests", anna, json={"user_id": vera_id})
    assert refusal(over) == (429, "friend_requests_too_fast") and int(over.headers["Retry-After"]) == 60
    assert over.json()["detail"]["params"] == {"seconds": 60}
    # the invitation Vera had, with its link, is still there
    assert [n["data"]["token"] for n in notes(client, vera) if n["kind"] == "table_invite"] == [token]
    assert [n["data"]["from_id"] for n in notes(client, vera)] == [user_id(client, fede)] * 2
    clock.advance(60)  # one more a minute
    assert call(client, "POST", "/api/friends/requests", anna, json={"user_id": vera_id}).status_code == 200


def test_new_accounts_of_one_address_share_its_requests(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()  # every TestClient request comes from one address
    vera = register(client, "Vera")
    vera_id = user_id(client, vera)
    askers = [register(client, f"Asker{i}") for i in range(4)]
    for asker in askers[:3]:  # three accounts' worth: the address's bucket
        for _ in range(REQUESTS):
            assert call(client, "POST", "/api/friends/requests", asker, json={"user_id": vera_id}).status_code == 200
            assert call(client, "DELETE", f"/api/friends/requests/{vera_id}", asker).status_code == 200
    fourth = call(client, "POST", "/api/friends/requests", askers[3], json={"user_id": vera_id})
    assert refusal(fourth) == (429, "friend_requests_too_fast")
    assert notes(client, vera) == []


def test_friend_requests_from_many_askers_never_push_out_an_invitation(
    client_factory: Callable[..., TestClient],
) -> None:
    client = client_factory()
    vera, fede = register(client, "Vera"), register(client, "Fede")
    befriend(client, fede, vera)
    table = create_table(client, fede, players=2)
    call(client, "POST", f"/api/friends/{user_id(client, vera)}/invite", fede, json={"table_id": table["id"]})
    vera_id = user_id(client, vera)
    for i in range(25):  # more askers than the list keeps requests of
        asker = register(client, f"Asker{i}")
        assert call(client, "POST", "/api/friends/requests", asker, json={"user_id": vera_id}).status_code == 200
    kinds = [n["kind"] for n in notes(client, vera)]
    assert kinds.count("friend_request") == 20 and "table_invite" in kinds


def test_an_invitation_to_the_same_table_replaces_the_last_and_inviting_is_limited(
    client_factory: Callable[..., TestClient],
) -> None:
    client = client_factory()
    vera, fede = register(client, "Vera"), register(client, "Fede")
    befriend(client, fede, vera)
    vera_id = user_id(client, vera)
    public, other = create_table(client, fede, players=2), create_table(client, fede, players=2)
    for _ in range(INVITES - 1):
        sent = call(client, "POST", f"/api/friends/{vera_id}/invite", fede, json={"table_id": public["id"]})
        assert sent.status_code == 200
    assert [n["data"]["table_id"] for n in notes(client, vera) if n["kind"] == "table_invite"] == [public["id"]]
    private = friends_table(client, fede)
    link = invite(client, fede, private["id"], friend_id=vera_id)["token"]  # an invitation too
    invited = [(n["data"]["table_id"], n["data"]["token"]) for n in notes(client, vera) if n["kind"] == "table_invite"]
    assert invited == [(private["id"], link), (public["id"], None)]
    over = call(client, "POST", f"/api/friends/{vera_id}/invite", fede, json={"table_id": other["id"]})
    assert refusal(over) == (429, "invitations_too_fast") and over.headers["Retry-After"] == "30"
    made = call(client, "POST", f"/api/tables/{private['id']}/invitations", fede, json={"friend_id": vera_id})
    assert refusal(made) == (429, "invitations_too_fast")
    assert len([n for n in notes(client, vera) if n["kind"] == "table_invite"]) == 2


def test_two_processes_share_the_friend_request_limit(database: str, namespace: str) -> None:
    clock = FakeClock()
    options: dict[str, Any] = {"redis_url": URL, "redis_namespace": namespace, "wallclock": clock}
    first = TestClient(make_app(database, clock, **options))
    second = TestClient(make_app(database, clock, **options))
    with first, second:
        anna, vera = register(first, "Anna"), register(second, "Vera")
        vera_id = user_id(first, vera)
        for turn in range(REQUESTS):
            client = (first, second)[turn % 2]
            assert call(client, "POST", "/api/friends/requests", anna, json={"user_id": vera_id}).status_code == 200
            assert call(client, "DELETE", f"/api/friends/requests/{vera_id}", anna).status_code == 200
        for client in (first, second):
            over = call(client, "POST", "/api/friends/requests", anna, json={"user_id": vera_id})
            assert refusal(over) == (429, "friend_requests_too_fast")
