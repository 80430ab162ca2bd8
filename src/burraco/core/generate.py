"""Every legal new meld and every legal attachment from a hand (docs/rules.md §4) — the bots' hot path.

The new melds are made here; the attachments in :mod:`burraco.core.generate_attach` (re-exported),
from the tables of :mod:`burraco.core.generate_tables`.

A hand is a count vector (``counts[card]``, length 53). Results are card multisets as sorted-free
tuples of card ids, each distinct multiset once; :func:`burraco.core.melds.meld_or_reason` and
:func:`~burraco.core.melds.attach_or_reason` accept every one of them (property-tested).

Sequences are enumerated as intervals of positions (1..14, the ace at either end) with at most
one interior hole for a wildcard; combinations from precomputed sub-multiset tables.

>>> from burraco.core.cards import parse_cards, counts_of, format_cards
>>> hand = counts_of(parse_cards("5H 6H 7H 9H 7D 7S JK"))
>>> melds = sorted(format_cards(m) for m in new_melds(hand))
>>> len(melds), melds[:4]
(13, ['5H 6H 7H', '5H 6H 7H 9H JK', '5H 6H 7H JK', '5H 6H JK'])
>>> '5H 7H JK' in melds  # the joker may take the 6 even while the hand holds 6H
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from burraco.core.cards import ACE, TWO
from burraco.core.generate_attach import _attachment_chunks, attach_window, attachments
from burraco.core.generate_tables import (
    _WILD_SETS,
    COMBO_SUBSETS,
    DEFAULT_RULES,
    OWN_TWO,
    SEQ_CARD,
    WILD_ORDER,
    Cards,
    _as_list,
    _as_melds,
    _remember,
    _wild_bits,
)
from burraco.core.melds import HIGH_ACE, MAX_COMBINATION, MAX_SEQUENCE, Meld
from burraco.core.options import Rules
from burraco.core.summary import scan as _scan

__all__ = [
    "OWN_TWO",
    "WILD_ORDER",
    "Cards",
    "attach_window",
    "attachments",
    "new_melds",
    "play_chunks",
    "plays",
    "plays_summarized",
]

_SEQ_CACHE: Final[dict[int, tuple[Cards, ...]]] = {}
_COMBO_CHUNKS: Final[list[tuple[Cards, ...] | None]] = [None] * (14 * 81 * 32)
"""The combinations of one rank by (rank, base-3 suit code, wildcard bits): a pure function."""


def plays(
    counts: Sequence[int], side_melds: Sequence[Meld], rules: Rules = DEFAULT_RULES
) -> tuple[list[Cards], list[tuple[int, Cards]]]:
    """:func:`new_melds` and :func:`attachments` together, scanning the hand once."""
    hand = _as_list(counts)
    return plays_summarized(hand, _scan(hand), side_melds, rules)


def plays_summarized(
    counts: list[int], summary: tuple[list[int], list[int]], side_melds: Sequence[Meld], rules: Rules
) -> tuple[list[Cards], list[tuple[int, Cards]]]:
    """:func:`plays` from the hand's masks and codes kept up already
    (:class:`~burraco.core.summary.HandSummary`; only read here)."""
    meld_chunks, attach_chunks = play_chunks(counts, summary, side_melds, rules)
    melds = [cards for chunk in meld_chunks for cards in chunk]
    return melds, [(index, cards) for index, chunk in enumerate(attach_chunks) for cards in chunk]


def play_chunks(
    counts: list[int], summary: tuple[list[int], list[int]], side_melds: Sequence[Meld], rules: Rules
) -> tuple[list[tuple[Cards, ...]], list[tuple[Cards, ...]]]:
    """:func:`plays_summarized` in the generator's own pieces, in listing order: the new melds
    as a list of memoised tuples (a suit's sequences, a rank's combinations), the attachments
    as one memoised tuple per side meld (its index is the target). The same inputs give the
    very same tuple objects back, so a caller may memoise what it derives from one by identity."""
    bits = _wild_bits(counts)
    return (
        _new_meld_chunks(counts, side_melds, rules, bits, summary),
        _attachment_chunks(counts, side_melds, rules, bits, summary),
    )


def new_melds(counts: Sequence[int], side_melds: Sequence[Meld] = (), rules: Rules = DEFAULT_RULES) -> list[Cards]:
    """Every distinct legal new meld the hand can lay down (Art. 18 honoured against ``side_melds``)."""
    hand = _as_list(counts)
    chunks = _new_meld_chunks(hand, side_melds, rules, _wild_bits(hand), _scan(hand))
    return [cards for chunk in chunks for cards in chunk]


def _new_meld_chunks(
    counts: list[int],
    side_melds: Sequence[Meld],
    rules: Rules,
    bits: int,
    scan: tuple[list[int], list[int]],
) -> list[tuple[Cards, ...]]:
    masks, codes = scan
    chunks: list[tuple[Cards, ...]] = []
    variant = rules.burraco_reale_variant
    for suit in range(4):
        mask = masks[suit]
        if mask:
            ace = min(counts[suit * 13], 2) if variant else -1
            two = 1 if counts[OWN_TWO[suit]] >= 2 else 0
            key = (((mask << 2 | suit) << 5 | bits) << 1 | two) << 2 | (ace + 1)
            found = _SEQ_CACHE.get(key)
            if found is None:
                fresh: list[Cards] = []
                _sequences(fresh, mask, suit, list(_WILD_SETS[bits]), counts, rules)
                found = _remember(_SEQ_CACHE, key, fresh)
            chunks.append(found)
    taken = 0  # bit per rank of the side's combinations (Art. 18)
    for m in _as_melds(side_melds):
        if m.kind == "combination":
            taken |= 1 << m.rank
    for rank in range(1, 14):
        code = codes[rank]
        if code and rank != TWO and not taken >> rank & 1:
            index = (rank * 81 + code) * 32 + bits
            combos = _COMBO_CHUNKS[index]
            if combos is None:
                made: list[Cards] = []
                _combinations(made, COMBO_SUBSETS[rank][code], _WILD_SETS[bits])
                combos = _COMBO_CHUNKS[index] = tuple(made)
            chunks.append(combos)
    return chunks


def _combinations(result: list[Cards], subsets: tuple[Cards, ...], wilds: tuple[int, ...]) -> None:
    for naturals in subsets:
        n = len(naturals)
        if n >= 3:
            result.append(naturals)
        if n >= 2 and n < MAX_COMBINATION:
            for w in wilds:
                result.append((*naturals, w))


def _sequences(result: list[Cards], mask: int, suit: int, wilds: list[int], counts: list[int], rules: Rules) -> None:
    """Intervals [low, high] starting and ending on naturals, with at most one interior hole."""
    cards = SEQ_CARD[suit]
    own_two = OWN_TWO[suit]
    for low in range(1, 15):
        if not mask >> low & 1:
            continue
        missing = 0
        for high in range(low, 15):
            if low == ACE and high == HIGH_ACE and not (rules.burraco_reale_variant and counts[cards[1]] >= 2):
                break
            if not mask >> high & 1:
                if missing or not wilds:
                    break
                missing = high
                continue
            if missing:
                _with_hole(result, cards, own_two, low, high, missing, wilds, counts)
                continue
            span = high - low + 1
            if span >= 3:
                result.append(cards[low : high + 1])
            if wilds and span >= 2:
                if span < MAX_SEQUENCE:
                    naturals = cards[low : high + 1]
                    two = low <= TWO
                    for w in wilds:
                        if w == own_two and (low == 3 or (two and counts[w] < 2)):
                            continue  # below the 3 it would be the natural 2, listed already
                        result.append((*naturals, w))
                for hole in range(low + 1, high):
                    _with_hole(result, cards, own_two, low, high, hole, wilds, counts)


def _with_hole(
    result: list[Cards],
    cards: Cards,
    own_two: int,
    low: int,
    high: int,
    hole: int,
    wilds: list[int],
    counts: list[int],
) -> None:
    naturals = cards[low:hole] + cards[hole + 1 : high + 1]
    two = low <= TWO and hole != TWO
    for w in wilds:
        if w == own_two and (hole == TWO or (two and counts[w] < 2)):
            continue
        result.append((*naturals, w))
