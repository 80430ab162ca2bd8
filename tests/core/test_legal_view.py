"""The lazy legal view (``Hand.legal_view``) is ``Hand.legal_actions`` without the listing.

Over random hands of every preset and 2–4 players the view holds the very actions of the list in
the same order, its length, indexing, ``pick`` and membership agree with the list, and its groups
are non-empty, of one kind and target each. Big hands (30–60 cards) have far more actions than
groups: that is what a view saves.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.core.actions import DRAW, Action
from burraco.core.cards import JOKER, NUM_KINDS
from burraco.core.hand import Hand
from burraco.core.legal_view import LegalView
from burraco.core.options import PRESETS, preset

PRESET_NAMES = sorted(PRESETS)


def check_view(hand: Hand) -> LegalView:
    listed = hand.legal_actions()
    view = hand.legal_view()
    assert len(view) == len(listed)
    assert list(view) == listed
    assert view.listed() == listed
    assert [view[i] for i in range(len(view))] == listed
    assert [view.pick(i) for i in range(len(view))] == listed
    if listed:
        assert view[-1] == listed[-1]
        assert view[1:3] == listed[1:3]
    for action in listed:
        assert action in view
    for group in view.groups:
        assert group.actions, "a group is never empty"
        assert {(a.kind, a.target) for a in group.actions} == {(group.kind, group.target)}
    return view


def foreign_actions(hand: Hand, rng: random.Random) -> list[Action]:
    """A few actions of every kind, most of them not legal now."""
    cards = tuple(rng.randrange(NUM_KINDS) for _ in range(3))
    return [
        DRAW,
        Action("pickup"),
        Action("discard", (rng.randrange(NUM_KINDS),)),
        Action("meld", cards),
        Action("attach", cards, rng.randrange(3)),
    ]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]), name=st.sampled_from(PRESET_NAMES))
def test_the_view_is_the_legal_list(seed: int, players: int, name: str) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(players=players, seed=seed, rules=preset(name))
    while not hand.is_over:
        view = check_view(hand)
        listed = set(view)
        for action in foreign_actions(hand, rng):
            assert (action in view) == (action in listed)
        hand.apply(view.pick(rng.randrange(len(view))))


def big_hand(seed: int, size: int) -> Hand:
    """A hand in its play phase whose player holds ``size`` random cards of the double deck."""
    rng = random.Random(seed)
    hand = Hand.deal(players=2, seed=seed)
    hand.draw()
    deck = [card for card in range(JOKER) for _ in range(2)] + [JOKER] * 4
    counts = [0] * NUM_KINDS
    for card in rng.sample(deck, size):
        counts[card] += 1
    hand.set_hand(hand.to_play, counts)
    return hand


@pytest.mark.parametrize("size", [30, 40, 60])
def test_big_hands_have_many_actions_in_few_groups(size: int) -> None:
    actions = groups = 0
    for seed in range(20):
        view = check_view(big_hand(seed, size))
        actions += len(view)
        groups += len(view.groups)
    assert groups <= 20 * 40  # at most 4 suits, 12 ranks and the side's melds (none here)
    assert actions >= 10 * groups


def test_a_view_outside_the_play_phase() -> None:
    hand = Hand.deal(players=2, seed=3)
    view = check_view(hand)
    assert list(view) == [DRAW, Action("pickup")] and not view.groups
    with pytest.raises(IndexError):
        view[len(view)]


def test_the_listing_benchmark_reports_many_actions_in_few_groups() -> None:
    from burraco.bench.engine import bench_listing

    row = bench_listing(40, 30, random.Random(1))
    assert row["actions_max"] >= row["actions_median"] > 5 * row["groups_median"] > 0
    assert row["list_warm_median_us"] > 0 and row["view_and_pick_warm_median_us"] > 0
