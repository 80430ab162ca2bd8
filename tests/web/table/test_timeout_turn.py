"""The clock as the table's creator set it, and the minimum turn a time-out takes: ``turn_timer`` 0 runs no
turn clock (no ``timer_left``, no ``timer`` event); when a turn timer runs out the computer draws from the
stock if the player had not drawn, then discards (the card drawn when it may), and never melds or attaches
for the player (``table/timeout_turn.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable

from fastapi.testclient import TestClient
from web_helpers import FakeClock, Player, create_table, events_of, guest, table_of, tick, wait_until

from burraco.core.actions import DRAW
from burraco.core.hand import Hand
from burraco.web.table.seats import STANDIN_BOT
from burraco.web.table.timeout_turn import drawn_card, minimum_move


def test_the_minimum_move_draws_then_discards_and_never_melds() -> None:
    """Over many positions of random play: before taking, the computer draws; after, it discards the card
    drawn from the stock when that is legal, else one of the legal discards; it melds or attaches only
    when no discard is legal at all."""
    rng = random.Random(7)
    seen = {"draw": 0, "drawn": 0, "other": 0}
    for seed in range(40):
        hand = Hand.deal(players=2 + seed % 3, seed=seed)
        while not hand.is_over:
            seat, legal = hand.to_play, hand.legal_actions()
            move = minimum_move(hand, seat, hand.rules, seed, STANDIN_BOT)
            assert move in legal
            discards = [a for a in legal if a.kind == "discard"]
            if DRAW in legal:
                assert move == DRAW
                seen["draw"] += 1
            elif discards:
                assert move.kind == "discard"
                drawn = drawn_card(hand, seat)
                if any(a.cards == (drawn,) for a in discards):
                    assert move.cards == (drawn,)
                    seen["drawn"] += 1
                else:
                    seen["other"] += 1
            hand.apply(rng.choice(legal))  # the players' own (random) play goes on
    assert min(seen.values()) > 0, seen


def test_a_table_without_a_turn_timer_runs_no_clock(
    client_factory: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy", seed=31, turn_timer=0, grace=30, practice=True)
    assert info["turn_timer"] == 0
    table = table_of(client, info["id"])
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        state = Player(ws).wait_turn()
        assert state["table"]["timer_left"] is None and state["table"]["turn_timer"] == 0
        clock.advance(3600)  # an hour on one's own practice turn: nothing happens
        assert tick(client) == 0 and table.auto_turn == -1 and not table.seats[0].standin
    assert "timer" not in [kind for kind, _, _ in events_of(client, info["id"])]


def test_a_timed_out_turn_is_a_draw_and_a_discard(client_factory: Callable[..., TestClient], clock: FakeClock) -> None:
    client = client_factory()
    ann = guest(client, "Ann")
    info = create_table(client, ann, players=2, bots="easy", seed=33, turn_timer=20, grace=600, practice=True)
    table = table_of(client, info["id"])
    hand = table.hand
    assert hand is not None
    with client.websocket_connect(f"/ws/tables/{info['id']}", headers={"cookie": ann}) as ws:
        player = Player(ws)
        state = player.wait_turn()
        assert "draw" in state["legal"] and state["table"]["timer_left"] == 20.0
        start = len(hand.log)
        clock.advance(20)  # the player did not even draw
        assert tick(client) == 1
        wait_until(client, lambda: any(r.seat == 0 and r.kind == "discard" for r in hand.log[start:]))
        turn = [r for r in hand.log[start:] if r.seat == 0]
        assert [r.kind for r in turn] == ["draw", "discard"]  # no meld, no attachment for the player
        assert turn[1].cards == turn[0].cards  # the card just drawn (legal here)
        marked = {i for i, seat in table.absence.auto if seat == 0}
        assert marked == {start, start + 1}  # both said out loud as played for the absent player
        assert table.absence.timeouts[0] == 1 and not table.seats[0].standin
        assert table.absence.standins[0] is None  # a time-out is not the computer taking the seat
