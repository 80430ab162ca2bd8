"""Play with a friend: a private table and its invitation links, on SQLite and PostgreSQL. A link's token is
unguessable and stored only as its hash; an expired, revoked or unknown link, or one for another player, is
refused with its reason and changes nothing; the table is never in the lobby and refuses whoever has no link;
opening a link seats the player; the owner chooses who sits where before the start."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from web_helpers import FakeClock, Player, close_code, create_table, events_of, guest, table_of

from burraco.web.persistence import schema
from burraco.web.persistence.repositories.invitations import INVITATION_TTL, token_hash
from burraco.web.protocol.close_codes import CloseCode


def call(client: TestClient, method: str, path: str, cookie: str, **kwargs: Any) -> Any:
    return client.request(method, path, headers={"cookie": cookie}, **kwargs)


def register(client: TestClient, name: str) -> str:
    response = client.post("/api/register", json={"name": name, "password": "password123"})
    assert response.status_code == 200, response.text
    cookie = response.cookies["burraco_session"]
    client.cookies.clear()
    return f"burraco_session={cookie}"


def user_id(client: TestClient, cookie: str) -> int:
    return int(call(client, "GET", "/api/me", cookie).json()["user"]["id"])


def invite(client: TestClient, cookie: str, table_id: int, **body: Any) -> dict[str, Any]:
    response = call(client, "POST", f"/api/tables/{table_id}/invitations", cookie, json=body)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def refusal(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["detail"]["code"]


def friends_table(client: TestClient, cookie: str, players: int = 2) -> dict[str, Any]:
    return create_table(client, cookie, players=players, private=True, name="Tra amici")


def test_a_link_seats_whoever_opens_it_and_the_table_stays_private(
    client_factory: Callable[..., TestClient], database: str, clock: FakeClock
) -> None:
    client = client_factory(wallclock=clock)
    ann, bob, eve = guest(client, "Ann"), guest(client, "Bob"), guest(client, "Eve")
    info = friends_table(client, ann)
    assert info["private"] and info["rated"]  # rated like any table with humans
    made = invite(client, ann, info["id"])
    token = made["token"]
    assert len(token) >= 43 and made["path"] == f"#/invite/{token}"
    assert invite(client, ann, info["id"])["token"] != token  # fresh randomness every time
    stored = client.app.state.store.read(  # type: ignore[attr-defined]
        lambda c: [r.token_hash for r in c.execute(select(schema.table_invitations))]
    )
    assert token not in stored and token_hash(token) in stored  # only its hash is kept
    # never in the lobby; refused to a spectator and over HTTP without the link
    assert info["id"] not in [t["id"] for t in client.get("/api/tables").json()["tables"]]
    code, reason = close_code(client, info["id"], eve)
    assert code == CloseCode.INVITE_ONLY == 4406 and "invitation link" in reason
    assert refusal(call(client, "GET", f"/api/tables/{info['id']}", eve)) == (403, "invite_only")
    # a guessed token is refused
    assert refusal(call(client, "POST", f"/api/invitations/{'x' * 43}/accept", eve)) == (404, "invitation_unknown")
    # reading the link needs no session; taking it does
    preview = client.get(f"/api/invitations/{token}").json()
    assert preview["table"]["id"] == info["id"] and preview["owner"].startswith("Ann") and preview["for_anyone"]
    assert refusal(client.post(f"/api/invitations/{token}/accept")) == (401, "not_logged_in")
    assert call(client, "POST", f"/api/invitations/{token}/accept", bob).json() == {"table_id": info["id"]}
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": bob}) as ws:
        player = Player(ws)
        state = player.recv()
        assert state["you"] == 1 and state["table"]["status"] == "playing"  # seated, and the hand starts
    assert [e[:2] for e in events_of(client, info["id"])[:3]] == [("sit", 0), ("sit", 1), ("deal", -1)]
    # full now: the same link refuses Eve, and nothing changes
    assert refusal(call(client, "POST", f"/api/invitations/{token}/accept", eve)) == (409, "invitation_started")
    assert close_code(client, info["id"], eve)[0] == CloseCode.INVITE_ONLY


def test_expired_and_revoked_links_are_refused_and_change_nothing(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = client_factory(wallclock=clock)
    ann, bob, eve = guest(client, "Ann"), guest(client, "Bob"), guest(client, "Eve")
    info = friends_table(client, ann)
    old, kept = invite(client, ann, info["id"]), invite(client, ann, info["id"])
    assert refusal(call(client, "DELETE", f"/api/invitations/{old['invitation']['id']}", bob)) == (
        403,
        "not_table_owner",
    )
    assert call(client, "DELETE", f"/api/invitations/{old['invitation']['id']}", ann).status_code == 200
    assert refusal(call(client, "POST", f"/api/invitations/{old['token']}/accept", bob)) == (410, "invitation_revoked")
    assert refusal(client.get(f"/api/invitations/{old['token']}")) == (410, "invitation_revoked")
    clock.advance(INVITATION_TTL)  # 24 hours later
    assert refusal(call(client, "POST", f"/api/invitations/{kept['token']}/accept", eve)) == (410, "invitation_expired")
    states = [
        i["state"] for i in call(client, "GET", f"/api/tables/{info['id']}/invitations", ann).json()["invitations"]
    ]
    assert states == ["revoked", "expired"]
    assert table_of(client, info["id"]).seats[1].empty  # nobody was let in or seated
    assert close_code(client, info["id"], bob)[0] == CloseCode.INVITE_ONLY
    assert close_code(client, info["id"], eve)[0] == CloseCode.INVITE_ONLY


def test_a_link_for_one_friend_and_the_owner_seats_the_pairs(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = client_factory(wallclock=clock)
    ann, bob, cid, eve = (register(client, n) for n in ("Anna", "Bruno", "Carla", "Elena"))
    ids = {name: user_id(client, c) for name, c in (("ann", ann), ("bob", bob), ("cid", cid), ("eve", eve))}
    for friend in (bob, cid):
        call(client, "POST", "/api/friends/requests", ann, json={"user_id": ids["bob" if friend == bob else "cid"]})
        call(client, "POST", f"/api/friends/requests/{ids['ann']}/accept", friend)
    info = friends_table(client, ann, players=4)
    assert refusal(
        call(client, "POST", f"/api/tables/{info['id']}/invitations", ann, json={"friend_id": ids["eve"]})
    ) == (
        403,
        "invite_not_friend",
    )
    for_bob = invite(client, ann, info["id"], friend_id=ids["bob"], seat=2)  # Bruno partners Anna
    assert refusal(call(client, "POST", f"/api/invitations/{for_bob['token']}/accept", cid)) == (
        403,
        "invitation_not_for_you",
    )
    assert not client.get(f"/api/invitations/{for_bob['token']}").json()["for_anyone"]
    anyone = invite(client, ann, info["id"])
    for cookie, token in ((bob, for_bob["token"]), (cid, anyone["token"])):
        assert call(client, "POST", f"/api/invitations/{token}/accept", cookie).status_code == 200
    with (
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as owner_ws,
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": bob}) as bob_ws,
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": cid}) as cid_ws,
    ):
        owner, bruno, carla = Player(owner_ws), Player(bob_ws), Player(cid_ws)
        assert owner.recv()["you"] == 0 and bruno.recv()["you"] == 2  # the seat kept for him
        assert carla.recv()["you"] == 1  # the first free seat no link keeps for another friend
        refused = carla.request({"type": "seat", "seat": 1, "to": 3})
        assert refused["type"] == "error" and "owner" in refused["message"]
        moved = owner.request({"type": "seat", "seat": 2, "to": 1})  # Bruno and Carla swap
        assert moved["type"] == "state"
        assert [s["name"] for s in moved["table"]["seats"]][:3] == ["Anna", "Bruno", "Carla"]
        while bruno.state.get("you") != 1:
            bruno.recv()
        while carla.state.get("you") != 2:
            carla.recv()
    table = table_of(client, info["id"])
    assert [s.user_id for s in table.seats] == [ids["ann"], ids["bob"], ids["cid"], None]
    assert table.status == "waiting"
    assert events_of(client, info["id"])[-4:] == [
        ("leave", 2, "changed seat"),
        ("leave", 1, "changed seat"),
        ("sit", 1, "Bruno"),
        ("sit", 2, "Carla"),
    ]
