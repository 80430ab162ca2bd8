"""Every legal attachment of a hand's cards to its side's melds (docs/rules.md §4) — half of the generator.

:func:`attachments` (and :func:`_attachment_chunks`, the engine's listing) find, for each meld of
the side, every multiset of the hand's cards :func:`~burraco.core.melds.attach_or_reason` accepts:
naturals extending a run down and up with at most one hole, a wildcard filling it or standing at
an end, a natural freeing a two, a natural 2 moving up as the wildcard (option ``natural_two_moves``),
a combination's naturals and one wildcard. Results are memoised
per meld object and by the window of the hand's suit mask they read (:func:`attach_window`).
:mod:`burraco.core.generate` re-exports them beside the new melds.

>>> from burraco.core.cards import parse_cards, counts_of, format_cards
>>> from burraco.core.melds import make_meld
>>> run = make_meld(parse_cards("6C 7C 8C"))
>>> sorted(format_cards(cards) for _, cards in attachments(counts_of(parse_cards("5C 9C JK")), [run]))
['5C', '5C 9C', '5C 9C JK', '5C JK', '9C', '9C JK', 'JK']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from burraco.core.cards import ACE, TWO
from burraco.core.generate_tables import (
    _WILD_SETS,
    CACHE_LIMIT,
    COMBO_SUBSETS,
    DEFAULT_RULES,
    OWN_TWO,
    SEQ_CARD,
    Cards,
    _as_list,
    _as_melds,
    _remember,
    _wild_bits,
)
from burraco.core.melds import HIGH_ACE, MAX_COMBINATION, MAX_SEQUENCE, Meld
from burraco.core.options import Rules
from burraco.core.summary import scan as _scan

_ATTACH_CACHE: Final[dict[tuple[object, ...], tuple[Cards, ...]]] = {}


class _MeldAttaches:
    """The attachments found for one meld object, by the hand's packed summary of its suit or rank,
    and the run's ends and fixed gap (a sequence's, read once per meld object)."""

    __slots__ = ("found", "gap", "high", "low", "meld", "two_may_move")

    def __init__(self, meld: Meld) -> None:
        self.meld = meld  # kept alive: its id cannot be reused while the entry exists
        self.found: dict[int, tuple[Cards, ...]] = {}
        naturals = meld.natural_positions if meld.kind == "sequence" else (0,)
        self.low = naturals[0]
        self.high = naturals[-1]
        self.gap = meld.wild_rank if meld.wild_fixed and meld.kind == "sequence" else 0
        self.two_may_move = _two_may_move(meld)
        """The run's natural 2 could move up as its wildcard (under ``natural_two_moves``)."""


def _two_may_move(meld: Meld) -> bool:
    """A sequence without a wildcard whose lowest natural is its own-suit 2 (no ace below it): the
    2 that ``natural_two_moves`` (§12) lets move up as the wildcard."""
    return meld.kind == "sequence" and meld.wild < 0 and meld.natural_positions[0] == TWO


_POSITIONS: Final = (1 << 15) - 2
"""Mask bits 1..14, every sequence position."""
_ALWAYS_READ: Final = 1 << ACE | 1 << HIGH_ACE


def attach_window(mask: int, low: int, high: int, gap: int) -> int:
    """The bits of a suit mask that the attachments to a run with naturals from ``low`` to
    ``high`` (and a wildcard fixed at ``gap``, or 0) depend on; the others are cleared.

    An attachment extends the run down and up by naturals with at most one hole, so it reads
    the hand's positions below ``low`` down to the second one missing, those above ``high`` up
    to the second one missing, ``gap`` (filled or kept), and the aces (used at either end or
    resting a 2). Keying the attachment memos by this window instead of the whole mask gives
    the same lists (a pure function of these bits) for many more hands.

    >>> hand = sum(1 << p for p in (3, 5, 6, 7, 8, 9, 12))
    >>> [p for p in range(15) if attach_window(hand, 6, 7, 0) >> p & 1]  # down to 2, up to 11: 12 unread
    [3, 5, 8, 9]
    """
    below = (1 << low) - 1  # positions under the run; bit 0 is never set and stops the walk
    zeros = ~mask & below
    zeros ^= 1 << (zeros.bit_length() - 1)
    stop = zeros.bit_length() - 1 if zeros else 0
    window = below & ~((1 << stop) - 1)
    above = _POSITIONS & ~((2 << high) - 1)
    ups = (~mask & above) | 1 << (HIGH_ACE + 1)  # the bit above the high ace stops the walk
    ups ^= ups & -ups
    window |= above & (((ups & -ups) << 1) - 1)
    window |= _ALWAYS_READ
    if gap:
        window |= 1 << gap
    return mask & window


_ATTACH_BY_MELD: Final[dict[int, _MeldAttaches]] = {}
MELD_LIMIT: Final = 50_000


def _suit_mask(counts: list[int], suit: int) -> int:
    base = suit * 13
    mask = 0
    for r in range(13):
        if counts[base + r]:
            mask |= 2 << r
    if mask & 2:
        mask |= 1 << HIGH_ACE
    return mask


def attachments(counts: Sequence[int], melds: Sequence[Meld], rules: Rules = DEFAULT_RULES) -> list[tuple[int, Cards]]:
    """Every distinct legal attachment ``(meld_index, cards)`` from the hand to the side's melds."""
    if not melds:
        return []
    hand = _as_list(counts)
    chunks = _attachment_chunks(hand, melds, rules, _wild_bits(hand), _scan(hand))
    return [(index, cards) for index, chunk in enumerate(chunks) for cards in chunk]


def _attachment_chunks(
    counts: list[int],
    melds: Sequence[Meld],
    rules: Rules,
    bits: int,
    scan: tuple[list[int], list[int]],
) -> list[tuple[Cards, ...]]:
    """Per side meld, the memoised tuple of its attachments: first by the meld object and the
    hand's packed summary (ints only), then by the meld's content (:data:`_ATTACH_CACHE`)."""
    chunks: list[tuple[Cards, ...]] = []
    if not melds:
        return chunks
    masks, codes = scan
    variant = rules.burraco_reale_variant
    for meld in _as_melds(melds):
        if meld.kind == "combination":
            chunks.append(_combination_attachments(meld, codes[meld.rank], bits))
            continue
        entry = _ATTACH_BY_MELD.get(id(meld))
        if entry is None or entry.meld is not meld:
            if len(_ATTACH_BY_MELD) >= MELD_LIMIT:
                _ATTACH_BY_MELD.clear()
            entry = _ATTACH_BY_MELD[id(meld)] = _MeldAttaches(meld)
        suit = meld.suit
        ace = min(counts[suit * 13], 2) if variant else -1
        two = 1 if counts[OWN_TWO[suit]] >= 2 else 0
        # the house variant's completion to A…K-A reads every position: the whole mask
        mask = masks[suit] if variant else attach_window(masks[suit], entry.low, entry.high, entry.gap)
        moves = 1 if entry.two_may_move and rules.natural_two_moves else 0
        packed = (((mask << 5 | bits) << 1 | two) << 2 | (ace + 1)) << 1 | moves
        found = entry.found.get(packed)
        if found is None:
            found = entry.found[packed] = _attachments_of(meld, counts, rules, _WILD_SETS[bits], mask, codes)
        chunks.append(found)
    return chunks


_COMBO_ATTACH: Final[dict[int, tuple[Cards, ...]]] = {}
"""The attachments to a combination by its rank, size and wildcard, the hand's base-3 code of
that rank and its wildcard bits: all they depend on (see :func:`_attach_combination`)."""


def _combination_attachments(meld: Meld, code: int, bits: int) -> tuple[Cards, ...]:
    """The attachments to a combination: memoised by plain ints, shared by every meld of the
    same rank, size and wildcard (each distinct by construction: no multiset is listed twice)."""
    key = (((meld.rank * 16 + len(meld.cards)) * 2 + (1 if meld.wild < 0 else 0)) * 81 + code) * 32 + bits
    found = _COMBO_ATTACH.get(key)
    if found is None:
        fresh: list[tuple[int, Cards]] = []
        _attach_combination(fresh, 0, meld, code, list(_WILD_SETS[bits]))
        if len(_COMBO_ATTACH) >= CACHE_LIMIT:
            _COMBO_ATTACH.clear()
        found = _COMBO_ATTACH[key] = tuple([cards for _, cards in fresh])
    return found


def _attachments_of(
    meld: Meld, counts: list[int], rules: Rules, wilds: tuple[int, ...], mask: int, codes: list[int]
) -> tuple[Cards, ...]:
    """The attachments to a sequence ``meld`` (a combination's: :func:`_combination_attachments`);
    ``mask`` is the hand's suit mask (whole, or cut to :func:`attach_window`: the same list
    either way)."""
    if meld.kind == "combination":
        return _combination_attachments(meld, codes[meld.rank], _wild_bits(counts))
    suit = meld.suit
    moves = rules.natural_two_moves and _two_may_move(meld)
    key: tuple[object, ...] = (
        meld.cards,
        meld.wild_rank,
        mask,
        wilds,
        counts[OWN_TWO[suit]] >= 2,
        min(counts[suit * 13], 2) if rules.burraco_reale_variant else -1,
        moves,
    )
    found = _ATTACH_CACHE.get(key)
    if found is None:
        fresh: list[tuple[int, Cards]] = []
        _attach_sequence(fresh, 0, meld, counts, list(wilds), rules, mask)
        if meld.wild == OWN_TWO[meld.suit] and wilds:
            _attach_freeing_two(fresh, 0, meld, counts, list(wilds), mask)
        if moves:
            _attach_moving_two(fresh, 0, meld, mask if mask >= 0 else _suit_mask(counts, suit))
        found = _remember(_ATTACH_CACHE, key, [cards for _, cards in fresh])
    return found


def _attach_combination(result: list[tuple[int, Cards]], index: int, meld: Meld, code: int, wilds: list[int]) -> None:
    """``code``: the hand's base-3 suit code of the meld's rank (its summary's, :func:`scan`)."""
    room = MAX_COMBINATION - len(meld.cards)
    if room <= 0:
        return
    can_wild = meld.wild < 0
    if can_wild:
        for w in wilds:
            result.append((index, (w,)))
    if not code:
        return
    for naturals in COMBO_SUBSETS[meld.rank][code]:
        n = len(naturals)
        if n > room:
            break
        result.append((index, naturals))
        if can_wild and n < room:
            for w in wilds:
                result.append((index, (*naturals, w)))


def _attach_sequence(
    result: list[tuple[int, Cards]],
    index: int,
    meld: Meld,
    counts: list[int],
    wilds: list[int],
    rules: Rules,
    mask: int = -1,
) -> None:
    """Extend the run down and up with at most one hole overall; fill or keep a fixed wildcard's gap.

    A hole is an interior position without a natural: a kept gap, a rank the hand lacks, or a
    rank the player chooses to leave to a wildcard (the meld's own, which may move, or an
    attached one).
    """
    suit = meld.suit
    naturals = meld.natural_positions
    lo, hi = naturals[0], naturals[-1]
    hand = mask if mask >= 0 else _suit_mask(counts, suit)
    if lo == ACE or hi == HIGH_ACE:
        hand &= ~(1 << ACE | 1 << HIGH_ACE)  # the ace is already used
    gap = meld.wild_rank if meld.wild_fixed else 0
    add_wilds = wilds if meld.wild < 0 else []
    max_holes = 1 if (meld.wild >= 0 or add_wilds) else 0
    room = MAX_SEQUENCE - len(meld.cards)
    fills = [False, True] if gap and hand >> gap & 1 else [False]
    downs = _extensions(hand, lo, -1, max_holes)
    ups = _extensions(hand, hi, 1, max_holes)
    ctx = _SeqAttach(result, index, meld, counts, add_wilds, SEQ_CARD[suit], OWN_TWO[suit])
    if rules.burraco_reale_variant:
        _complete_reale(result, index, meld, counts)
    for fill in fills:
        for down_missing, low, down in downs:
            for up_missing, high, up in ups:
                if low == ACE and high == HIGH_ACE:
                    continue
                kept = gap if gap and not fill else 0
                missing = [m for m in (kept, down_missing, up_missing) if m]
                if len(missing) > max_holes:
                    continue
                added = down + ((gap,) if fill else ()) + up
                if len(added) > room:
                    continue
                if missing:
                    ctx.emit(added, missing[0], low)
                    continue
                ctx.emit(added, 0, low)
                if max_holes:
                    for hole in added:
                        if low < hole < high and hole != gap:
                            ctx.emit(tuple(p for p in added if p != hole), hole, low)


def _attach_freeing_two(
    result: list[tuple[int, Cards]],
    index: int,
    meld: Meld,
    counts: list[int],
    wilds: list[int],
    mask: int = -1,
) -> None:
    """The meld's wildcard is its own-suit 2: the attachment may rest it below the 3 as a natural 2
    (§4.1) and bring a new wildcard. Only attachments that bring a wildcard are listed here; the
    others are found by :func:`_attach_sequence`.
    """
    suit = meld.suit
    naturals = meld.natural_positions
    lo, hi = naturals[0], naturals[-1]
    gap = meld.wild_rank if meld.wild_fixed else 0
    hand = (mask if mask >= 0 else _suit_mask(counts, suit)) & ~(1 << TWO | 1 << HIGH_ACE)
    if hi == HIGH_ACE:
        hand &= ~(1 << ACE)  # the ace is already used, above the king
    if lo < 3 or (gap and not hand >> gap & 1):
        return
    downs = [d for d in _extensions(hand & ~(1 << ACE), lo, -1, 1) if d[1] == 3]
    downs += [(3, 4, d[2]) for d in _extensions(hand & ~(1 << ACE), lo, -1, 0) if d[1] == 4]  # JK at 3
    ups = _extensions(hand, hi, 1, 1)
    aces: list[tuple[int, ...]] = [(), (ACE,)] if hand >> ACE & 1 else [()]
    ctx = _SeqAttach(result, index, meld, counts, wilds, SEQ_CARD[suit], OWN_TWO[suit])
    ctx.has_two = True
    ctx.meld_has_wild = False
    for down_missing, _, down in downs:
        for up_missing, high, up in ups:
            if down_missing and up_missing:
                continue
            for ace in aces:
                added = ace + down + ((gap,) if gap else ()) + up
                if len(added) >= ctx.room:
                    continue
                hole = down_missing or up_missing
                low = ACE if ace else TWO
                ctx.emit(added, hole, low, wild_only=True)
                if not hole:
                    for h in added:
                        if 3 < h < high and h != gap:  # a hole at 3 is listed by ``downs``
                            ctx.emit(tuple(p for p in added if p != h), h, low, wild_only=True)


def _attach_moving_two(result: list[tuple[int, Cards]], index: int, meld: Meld, hand: int) -> None:
    """``natural_two_moves`` (§12): the run's natural 2 (it has no wildcard, no ace below the 2)
    moves up to fill the one hole of naturals extending the run upwards. Only plays without a
    wildcard of the hand are listed here: with one, the hand's wildcard fills the hole and the 2
    stays (:func:`_attach_sequence`). ``hand`` is the suit mask (whole, or its window).

    >>> from burraco.core.cards import format_cards, parse_cards
    >>> from burraco.core.melds import make_meld
    >>> found: list[tuple[int, Cards]] = []
    >>> _attach_moving_two(found, 0, make_meld(parse_cards("2C 3C 4C")), 1 << 5 | 1 << 6 | 1 << 7)
    >>> [format_cards(cards) for _, cards in found]
    ['6C', '6C 7C', '5C 7C']
    """
    naturals = meld.natural_positions
    hi = naturals[-1]
    room = MAX_SEQUENCE - len(meld.cards)
    cards = SEQ_CARD[meld.suit]
    for missing, high, up in _extensions(hand & ~(1 << ACE), hi, 1, 1):
        if missing:
            if len(up) <= room:
                result.append((index, tuple(cards[p] for p in up)))
        elif len(up) - 1 <= room:
            for hole in up:
                if hole < high:  # a hole the player leaves for the 2: interior, under the new top
                    result.append((index, tuple(cards[p] for p in up if p != hole)))


def _complete_reale(result: list[tuple[int, Cards]], index: int, meld: Meld, counts: list[int]) -> None:
    """House variant (§8): a clean run holding one ace may take every card up to A…K-A, 14 cards."""
    if meld.wild >= 0 or not (ACE in meld.natural_positions or HIGH_ACE in meld.natural_positions):
        return
    cards = SEQ_CARD[meld.suit]
    needed = [cards[p] for p in range(1, 15) if p not in meld.natural_positions]
    if all(counts[c] >= needed.count(c) for c in needed):
        result.append((index, tuple(needed)))


class _SeqAttach:
    """Emits the attachments of one sequence for a chosen set of added positions and hole."""

    __slots__ = (
        "add_wilds",
        "cards",
        "counts",
        "has_two",
        "index",
        "meld",
        "meld_has_wild",
        "own_two",
        "result",
        "room",
    )

    def __init__(
        self,
        result: list[tuple[int, Cards]],
        index: int,
        meld: Meld,
        counts: list[int],
        add_wilds: list[int],
        cards: Cards,
        own_two: int,
    ) -> None:
        self.result, self.index, self.meld, self.counts = result, index, meld, counts
        self.add_wilds, self.cards, self.own_two = add_wilds, cards, own_two
        self.has_two = TWO in meld.natural_positions
        self.room = MAX_SEQUENCE - len(meld.cards)
        self.meld_has_wild = meld.wild >= 0

    def emit(self, added: tuple[int, ...], hole: int, low: int, wild_only: bool = False) -> None:
        cards = tuple(self.cards[p] for p in added)
        if self.meld_has_wild:
            if cards:
                self.result.append((self.index, cards))
            return
        if not hole and cards and not wild_only:
            self.result.append((self.index, cards))
        if len(cards) >= self.room:
            return
        two = TWO in added  # the hand gives the natural 2, so a wild 2 needs its second copy
        for w in self.add_wilds:
            if w == self.own_two and (
                wild_only or hole == TWO or (not hole and low == 3) or (two and self.counts[w] < 2)
            ):
                continue  # standing below the 3 it is the natural 2, listed among the naturals
            self.result.append((self.index, (*cards, w)))


def _extensions(hand: int, start: int, step: int, max_holes: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """Ways to extend a run from ``start`` by ``step``: (missing position or 0, new end, added positions).

    The outermost added position always holds a natural: a hole is interior.
    """
    options: list[tuple[int, int, tuple[int, ...]]] = [(0, start, ())]
    added: tuple[int, ...] = ()
    missing = 0
    p = start + step
    while 1 <= p <= HIGH_ACE:
        if hand >> p & 1:
            added = (*added, p)
            options.append((missing, p, added))
        elif max_holes and not missing:
            missing = p
        else:
            break
        p += step
    return options
