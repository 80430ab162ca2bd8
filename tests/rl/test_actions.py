"""The canonical action space: a pinned layout, and index <-> action round trips on real hands."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.core.actions import Action
from burraco.core.cards import parse_card
from burraco.core.hand import Hand
from burraco.rl import actions as A


def test_layout_is_pinned() -> None:
    """These numbers are the public contract of the space: changing one breaks saved policies."""
    assert A.SIZE == 3127
    assert (A.DRAW_INDEX, A.PICKUP_INDEX, A.DISCARD_BASE, A.MELD_BASE, A.ATTACH_BASE) == (0, 1, 2, 55, 2103)
    legal = A.CanonicalLegal([])
    assert A.index_to_action(2, legal) == Action("discard", (parse_card("AH"),))
    assert A.index_to_action(2 + parse_card("KS"), legal) == Action("discard", (parse_card("KS"),))
    assert A.index_to_action(54, legal) == Action("discard", (parse_card("JK"),))
    assert A.kind_of_index(3126) == "attach"


def test_melds_and_attachments_are_sorted_by_their_cards() -> None:
    melds = [Action.parse(t) for t in ("meld 7H 8H 9H 10H", "meld 3C 3D 3S", "meld 7H 8H 9H")]
    attach = [Action.parse(t) for t in ("attach 1 4H", "attach 0 5H 6H", "attach 0 4H")]
    legal = A.CanonicalLegal([*melds, *attach, Action.parse("discard 5S")])
    assert [str(a) for a in legal.actions()] == [
        "discard 5S",
        "meld 7H 8H 9H",
        "meld 3C 3D 3S",
        "meld 7H 8H 9H 10H",
        "attach 0 4H",
        "attach 1 4H",
        "attach 0 5H 6H",
    ]
    assert legal.indices == [2 + parse_card("5S"), 55, 56, 57, 2103, 2104, 2105]


_CARDS = st.lists(st.integers(0, 52), min_size=1, max_size=14).map(lambda cards: tuple(sorted(cards)))


@settings(max_examples=200, deadline=None)
@given(
    melds=st.lists(_CARDS, unique=True, max_size=40),
    attaches=st.lists(st.tuples(st.integers(0, 9), _CARDS), unique=True, max_size=40),
    seed=st.integers(0, 99),
)
def test_the_canonical_order_is_the_documented_key_whatever_the_input_order(
    melds: list[tuple[int, ...]], attaches: list[tuple[int, tuple[int, ...]]], seed: int
) -> None:
    """Melds by (number of cards, cards), attachments by (number of cards, target, cards)."""
    actions = [Action("meld", cards) for cards in melds] + [Action("attach", cards, t) for t, cards in attaches]
    random.Random(seed).shuffle(actions)
    legal = A.CanonicalLegal(actions)
    assert legal.melds == sorted(legal.melds, key=lambda a: (len(a.cards), a.cards))
    assert legal.attaches == sorted(legal.attaches, key=lambda a: (len(a.cards), a.target, a.cards))
    assert sorted(map(str, legal.melds + legal.attaches)) == sorted(map(str, actions))


def _random_states(players: int, seed: int, steps: int) -> list[Hand]:
    rng = random.Random(seed)
    hand = Hand.deal(players, seed, seed % players)
    states = []
    for _ in range(steps):
        if hand.is_over:
            break
        states.append(hand.clone())
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_trip_on_random_hands(players: int) -> None:
    for seed in range(3):
        for hand in _random_states(players, seed, 150):
            engine = hand.legal_actions()
            legal = A.canonical_legal(hand)
            assert len(legal) == len(engine)
            assert set(legal.actions()) == set(engine)
            for action in engine:
                index = A.action_to_index(action, legal)
                assert 0 <= index < A.SIZE
                assert A.index_to_action(index, legal) == action
                assert A.kind_of_index(index) == action.kind
            shuffled = list(engine)
            random.Random(seed).shuffle(shuffled)
            assert A.CanonicalLegal(shuffled).indices == legal.indices


def test_an_index_with_no_action_is_refused() -> None:
    legal = A.canonical_legal(Hand.deal(2, 7))
    with pytest.raises(ValueError, match="no action"):
        A.index_to_action(A.MELD_BASE, legal)
    with pytest.raises(ValueError, match="outside"):
        A.kind_of_index(A.SIZE)


@pytest.mark.parametrize("players", [2, 4])
def test_the_kept_mask_follows_the_steps(players: int) -> None:
    """One mask buffer, the last step's indices cleared and the new ones set (set_mask), equals a
    fresh mask (mask_bytes) at every step; the take phase's lists are made once."""
    mask, shown = bytearray(A.SIZE), None
    for hand in _random_states(players, 5, 200):
        legal = A.canonical_legal(hand)
        if hand.phase == "take":
            assert A.canonical_legal(hand) is legal
        assert legal == A.CanonicalLegal(hand.legal_actions())
        if shown is not None:
            A.set_mask(mask, shown, 0)
        A.set_mask(mask, legal, 1)
        shown = legal
        assert mask == A.mask_bytes(legal)
    assert shown is not None
    A.set_mask(mask, shown, 0)
    assert not any(mask)
