"""Table talk across processes (``table/chat.py``, ``cluster/relay.py``): two apps on one database and one
Redis namespace. A player and a spectator connected to different processes hear each other as on one
process, a spectator's words during a hand stay with the spectators of both processes, and one user's
chat rate is one bucket on every process. Skipped if no Redis server answers."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import FakeClock, Player, create_table, guest, make_app, manager

from burraco.web.persistence.repositories.chat import ChatRepository
from burraco.web.table import chat

pytest.importorskip("redis")

from redis_helpers import URL


def heard(player: Player) -> list[dict[str, Any]]:
    """The chat messages ``player`` received until a pong (relayed messages arrive in order)."""
    ident = player.send({"type": "ping"})
    got: list[dict[str, Any]] = []
    while True:
        message = player.recv()
        if message["type"] == "chat":
            got.append(message)
        if message["type"] == "pong" and message["reply_to"] == ident:
            return got


def say(player: Player, **body: Any) -> dict[str, Any]:
    return player.request({"type": "chat", **body})


def test_talk_and_its_rate_cross_processes(database: str, namespace: str) -> None:
    clock = FakeClock()
    options: dict[str, Any] = {"redis_url": URL, "redis_namespace": namespace, "wallclock": clock}
    first = TestClient(make_app(database, clock, **options))
    second = TestClient(make_app(database, clock, **options))
    with second, first:
        ann, bob, cy, zoe = guest(first, "Ann"), guest(second, "Bob"), guest(second, "Cy"), guest(first, "Zoe")
        here = create_table(first, ann, players=2, hands=1, options={"max_turns": 10})["id"]
        there = create_table(second, bob, players=2, hands=1, sit=False, options={"max_turns": 10})["id"]
        assert here in manager(first).tables and there in manager(second).tables
        url = f"/ws/tables/{here}"
        with (
            first.websocket_connect(url, headers={"cookie": ann}) as wa,
            second.websocket_connect(url, headers={"cookie": bob}) as wb,
            second.websocket_connect(url, headers={"cookie": cy}) as wc,
            first.websocket_connect(url, headers={"cookie": zoe}) as wz,
        ):
            a, b, c, z = Player(wa), Player(wb), Player(wc), Player(wz)
            for player in (a, b, c, z):
                player.recv()
            assert b.request({"type": "sit", "seat": 1})["you"] == 1
            assert manager(first).tables[here].status == "playing" and here not in manager(second).tables
            # a player on the first process is heard by the relayed player and spectator
            echo = say(a, phrase="hello")
            assert echo["audience"] == "table"
            assert [m["id"] for m in heard(b)] == [echo["id"]] and [m["id"] for m in heard(c)] == [echo["id"]]
            # a relayed player is heard on the first process
            assert [m["phrase"] for m in heard(z)] == ["hello"]
            echo = say(b, text="buona fortuna")
            assert [m["text"] for m in heard(a)] == ["buona fortuna"] and [m["seat"] for m in heard(z)] == [1]
            # a relayed spectator during the hand: the spectators of both processes only
            echo = say(c, text="bel gioco")
            assert echo["audience"] == "spectators"
            assert [m["text"] for m in heard(z)] == ["bel gioco"]
            assert heard(a) == [] and heard(b) == []
            # one bucket for Ann on both processes: some messages here, the rest at a table of the second
            for _ in range(chat.BURST - 3):  # (with her first hello: BURST - 2)
                assert say(a, phrase="thanks")["type"] == "chat"
            with second.websocket_connect(f"/ws/tables/{there}", headers={"cookie": ann}) as wt:
                t = Player(wt)
                t.recv()
                assert there in manager(second).tables
                for _ in range(2):
                    assert say(t, phrase="hello")["type"] == "chat"
                refused = say(t, phrase="hello")
                assert refused["code"] == "rate_limited" and refused["reason"] == "chat_too_fast"
            refused = say(a, phrase="hello")
            assert refused["code"] == "rate_limited" and refused["reason"] == "chat_too_fast"
            assert say(c, phrase="hello")["type"] == "chat"  # another user's bucket


def test_a_ban_reaches_new_guests_of_the_address_on_every_process(database: str, namespace: str) -> None:
    """Who talked from an address is kept in Redis: a guest banned on one process cannot come back as a new
    guest on the other (every TestClient request comes from one address)."""
    clock = FakeClock()
    options: dict[str, Any] = {"redis_url": URL, "redis_namespace": namespace, "wallclock": clock}
    first = TestClient(make_app(database, clock, **options))
    second = TestClient(make_app(database, clock, **options))
    with second, first:
        ann = guest(first, "Ann")
        here = create_table(first, ann, players=2)["id"]
        with first.websocket_connect(f"/ws/tables/{here}", headers={"cookie": ann}) as wa:
            a = Player(wa)
            a.recv()
            assert say(a, phrase="hello")["type"] == "chat"
        store = first.app.state.store  # type: ignore[attr-defined]
        assert ChatRepository(store).set_ban("Ann", True, clock())
        eve = guest(second, "Eve")
        there = create_table(second, eve, players=2)["id"]
        assert there in manager(second).tables
        with second.websocket_connect(f"/ws/tables/{there}", headers={"cookie": eve}) as we:
            e = Player(we)
            e.recv()
            refused = say(e, phrase="hello")
            assert refused["code"] == "refused" and refused["reason"] == "chat_banned"
