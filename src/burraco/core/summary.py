"""A seat's hand as the meld generator reads it, kept up card by card (no rescan per decision).

:class:`HandSummary` holds the per-suit position masks and the per-rank base-3 suit codes of
one count vector (``counts[card]``, length 53; see :func:`scan`), and is updated by
:meth:`HandSummary.add` and :meth:`HandSummary.remove`, which change the counts too. The hand
moves every card through them, shares a summary with its clones until one of them changes it
(copy on write), and notices a count vector replaced from outside (``hand.hands[seat] = ...``)
by identity, building a fresh summary then.

>>> from burraco.core.cards import counts_of, parse_cards
>>> counts = counts_of(parse_cards("AH 2H 3H 3H"))
>>> summary = HandSummary(counts)
>>> summary.remove(counts, 0)
>>> summary.add(counts, 5)
>>> (summary.masks, summary.codes) == scan(counts), summary.distinct(counts)
(True, [1, 2, 5])
"""

from __future__ import annotations

from typing import Final

from burraco.core.cards import JOKER

HIGH_ACE_BIT: Final = 1 << 14
SUIT_OF: Final = tuple(k // 13 for k in range(52))
BIT_OF: Final = tuple((2 << (k % 13)) | (HIGH_ACE_BIT if k % 13 == 0 else 0) for k in range(52))
"""The mask bits of a natural card: its position (1..13), and 14 too for an ace."""
RANK_OF: Final = tuple(k % 13 + 1 for k in range(52))
WEIGHT_OF: Final = tuple((1, 3, 9, 27)[k // 13] for k in range(52))
RANK_BITS: Final = 0x3FFE
"""Positions 1..13 (the high ace, 14, mirrors the ace)."""


def scan(counts: list[int]) -> tuple[list[int], list[int]]:
    """One pass over the hand: per-suit position masks (bit ``p`` for a natural at position ``p``,
    an ace at 1 and 14) and per-rank base-3 suit codes (H + 3D + 9C + 27S, each count at most 2)."""
    masks = [0, 0, 0, 0]
    codes = [0] * 14
    k: int
    n: int
    for k in range(52):
        n = counts[k]
        if n:
            masks[SUIT_OF[k]] |= BIT_OF[k]
            codes[RANK_OF[k]] += WEIGHT_OF[k] * (n if n < 3 else 2)
    return masks, codes


class HandSummary:
    """The masks and codes of one count vector, updated as cards come and go."""

    __slots__ = ("codes", "masks")

    def __init__(self, counts: list[int] | None = None, copy_of: HandSummary | None = None) -> None:
        """The summary of ``counts`` (scanned), or a copy of ``copy_of``."""
        if copy_of is not None:
            self.masks: list[int] = copy_of.masks[:]
            self.codes: list[int] = copy_of.codes[:]
        else:
            self.masks, self.codes = scan(counts if counts is not None else [0] * (JOKER + 1))

    def copy(self) -> HandSummary:
        return HandSummary(None, self)

    def add(self, counts: list[int], card: int) -> None:
        """One more ``card`` in ``counts``, the vector this summary describes."""
        n = counts[card]
        counts[card] = n + 1
        if card < JOKER:
            if n == 0:
                self.masks[SUIT_OF[card]] |= BIT_OF[card]
            if n < 2:
                self.codes[RANK_OF[card]] += WEIGHT_OF[card]

    def remove(self, counts: list[int], card: int) -> None:
        """One ``card`` fewer in ``counts``, the vector this summary describes."""
        n = counts[card]
        counts[card] = n - 1
        if card < JOKER:
            if n == 1:
                self.masks[SUIT_OF[card]] &= ~BIT_OF[card]
            if n <= 2:
                self.codes[RANK_OF[card]] -= WEIGHT_OF[card]

    def distinct(self, counts: list[int]) -> list[int]:
        """The distinct cards of ``counts`` (the vector this summary describes) in card-id order."""
        cards: list[int] = []
        base = 0
        suit: int
        for suit in range(4):
            bits = self.masks[suit] & RANK_BITS
            while bits:
                low = bits & -bits
                cards.append(base + low.bit_length() - 2)
                bits ^= low
            base += 13
        if counts[JOKER]:
            cards.append(JOKER)
        return cards
