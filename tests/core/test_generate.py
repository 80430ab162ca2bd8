"""The fast generator against brute force over the validator (docs/rules.md §4).

Every sub-multiset of a small hand is validated with :func:`meld_or_reason` /
:func:`attach_or_reason`; the generator must list exactly the legal ones, each once.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.core.cards import counts_of, full_deck, parse_cards
from burraco.core.generate import OWN_TWO, WILD_ORDER, attach_window, attachments, new_melds
from burraco.core.generate_attach import _attach_freeing_two, _attach_sequence
from burraco.core.melds import Meld, attach_or_reason, combination_conflict, meld_or_reason
from burraco.core.options import Rules, preset
from burraco.core.summary import scan


def _sub_multisets(hand: tuple[int, ...], min_size: int) -> set[tuple[int, ...]]:
    cards = sorted(hand)
    found: set[tuple[int, ...]] = set()
    for size in range(min_size, len(cards) + 1):
        for combo in combinations(cards, size):
            found.add(combo)
    return found


def _brute_new(hand: tuple[int, ...], side: list[Meld], rules: Rules) -> set[tuple[int, ...]]:
    legal = set()
    for cards in _sub_multisets(hand, 3):
        meld = meld_or_reason(cards, rules)
        if isinstance(meld, Meld) and combination_conflict(meld, side) is None:
            legal.add(cards)
    return legal


def _brute_attach(hand: tuple[int, ...], melds: list[Meld], rules: Rules) -> set[tuple[int, tuple[int, ...]]]:
    legal = set()
    for index, meld in enumerate(melds):
        for cards in _sub_multisets(hand, 1):
            if isinstance(attach_or_reason(meld, cards, rules), Meld):
                legal.add((index, cards))
    return legal


def _check(hand: tuple[int, ...], melds: list[Meld], rules: Rules) -> None:
    counts = counts_of(hand)
    generated = new_melds(counts, melds, rules)
    assert len(generated) == len({tuple(sorted(m)) for m in generated}), "a new meld is listed twice"
    assert {tuple(sorted(m)) for m in generated} == _brute_new(hand, melds, rules)
    attached = attachments(counts, melds, rules)
    keys = {(i, tuple(sorted(c))) for i, c in attached}
    assert len(attached) == len(keys), "an attachment is listed twice"
    assert keys == _brute_attach(hand, melds, rules)


def _random_meld(rng: random.Random, pool: list[int], rules: Rules) -> Meld | None:
    for _ in range(200):
        size = rng.randint(3, 8)
        cards = rng.sample(pool, size)
        meld = meld_or_reason(cards, rules)
        if isinstance(meld, Meld):
            for c in cards:
                pool.remove(c)
            return meld
    return None


def _random_position(seed: int, hand_size: int, suits: int) -> tuple[tuple[int, ...], list[Meld]]:
    rng = random.Random(seed)
    allowed = {s for s in range(4)}
    allowed = set(rng.sample(sorted(allowed), suits))
    pool = [c for c in full_deck() if c == 52 or c // 13 in allowed]
    melds: list[Meld] = []
    for _ in range(rng.randint(0, 3)):
        meld = _random_meld(rng, pool, Rules())
        if meld is not None and combination_conflict(meld, melds) is None:
            melds.append(meld)
    hand = tuple(rng.sample(pool, min(hand_size, len(pool))))  # melds may leave a one-suit pool short
    return hand, melds


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), size=st.integers(3, 10), suits=st.integers(1, 2))
def test_generator_matches_brute_force(seed: int, size: int, suits: int) -> None:
    hand, melds = _random_position(seed, size, suits)
    _check(hand, melds, Rules())


@pytest.mark.parametrize(
    ("hand", "melds"),
    [
        ("5H 6H 7H 9H 7D 7S JK", []),
        ("2H 2H 3H 4H 5H", []),
        ("AH 2H 3H KH QH JK", []),
        ("4C 8C 9C 10C 2D", ["6C JK 8C"]),
        ("7C 10C 2C 2C", ["6C JK 8C"]),
        ("4C 2C", ["3C 2C 5C 6C 7C 8C 9C"]),
        ("3H 2H JK AH", ["4H 5H 6H"]),
        ("AS KS 2S 3S", ["QS JS 10S"]),
        ("7D 7D 7H 2S JK", ["7S 7C 7C"]),
    ],
)
def test_generator_worked_positions(hand: str, melds: list[str]) -> None:
    rules = Rules()
    table = [m for m in (meld_or_reason(parse_cards(t), rules) for t in melds) if isinstance(m, Meld)]
    assert len(table) == len(melds)
    _check(parse_cards(hand), table, rules)


def test_a_fourteen_card_run_is_listed_once_whichever_end_the_ace_takes() -> None:
    """A..K + wildcard is one multiset whether the ace stands low (wild on top) or high (wild below)."""
    _check_new_only(parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK"))
    _check_new_only(parse_cards("AH 2H 3H 4H 5H 6H 8H 9H 10H JH QH KH JK"))


def _check_new_only(hand: tuple[int, ...]) -> None:
    generated = new_melds(counts_of(hand))
    multisets = [tuple(sorted(m)) for m in generated]
    assert len(multisets) == len(set(multisets))
    assert all(isinstance(meld_or_reason(m), Meld) for m in generated)
    assert tuple(sorted(hand)) in multisets


def test_generator_respects_reale_variant() -> None:
    rules = preset("reale")
    hand = parse_cards("AH 2H 3H 4H 5H 6H 7H")
    _check(hand, [meld_or_reason(parse_cards("8H 9H 10H JH QH KH AH"), rules)], rules)  # type: ignore[list-item]


def test_generator_doctest_example_lists_hole_over_present_card() -> None:
    hand = counts_of(parse_cards("5H 6H 7H JK"))
    listed = {tuple(sorted(m)) for m in new_melds(hand)}
    assert tuple(sorted(parse_cards("5H 7H JK"))) in listed


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), size=st.integers(11, 13))
def test_generator_matches_brute_force_on_long_one_suit_hands(seed: int, size: int) -> None:
    hand, melds = _random_position(seed, size, 1)
    _check(hand, melds, Rules())


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**9), size=st.integers(1, 14))
def test_attachments_read_only_the_window_of_the_suit_mask(seed: int, size: int) -> None:
    """:func:`attach_window` keys the attachment memos: the lists found from the window must be
    those of the whole mask, for every sequence (free or fixed wildcard, aces, a 2 resting)."""
    rng = random.Random(seed)
    suit = rng.randrange(4)
    pool = [c for c in full_deck() if c == 52 or c // 13 == suit or c % 13 == 1]
    meld = _random_meld(rng, pool, Rules())
    if meld is None or meld.kind != "sequence":
        return
    counts = counts_of(rng.sample(pool, min(size, len(pool))))
    naturals = meld.natural_positions
    gap = meld.wild_rank if meld.wild_fixed else 0
    whole = scan(counts)[0][suit]
    window = attach_window(whole, naturals[0], naturals[-1], gap)
    wilds = [w for w in WILD_ORDER if counts[w]]
    lists = []
    for mask in (whole, window):
        found: list[tuple[int, tuple[int, ...]]] = []
        _attach_sequence(found, 0, meld, counts, wilds, Rules(), mask)
        if meld.wild == OWN_TWO[suit] and wilds:
            _attach_freeing_two(found, 0, meld, counts, wilds, mask)
        lists.append(found)
    assert lists[0] == lists[1]
