"""The value of a position at the end of a seat's turn, in points of the hand's final difference.

A closed hand is worth its exact §8 difference (the seat's side minus the best other side). A
hand still going is estimated as it would score if it ended, plus what the melds promise: each
side's melds (card points, burraco bonuses, and the expected bonus of a meld on its way to a
burraco — clean ones more), the cards in hand (their values, weighted by how near the end is,
less what pairs, neighbours and wildcards promise), the pozzetto (not yet taken: a small hand is
close to it), the readiness to close (a burraco and the pozzetto taken) and the discard just made
(feeding an opponent meld, a wildcard thrown, a card the next opponent is known to want).

>>> from burraco.core.hand import Hand
>>> hand = Hand.deal(players=2, seed=1)
>>> isinstance(Evaluator(hand.rules).position(hand, 0), float)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from burraco.bots.heuristic import attaches_to, has_burraco, keep_value
from burraco.bots.tracking import Tracker
from burraco.core.cards import IS_WILD, RANK, SUIT, value_table
from burraco.core.hand import Hand
from burraco.core.melds import Meld
from burraco.core.options import Rules

PROGRESS: Final = (0.0, 0.0, 0.0, 0.12, 0.2, 0.35, 0.55)
"""Chance that a meld of n cards (n < 7) becomes a burraco before the hand ends (early in the hand)."""


@dataclass(frozen=True, slots=True)
class Knobs:
    """Weights of the evaluation (points)."""

    feed: float = 45.0
    wild_discard: float = 70.0
    wanted: float = 15.0
    pile_danger: float = 4.0
    wild_in_hand: float = 22.0
    potential: float = 0.35
    ready: float = 35.0
    stranded: float = 45.0
    pozzetto_per_card: float = 7.0
    wild_in_meld: float = 40.0
    """A wildcard in a meld under 7 cards (it spoils a clean burraco to come)."""


class Evaluator:
    """Scores positions for the seat that just played; ``tracker`` (optional) refines the discard."""

    def __init__(self, rules: Rules, knobs: Knobs | None = None, tracker: Tracker | None = None) -> None:
        self.rules = rules
        self.knobs = knobs or Knobs()
        self.tracker = tracker
        self.values = value_table(rules.joker_value)

    # ------------------------------------------------------------------ whole positions
    def position(self, hand: Hand, seat: int) -> float:
        """Estimated final difference for ``seat``'s side (exact when the hand is over)."""
        side = hand.side_of[seat]
        if hand.is_over:
            totals = [s.total for s in hand.scores()]
            return float(totals[side] - max(t for s, t in enumerate(totals) if s != side))
        late = self.lateness(hand)
        sides = [self.side_value(hand, s, late) for s in range(hand.num_sides)]
        return sides[side] - max(v for s, v in enumerate(sides) if s != side)

    def lateness(self, hand: Hand) -> float:
        """0 early in the hand, 1 when it is about to end (short stock or an opponent ready to close)."""
        late = max(0.25, min(1.0, 1.0 - (len(hand.stock) - 8) / 50.0))
        for seat in range(hand.players):
            if self.ready(hand, hand.side_of[seat]) and hand.hand_sizes[seat] <= 3:
                return 1.0
        return late

    def ready(self, hand: Hand, side: int) -> bool:
        return hand.side_took_pozzetto(side) and has_burraco(hand.melds[side], self.rules)

    def side_value(self, hand: Hand, side: int, late: float) -> float:
        k = self.knobs
        value = sum(self.meld_value(m, late) for m in hand.melds[side])
        took = hand.side_took_pozzetto(side)
        burraco = has_burraco(hand.melds[side], self.rules)
        for seat in hand.seats_of_side(side):
            size = hand.hand_sizes[seat]
            value -= self.hand_cost(hand.hands[seat], late)
            if not took:
                value -= k.pozzetto_per_card * size
            elif not burraco and size <= 2:
                value -= k.stranded
        if not took:
            value -= self.rules.pozzetto_penalty * (0.35 + 0.65 * late)
        if took and burraco:
            value += k.ready
        return value

    def meld_value(self, meld: Meld, late: float) -> float:
        points = float(meld.card_points(self.rules) + meld.bonus(self.rules))
        size = len(meld.cards)
        if size >= 7:
            return points
        clean = meld.wild < 0
        bonus = self.rules.clean_bonus if clean else self.rules.dirty_bonus
        spoiled = 0.0 if clean else self.knobs.wild_in_meld
        return points + (bonus * PROGRESS[size] - spoiled) * (1.0 - late)

    def hand_cost(self, counts: Sequence[int], late: float) -> float:
        """What a hand's cards are expected to cost: their values late, less their promise early."""
        cost = 0.0
        k = self.knobs
        for card, n in enumerate(counts):
            if not n:
                continue
            if IS_WILD[card]:
                cost += n * (self.values[card] * late - k.wild_in_hand * (1.0 - late))
            else:
                promise = k.potential * keep_value(counts, card) * (1.0 - late)
                cost += n * (self.values[card] * (0.3 + 0.7 * late) - promise)
        return cost

    # ------------------------------------------------------------------ the discard
    def discard_cost(self, hand: Hand, seat: int, card: int, legal_discards: Sequence[int]) -> float:
        """What throwing ``card`` gives away (``hand`` is the position before the discard)."""
        k = self.knobs
        side = hand.side_of[seat]
        cost = 0.0
        feeds = self.feeds(hand, side, card)
        if feeds:
            cost += k.feed
        if IS_WILD[card]:
            cost += k.wild_discard
        nxt = next_opponent(hand, seat)
        tracker = self.tracker
        if tracker is not None and not feeds:
            if tracker.safe_for(nxt, card):
                cost -= 6.0
            elif tracker.wants(nxt, card):
                cost += k.wanted
        pile = hand.discard_pile
        if pile and not IS_WILD[card]:
            top = pile[-1]
            if not IS_WILD[top] and (
                RANK[top] == RANK[card] or (SUIT[top] == SUIT[card] and abs(RANK[top] - RANK[card]) <= 2)
            ):
                cost += k.pile_danger * (1.0 + len(pile) / 4.0)
            cost += 0.8 * len(pile) if feeds else 0.0
        return cost

    def feeds(self, hand: Hand, side: int, card: int) -> bool:
        """``card`` attaches to a meld of another side."""
        rules = self.rules
        for other, melds in enumerate(hand.melds):
            if other != side and any(attaches_to(m, card, rules) for m in melds):
                return True
        return False


def next_opponent(hand: Hand, seat: int) -> int:
    """The next seat after ``seat`` on another side."""
    side = hand.side_of[seat]
    for step in range(1, hand.players):
        other = (seat + step) % hand.players
        if hand.side_of[other] != side:
            return other
    return seat
