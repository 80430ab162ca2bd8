"""An irregular hand scored by the table's own code (docs/rules.md §8, Art. 12's "errore non rilevato",
penalised cards held at the end), and no irregularities leaving every score as it was."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.core.cards import card_value, parse_cards
from burraco.core.errors import BurracoError
from burraco.core.hand import Hand
from burraco.core.irregular import NO_IRREGULARITIES, FrozenMeld, Irregularities, SideIrregularities
from burraco.core.melds import Meld, make_meld
from burraco.core.options import PRESETS, Rules, preset
from burraco.core.scoring import SideScore, score_side

FIBUR = Rules()


def melds(*texts: str) -> list[Meld]:
    return [make_meld(parse_cards(t)) for t in texts]


def sheet(score: SideScore) -> list[tuple[str, int]]:
    return [(item.label, item.points) for item in score.items]


def test_example_1_frozen_valid_part_and_excess_counted_against() -> None:
    """Art. 12, not noticed, example 1: 3.4.5.7.8 — 3-4-5 frozen, 7 and 8 counted against."""
    table = melds("3H 4H 5H", "KS KD KC")
    plain = score_side(table, parse_cards("QC"), True, False, FIBUR)
    frozen = SideIrregularities(wrong=((0, parse_cards("7H 8H")),))
    ruled = score_side(table, parse_cards("QC"), True, False, FIBUR, frozen)
    assert sheet(ruled) == [
        ("meld 3H 4H 5H (sequence)", 15),
        ("wrong cards of a frozen meld", -15),  # 7 (5) + 8 (10)
        ("meld KD KC KS (combination)", 30),
        ("cards in hand", -10),
    ]
    assert ruled.total - plain.total == -15


def test_example_2_no_valid_part_every_card_counted_against() -> None:
    """Art. 12, not noticed, example 2: 3.4.7.8 — no valid part, all four count against."""
    table = melds("KS KD KC")
    plain = score_side(table, (), True, False, FIBUR)
    ruled = score_side(table, (), True, False, FIBUR, SideIrregularities(wrong=((None, parse_cards("3H 4H 7H 8H")),)))
    assert sheet(ruled)[1] == ("wrong cards of a frozen meld", -25)
    assert ruled.total - plain.total == -25 == -sum(card_value(c) for c in parse_cards("3H 4H 7H 8H"))


def test_nb_burraco_void_and_its_closing_annulled() -> None:
    """The N.B.: 3.4.6.7 + 8.9.10 made a burraco; 6-10 frozen, the burraco void, 3 and 4 against, and
    the closing it allowed annulled when it was the side's only burraco."""
    table = melds("6H 7H 8H 9H 10H", "KS KD KC")
    nb = SideIrregularities(wrong=((0, parse_cards("3H 4H")),), void_burraci=(0,), closing_needs_valid_burraco=True)
    plain = score_side(table, (), True, True, FIBUR)
    ruled = score_side(table, (), True, True, FIBUR, nb)
    assert sheet(ruled) == [
        ("meld 6H 7H 8H 9H 10H (sequence)", 40),
        ("burraco not valid", 0),
        ("wrong cards of a frozen meld", -10),
        ("meld KD KC KS (combination)", 30),
        ("closing annulled", 0),
        ("cards in hand", 0),
    ]
    assert ruled.total - plain.total == -10 - FIBUR.closing_bonus


def test_void_burraco_loses_its_bonus_and_another_keeps_the_closing() -> None:
    """A void burraco (Art. 12's N.B., Art. 18) scores its cards, not its bonus; a closing with
    another valid burraco on the table stands."""
    table = melds("5H 6H 7H 8H 9H 10H JH", "KS KS KD KC KH KH JK")
    plain = score_side(table, (), True, True, FIBUR)
    ruled = score_side(
        table, (), True, True, FIBUR, SideIrregularities(void_burraci=(0,), closing_needs_valid_burraco=True)
    )
    assert ("burraco not valid", 0) in sheet(ruled) and ("closing", FIBUR.closing_bonus) in sheet(ruled)
    assert ruled.total - plain.total == -table[0].bonus(FIBUR) == -FIBUR.clean_bonus


def test_penalised_cards_held_at_the_end_count_as_cards_in_hand() -> None:
    table = melds("4C 5C 6C")
    plain = score_side(table, parse_cards("9D"), True, False, FIBUR)
    ruled = score_side(table, parse_cards("9D"), True, False, FIBUR, SideIrregularities(penalised=parse_cards("7S 8S")))
    assert sheet(ruled)[-1] == ("penalised cards", -15)
    assert ruled.total - plain.total == -15


def test_penalised_cards_are_doubled_with_the_hand_when_the_side_never_opened() -> None:
    home = preset("home")
    ruled = score_side([], parse_cards("9D"), True, False, home, SideIrregularities(penalised=parse_cards("AS")))
    assert sheet(ruled) == [
        ("cards in hand", -10),
        ("penalised cards", -15),
        ("cards in hand doubled (side never opened)", -25),
    ]


def test_a_meld_the_side_does_not_have_is_refused() -> None:
    with pytest.raises(BurracoError, match="meld 2"):
        score_side(melds("4C 5C 6C"), (), True, False, FIBUR, SideIrregularities(void_burraci=(2,)))


def play_random(seed: int, rules: Rules, players: int) -> Hand:
    rng = random.Random(seed)
    hand = Hand.deal(players=players, seed=seed, rules=rules)
    while not hand.is_over:
        legal = hand.legal_actions()
        plays = [a for a in legal if a.kind in ("meld", "attach", "pickup")]
        hand.apply(rng.choice(plays) if plays and rng.random() < 0.6 else rng.choice(legal))
    return hand


def today(table: Sequence[Meld], cards: Sequence[int], took: bool, closed: bool, rules: Rules) -> list[tuple[str, int]]:
    """The score sheet as the table scored a hand before irregularities existed, item by item."""
    from burraco.core.cards import value_table
    from burraco.core.scoring import ScoreItem, ScoreKind, bonus_name

    values = value_table(rules.joker_value)
    out: list[tuple[str, int]] = []
    for meld in table:
        out.append((f"meld {meld.describe()}", meld.card_points(rules)))
        name = bonus_name(meld, rules)
        if name is not None:
            out.append((ScoreItem(ScoreKind.BURRACO, meld.bonus(rules), name).label, meld.bonus(rules)))
    if closed:
        out.append(("closing", rules.closing_bonus))
    in_hand = -sum(values[c] for c in cards)
    out.append(("cards in hand", in_hand))
    if rules.double_negative_if_not_opened and not table and in_hand:
        out.append(("cards in hand doubled (side never opened)", in_hand))
    if not took:
        out.append(("pozzetto not taken", -rules.pozzetto_penalty))
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(sorted(PRESETS)), st.sampled_from([2, 3, 4]))
def test_no_irregularities_score_as_today(seed: int, name: str, players: int) -> None:
    hand = play_random(seed, preset(name), players)
    for side, score in enumerate(hand.scores(NO_IRREGULARITIES)):
        seats = hand.seats_of_side(side)
        cards = [c for s in seats for c in hand.hand_cards(s)]
        closed = hand.closed_by in seats
        assert sheet(score) == today(hand.melds[side], cards, hand.side_took_pozzetto(side), closed, hand.rules)
    assert [s.to_dict() for s in hand.scores()] == [s.to_dict() for s in hand.scores(Irregularities())]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.data())
def test_frozen_meld_costs_exactly_its_wrong_cards(seed: int, data: st.DataObject) -> None:
    """On a played hand: freezing a meld of a side costs it exactly its wrong cards, voiding it exactly
    its bonus, penalised cards exactly their value; the other side is untouched."""
    hand = play_random(seed, FIBUR, 4)
    side = data.draw(st.sampled_from([0, 1]))
    if not hand.melds[side]:
        return
    index = data.draw(st.integers(0, len(hand.melds[side]) - 1))
    wrong = tuple(data.draw(st.lists(st.integers(0, 52), min_size=1, max_size=3)))
    held = tuple(data.draw(st.lists(st.integers(0, 52), max_size=3)))
    seat = hand.seats_of_side(side)[0]
    irr = Irregularities(
        frozen=(FrozenMeld(side, index, wrong),), void_burraci=((side, index),), penalised=((seat, held),)
    )
    before, after = hand.scores(), hand.scores(irr)
    meld = hand.melds[side][index]
    lost = sum(card_value(c) for c in wrong + held) + (meld.bonus(FIBUR) if meld.burraco(FIBUR) else 0)
    assert after[side].total == before[side].total - lost
    assert after[1 - side] == before[1 - side]
