"""Friends across two processes sharing a database and a Redis: a friend whose page asks one process is
online for a friend on the other, at the public table the other process holds; an invitation sent on one
reaches the friend's page on the other; and a link made on one process seats its guest who connects to the
other (relayed to the table), while a stranger there is refused."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from redis_helpers import URL
from test_invitations import call, invite, register, user_id
from web_helpers import FakeClock, Player, close_code, create_table, make_app, tick

from burraco.web.protocol.close_codes import CloseCode


def befriend(first: TestClient, second: TestClient, anna: str, bruno: str) -> dict[str, int]:
    ids = {"anna": user_id(first, anna), "bruno": user_id(second, bruno)}
    assert call(first, "POST", "/api/friends/requests", anna, json={"user_id": ids["bruno"]}).status_code == 200
    accepted = call(second, "POST", f"/api/friends/requests/{ids['anna']}/accept", bruno)
    assert accepted.status_code == 200
    return ids


def refused_code(client: TestClient, table_id: int, cookie: str) -> tuple[int, str]:
    """The close a socket gets, reconnecting once after a 1012 as the page does (a table nobody is
    connected to moves to the process a socket reached, ``cluster/handover.py``, which then refuses it)."""
    code, reason = close_code(client, table_id, cookie)
    return close_code(client, table_id, cookie) if code == CloseCode.MOVED else (code, reason)


def friend_of(client: TestClient, cookie: str) -> dict[str, Any]:
    [friend] = call(client, "GET", "/api/friends", cookie).json()["friends"]
    return friend  # type: ignore[no-any-return]


def test_presence_and_notifications_cross_processes(database: str, namespace: str) -> None:
    clock = FakeClock()
    options: dict[str, Any] = {"redis_url": URL, "redis_namespace": namespace, "wallclock": clock}
    first = TestClient(make_app(database, clock, **options))
    second = TestClient(make_app(database, clock, **options))
    with first, second:
        anna, bruno = register(first, "Anna"), register(second, "Bruno")
        ids = befriend(first, second, anna, bruno)
        assert friend_of(first, anna)["online"] is False
        call(second, "GET", "/api/notifications", bruno)  # Bruno's page asks the second process
        table = create_table(second, bruno, players=2, name="Da Bruno")
        tick(second)  # the second process shares its tables
        friend = friend_of(first, anna)
        assert friend["online"] and friend["table"] == {"id": table["id"], "name": "Da Bruno", "status": "waiting"}
        # Anna invites him to her table with friends on the first process; he sees it on the second
        mine = create_table(first, anna, players=2, private=True, name="Tra amici")
        sent = call(first, "POST", f"/api/friends/{ids['bruno']}/invite", anna, json={"table_id": mine["id"]})
        token = sent.json()["token"]
        notes = call(second, "GET", "/api/notifications", bruno).json()
        [note, request] = notes["notifications"]
        assert notes["unread"] == 2 and (note["kind"], request["kind"]) == ("table_invite", "friend_request")
        assert note["data"]["token"] == token and note["data"]["from_name"] == "Anna"
        # the link taken on the second process; his socket there is relayed to her table and seats him
        tick(first)
        assert call(second, "POST", f"/api/invitations/{token}/accept", bruno).json() == {"table_id": mine["id"]}
        assert mine["id"] not in second.app.state.manager.tables  # type: ignore[attr-defined]
        with second.websocket_connect(f"/ws/tables/{mine['id']}", headers={"cookie": bruno}) as ws:
            player = Player(ws)
            state = player.recv()
            while state["type"] != "state" or state["you"] is None:
                state = player.recv()
            assert state["you"] == 1 and state["table"]["status"] == "playing"
            carla = register(second, "Carla")
            code, reason = refused_code(second, mine["id"], carla)
            assert code == CloseCode.INVITE_ONLY and "invitation link" in reason
        assert [t["id"] for t in second.get("/api/tables").json()["tables"]] == [table["id"]]


def test_a_link_made_on_one_process_is_refused_on_the_other_once_revoked(database: str, namespace: str) -> None:
    clock = FakeClock()
    options: dict[str, Any] = {"redis_url": URL, "redis_namespace": namespace, "wallclock": clock}
    first = TestClient(make_app(database, clock, **options))
    second = TestClient(make_app(database, clock, **options))
    with first, second:
        anna, bruno = register(first, "Anna"), register(second, "Bruno")
        mine = create_table(first, anna, players=2, private=True)
        made = invite(first, anna, mine["id"])
        tick(first)
        assert call(first, "DELETE", f"/api/invitations/{made['invitation']['id']}", anna).status_code == 200
        refused = call(second, "POST", f"/api/invitations/{made['token']}/accept", bruno)
        assert refused.status_code == 410 and refused.json()["detail"]["code"] == "invitation_revoked"
        assert refused_code(second, mine["id"], bruno)[0] == CloseCode.INVITE_ONLY
