"""A player back after a drop loses no click and doubles none, and gets the table as it is.

* an action resent with the id of one already applied (its answer was lost with the socket) is answered
  with the whole state and not applied again: on a new socket, and on a new server process after a
  restart (the id is stored with the move);
* the computer standing in for a player gives the seat back at a turn's boundary only: when the player
  comes back in the middle of a turn it is playing, it finishes that turn first;
* a ``sync`` brings this hand's table talk said meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select
from web_helpers import FakeClock, Player, create_table, guest, make_app, table_of, tick, two_at_the_table

from burraco.web.persistence import schema

RESENT_ID = 2**40 + 7  # a page's id: a random base, then counting


def stored_with(database: str, table_id: int, client_id: int) -> int:
    engine = create_engine(database)
    with engine.connect() as c:
        e = schema.events.c
        rows = c.execute(select(e.seq).where(e.table_id == table_id, e.client_id == client_id)).all()
    engine.dispose()
    return len(rows)


def test_a_resent_action_is_applied_once_on_a_new_socket_and_after_a_restart(database: str) -> None:
    clock = FakeClock()
    with TestClient(make_app(database, clock)) as client:
        ann = guest(client, "Ann")
        info = create_table(client, ann, players=2, bots="easy", seed=31, practice=True)
        table_id = info["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as ws:
            player = Player(ws)
            player.wait_turn()
            player.ws.send_json({"type": "action", "kind": "draw", "cards": [], "id": RESENT_ID})
            while player.recv().get("reply_to") != RESENT_ID:
                pass
            hand = table_of(client, table_id).hand
            assert hand is not None
            drawn = len(hand.log)
        with client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as ws:
            again = Player(ws)
            again.recv()
            again.ws.send_json({"type": "action", "kind": "draw", "cards": [], "id": RESENT_ID})
            while (reply := again.recv()).get("reply_to") != RESENT_ID:
                pass
            assert reply["type"] == "state" and reply["view"]["hand"]  # answered with the table as it is
            assert len(hand.log) == drawn  # and not drawn again (nor refused: it was applied)
            legal = reply["legal"]
            discard = next(a for a in legal if a.startswith("discard")).split()
            ident = RESENT_ID + 1
            again.ws.send_json({"type": "action", "kind": "discard", "cards": discard[1:], "id": ident})
            while again.recv().get("reply_to") != ident:
                pass
    assert stored_with(database, table_id, RESENT_ID) == 1
    with TestClient(make_app(database, clock)) as client:  # the server restarted
        table = table_of(client, table_id)
        hand = table.hand
        assert hand is not None
        moves = len(hand.log)
        with client.websocket_connect(f"/ws/tables/{table_id}", headers={"cookie": ann}) as ws:
            back = Player(ws)
            back.recv()
            back.ws.send_json({"type": "action", "kind": "discard", "cards": discard[1:], "id": ident})
            while (reply := back.recv()).get("reply_to") != ident:
                pass
            assert reply["type"] == "state" and len(hand.log) == moves
    assert stored_with(database, table_id, ident) == 1


def test_the_stand_in_gives_the_seat_back_only_at_a_turns_boundary(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = client_factory(bot_delay=0.3)  # (the stand-in's turn takes a moment)
    ann, bob = guest(client, "Ann"), guest(client, "Bob")
    info = create_table(client, ann, players=2, grace=30)
    table = table_of(client, info["id"])
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": bob}) as wb:
        b = Player(wb)
        b.recv()
        with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as wa:
            Player(wa).recv()
            b.request({"type": "sit", "seat": 1})
            assert table.hand is not None
        # Ann is gone; the grace runs out and the computer takes her seat on her turn; Bob plays his
        # turns until the stand-in is in the middle of one of Ann's (it drew, it has not discarded)
        clock.advance(31)
        hand = table.hand
        while not (table.seats[0].standin and hand.to_play == 0 and hand.phase != "take"):
            if hand.to_play == 1 and b.wait_turn()["legal"] and b.state["view"]["to_play"] == 1:
                legal = b.state["legal"]
                b.act("draw" if "draw" in legal else next(a for a in legal if a.startswith("discard")))
            elif hand.to_play == 0 and not table.seats[0].standin:
                tick(client)
            else:
                b.recv()
        # Ann comes back now: the computer finishes the turn it is playing, then gives her the seat
        with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as wa:
            a = Player(wa)
            first = a.recv()
            mine = first["table"]["seats"][0]
            assert mine["standin"] and mine["back_asked"]  # she asked in the middle of its turn: it plays on
            while a.state["table"]["seats"][0]["standin"]:
                a.recv()
            view, legal = a.state["view"], a.state["legal"]
            assert view["to_play"] != 0 or "draw" in legal  # given back at a boundary, never mid-turn


def test_a_sync_brings_the_talk_said_meanwhile(client_factory: Callable[..., TestClient], clock: FakeClock) -> None:
    client = client_factory()
    ann, bob = guest(client, "Ann"), guest(client, "Bob")
    info = create_table(client, ann, players=2, grace=30)
    with two_at_the_table(client, info["id"], ann, bob) as (a, _):
        said = a.request({"type": "chat", "text": "ci sei?"})
        assert said["type"] == "chat"
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": bob}) as wb:
        b = Player(wb)
        b.recv()
        b.send({"type": "sync"})
        talk = []
        while not talk:
            message = b.recv()
            if message["type"] == "chat":
                talk.append(message)
        assert talk[0]["text"] == "ci sei?" and talk[0]["name"].startswith("Ann")
