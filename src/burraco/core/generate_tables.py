"""The tables and helpers the meld generator's two halves share (:mod:`burraco.core.generate`).

Sequence positions to cards, the wildcards in the order the generator tries them, the
sub-multisets of a rank's naturals, the memo policy (:func:`_remember`: each multiset once, the
memo cleared past :data:`CACHE_LIMIT`), and the conversions mypyc indexes fastest.

>>> from burraco.core.cards import format_card
>>> format_card(SEQ_CARD[0][14]), [format_card(w) for w in WILD_ORDER]
('AH', ['JK', '2H', '2D', '2C', '2S'])
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Final, TypeVar

from burraco.core.cards import ACE, JOKER, TWO, make_card
from burraco.core.melds import Meld
from burraco.core.options import Rules

Cards = tuple[int, ...]
_K = TypeVar("_K")
DEFAULT_RULES: Final = Rules()
# SEQ_CARD[suit][position]: the card at a sequence position (0 unused; 14 is the ace again).
SEQ_CARD: Final = tuple(tuple([-1] + [make_card(p, s) for p in range(1, 14)] + [make_card(ACE, s)]) for s in range(4))
OWN_TWO: Final = tuple(make_card(TWO, s) for s in range(4))
WILD_ORDER: Final = (JOKER, *OWN_TWO)
COMBO_RANKS: Final = (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


def _sub_multisets(code: int) -> tuple[tuple[int, ...], ...]:
    """Every non-empty sub-multiset of suits for per-suit counts encoded base 3 (H + 3D + 9C + 27S)."""
    limits = [(code // 3**s) % 3 for s in range(4)]
    result = []
    for picks in product(*(range(n + 1) for n in limits)):
        suits = tuple(s for s in range(4) for _ in range(picks[s]))
        if suits:
            result.append(suits)
    result.sort(key=len)
    return tuple(result)


# COMBO_SUBSETS[rank][code]: sub-multisets of natural cards of a rank, as card tuples.
COMBO_SUBSETS: Final = tuple(
    tuple(
        tuple(tuple(s * 13 + rank - 1 for s in suits) for suits in _sub_multisets(code)) if rank in COMBO_RANKS else ()
        for code in range(81)
    )
    for rank in range(14)
)
CACHE_LIMIT: Final = 200_000
"""The generation caches are pure memoisation keyed by everything a result depends on."""
_WILD_SETS: Final = tuple(tuple(w for i, w in enumerate(WILD_ORDER) if bits >> i & 1) for bits in range(32))
"""The wildcards a hand holds, in :data:`WILD_ORDER`, by bit set (bit i: ``WILD_ORDER[i]``)."""


def _remember(cache: dict[_K, tuple[Cards, ...]], key: _K, value: list[Cards]) -> tuple[Cards, ...]:
    """Store a result, each multiset once (an ace may reach the same cards from either end)."""
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    seen: set[Cards] = set()
    unique = []
    for cards in value:
        multiset = tuple(sorted(cards))
        if multiset not in seen:
            seen.add(multiset)
            unique.append(cards)
    frozen = tuple(unique)
    cache[key] = frozen
    return frozen


def _as_list(counts: Sequence[int]) -> list[int]:
    """The count vector as a list (mypyc indexes a list directly, a generic sequence by protocol)."""
    return counts if isinstance(counts, list) else list(counts)


def _as_melds(melds: Sequence[Meld]) -> list[Meld]:
    """The melds as a list (compiled, a list is iterated directly, a generic sequence by protocol)."""
    return melds if isinstance(melds, list) else list(melds)


def _wild_bits(counts: list[int]) -> int:
    bits = 0
    if counts[JOKER]:
        bits = 1
    for i in range(4):
        if counts[OWN_TWO[i]]:
            bits |= 2 << i
    return bits
