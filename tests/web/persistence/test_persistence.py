"""Every change is stored as it happens; a new app on the same database resumes every table exactly."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select
from web_helpers import FakeClock, Player, create_table, guest, make_app, simple_policy

from burraco.core.view import observe
from burraco.web.persistence import schema
from burraco.web.protocol.serialize import view_to_dict


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    view = dict(state["view"])
    view.pop("log")
    view.pop("log_from")
    table = {k: v for k, v in state["table"].items() if k not in ("timer_left", "rules", "results")}
    table["seats"] = [{k: v for k, v in s.items() if k not in ("connected",)} for s in table["seats"]]
    return {"view": view, "table": table, "legal": state["legal"], "you": state["you"]}


def test_restart_resumes_the_hand(database: str) -> None:
    clock = FakeClock()
    path = database
    with TestClient(make_app(path, clock)) as client:
        ann = guest(client, "Ann")
        bob = guest(client, "Bob")
        info = create_table(client, ann, players=2, hands=2)
        table_id = info["id"]
        with (
            client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as wa,
            client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": bob}) as wb,
        ):
            a, b = Player(wa), Player(wb)
            a.recv()
            b.recv()
            b.request({"type": "sit", "seat": 1})
            players = {0: a, 1: b}
            for _ in range(15):  # fifteen moves by the two humans, whoever is to play
                hand = client.app.state.manager.tables[table_id].hand  # type: ignore[attr-defined]
                mover = players[hand.to_play]
                mover.wait_turn()
                assert mover.act(simple_policy(mover.state["legal"]))["type"] == "state"
            before_a = a.request({"type": "sync"})
            before_b = b.request({"type": "sync"})
            hand = client.app.state.manager.tables[table_id].hand  # type: ignore[attr-defined]
            before_log = list(hand.log)
            before_views = [view_to_dict(observe(hand, s)) for s in (0, 1, None)]
    # every action is in the database
    engine = create_engine(path)
    with engine.connect() as c:
        kinds = [r.kind for r in c.execute(select(schema.events.c.kind).where(schema.events.c.table_id == table_id))]
    engine.dispose()
    assert kinds.count("action") == 15 and kinds.count("deal") == 1 and kinds.count("sit") == 2

    with TestClient(make_app(path, clock)) as client:
        table = client.app.state.manager.tables[table_id]  # type: ignore[attr-defined]
        hand = table.hand
        assert hand.log == before_log
        assert [view_to_dict(observe(hand, s)) for s in (0, 1, None)] == before_views
        with (
            client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as wa,
            client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": bob}) as wb,
        ):
            a, b = Player(wa), Player(wb)
            a.recv()
            b.recv()
            after_a = a.request({"type": "sync"})
            after_b = b.request({"type": "sync"})
            assert comparable(after_a) == comparable(before_a)
            assert comparable(after_b) == comparable(before_b)
            assert after_a["view"]["log"] == before_a["view"]["log"]
            # and play goes on from there
            players = {0: a, 1: b}
            for _ in range(6):
                mover = players[table.hand.to_play]
                mover.wait_turn()
                assert mover.act(simple_policy(mover.state["legal"]))["type"] == "state"
            assert len(table.hand.log) > len(before_log)


def test_restart_keeps_sessions_and_bot_tables(database: str) -> None:
    clock = FakeClock()
    path = database
    with TestClient(make_app(path, clock)) as client:
        ann = guest(client, "Ann")
        info = create_table(client, ann, players=4, bots="easy", hands=1)
        with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
            player = Player(ws)
            for _ in range(3):
                player.wait_turn()
                player.act(simple_policy(player.state["legal"]))
            player.wait_turn()
            before = comparable(player.request({"type": "sync"}))
    with TestClient(make_app(path, clock)) as client:
        assert client.get("/api/me", headers={"cookie": ann}).json()["user"]["name"] == "Ann"
        lobby = client.get("/api/tables").json()["tables"]
        assert [t["id"] for t in lobby] == [info["id"]]
        with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
            player = Player(ws)
            player.recv()
            assert comparable(player.state) == before
