"""A private practice table (one human and bots, not in the lobby) is its owner's alone: a stranger
who guesses its sequential id may neither watch it nor read it over HTTP (docs/security.md)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import Player, create_table, guest


def test_a_private_practice_table_is_seen_by_its_owner_alone(client_factory: Callable[..., TestClient]) -> None:
    """Table ids are sequential: a stranger who guesses a practice table's id may neither watch it nor
    read it over HTTP while its match is live (its hands stay closed until the match is over)."""
    client = client_factory()
    elena, bob = guest(client, "Elena"), guest(client, "Bob")
    info = create_table(client, elena, players=2, bots="easy", practice=True)
    public = create_table(client, elena, players=2, bots="easy")
    url = f"/ws/tables/{info['id']}"
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(url, headers={"cookie": bob}) as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4403 and "private practice" in closed.value.reason
    for cookie in (bob, ""):
        response = client.get(f"/api/tables/{info['id']}", headers={"cookie": cookie})
        assert response.status_code == 403 and response.json()["detail"]["code"] == "private_table"
        for path in ("history", "replay"):
            assert client.get(f"/api/tables/{info['id']}/hands/1/{path}", headers={"cookie": cookie}).status_code == 403
    with client.websocket_connect(url, headers={"cookie": elena}) as ws:
        assert Player(ws).recv()["you"] == 0
    assert client.get(f"/api/tables/{info['id']}", headers={"cookie": elena}).json()["table"]["id"] == info["id"]
    # a table that is not a practice one stays open to anyone
    assert client.get(f"/api/tables/{public['id']}", headers={"cookie": bob}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{public['id']}", headers={"cookie": bob}) as ws:
        assert Player(ws).recv()["you"] is None
