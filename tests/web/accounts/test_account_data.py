"""An account's data, on SQLite and PostgreSQL (issue 48): its export holds everything stored about it
(friends, blocks, mutes, notifications, chat, segnapunti matches), and deleting it leaves no row in the
database holding its name or what it said, so a new owner of the name is never taken for it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from test_social import me, register
from web_helpers import Player, create_table, guest

from burraco.web.persistence import schema

SECRET = "il mio telefono è 3331234567"
PASSWORD = {"password": "long-enough"}


def call(client: TestClient, method: str, path: str, cookie: str, **kwargs: Any) -> Any:
    answer = client.request(method, path, headers={"cookie": cookie}, **kwargs)
    assert answer.status_code == 200, (path, answer.text)
    return answer.json()


@contextmanager
def at_table(client: TestClient, table_id: int, cookies: list[str]) -> Iterator[list[Player]]:
    sockets = [client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": c}) for c in cookies]
    players = [Player(ws.__enter__()) for ws in sockets]
    try:
        for player in players:
            player.recv()
        yield players
    finally:
        for ws in reversed(sockets):
            ws.__exit__(None, None, None)


def gianni_s_world(client: TestClient) -> dict[str, Any]:
    """Gianni's account with a bit of everything: a friend (Vera), a friend request to Marco, a block, a
    mute, a kept segnapunti match, and a message at a table that Vera reported (and one before it)."""
    gianni, vera, marco, molesto = (register(client, n) for n in ("Gianni", "Vera", "Marco", "Molesto"))
    ids = {name: me(client, c)["id"] for name, c in (("gianni", gianni), ("vera", vera), ("marco", marco))}
    ids["molesto"] = me(client, molesto)["id"]
    call(client, "POST", "/api/friends/requests", gianni, json={"user_id": ids["vera"]})
    call(client, "POST", f"/api/friends/requests/{ids['gianni']}/accept", vera)
    call(client, "POST", "/api/friends/requests", gianni, json={"user_id": ids["marco"]})
    call(client, "POST", "/api/blocks", gianni, json={"user_id": ids["molesto"]})
    host = guest(client, "Host")
    table_id = create_table(client, host, players=2)["id"]
    ids["host"] = me(client, host)["id"]
    call(client, "POST", "/api/mutes", gianni, json={"user_id": ids["host"]})
    match = {"id": "m-gianni", "updated": 1.0, "players": 2, "names": ["Gianni", "Vera"], "hands": []}
    call(client, "PUT", "/api/scorekeeper/matches/m-gianni", gianni, json=match)
    with at_table(client, table_id, [gianni, vera, host]) as (g, _v, h):
        line = g.request({"type": "chat", "text": SECRET})
        after = h.request({"type": "chat", "text": "ciao"})
        call(client, "POST", "/api/chat/reports", vera, json={"message_id": line["id"]})
        call(client, "POST", "/api/chat/reports", vera, json={"message_id": after["id"]})  # Gianni's in its context
    return {"cookies": {"gianni": gianni, "vera": vera, "marco": marco}, "ids": ids, "line": line}


def test_the_export_holds_everything_stored_about_the_account(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    world = gianni_s_world(client)
    ids, cookies = world["ids"], world["cookies"]
    data = json.loads(client.get("/api/me/export", headers={"cookie": cookies["gianni"]}).text)
    assert data["account"]["name"] == "Gianni"
    assert [(f["id"], f["status"]) for f in data["friends"]] == [(ids["vera"], "friends"), (ids["marco"], "asked")]
    assert [b["id"] for b in data["blocked"]] == [ids["molesto"]]
    assert [(m["id"], m["name"]) for m in data["muted"]] == [(ids["host"], "Host")]
    assert [n["kind"] for n in data["notifications"]] == ["friend_accepted"]
    assert [(m["id"], m["text"]) for m in data["chat_messages"]] == [(world["line"]["id"], SECRET)]
    assert [m["id"] for m in data["scorekeeper_matches"]] == ["m-gianni"]
    assert data["chat_reports"] == [] and data["chat_banned"] is None
    vera = json.loads(client.get("/api/me/export", headers={"cookie": cookies["vera"]}).text)
    assert [r["message_id"] for r in vera["chat_reports"]] == [world["line"]["id"], world["line"]["id"] + 1]
    assert SECRET not in json.dumps(vera)  # a report's copy of others' talk stays with the operators


def database_text(client: TestClient) -> str:
    """Every row of every table, as text."""
    store = client.app.state.store  # type: ignore[attr-defined]

    def read(c: Any) -> str:
        rows = [str(list(row)) for table in schema.metadata.sorted_tables for row in c.execute(select(table)).all()]
        return "\n".join(rows)

    return store.read(read)  # type: ignore[no-any-return]


def test_deleting_leaves_no_row_with_the_name_or_what_was_said(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    world = gianni_s_world(client)
    cookies = world["cookies"]
    before = database_text(client)
    assert "Gianni" in before and "3331234567" in before
    assert call(client, "POST", "/api/me/delete", cookies["gianni"], json=PASSWORD) == {"user": None}
    after = database_text(client)
    assert "Gianni" not in after and "3331234567" not in after
    assert "keeper:" not in after
    notes = call(client, "GET", "/api/notifications", cookies["marco"])["notifications"]
    assert notes == []  # the request of an account that is gone, with its name, went with it
    # a new owner of the name is not taken for the old one
    again = register(client, "Gianni")
    assert call(client, "GET", "/api/mutes", again) == {"muted": []}
    assert "Gianni" not in json.dumps(call(client, "GET", "/api/notifications", cookies["vera"]))
    data = json.loads(client.get("/api/me/export", headers={"cookie": again}).text)
    assert data["chat_messages"] == [] and data["friends"] == [] and data["scorekeeper_matches"] == []
