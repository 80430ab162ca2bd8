"""The meld-free belief: opponents who meld what they can hold no natural meld or attachment."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.bots.heuristic import HeuristicBot
from burraco.bots.meldfree import meld_card, settled_seats, unmeld
from burraco.bots.tracking import Tracker
from burraco.core.actions import DRAW, RecordDetail
from burraco.core.cards import IS_WILD, NUM_KINDS, counts_of
from burraco.core.determinize import sample_hand_from_view
from burraco.core.hand import Hand
from burraco.core.melds import Meld, meld_or_reason
from burraco.core.options import Rules
from burraco.core.view import observe

RULES = Rules()
NATURALS = [k for k in range(NUM_KINDS) if not IS_WILD[k]]


def has_natural_meld(counts: list[int]) -> bool:
    """The oracle: some three naturals of the hand make a meld the engine accepts."""
    cards = [k for k in NATURALS for _ in range(counts[k])]
    return any(isinstance(meld_or_reason(triple, RULES), Meld) for triple in itertools.combinations(cards, 3))


hands = st.lists(st.sampled_from([*NATURALS, 1, 52]), min_size=0, max_size=14).filter(
    lambda cards: all(cards.count(k) <= 2 for k in set(cards))
)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_meld_card_finds_a_meld_exactly_when_the_engine_does(cards: list[int]) -> None:
    counts = counts_of(cards)
    card = meld_card(counts, [0] * NUM_KINDS, [], RULES)
    assert (card >= 0) == has_natural_meld(counts)
    if card >= 0:
        assert counts[card] > 0 and not IS_WILD[card]


def test_known_cards_and_attachments() -> None:
    fives = counts_of([4, 17, 30])  # three fives
    assert meld_card(fives, counts_of([4, 17, 30]), [], RULES) == -1  # all known: nothing to swap
    assert meld_card(fives, counts_of([4, 17]), [], RULES) == 30
    run = meld_or_reason((0, 1, 2), RULES)  # A-2-3 of the first suit on the side's table
    assert isinstance(run, Meld)
    lone_four = counts_of([3, 20])  # 4 of the first suit attaches; the other card does not
    assert meld_card(lone_four, [0] * NUM_KINDS, [run], RULES) == 3
    assert meld_card(counts_of([20]), [0] * NUM_KINDS, [run], RULES) == -1


def played_hand(players: int, seed: int, turns: int) -> Hand:
    hand = Hand.deal(players=players, seed=seed)
    bots = [HeuristicBot(seed=s) for s in range(players)]
    while not hand.is_over and hand.turns < turns:
        seat = hand.to_play
        hand.apply(bots[seat].choose(observe(hand, seat), hand.legal_actions()))
    return hand


def all_cards(hand: Hand) -> list[int]:
    """The stock and the hands' cards, sorted."""
    held = [k for seat in range(hand.players) for k in range(NUM_KINDS) for _ in range(hand.hands[seat][k])]
    return sorted(hand.stock + held)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10_000), st.integers(1, 30))
def test_unmeld_keeps_the_world_consistent_with_the_view(players: int, seed: int, turns: int) -> None:
    hand = played_hand(players, seed, turns)
    if hand.is_over:
        return
    seat = hand.to_play
    view = observe(hand, seat)
    rng = random.Random(seed)
    world = sample_hand_from_view(view, RULES.replace(players=players), rng)
    before = all_cards(world)
    others = settled_seats(world, seat, Tracker.from_view(view).fresh)
    unmeld(world, others, rng, passes=50)
    assert all_cards(world) == before  # cards only moved between hands and the stock
    assert observe(world, seat) == view  # the seat sees the same: only hidden cards moved
    for other in others:
        assert all(world.hands[other][k] >= world.known[other][k] for k in range(NUM_KINDS))
        assert meld_card(world.hands[other], world.known[other], world.melds[world.side_of[other]], world.rules) == -1
        assert world.hand_cards(other) == sorted(k for k in range(NUM_KINDS) for _ in range(world.hands[other][k]))


def test_settled_seats_are_the_others_who_have_played() -> None:
    hand = Hand.deal(players=4, seed=3)
    first = hand.to_play
    assert settled_seats(hand, first, frozenset()) == []  # nobody has played yet
    hand.apply(DRAW)
    hand.apply(next(a for a in hand.legal_actions() if a.kind == "discard"))
    second = hand.to_play
    assert settled_seats(hand, second, frozenset()) == [first]
    assert settled_seats(hand, second, frozenset({first})) == []  # a fresh pozzetto is unplayed
    assert settled_seats(hand, (second + 1) % 4, frozenset()) == [first]  # the partner of the one who played
    assert settled_seats(hand, first, frozenset()) == []  # not the seat itself


def test_a_pozzetto_taken_with_the_discard_is_fresh_until_the_seat_plays() -> None:
    for seed in range(200):
        hand = played_hand(2, seed, 200)
        taken = [r for r in hand.log if r.kind == "pozzetto" and r.detail == RecordDetail.WITH_THE_DISCARD]
        if not taken:
            continue
        record = taken[0]
        replay = Hand.deal(players=2, seed=seed)
        bots = [HeuristicBot(seed=s) for s in range(2)]
        while len(replay.log) <= record.index:
            seat = replay.to_play
            replay.apply(bots[seat].choose(observe(replay, seat), replay.legal_actions()))
        other = 1 - record.seat
        assert record.seat in Tracker.from_view(observe(replay, other)).fresh
        replay.apply(DRAW if replay.can_draw() else replay.legal_actions()[0])  # the other seat plays on
        while replay.to_play == other and not replay.is_over:
            replay.apply(bots[other].choose(observe(replay, other), replay.legal_actions()))
        if replay.is_over:
            continue  # the hand ended before the seat played again: try another deal
        seat = replay.to_play
        replay.apply(bots[seat].choose(observe(replay, seat), replay.legal_actions()))
        assert record.seat not in Tracker.from_view(observe(replay, other)).fresh
        return
    raise AssertionError("no pozzetto taken with the discard, in a hand that went on, in 200 heuristic hands")
