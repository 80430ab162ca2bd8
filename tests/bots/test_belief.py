"""Worlds dealt from the card tracker's belief (``bots/tracking.py``) are hands the engine plays right."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.bench.engine import random_position
from burraco.bots.searcher import ChampionBot
from burraco.bots.tracking import Tracker, belief_hand, reshape
from burraco.core.determinize import determinize
from burraco.core.hand import Hand
from burraco.core.view import observe


def midhand(seed: int, players: int, steps: int) -> Hand:
    """A hand played ``steps`` random legal actions from its deal (or to its end)."""
    return random_position(Hand.deal(players=players, seed=seed), random.Random(seed), steps)


def fresh_copy(hand: Hand) -> Hand:
    """The same state with every seat's counts given to the hand anew (its summaries rebuilt)."""
    copy = hand.clone()
    for seat in range(copy.players):
        copy.set_hand(seat, copy.hands[seat][:])
    return copy


def assert_consistent(world: Hand, truth: Hand, seat: int) -> None:
    assert world.hands[seat] == truth.hands[seat]
    assert world.hand_sizes == truth.hand_sizes
    assert [sum(c) for c in world.hands] == world.hand_sizes
    assert len(world.stock) == len(truth.stock)
    assert world.legal_actions() == fresh_copy(world).legal_actions()
    rng = random.Random(0)
    while not world.is_over:  # the engine plays the world to its end without a surprise
        legal = world.legal_actions()
        world.apply(legal[rng.randrange(len(legal))])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]), steps=st.integers(0, 120))
def test_a_reshaped_determinization_is_a_consistent_hand(seed: int, players: int, steps: int) -> None:
    truth = midhand(seed, players, steps)
    if truth.is_over:
        return
    seat = truth.to_play
    tracker = Tracker.from_view(observe(truth, seat))
    template = determinize(truth, seat, random.Random(seed))
    world = determinize(template, seat, random.Random(seed + 1))
    reshape(world, tracker, random.Random(seed + 2), avoid=1.0)
    assert_consistent(world, truth, seat)
    assert_consistent(belief_hand(observe(truth, seat), truth.rules, random.Random(seed), tracker, 1.0), truth, seat)
    assert_consistent(template, truth, seat)  # the template the search keeps is untouched


def test_a_refused_kind_leaves_the_opponents_sampled_hand() -> None:
    hand = midhand(11, 2, 40)
    seat = hand.to_play
    tracker = Tracker.from_view(observe(hand, seat))
    other = 1 - seat
    unwanted = tracker.unwanted(other) - {k for k in range(len(hand.known[other])) if hand.known[other][k]}
    assert unwanted
    uniform = belief = 0
    for n in range(200):
        world = determinize(hand, seat, random.Random(n))
        uniform += sum(world.hands[other][k] for k in unwanted)
        reshape(world, tracker, random.Random(n), avoid=1.0)
        belief += sum(world.hands[other][k] for k in unwanted)
    assert belief < uniform / 2


def test_the_champion_searches_belief_worlds_by_default_and_uniform_ones_on_request() -> None:
    hand = midhand(3, 2, 30)
    view, legal = observe(hand, hand.to_play), hand.legal_actions()
    for belief in (0.0, 0.7):
        bot = ChampionBot(seed=1, iterations=40, belief=belief)
        assert bot.choose(view, legal) in legal
    assert ChampionBot().belief == 0.7
