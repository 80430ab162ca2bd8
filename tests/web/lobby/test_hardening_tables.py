"""Server hardening of the table runtime: durability, one server per database, crowd cost, limits,
restart recovery, refused sockets."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, update
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect
from web_helpers import (
    FakeClock,
    Player,
    close_code,
    create_table,
    events_of,
    guest,
    make_app,
    simple_policy,
    table_of,
    tick,
    wait_until,
)

from burraco.web.instance_lock import InstanceLock
from burraco.web.persistence import db, schema
from burraco.web.persistence.repositories.matches import unrated_users
from burraco.web.persistence.writer import Batch
from burraco.web.table import events, views
from burraco.web.table.limits import Limits
from burraco.web.table.live import Connection, Table


def stored_events(url: str, table_id: int) -> list[tuple[str, int]]:
    engine = create_engine(url)
    with engine.connect() as c:
        rows = [
            (r.kind, r.seat)
            for r in c.execute(
                select(schema.events).where(schema.events.c.table_id == table_id).order_by(schema.events.c.seq)
            )
        ]
    engine.dispose()
    return rows


def table_state(table: Table) -> tuple[Any, ...]:
    hand = table.hand
    cards = [hand.hand_cards(s) for s in range(hand.players)] if hand is not None else None
    return (
        table.status,
        table.seq,
        table.hand_no,
        [(s.user_id, s.bot) for s in table.seats],
        list(hand.log) if hand is not None else None,
        cards,
        list(table.match.totals),
    )


def fail_writes(store: db.Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write from now on fails as a locked database would (nothing is committed)."""

    def failing(work: Batch) -> None:
        store.writer.fail(work, OperationalError("INSERT", {}, Exception("database is locked")))

    monkeypatch.setattr(store, "_commit", failing)


# ---------------------------------------------------------------------------- durability
def test_a_move_that_cannot_be_stored_is_rolled_back_and_reported(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    path = database
    with TestClient(make_app(path, clock)) as client:
        ann = guest(client, "Ann")
        info = create_table(client, ann, players=2, bots="easy")
        table = table_of(client, info["id"])
        store: db.Store = client.app.state.store  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
            player = Player(ws)
            player.wait_turn()
            before, rows = table_state(table), stored_events(path, info["id"])
            fail_writes(store, monkeypatch)
            reply = player.act("draw")
            assert reply["type"] == "error" and reply["code"] == "store_failed"
            assert table_state(table) == before and stored_events(path, info["id"]) == rows
            monkeypatch.undo()
            # the same socket goes on: the move is accepted once the database is back
            reply = player.act("draw")
            assert reply["type"] == "state" and reply["view"]["phase"] != before[4]
            log_after = list(table.hand.log)  # type: ignore[union-attr]
    with TestClient(make_app(path, clock)) as client:
        restored = table_of(client, info["id"])
        assert restored.hand is not None and list(restored.hand.log) == log_after


def test_a_seat_that_cannot_be_stored_neither_seats_nor_deals(
    client_factory: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = client_factory()
    ann, bob = guest(client, "Ann"), guest(client, "Bob")
    info = create_table(client, ann, players=2)
    table = table_of(client, info["id"])
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": bob}) as ws:
        player = Player(ws)
        player.recv()
        before = table_state(table)
        fail_writes(client.app.state.store, monkeypatch)  # type: ignore[attr-defined]
        reply = player.request({"type": "sit", "seat": 1})
        assert reply["type"] == "error" and reply["code"] == "store_failed"
        assert table_state(table) == before and table.status == "waiting" and player.state["you"] is None
        monkeypatch.undo()
        reply = player.request({"type": "sit", "seat": 1})
        assert reply["type"] == "state" and reply["you"] == 1 and reply["table"]["status"] == "playing"


# ---------------------------------------------------------------------------- restart recovery
def test_restart_deals_a_full_table_whose_deal_was_never_stored(database: str) -> None:
    """The state a crash between 'match started' and the first deal left behind (older servers)."""
    clock = FakeClock()
    path = database
    with TestClient(make_app(path, clock)) as client:
        ann, bob = guest(client, "Ann"), guest(client, "Bob")
        info = create_table(client, ann, players=2)
        bob_id = client.get("/api/me", headers={"cookie": bob}).json()["user"]["id"]
    engine = create_engine(path)
    with engine.begin() as c:
        c.execute(
            schema.events.insert().values(
                table_id=info["id"], seq=2, hand=0, kind="sit", seat=1, text="Bob (guest)", user_id=bob_id, at=0.0
            )
        )
        c.execute(update(schema.tables).where(schema.tables.c.id == info["id"]).values(status="playing"))
    engine.dispose()
    with TestClient(make_app(path, clock)) as client:
        table = table_of(client, info["id"])
        assert table.status == "playing" and table.hand is not None and table.hand_no == 1
    assert stored_events(path, info["id"]) == [("sit", 0), ("sit", 1), ("deal", -1)]
    with TestClient(make_app(path, clock)) as client:  # and it stays dealt (the deal was stored)
        assert table_of(client, info["id"]).hand_no == 1


# ---------------------------------------------------------------------------- one server per database
def test_a_second_serve_on_the_same_sqlite_file_refuses_to_start(tmp_path: Path) -> None:
    database = tmp_path / "served.sqlite3"
    held = InstanceLock.acquire(f"sqlite:///{database}")  # the first server
    try:
        result = subprocess.run(
            [
                sys.executable,
                "-c",
                "from burraco.cli.app import main; main()",
                "serve",
                "--port",
                "1",
                "--db",
                f"sqlite:///{database}",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 2
        assert result.stderr.strip().splitlines() == [
            f"error: another burraco serve is using {database.resolve()} (pid {os.getpid()})"
        ]
        assert not database.exists()  # refused before touching the database
    finally:
        held.release()
    InstanceLock.acquire(f"sqlite:///{database}").release()  # free again once the first one stops


# ---------------------------------------------------------------------------- crowd cost
class Sends:
    """Counts the messages queued for every connection (whatever the server's code path)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        original = Connection.__init__
        sends = self

        class CountingQueue(asyncio.Queue[str | None]):
            def put_nowait(self, item: str | None) -> None:
                if item is not None:
                    sends.count += 1
                super().put_nowait(item)

        def init(conn: Connection, *args: Any, **kwargs: Any) -> None:
            original(conn, *args, **kwargs)
            conn.queue = CountingQueue()

        monkeypatch.setattr(Connection, "__init__", init)


def test_spectators_joining_cost_one_message_each(
    client_factory: Callable[..., TestClient], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    spectators = 20
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy")
    table = table_of(client, info["id"])
    cookies = [guest(client, f"Watcher{i}") for i in range(spectators)]
    sends = Sends(monkeypatch)
    with contextlib.ExitStack() as stack:
        player = Player(
            stack.enter_context(client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}))
        )
        player.wait_turn()
        before = sends.count
        watchers = []
        for cookie in cookies:
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": cookie}))
            assert ws.receive_json()["type"] == "state"  # the joiner's own snapshot
            watchers.append(ws)
        assert sends.count - before == spectators  # O(N): nobody else was told (it was N(N+1)/2 + N)
        # one coalesced count update for everyone on the next tick
        clock.advance(Limits().watchers_every)
        tick(client)
        assert sends.count - before == spectators + spectators + 1
        assert all(ws.receive_json() == {"type": "watchers", "count": spectators} for ws in watchers)
        # an event is built once for all the spectators who have seen the same log
        built = 0
        original = views.state_text

        def counting(*args: Any, **kwargs: Any) -> str:
            nonlocal built
            built += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(views, "state_text", counting)
        assert player.act("draw")["type"] == "state"
        assert 2 <= built <= 3  # the player, the spectators' group (was one per connection), maybe the bot seat
        texts = {ws.receive_text() for ws in watchers}
        assert len(texts) == 1 and json.loads(texts.pop())["table"]["watchers"] == spectators
        assert table.spectators == spectators


def test_spectators_are_capped_but_players_always_get_in(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(limits=Limits(max_spectators=2))
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2)
    url = f"/ws/tables/{info['id']}"
    with contextlib.ExitStack() as stack:
        for name in ("Cy", "Di"):
            ws = stack.enter_context(client.websocket_connect(url, headers={"cookie": guest(client, name)}))
            ws.receive_json()
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect(url, headers={"cookie": guest(client, "Ed")}) as ws,
        ):
            ws.receive_json()
        assert closed.value.code == 4429 and "2 spectators" in closed.value.reason
        seated = Player(stack.enter_context(client.websocket_connect(url, headers={"cookie": ann})))
        assert seated.recv()["you"] == 0


# ---------------------------------------------------------------------------- limits
def test_a_guest_may_have_only_so_many_unfinished_tables(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory(limits=Limits(max_open_tables_guest=2))
    ann, bob = guest(client, "Ann"), guest(client, "Bob")
    for _ in range(2):
        create_table(client, ann, players=2)
    response = client.post("/api/tables", json={"players": 2}, headers={"cookie": ann})
    assert response.status_code == 429
    assert response.json()["detail"]["code"] == "too_many_tables"
    assert "2 unfinished tables" in response.json()["detail"]["message"]
    create_table(client, bob, players=2)  # the limit is per user
    assert len(client.get("/api/tables").json()["tables"]) == 3


def test_all_bot_tables_play_only_while_watched_and_finished_tables_leave_memory(
    database: str, clock: FakeClock
) -> None:
    path = database
    with TestClient(make_app(path, clock)) as client:
        ann = guest(client, "Ann")
        info = create_table(client, ann, players=2, sit=False, bots="easy", hands=1, options={"max_turns": 40})
        table = table_of(client, info["id"])
        assert info["rated"] is False and info["turn_timer"] == 0
        assert client.get("/api/tables").json()["tables"] == []  # the owner's practice: not in the lobby
        code, reason = close_code(client, info["id"], guest(client, "Bob"))
        assert code == 4403 and "practice" in reason
        steps = len(table.hand.log)  # type: ignore[union-attr]
        client.portal.call(asyncio.sleep, 0.05)  # type: ignore[union-attr]
        assert table.bot_task is None and len(table.hand.log) == steps  # type: ignore[union-attr]
    with TestClient(make_app(path, clock)) as client:  # a restart does not wake it either
        table = table_of(client, info["id"])
        client.portal.call(asyncio.sleep, 0.05)  # type: ignore[union-attr]
        assert table.bot_task is None and len(table.hand.log) == steps  # type: ignore[union-attr]
        bot_user = table.seats[0].user_id
        rating = client.get(f"/api/users/{bot_user}").json()["user"]["rating"]
        with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
            watcher = Player(ws)
            while watcher.state.get("table", {}).get("status") != "over":
                watcher.recv()  # watching wakes it up; it plays to the end
            wait_until(client, lambda: table.recorded)
            # a practice match between one bot user and itself does not move its rating
            assert client.get(f"/api/users/{bot_user}").json()["user"]["rating"] == rating
            clock.advance(Limits().finished_ttl)
            tick(client)
            assert info["id"] not in client.app.state.manager.tables  # type: ignore[attr-defined]
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    ws.receive_json()
            assert closed.value.code == 4410
        assert close_code(client, info["id"], ann) == (4410, f"the match at table {info['id']} is over")
        history = client.get(f"/api/tables/{info['id']}/hands/1/history")
        assert history.status_code == 200  # still readable from the database


def test_idle_waiting_tables_are_closed_and_not_restored(database: str, clock: FakeClock) -> None:
    path = database
    with TestClient(make_app(path, clock)) as client:
        ann = guest(client, "Ann")
        idle = create_table(client, ann, players=2)
        watched = create_table(client, ann, players=2)
        with client.websocket_connect(f"/ws/tables/{watched['id']}", headers={"cookie": ann}) as ws:
            ws.receive_json()
            clock.advance(Limits().idle_ttl - 1)
            assert tick(client) == 0
            clock.advance(1)
            assert tick(client) == 1
            live = client.app.state.manager.tables  # type: ignore[attr-defined]
            assert idle["id"] not in live and watched["id"] in live
        code, reason = close_code(client, idle["id"], ann)
        assert code == 4410 and "closed" in reason
    with TestClient(make_app(path, clock)) as client:
        assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [watched["id"]]


def test_no_turn_timer_means_no_clock_but_an_idle_player_is_replaced(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    limit = Limits().idle_limit
    assert limit == 600
    client = client_factory()
    ann, bob = guest(client, "Ann"), guest(client, "Bob")
    info = create_table(client, ann, players=2, grace=30)
    assert info["turn_timer"] == 0 and info["timer_left"] is None
    with (
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as wa,
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": bob}) as wb,
    ):
        a, b = Player(wa), Player(wb)
        a.recv()
        b.recv()
        state = b.request({"type": "sit", "seat": 1})
        assert state["table"]["rated"] and state["table"]["turn_timer"] == 0 and state["table"]["timer_left"] is None
        table = table_of(client, info["id"])
        to_play = table.hand.to_play  # type: ignore[union-attr]
        clock.advance(limit - 1)  # both are connected; one of them just does nothing: no turn clock runs
        assert tick(client) == 0 and table.auto_turn == -1 and not table.seats[to_play].standin
        clock.advance(1)  # the idle limit: treated as absent, the computer takes the seat
        assert tick(client) == 1 and table.seats[to_play].standin
        assert table.auto_turn == -1  # not a timed-out turn: the seat itself was taken
        idle = a if to_play == 0 else b
        while not idle.state["table"]["seats"][to_play]["standin"]:
            idle.recv()
        reply = idle.request({"type": "back"})  # and the player takes it back
        seat = reply["table"]["seats"][to_play]
        assert reply["type"] == "state" and (not seat["standin"] or seat["back_asked"])
        while idle.state["table"]["seats"][to_play]["standin"]:  # at the end of the turn it is playing
            idle.recv()
    kinds = [k for k, _, _ in events_of(client, info["id"])]
    assert "timer" not in kinds and kinds.count("standin") == 2


def test_a_match_that_could_not_be_recorded_is_recorded_by_the_next_tick(
    client_factory: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    from burraco.web.accounts import ratings

    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy", hands=1, options={"max_turns": 40})
    table = table_of(client, info["id"])
    real_rate = ratings.rate
    calls = 0

    def rate_fails_once(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise OperationalError("UPDATE", {}, Exception("database is locked"))
        return real_rate(*args)

    monkeypatch.setattr(ratings, "rate", rate_fails_once)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        while player.state.get("table", {}).get("status") != "over":
            state = player.wait_turn()
            if state["legal"]:
                player.act(simple_policy(state["legal"]))
    wait_until(client, lambda: calls >= 1)
    assert not table.recorded
    assert tick(client) == 0 and table.recorded  # recorded without a restart
    history = client.get(f"/api/users/{table.seats[0].user_id}", headers={"cookie": ann}).json()["matches"]
    assert len(history) == 1


# ---------------------------------------------------------------------------- one user, one side
def test_one_user_cannot_play_both_sides(client_factory: Callable[..., TestClient]) -> None:
    assert unrated_users([[0], [1]], [7, 7]) == {7}  # one bot user in both seats
    assert unrated_users([[0, 2], [1, 3]], [1, 7, 7, 7]) == {7}  # the bot user is on both teams
    assert unrated_users([[0, 2], [1, 3]], [1, 2, 1, 2]) == set()  # two seats of one side only
    assert unrated_users([[0], [1], [2]], [1, 2, 3]) == set()
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2)
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.recv()
        reply = player.request({"type": "sit", "seat": 1})
        assert reply["type"] == "error" and "already sit" in reply["message"]
        assert table_of(client, info["id"]).seats[1].empty


def test_a_player_who_leaves_is_counted_as_a_spectator(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy")
    table = table_of(client, info["id"])
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.wait_turn()
        assert table.spectators == 0
        assert player.request({"type": "leave"})["type"] == "state"
        assert table.spectators == 1 and table.seats[0].connections == 0


def test_a_locked_database_fails_a_group_of_writes_at_once(tmp_path: Path) -> None:
    """Each write of a group is not retried alone against a locked database (that waited the busy
    timeout once per write: minutes for a busy server)."""
    import sqlite3
    import time

    path = tmp_path / "locked.db"
    store = db.Store(f"sqlite:///{path}", busy_timeout=0.2)
    holder = sqlite3.connect(path, timeout=0.2, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        started = time.monotonic()
        futures = [store.insert(schema.settings, {"key": f"k{i}", "value": "v"}) for i in range(12)]
        errors = [f.exception(timeout=30) for f in futures]
        elapsed = time.monotonic() - started
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert all(isinstance(e, OperationalError) for e in errors)
    assert elapsed < 1.5, elapsed  # at most a few busy timeouts, not one per write (2.6 s)
    store.insert(schema.settings, {"key": "after", "value": "v"}).result(timeout=10)  # and it works again
    store.close()


def test_a_bot_move_that_cannot_be_stored_is_retried(
    client_factory: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = client_factory(bot_delay=0.3)
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy")
    table = table_of(client, info["id"])
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.wait_turn()
        player.act("draw")
        discard = next(a for a in player.state["legal"] if a.startswith("discard"))
        assert player.act(discard)["type"] == "state"
        fail_writes(client.app.state.store, monkeypatch)  # type: ignore[attr-defined]
        before = table_state(table)
        client.portal.call(asyncio.sleep, 1.0)  # type: ignore[union-attr]
        assert table_state(table) == before and table.hand.to_play == 1  # type: ignore[union-attr]
        monkeypatch.undo()
        wait_until(client, lambda: table.hand is not None and table.hand.to_play == 0)
        assert table.seq > before[1]


def test_an_unexpected_failure_answers_an_error_and_keeps_the_socket(
    client_factory: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy")
    table = table_of(client, info["id"])
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.wait_turn()
        before = table_state(table)

        track_turn, struck = events.track_turn, []

        def broken(*args: Any) -> None:  # a bug that strikes this move (the rollback replays the earlier ones)
            if not struck:
                struck.append(True)
                raise RuntimeError("a bug")
            track_turn(*args)

        monkeypatch.setattr(events, "track_turn", broken)  # fails inside the step, after the move applied
        reply = player.act("draw")
        assert reply["type"] == "error" and reply["code"] == "internal"
        assert table_state(table) == before
        monkeypatch.undo()
        assert player.act("draw")["type"] == "state"


def test_a_connection_the_server_closes_leaves_the_table_at_once(client_factory: Callable[..., TestClient]) -> None:
    client = client_factory()
    ann, cy = guest(client, "Ann"), guest(client, "Cy")
    info = create_table(client, ann, players=2)
    table = table_of(client, info["id"])
    with (
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws,
        client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": cy}),
    ):
        ws.receive_json()
        spectator = next(c for c in table.conns if c.seat is None)
        # the server drops it (too slow, or its table was unloaded)
        client.portal.call(spectator.close, 4410, "gone")  # type: ignore[union-attr]
        wait_until(client, lambda: spectator not in table.conns)  # at once, although its client stays
        assert table.spectators == 0 and len(table.conns) == 1


def test_closing_a_socket_does_not_cut_a_move_between_its_write_and_its_reply(
    client_factory: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch, database: str
) -> None:
    import time

    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy")
    table = table_of(client, info["id"])
    store: db.Store = client.app.state.store  # type: ignore[attr-defined]
    original = store._commit

    def slow(work: list[tuple[Any, concurrent.futures.Future[Any]]]) -> None:
        time.sleep(0.3)
        original(work)

    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        player.wait_turn()
        conn = next(iter(table.conns))
        monkeypatch.setattr(store, "_commit", slow)
        player.send({"type": "action", "kind": "draw"})
        client.portal.call(asyncio.sleep, 0.1)  # type: ignore[union-attr]
        client.portal.call(conn.close, 1000, "")  # type: ignore[union-attr]  # the server drops it meanwhile
        wait_until(client, lambda: conn not in table.conns)
        client.portal.call(asyncio.sleep, 0.5)  # type: ignore[union-attr]
    monkeypatch.undo()
    stored = stored_events(database, info["id"])
    assert len(stored) == table.seq  # memory and database agree: the move is in both
    assert stored[-1] == ("action", 0) and table.hand.phase != "draw"  # type: ignore[union-attr]


def test_a_reader_too_slow_is_closed_with_its_own_code_and_reason() -> None:
    from burraco.web.protocol.close_codes import CloseCode
    from burraco.web.table.connection import MAX_QUEUE, Outbox

    box = Outbox()
    for i in range(MAX_QUEUE):
        box.send_text(str(i))
    assert not box.closed
    box.send_text("one too many")
    assert box.closed and box.close_code == CloseCode.SLOW == 1013 and "reconnect" in box.close_reason
    assert box.queue.qsize() == MAX_QUEUE + 1  # what was queued is still sent, then the close marker
