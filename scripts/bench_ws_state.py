"""Micro-benchmark: the cost of telling a 4-player mid-hand table's connections its state.

Run: ``nice -n 10 .venv/bin/python scripts/bench_ws_state.py [rounds]`` (default 10,000). Prints the
time per full broadcast (4 seats with 2 sockets each and 2 spectators, every view encoded from
scratch), the bytes of one seat's full state, and the bytes sent per action over a whole 4-player
hand played by bots, to sockets taking full states and to sockets taking deltas. Not a test: the
times depend on the machine.
"""

from __future__ import annotations

import random
import sys
import time

from burraco.bots.registry import make_bot
from burraco.core.options import Rules
from burraco.core.view import observe
from burraco.web.persistence import db
from burraco.web.table import views
from burraco.web.table.connection import Viewer
from burraco.web.table.events import EventKind, TableEvent, apply_event
from burraco.web.table.model import Runtime, Status, TableConfig, TableState


def mid_hand_table(moves: int = 60, seed: int = 7) -> TableState:
    """A 4-player table ``moves`` random legal actions into its first hand, every seat a bot."""
    runtime = Runtime(db.Store("sqlite://"), clock=time.monotonic, wallclock=time.time)
    table = TableState(1, TableConfig("bench", "classic", Rules(players=4), seed), runtime)
    for seat in range(4):
        apply_event(table, TableEvent.bot(seat, "normal", f"Bot {seat}", None))
    apply_event(table, TableEvent(EventKind.DEAL))
    rng = random.Random(seed)
    for _ in range(moves):
        hand = table.match.current
        assert hand is not None and not hand.is_over
        action = rng.choice(list(hand.legal_actions()))
        apply_event(table, TableEvent(EventKind.ACTION, hand.to_play, str(action)), action)
    return table


def connections(table: TableState) -> list[Viewer]:
    conns = []
    for seat in (0, 0, 1, 1, 2, 2, 3, 3, None, None):
        conn = Viewer(None)
        conn.seat = seat
        conns.append(conn)
    table.conns = set(conns)
    return conns


def bytes_per_action(seed: int = 7) -> None:
    """Play one whole 4-player hand by bots; bytes sent per action, full states against deltas."""
    table = mid_hand_table(moves=0, seed=seed)
    sockets = {}
    for deltas in (False, True):
        for seat in (0, 1, 2, 3, None):
            conn = Viewer(None)
            conn.seat, conn.deltas = seat, deltas
            sockets[(deltas, seat)] = conn
    table.conns = set(sockets.values())
    for conn in table.conns:
        views.send_full(table, conn)
    sent = dict.fromkeys(sockets, 0)
    bots = [make_bot("normal", seed=seed + seat, rules=table.rules) for seat in range(4)]
    actions = 0
    while table.status == Status.PLAYING and table.match.current is not None:
        hand = table.match.current
        for key, conn in sockets.items():  # the joining states are not counted
            while not conn.queue.empty():
                size = len((conn.queue.get_nowait() or "").encode())
                sent[key] += size if actions else 0
        action = bots[hand.to_play].choose(observe(hand, hand.to_play), hand.legal_actions())
        apply_event(table, TableEvent(EventKind.ACTION, hand.to_play, str(action)), action)
        views.broadcast(table, full=table.status != Status.PLAYING)
        actions += 1
    for key, conn in sockets.items():
        while not conn.queue.empty():
            sent[key] += len((conn.queue.get_nowait() or "").encode())
    for deltas in (False, True):
        seat0, spectator = sent[(deltas, 0)] / actions, sent[(deltas, None)] / actions
        every = sum(v for (d, _), v in sent.items() if d == deltas) / actions
        print(
            f"{'deltas' if deltas else 'full states'}: {actions} actions, bytes per action: seat 0 {seat0:.0f}, "
            f"a spectator {spectator:.0f}, all 5 sockets {every:.0f}"
        )


def main(rounds: int) -> None:
    table = mid_hand_table()
    conns = connections(table)
    start = time.perf_counter()
    for _ in range(rounds):
        views.broadcast(table, full=True)
        for conn in conns:
            while not conn.queue.empty():
                conn.queue.get_nowait()
    elapsed = time.perf_counter() - start
    views.send_full(table, conns[0])
    size = len(conns[0].queue.get_nowait() or "")
    print(
        f"{rounds} full broadcasts to 8 seated sockets and 2 spectators: {elapsed:.2f} s, "
        f"{elapsed / rounds * 1e6:.0f} µs each; one seat's full state: {size} bytes"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
    bytes_per_action()
