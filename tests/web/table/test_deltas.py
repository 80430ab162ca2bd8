"""Deltas are exact: a client applying every ``delta`` holds, after each change, the very state a full
``state`` would give it (docs/web.md "WebSocket protocol").

Whole hands are played by bots on a 4-player table with, for every seat and for spectators, a socket
that takes full states and sockets that take deltas (two per seat, sharing one encoding; one of them
loses messages now and then and must resynchronise). After every change each delta socket's state, as
:func:`apply_delta` builds it, equals the full state's and the seat's true view.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burraco.bots.registry import make_bot
from burraco.core.options import Rules
from burraco.core.view import observe
from burraco.web.persistence import db
from burraco.web.protocol.delta import apply_delta
from burraco.web.protocol.serialize import MeldTexts, view_json
from burraco.web.protocol.ws_schema import SERVER_ADAPTER
from burraco.web.table import views
from burraco.web.table.connection import Viewer
from burraco.web.table.events import EventKind, TableEvent, apply_event
from burraco.web.table.model import Runtime, Status, TableConfig, TableState


class Client:
    """A socket's messages as a client holds them: full states merged as the page does, deltas applied."""

    def __init__(self, seat: int | None, deltas: bool, lossy: random.Random | None = None) -> None:
        self.conn = Viewer(None)
        self.conn.seat, self.conn.deltas = seat, deltas
        self.lossy = lossy
        self.state: dict[str, Any] | None = None
        self.texts: list[str] = []
        self.resyncs = 0
        self.stale = False
        """Its last message was lost: it will notice with the next one."""

    def read(self, table: TableState) -> None:
        while not self.conn.queue.empty():
            text = self.conn.queue.get_nowait()
            assert text is not None
            self.texts.append(text)
            if self.lossy is not None and self.lossy.random() < 0.05:
                self.stale = True  # lost on the way
                continue
            self.stale = False
            message = json.loads(text)
            SERVER_ADAPTER.validate_python(message)
            if message["type"] == "delta":
                applied = apply_delta(self.state, message)
                if applied is None:  # built on a state this client never got: ask for everything
                    self.resyncs += 1
                    views.send_full(table, self.conn)
                    continue
                self.state = applied
            else:
                self.state = merge(self.state, message)

    @property
    def seat(self) -> int | None:
        return self.conn.seat


def merge(before: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """A ``state`` merged as static/table.js does: the table's rules and results kept, the log joined."""
    table = {**(before["table"] if before else {}), **message["table"]}
    view = message["view"]
    if view is not None:
        known = before["view"]["log"] if before and before["view"] else []
        assert len(known) >= view["log_from"]
        view = {**view, "log": known[: view["log_from"]] + view["log"], "log_from": 0}
    return {**message, "table": table, "view": view}


def new_table(seed: int) -> TableState:
    runtime = Runtime(db.Store("sqlite://"), clock=time.monotonic, wallclock=time.time)
    table = TableState(1, TableConfig("deltas", "classic", Rules(players=4), seed), runtime)
    for seat in range(4):
        apply_event(table, TableEvent.bot(seat, "normal", f"Bot {seat}", None))
    apply_event(table, TableEvent(EventKind.DEAL))
    return table


def truth(table: TableState, seat: int | None) -> dict[str, Any] | None:
    """The seat's whole view, straight from ``observe``."""
    hand = table.match.current or table.last_hand
    if hand is None:
        return None
    view: dict[str, Any] = json.loads(view_json(observe(hand, seat), MeldTexts(table.rules)))
    return view


def check(table: TableState, clients: list[Client]) -> None:
    info = views.table_info(table)
    for client in clients:
        client.read(table)
    by_seat: dict[int | None, dict[str, Any]] = {}
    for client in clients:
        state = client.state
        if client.stale:
            continue
        assert state is not None
        view = truth(table, client.seat)
        assert state["view"] == view
        assert {k: state["table"][k] for k in info if k != "timer_left"} == {
            k: v for k, v in info.items() if k != "timer_left"
        }
        expected = by_seat.setdefault(client.seat, state)
        assert state["legal"] == expected["legal"] and state["table"] == expected["table"]


def play(seed: int, hands: int) -> list[Client]:
    """Play ``hands`` whole hands by bots, checking every client after every change."""
    table = new_table(seed)
    rng = random.Random(seed)
    clients = [Client(seat, deltas) for seat in (0, 1, 2, 3, None) for deltas in (False, True, True)]
    clients.append(Client(1, True, lossy=rng))
    clients.append(Client(None, True, lossy=rng))
    table.conns = {c.conn for c in clients}
    for client in clients:
        views.send_full(table, client.conn)
    check(table, clients)
    bots = [make_bot("normal", seed=seed + seat, rules=table.rules) for seat in range(4)]
    played = 0
    while played < hands:
        hand = table.match.current
        if table.status != Status.PLAYING or hand is None:
            played += 1
            if table.status == Status.OVER or played == hands:
                break
            apply_event(table, TableEvent(EventKind.DEAL))
        else:
            seat = hand.to_play
            action = bots[seat].choose(observe(hand, seat), hand.legal_actions())
            apply_event(table, TableEvent(EventKind.ACTION, seat, str(action)), action)
        actor = next(c.conn for c in clients if c.seat == (hand.to_play if hand else 0) and c.conn.deltas)
        views.broadcast(table, actor=actor, reply_to=played, full=table.status != Status.PLAYING)
        check(table, clients)
    return clients


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**31))
def test_deltas_rebuild_the_full_state_at_every_step(seed: int) -> None:
    clients = play(seed, hands=2)
    kinds = [json.loads(t)["type"] for c in clients if c.conn.deltas for t in c.texts]
    assert kinds.count("delta") > 10 * kinds.count("state")
    assert all(json.loads(t)["type"] == "state" for c in clients if not c.conn.deltas for t in c.texts)


def test_a_lost_delta_is_made_good_by_a_full_state() -> None:
    clients = play(5, hands=1)
    assert sum(c.resyncs for c in clients) > 0


def test_every_socket_of_a_seat_shares_one_encoding() -> None:
    """After their first delta (each from its own joining state), the two delta sockets of each seat are sent
    the very same text objects: one encoding per seat and change."""
    clients = play(11, hands=1)
    for seat in (0, 1, 2, 3, None):
        twins = [c for c in clients if c.seat == seat and c.conn.deltas and c.lossy is None]
        assert len(twins) == 2
        first, second = twins
        assert len(first.texts) == len(second.texts) > 20
        null = '"reply_to":null,'
        shared = [(a, b) for a, b in zip(first.texts[2:], second.texts[2:], strict=True) if null in a and null in b]
        assert shared and all(a is b for a, b in shared)  # the same text object: encoded once


def test_a_delta_is_far_smaller_than_a_state() -> None:
    clients = play(3, hands=1)
    seat = next(c for c in clients if c.seat == 0 and c.conn.deltas)
    legacy = next(c for c in clients if c.seat == 0 and not c.conn.deltas)
    assert sum(map(len, seat.texts)) * 3 < sum(map(len, legacy.texts))
