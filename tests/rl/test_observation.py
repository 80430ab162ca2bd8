"""Observations: a fixed shape, built only from the seat's view; hidden cards never reach them."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.bench.engine import random_position
from burraco.core.determinize import determinize
from burraco.core.hand import Hand
from burraco.core.view import observe
from burraco.rl import observation as O


def test_layout_is_pinned() -> None:
    assert O.SIZE == 719
    assert O.OFFSET["hand"] == 0
    assert O.OFFSET["melds_by_side"] == 53
    assert O.OFFSET["discard_order"] == 53 + 159 + 6 + 106


def _played(players: int, seed: int, steps: int) -> Hand:
    return random_position(Hand.deal(players, seed, seed % players), random.Random(seed), steps)


@settings(max_examples=40, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 250),
    seat=st.integers(0, 3),
    shuffle=st.integers(0, 2**32),
)
def test_hidden_cards_never_change_the_observation(
    players: int, seed: int, steps: int, seat: int, shuffle: int
) -> None:
    hand = _played(players, seed, steps)
    seat %= players
    other = determinize(hand, seat, random.Random(shuffle))
    view, other_view = observe(hand, seat), observe(other, seat)
    assert np.array_equal(O.encode(view), O.encode(other_view))
    assert O.text_view(view) == O.text_view(other_view)


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000), steps=st.integers(0, 250))
def test_blocks_hold_what_the_view_says(players: int, seed: int, steps: int) -> None:
    hand = _played(players, seed, steps)
    seat = hand.to_play
    view = observe(hand, seat)
    vector = O.encode(view)
    assert vector.shape == (O.SIZE,)
    assert vector[:53].sum() == hand.hand_size(seat)
    o = O.OFFSET["discard_counts"]
    assert vector[o : o + 53].sum() == len(view.discard_pile)
    assert vector[O.OFFSET["stock_size"]] == view.stock_size
    assert vector[O.OFFSET["hand_size_by_seat"]] == hand.hand_size(seat)
    assert vector[O.OFFSET["to_play"]] == 1
    on_table = sum(len(m.cards) for side in view.melds for m in side)
    o = O.OFFSET["melds_by_side"]
    assert vector[o : o + 3 * 53].sum() == on_table


def test_the_resampled_state_really_differs() -> None:
    """The property above is not vacuous: the opponent's hand and the stock do change."""
    hand = _played(2, 9, 30)
    other = determinize(hand, 0, random.Random(1))
    assert other.hand_cards(1) != hand.hand_cards(1) or other.stock != hand.stock
    assert np.array_equal(O.encode(observe(hand, 0)), O.encode(observe(other, 0)))
    assert not np.array_equal(O.encode(observe(hand, 1)), O.encode(observe(other, 1)))
