"""The clock as the table's creator set it, and the minimum turn a time-out takes: ``turn_timer`` 0 runs no
turn clock (no ``timer_left``, no ``timer`` event); when a turn timer runs out the computer draws from the
stock if the player had not drawn, then discards as a careful player would (never a wildcard while a natural
may go; the stand-in bot's choice among the rest), and never melds or attaches for the player
(``table/timeout_turn.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable

from fastapi.testclient import TestClient
from web_helpers import FakeClock, Player, create_table, events_of, guest, table_of, tick, wait_until

from burraco.bots.registry import make_bot
from burraco.core.actions import DRAW
from burraco.core.cards import IS_WILD
from burraco.core.hand import Hand
from burraco.core.view import observe
from burraco.web.table.seats import STANDIN_BOT
from burraco.web.table.timeout_turn import drawn_card, minimum_move


def test_the_minimum_move_draws_then_discards_and_never_melds() -> None:
    """Over many positions of random play: before taking, the computer draws; after, it discards, never
    a wildcard while a natural card may go, and the one the stand-in bot would throw among those; it
    melds or attaches only when no discard is legal at all."""
    rng = random.Random(7)
    seen = {"draw": 0, "natural": 0, "wild_only": 0, "wild_kept": 0}
    for seed in range(40):
        hand = Hand.deal(players=2 + seed % 3, seed=seed)
        while not hand.is_over:
            seat, legal = hand.to_play, hand.legal_actions()
            move = minimum_move(hand, seat, hand.rules, seed, STANDIN_BOT)
            assert move in legal
            discards = [a for a in legal if a.kind == "discard"]
            naturals = [a for a in discards if not IS_WILD[a.cards[0]]]
            if DRAW in legal:
                assert move == DRAW
                seen["draw"] += 1
            elif naturals:
                assert move in naturals  # never a wildcard while a natural may go
                if len(naturals) > 1:
                    bot = make_bot(STANDIN_BOT, seed=seed, rules=hand.rules)
                    assert move == bot.choose(observe(hand, seat), naturals)
                seen["natural"] += 1
                seen["wild_kept"] += len(naturals) < len(discards)
            elif discards:
                assert move in discards
                seen["wild_only"] += 1
            hand.apply(rng.choice(legal))  # the players' own (random) play goes on
    assert min(seen["draw"], seen["natural"], seen["wild_kept"]) > 0, seen


def test_a_wildcard_drawn_at_a_time_out_is_kept() -> None:
    """The card drawn at a time-out is a 2: the computer throws a natural card instead (it used to throw
    the card just drawn, handing the opponents a wildcard)."""
    for seed in range(400):
        hand = Hand.deal(players=2, seed=seed)
        seat = hand.to_play
        hand.apply(DRAW)
        drawn = drawn_card(hand, seat)
        if drawn is not None and IS_WILD[drawn]:
            move = minimum_move(hand, seat, hand.rules, seed, STANDIN_BOT)
            assert move.kind == "discard" and not IS_WILD[move.cards[0]], (seed, move)
            return
    raise AssertionError("no deal of 400 gave the first player a wildcard to draw")


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
        assert not IS_WILD[turn[1].cards[0]]  # a natural card: never a wildcard while one may go
        marked = {i for i, seat in table.absence.auto if seat == 0}
        assert marked == {start, start + 1}  # both said out loud as played for the absent player
        assert table.absence.timeouts[0] == 1 and not table.seats[0].standin
        assert table.absence.standins[0] is None  # a time-out is not the computer taking the seat
