"""Exhaustive golden test: every 3-card multiset of the deck, classified (docs/rules.md §4).

The deck has 53 card kinds: 52 cards with 2 copies each and the joker with 4. A 3-card multiset
is a size-3 multiset of kinds in which no card other than the joker appears 3 times.

The counts are derived independently below; the sha256 digest pins every line
``cards | kind | describe-or-reason`` (cards in id order, lines sorted), so that any change in
what is legal, how a wildcard is placed or how a refusal is worded shows up here. If a change is
intended, recompute the digest with ``_golden_lines()`` and update it in the same commit,
explaining which lines changed and why.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from functools import cache
from itertools import combinations_with_replacement
from math import comb

import pytest
from naive_melds import Reading, attach_readings, readings

from burraco.core.cards import COPIES, NUM_KINDS, format_cards, parse_cards
from burraco.core.melds import Meld, attach_or_reason, meld_or_reason
from burraco.core.options import Rules, preset

DEFAULT = Rules()
GOLDEN_SHA256 = "a7e9a23cf6c8bee3beca3c024d2ee2ad14180aabaf46394d60d4afa5faaa7ae6"


@cache
def _three_card_multisets() -> tuple[tuple[int, ...], ...]:
    return tuple(
        cards
        for cards in combinations_with_replacement(range(NUM_KINDS), 3)
        if all(n <= COPIES[k] for k, n in Counter(cards).items())
    )


@cache
def _classified(rules: Rules = DEFAULT) -> tuple[tuple[tuple[int, ...], Meld | str], ...]:
    return tuple((cards, meld_or_reason(cards, rules)) for cards in _three_card_multisets())


def _golden_lines() -> list[str]:
    lines = []
    for cards, result in _classified():
        kind = result.kind if isinstance(result, Meld) else "illegal"
        text = result.describe() if isinstance(result, Meld) else result
        lines.append(f"{format_cards(cards)} | {kind} | {text}")
    return sorted(lines)


def test_number_of_three_card_multisets() -> None:
    # Multisets of size 3 over 53 kinds: C(53 + 2, 3); minus the 52 triples of a 2-copy card.
    assert len(_three_card_multisets()) == comb(55, 3) - 52 == 26183


def test_three_card_counts() -> None:
    counts = Counter(r.kind if isinstance(r, Meld) else "illegal" for _, r in _classified())

    # Combinations, per rank (A, 3..K: 12 ranks). The 8 naturals of a rank are 4 kinds x 2 copies.
    three_naturals = comb(4 + 2, 3) - 4  # size-3 multisets of 4 suits, no suit 3 times: 16
    two_naturals_and_wild = comb(4 + 1, 2) * 5  # size-2 multisets of 4 suits, times 5 wild kinds: 50
    assert (three_naturals, two_naturals_and_wild) == (16, 50)
    combinations = 12 * (three_naturals + two_naturals_and_wild)
    assert combinations == 792

    # Sequences, per suit. Positions 1..14 (the ace is 1 and 14); the suit's own 2 is natural at 2.
    #  * with a "foreign" wildcard (joker or another suit's 2): the other two cards are natural at
    #    distinct positions a < b with b - a in {1, 2}: 13 adjacent + 12 gapped pairs = 25, all
    #    distinct as card sets; times 4 foreign wildcard kinds.
    foreign = (13 + 12) * 4
    #  * no own 2: three consecutive naturals not using position 2: windows starting at 3..12.
    no_two = 10
    #  * one own 2 and two distinct other naturals x < y: adjacent or gapped pairs among the
    #    positions {1, 3, 4, ..., 14} (11 + 11); the 2 is natural at 2 (A-2-3, 2-3-4) or the wildcard.
    one_two = 11 + 11
    #  * two own 2s (one natural at 2, one wildcard) and one natural: the ace, the 3 or the 4.
    two_twos = 3
    sequences = 4 * (foreign + no_two + one_two + two_twos)
    assert sequences == 4 * 135 == 540

    illegal = len(_three_card_multisets()) - combinations - sequences
    assert counts == {"combination": combinations, "sequence": sequences, "illegal": illegal}
    assert illegal == 24851


def test_three_card_classification_is_pinned() -> None:
    digest = hashlib.sha256("\n".join(_golden_lines()).encode()).hexdigest()
    assert digest == GOLDEN_SHA256


def test_three_card_golden_samples() -> None:
    lines = set(_golden_lines())
    for line in [
        "2C 3C 4C | sequence | 2C 3C 4C (sequence)",
        "AC 2C 3C | sequence | AC 2C 3C (sequence)",
        "2C 2C 3C | sequence | 2C=AC 2C 3C (sequence, wildcard free)",
        "4C 5C 2C | sequence | 2C=3C 4C 5C (sequence, wildcard free)",
        "QC KC 2C | sequence | 2C=JC QC KC (sequence, wildcard free)",
        "AC KC 2C | sequence | 2C=QC KC AC (sequence, wildcard free)",
        "AC 2C JK | sequence | AC 2C JK=3C (sequence, wildcard free)",
        "7H 7H 2S | combination | 7H 7H 2S=7* (combination)",
        "2H 2D 2C | illegal | no combinations of wildcards: twos and jokers cannot form a meld by themselves",
    ]:
        cards, _, _ = line.split(" | ")
        in_id_order = format_cards(sorted(parse_cards(cards)))
        assert line.replace(cards, in_id_order, 1) in lines, line


def test_three_card_classification_does_not_depend_on_rules() -> None:
    # Options only matter for 7+ cards (bonuses) or 14 (two aces); joker 25 changes no legality.
    for rules in (preset("portal"), preset("reale"), preset("home")):
        assert [type(r) for _, r in _classified(rules)] == [type(r) for _, r in _classified()]


def test_three_card_multisets_match_the_reference() -> None:
    rules = Rules()
    for cards, result in _classified():
        options = readings(cards, rules)
        if isinstance(result, str):
            assert options == [], (format_cards(cards), result)
            continue
        slots = tuple(
            sorted(
                (p, c, c == result.wild and p == result.wild_rank)
                for c, p in zip(result.cards, result.positions, strict=True)
            )
        )
        assert options == [Reading(result.kind, result.suit, result.rank, slots)], format_cards(cards)


def test_every_single_card_attachment_to_a_three_card_meld() -> None:
    rules = Rules()
    legal = 0
    for _, meld in _classified():
        if isinstance(meld, str):
            continue
        slots = tuple(
            sorted(
                (p, c, c == meld.wild and p == meld.wild_rank) for c, p in zip(meld.cards, meld.positions, strict=True)
            )
        )
        for card in range(NUM_KINDS):
            result = attach_or_reason(meld, (card,), rules)
            reference = attach_readings(meld.kind, meld.suit, meld.rank, slots, (card,), rules)
            assert isinstance(result, Meld) == bool(reference), (meld.describe(), format_cards([card]), result)
            legal += isinstance(result, Meld)
    assert legal == 5660


def _one_suit_table_melds() -> list[tuple[int, ...]]:
    """Every clubs run of 3..13 positions, bare, with a wildcard on an end, or with one in a hole."""

    def club(position: int) -> int:
        return parse_cards("AC")[0] + (0 if position == 14 else position - 1)

    found = set()
    for low in range(1, 15):
        for high in range(low + 2, 15):
            run = list(range(low, high + 1))
            if len(run) == 14:
                continue
            found.add(tuple(sorted(club(p) for p in run)))
            for wild in parse_cards("JK 2C"):
                found.add(tuple(sorted([*(club(p) for p in run), wild])))
                for hole in run[1:-1]:
                    found.add(tuple(sorted([*(club(p) for p in run if p != hole), wild])))
    return sorted(found)


@pytest.mark.parametrize(("moves", "pinned"), [(False, (14176, 2535)), (True, (14176, 2543))])
def test_every_single_card_attachment_to_a_long_clubs_run(moves: bool, pinned: tuple[int, int]) -> None:
    # Long runs are where substitution, natural 2s, both ace ends and the 14-card limit meet.
    # With natural_two_moves (docs/rules.md §12) eight more single cards attach: a natural 2 moves up.
    rules = preset("portal", natural_two_moves=moves)
    candidates = parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK 2D 7D")
    checked = legal = 0
    for cards in _one_suit_table_melds():
        meld = meld_or_reason(cards, rules)
        if isinstance(meld, str):
            assert readings(cards, rules) == [], format_cards(cards)
            continue
        slots = tuple(
            sorted(
                (p, c, c == meld.wild and p == meld.wild_rank) for c, p in zip(meld.cards, meld.positions, strict=True)
            )
        )
        for card in candidates:
            result = attach_or_reason(meld, (card,), rules)
            reference = attach_readings(meld.kind, meld.suit, meld.rank, slots, (card,), rules)
            assert isinstance(result, Meld) == bool(reference), (meld.describe(), format_cards([card]), result)
            if isinstance(result, Meld):
                new_slots = tuple(
                    sorted(
                        (p, c, c == result.wild and p == result.wild_rank)
                        for c, p in zip(result.cards, result.positions, strict=True)
                    )
                )
                assert Reading(result.kind, result.suit, result.rank, new_slots) in reference
            checked += 1
            legal += isinstance(result, Meld)
    assert (checked, legal) == pinned  # pinned once the reference agreed on every line
