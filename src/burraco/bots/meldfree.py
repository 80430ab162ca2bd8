"""Players who meld what they can: what a seat's hand cannot hold once it has ended a turn.

A player who lays down every natural meld and attachment it can (the heuristic does: docs/rules.md
§4–§5, every such play scores above nothing) ends its turn with no three naturals that make a meld
— three of one rank, or three in a row of one suit — and no natural that attaches to one of its
side's melds. It gains cards only in its own turn, so the same holds at any later decision of
another seat, until it plays again; except for a pozzetto taken with its discard (§6), which it
has not played from yet.

:func:`unmeld` bends a determinization toward that belief: in each such other seat's hand, an
unknown natural card of a meld or attachment the seat could have played is swapped for a stock
card, a few times over (a swap may make another). Cards the seat is known to hold (picked up with
the pile) stay.

>>> from burraco.core.options import Rules
>>> hand = [0] * 53
>>> for card in (4, 17, 30, 8):  # three fives of three suits and a nine
...     hand[card] += 1
>>> meld_card(hand, [0] * 53, [], Rules()) in (4, 17, 30)
True
>>> meld_card(hand, [0, 0, 0, 0, 1] + [0] * 48 , [], Rules()) in (17, 30)  # the 5 of hearts is known
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from burraco.bots.lite import attaching
from burraco.core.cards import IS_WILD, NUM_KINDS
from burraco.core.hand import Hand
from burraco.core.melds import Meld
from burraco.core.options import Rules

PASSES: Final = 8
"""At most this many swaps per seat and world."""

_NATURAL_KINDS: Final = tuple(k for k in range(NUM_KINDS) if not IS_WILD[k])


def meld_card(counts: Sequence[int], known: Sequence[int], melds: Sequence[Meld], rules: Rules) -> int:
    """An unknown natural card of ``counts`` (the hand; ``known``: its cards others know of) that is
    part of a natural meld the hand holds or attaches to one of ``melds``; -1 if there is none."""
    unknown = 0
    for kind in _NATURAL_KINDS:
        if counts[kind] > known[kind]:
            unknown |= 1 << kind
    if not unknown:
        return -1
    if melds:
        fits = attaching(melds, unknown, rules)
        if fits:
            return (fits & -fits).bit_length() - 1
    for rank in range(1, 14):
        if rank == 2:
            continue
        kinds = [suit * 13 + rank - 1 for suit in range(4)]
        if sum(counts[k] for k in kinds) >= 3:
            for kind in kinds:
                if unknown >> kind & 1:
                    return kind
    for suit in range(4):
        card = _run_card(counts, unknown, suit * 13)
        if card >= 0:
            return card
    return -1


def _run_card(counts: Sequence[int], unknown: int, base: int) -> int:
    """An unknown card of three naturals in a row of the suit at ``base`` (the ace low or high)."""
    ranks = [r for r in range(1, 15) if r != 2 and counts[base + (r - 1) % 13]]  # 14: the ace above the king
    for low in ranks:
        run = (low, low + 1, low + 2)
        if all(r in ranks for r in run):
            for r in run:
                kind = base + (r - 1) % 13
                if unknown >> kind & 1:
                    return kind
    return -1


def unmeld(hand: Hand, seats: Sequence[int], rng: random.Random, passes: int = PASSES) -> None:
    """In place: in each of ``seats``' hands, swap unknown natural cards of a meld or attachment the
    seat could have played for random stock cards (at most ``passes`` swaps a seat)."""
    stock = hand.stock
    if not stock:
        return
    for seat in seats:
        counts, known = hand.hands[seat][:], hand.known[seat]
        melds = hand.melds[hand.side_of[seat]]
        swaps = 0
        while swaps < passes:
            kind = meld_card(counts, known, melds, hand.rules)
            if kind < 0:
                break
            spot = rng.randrange(len(stock))
            counts[kind] -= 1
            counts[stock[spot]] += 1
            stock[spot] = kind
            swaps += 1
        if swaps:  # through set_hand: the hand keeps a summary of each seat's counts
            hand.set_hand(seat, counts)


def settled_seats(hand: Hand, seat: int, fresh: frozenset[int]) -> list[int]:
    """The other seats (opponents and partner) whose hands the belief applies to: each has ended a
    turn and does not hold a pozzetto taken with its last discard (``fresh``)."""
    return [s for s in range(hand.players) if s != seat and hand.first_turn_done[s] and s not in fresh]
