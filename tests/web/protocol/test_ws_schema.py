"""Every WebSocket message, both ways, matches the JSON Schema served at ``/api/ws-schema``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import jsonschema
from fastapi.testclient import TestClient
from web_helpers import Player, create_table, guest, simple_policy


def test_traffic_matches_the_served_schema(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    schema = client.get("/api/ws-schema").json()
    server = jsonschema.Draft202012Validator(schema["server"])
    client_side = jsonschema.Draft202012Validator(schema["client"])
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy")
    sent: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        original = ws.send_json

        def recording(data: Any, mode: str = "text") -> None:
            sent.append(data)
            original(data, mode)  # type: ignore[arg-type]

        ws.send_json = recording  # type: ignore[method-assign]
        for _ in range(6):
            player.act(simple_policy(player.wait_turn()["legal"]))
        player.request({"type": "ping"})
        player.request({"type": "sync"})
        player.request({"type": "sit", "seat": 1})  # refused: an error message
        player.send_raw(json.dumps({"type": "fold"}))
    for message in player.messages:
        server.validate(message)
    for message in sent:
        client_side.validate(message)
    kinds = {m["type"] for m in player.messages}
    assert {"state", "pong", "error"} <= kinds and len(sent) >= 9
    assert list(client_side.iter_errors({"type": "action", "kind": "fold"}))  # a bad one is caught


def test_the_schema_states_absence(client_factory: Callable[..., TestClient]) -> None:
    """Every seat says whether its player is away and for how long yet; the table what the computer did."""
    defs = client_factory().get("/api/ws-schema").json()["server"]["$defs"]
    assert {"absent", "absent_left"} <= set(defs["SeatOut"]["required"])
    assert {"absence", "abandoned", "practice"} <= set(defs["TableSummary"]["required"])
    assert set(defs["StandInOut"]["required"]) == {"from_hand", "from_totals", "hands", "active"}


def test_the_schema_states_versions_and_deltas(client_factory: Callable[..., TestClient]) -> None:
    """A state carries its version; a delta names its base and what it replaces, appends and sets."""
    schema = client_factory().get("/api/ws-schema").json()
    defs = schema["server"]["$defs"]
    assert "v" in defs["StateMessage"]["required"]
    delta = {"type": "delta", "reply_to": None, "v": 2, "base": 1, "table": {}, "view": {}, "log": [], "legal": []}
    assert set(defs["DeltaMessage"]["required"]) == {*delta, "melds"}
    server = jsonschema.Draft202012Validator(schema["server"])
    assert not list(server.iter_errors({**delta, "melds": [[0, 1, {"cards": ["3H", "4H", "5H"]}]]}))
    assert list(server.iter_errors({**delta, "melds": [[0, {"cards": []}]]}))  # a meld needs its side and index
    client = jsonschema.Draft202012Validator(schema["client"])
    assert not list(client.iter_errors({"type": "sync", "deltas": True}))
    assert list(client.iter_errors({"type": "sync", "deltas": "yes"}))
