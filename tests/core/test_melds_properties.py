"""The fast validator (:mod:`burraco.core.melds`) against the brute-force reference in naive_melds.py.

For random multisets of 3..14 cards (biased towards near-melds, so that both legal and illegal
ones are common) and random attachments to random table melds:

* legal vs illegal must agree;
* the fast validator's arrangement (every card's position, the wildcard's rank, fixed or free)
  must be one of the reference's readings, and its kind, burraco class, card points and bonus
  must be the reference's for that reading.

Where the reference finds several readings with different bonuses (an ace that could go at
either end), the fast validator may pick any one of them: which one the engine should pick is a
rules question, not checked here (see docs/rules-core.md, "Ambiguous aces").
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from naive_melds import (
    COPIES,
    JOKER,
    Reading,
    attach_readings,
    bonus,
    burraco_class,
    card_points,
    readings,
    too_many_copies,
)

from burraco.core.cards import format_cards
from burraco.core.melds import Meld, attach_or_reason, meld_or_reason
from burraco.core.options import Rules, preset

WILDS = (JOKER, 1, 14, 27, 40)  # the joker and the four 2s
COMBO_RANKS = (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
RULE_SETS = (Rules(), preset("portal"), preset("reale"), preset("home"))
SETTINGS = settings(
    max_examples=700,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def seq_card(position: int, suit: int) -> int:
    """The natural card at a sequence position (1 and 14 are the ace)."""
    return suit * 13 + (0 if position == 14 else position - 1)


class Pool:
    """Takes cards while respecting the deck's copies (2 of each card, 4 jokers)."""

    def __init__(self, used: list[int] | tuple[int, ...] = ()) -> None:
        self.left = Counter(COPIES)
        self.left.subtract(used)
        self.cards: list[int] = []

    def take(self, card: int) -> None:
        if self.left[card] > 0:
            self.left[card] -= 1
            self.cards.append(card)

    def take_next(self, card: int) -> None:
        """Take ``card``, or the next card id that is still available."""
        available = next(c for c in (*range(card, 53), *range(card)) if self.left[c] > 0)
        self.take(available)


@st.composite
def multisets(draw: st.DrawFn) -> list[int]:
    """A multiset of 3..14 cards: a near-sequence, a near-combination or random cards."""
    pool = Pool()
    shape = draw(st.sampled_from(("sequence", "sequence", "combination", "random")))
    if shape == "sequence":
        suit = draw(st.integers(0, 3))
        low = draw(st.integers(1, 14))
        high = draw(st.integers(low, 14))
        holes = {draw(st.integers(low, high)) for _ in range(draw(st.sampled_from((0, 0, 1, 1, 2))))}
        for p in range(low, high + 1):
            if p not in holes:
                pool.take(seq_card(p, suit))
        for p in draw(st.lists(st.integers(1, 14), max_size=2)):
            pool.take(seq_card(p, suit))
    elif shape == "combination":
        rank = draw(st.sampled_from(COMBO_RANKS))
        for suit in draw(st.lists(st.integers(0, 3), min_size=1, max_size=9)):
            pool.take(suit * 13 + rank - 1)
    else:
        for card in draw(st.lists(st.integers(0, 52), min_size=3, max_size=14)):
            pool.take(card)
    for _ in range(draw(st.sampled_from((0, 0, 1, 1, 2)))):
        pool.take(draw(st.sampled_from(WILDS)))
    for _ in range(draw(st.sampled_from((0, 0, 0, 1)))):
        pool.take(draw(st.integers(0, 52)))
    while len(pool.cards) < 3:
        pool.take_next(draw(st.integers(0, 52)))
    cards = draw(st.permutations(pool.cards))
    return list(cards[:14])


@st.composite
def table_melds(draw: st.DrawFn) -> tuple[list[int], Rules]:
    """The cards of a (usually legal) table meld, and the rules it is played under."""
    rules = draw(st.sampled_from(RULE_SETS))
    pool = Pool()
    wild = draw(st.one_of(st.none(), st.sampled_from(WILDS)))
    if draw(st.integers(0, 2)) > 0:
        suit = draw(st.integers(0, 3))
        length = draw(st.integers(2 if wild is not None else 3, 13))
        low = draw(st.integers(1, 14 - length + 1))
        positions = list(range(low, low + length))
        if wild is not None and length >= 3 and draw(st.booleans()):
            positions.remove(draw(st.sampled_from(positions[1:-1])))
        for p in positions:
            pool.take(seq_card(p, suit))
    else:
        rank = draw(st.sampled_from(COMBO_RANKS))
        for suit in draw(st.lists(st.integers(0, 3), min_size=2 if wild is not None else 3, max_size=8)):
            pool.take(suit * 13 + rank - 1)
    if wild is not None:
        pool.take(wild)
    return list(draw(st.permutations(pool.cards))), rules


@st.composite
def attachments_to(draw: st.DrawFn, meld: Meld) -> list[int]:
    """1..4 cards to attach: mostly of the meld's suit or rank, wildcards, aces; some random."""
    if meld.kind == "sequence":
        near = [seq_card(p, meld.suit) for p in range(max(1, meld.low - 2), min(14, meld.high + 2) + 1)]
    else:
        near = [s * 13 + meld.rank - 1 for s in range(4)]
    pool = Pool(meld.cards)
    near_cards = st.sampled_from(near)
    for _ in range(draw(st.sampled_from((1, 1, 2, 2, 3, 4)))):
        pool.take(draw(st.one_of(near_cards, near_cards, near_cards, st.sampled_from(WILDS), st.integers(0, 52))))
    if not pool.cards:
        pool.take_next(draw(st.integers(0, 52)))
    return pool.cards


def reading_of(meld: Meld) -> Reading:
    """The fast validator's arrangement in the reference's terms."""
    slots = sorted(
        (p, c, c == meld.wild and p == meld.wild_rank) for c, p in zip(meld.cards, meld.positions, strict=True)
    )
    return Reading(meld.kind, meld.suit, meld.rank, tuple(slots))


def check_against(meld: Meld, options: list[Reading], cards: list[int], rules: Rules) -> None:
    """``meld`` must be one of the reference's ``options`` and score as the reference says."""
    mine = reading_of(meld)
    assert mine in options, f"{meld.describe()} is not a reading of {format_cards(cards)}: {options}"
    assert sorted(meld.cards) == sorted(cards)
    assert list(meld.positions) == sorted(meld.positions), "cards are shown low to high"
    assert meld.wild_fixed == mine.fixed
    assert meld.burraco(rules) == burraco_class(mine, rules)
    assert meld.card_points(rules) == card_points(cards, rules)
    assert meld.bonus(rules) == bonus(mine, rules)
    if meld.kind == "sequence":
        assert all(b == a + 1 for a, b in pairwise(meld.positions)), "a sequence is one unbroken run"


@SETTINGS
@given(cards=multisets(), rules=st.sampled_from(RULE_SETS))
def test_new_meld_matches_reference(cards: list[int], rules: Rules) -> None:
    result = meld_or_reason(cards, rules)
    options = readings(cards, rules)
    event(f"{len(options)} reading(s)" if options else "illegal")
    if isinstance(result, str):
        assert options == [], f"{format_cards(cards)} refused ({result}) but the reference reads {options}"
        assert result.strip()
    else:
        assert options, f"{format_cards(cards)} accepted as {result.describe()} but the reference finds no reading"
        check_against(result, options, cards, rules)
    again = meld_or_reason(sorted(cards), rules)
    assert isinstance(again, str) == isinstance(result, str)
    if isinstance(result, Meld):
        assert again == result, "the order in which cards are given does not matter"


@SETTINGS
@given(data=st.data(), table=table_melds())
def test_attachment_matches_reference(data: st.DataObject, table: tuple[list[int], Rules]) -> None:
    cards, rules = table
    meld = meld_or_reason(cards, rules)
    if isinstance(meld, str):
        assert readings(cards, rules) == []
        return
    extra = data.draw(attachments_to(meld))
    result = attach_or_reason(meld, extra, rules)
    old = reading_of(meld)
    options = attach_readings(meld.kind, meld.suit, meld.rank, old.slots, extra, rules)
    where = f"{meld.describe()} + {format_cards(extra)}"
    event(f"{meld.kind}: attachment {'illegal' if isinstance(result, str) else 'legal'}")
    if isinstance(result, str):
        assert options == [], f"{where} refused ({result}) but the reference allows {options}"
    else:
        assert options, f"{where} accepted as {result.describe()} but the reference refuses it"
        check_against(result, options, [*meld.cards, *extra], rules)
        assert (result.kind, result.suit, result.rank) == (meld.kind, meld.suit, meld.rank)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(cards=multisets())
def test_too_many_copies_is_refused(cards: list[int]) -> None:
    doubled = cards + cards[:1] * 4  # five or more of a card: beyond the deck even for the joker
    assert too_many_copies(doubled)
    assert isinstance(meld_or_reason(doubled, Rules()), str)
    assert readings(doubled, Rules()) == []
