"""Card tracking: what a seat knows about every card from its :class:`Observation` (docs/rules.md §3, §5).

The tracker replays the seat's log: every card seen picked up, discarded or melded; for each other
seat the cards it discarded and the pile tops it refused (it drew while it could have picked the
pile up). Cards an opponent threw away or refused are unlikely to be wanted by it, so
:func:`belief_hand` deals the hidden cards from that belief: a determinization
(:func:`~burraco.core.determinize.sample_hand_from_view`) in which an opponent's unknown cards of
a kind it refused are, with probability ``avoid``, swapped for stock cards it did not refuse.

>>> from burraco.core.hand import Hand
>>> from burraco.core.actions import DRAW
>>> from burraco.core.view import observe
>>> hand = Hand.deal(players=2, seed=5)
>>> first = hand.to_play
>>> _ = hand.apply(DRAW); _ = hand.apply(next(a for a in hand.legal_actions() if a.kind == "discard"))
>>> tracker = Tracker.from_view(observe(hand, 1 - first))
>>> len(tracker.discarded[first]), sum(tracker.unseen)
(1, 95)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from burraco.core.actions import RecordDetail, RecordKind
from burraco.core.cards import NUM_KINDS, RANK, SUIT
from burraco.core.determinize import sample_hand_from_view, unseen_counts
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import Observation

AVOID: Final = 0.7
"""Probability that a refused kind in an opponent's sampled hand is swapped for another card."""


@dataclass(frozen=True, slots=True)
class Tracker:
    """Per seat: the kinds it discarded, the pile tops it refused, the cards it picked up."""

    seat: int
    unseen: tuple[int, ...]
    """Count vector of the cards the seat cannot see (others' unknown cards, stock, pozzetti)."""
    discarded: tuple[frozenset[int], ...]
    refused: tuple[frozenset[int], ...]
    picked: tuple[frozenset[int], ...]
    fresh: frozenset[int] = frozenset()
    """Seats holding a pozzetto taken with their last discard, not played from yet (§6)."""

    @classmethod
    def from_view(cls, view: Observation) -> Tracker:
        if view.seat is None:
            raise ValueError("a tracker needs a seat's view")
        players = view.players
        discarded: list[set[int]] = [set() for _ in range(players)]
        refused: list[set[int]] = [set() for _ in range(players)]
        picked: list[set[int]] = [set() for _ in range(players)]
        pile: list[int] = []
        fresh: set[int] = set()
        for record in view.log:
            if record.seat < 0:
                continue
            if record.kind == RecordKind.POZZETTO and record.detail == RecordDetail.WITH_THE_DISCARD:
                fresh.add(record.seat)
            else:
                fresh.discard(record.seat)
            if record.kind == "discard":
                pile.extend(record.cards)
                discarded[record.seat].update(record.cards)
            elif record.kind == "pickup":
                picked[record.seat].update(record.cards)
                pile.clear()
            elif record.kind == "draw" and pile:
                refused[record.seat].add(pile[-1])
        return cls(
            view.seat,
            tuple(unseen_counts(view)),
            tuple(frozenset(s) for s in discarded),
            tuple(frozenset(s) for s in refused),
            tuple(frozenset(s) for s in picked),
            frozenset(fresh),
        )

    def unwanted(self, seat: int) -> frozenset[int]:
        """Kinds ``seat`` showed it does not want (discarded or refused), minus those it picked up."""
        return (self.discarded[seat] | self.refused[seat]) - self.picked[seat]

    def safe_for(self, seat: int, card: int) -> bool:
        """``seat`` itself discarded or refused this very kind: giving it back is unlikely to help."""
        return card in self.unwanted(seat)

    def wants(self, seat: int, card: int) -> bool:
        """``seat`` picked up a card of the same rank, or a same-suit neighbour (within two)."""
        for known in self.picked[seat]:
            if RANK[known] == RANK[card] or (SUIT[known] == SUIT[card] and abs(RANK[known] - RANK[card]) <= 2):
                return True
        return False


def belief_hand(
    view: Observation, rules: Rules, rng: random.Random, tracker: Tracker | None = None, avoid: float = AVOID
) -> Hand:
    """A full hand consistent with ``view``, its hidden cards dealt from the tracker's belief."""
    hand = sample_hand_from_view(view, rules, rng)
    reshape(hand, tracker or Tracker.from_view(view), rng, avoid)
    return hand


def reshape(hand: Hand, tracker: Tracker, rng: random.Random, avoid: float = AVOID) -> None:
    """Bend a uniform determinization toward the belief, in place: each opponent's unknown cards of a
    kind it discarded or refused are, with probability ``avoid``, swapped for a stock card."""
    if avoid <= 0.0 or not hand.stock:
        return
    side_of = hand.side_of
    for other in range(hand.players):
        if other == tracker.seat or side_of[other] == side_of[tracker.seat]:
            continue
        _reshape(hand, other, tracker.unwanted(other), rng, avoid)


def _reshape(hand: Hand, seat: int, unwanted: frozenset[int], rng: random.Random, avoid: float) -> None:
    """Swap ``seat``'s unknown cards of unwanted kinds for stock cards of wanted kinds."""
    if not unwanted:
        return
    counts, known = hand.hands[seat][:], hand.known[seat]
    stock = hand.stock
    swapped = False
    for kind in range(NUM_KINDS):
        if kind not in unwanted:
            continue
        for _ in range(counts[kind] - known[kind]):
            if rng.random() >= avoid:
                continue
            spot = rng.randrange(len(stock))
            other = stock[spot]
            if other in unwanted:
                continue
            stock[spot] = kind
            counts[kind] -= 1
            counts[other] += 1
            swapped = True
    if swapped:  # through set_hand: the hand keeps a summary of each seat's counts
        hand.set_hand(seat, counts)
