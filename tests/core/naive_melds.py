"""A deliberately naive reference for the meld rules of docs/rules.md §4, written from the spec only.

Nothing here imports :mod:`burraco.core.melds`; card ids are decoded by hand. A sequence is
checked by brute force: every card is tried at every position it could take (a natural card at
its rank, an ace at 1 or 14, a 2 of the suit at 2 as a natural card or anywhere as a wildcard, a
joker or another suit's 2 anywhere as a wildcard), and each complete assignment is tested
against the definition directly. The result is the list of every *reading* of the cards; the
fast validator must agree on whether one exists and must return one of them.

Rule readings used (docs/rules.md §4 and docs/rules-core.md):

* a sequence holds distinct positions 1..14 forming one unbroken run (1 and 14 are the ace, so
  K-A-2 cannot be formed), at most one wildcard, and at most one natural ace — except, with
  ``burraco_reale_variant``, the complete natural run A-2-…-K-A (14 naturals);
* a 2 of the sequence's suit at position 2 is natural, anywhere else it is the wildcard;
* a wildcard between the lowest and highest natural is *fixed*; otherwise it is *free* and sits
  at the bottom (just below the lowest natural) unless the lowest natural is an ace at 1, in
  which case it sits at the top;
* a combination: 3..9 cards, all naturals of one rank (A or 3..K), at most one wildcard;
* an attachment is legal iff some reading of the new multiset (same kind, suit or rank) keeps
  every natural card of the old meld at its position, and keeps a fixed wildcard at its rank
  unless a natural card now stands at that rank;
* with ``natural_two_moves`` (docs/rules.md §12), a run without a wildcard may also lose its
  natural 2 alone, when that very 2 is the new reading's wildcard.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from burraco.core.options import Rules

JOKER = 52
POSITIONS = range(1, 15)
COPIES = {**{k: 2 for k in range(52)}, JOKER: 4}


def rank_of(card: int) -> int:
    """1..13 (A..K) or 0 for the joker."""
    return 0 if card == JOKER else card % 13 + 1


def suit_of(card: int) -> int:
    """0..3 (H D C S) or -1 for the joker."""
    return -1 if card == JOKER else card // 13


def value_of(card: int, joker_value: int = 30) -> int:
    """Card points of docs/rules.md §1, written out again."""
    rank = rank_of(card)
    if rank == 0:
        return joker_value
    if rank == 2:
        return 20
    if rank == 1:
        return 15
    if rank >= 8:
        return 10
    return 5


def is_wild_card(card: int) -> bool:
    return card == JOKER or rank_of(card) == 2


@dataclass(frozen=True)
class Reading:
    """One way to lay the cards down. ``slots`` are ``(position, card, is_wild)``, sorted."""

    kind: str
    suit: int
    rank: int
    slots: tuple[tuple[int, int, bool], ...]

    @property
    def size(self) -> int:
        return len(self.slots)

    @property
    def wild(self) -> tuple[int, int] | None:
        """``(card, position)`` of the wildcard, or None."""
        for position, card, wild in self.slots:
            if wild:
                return card, position
        return None

    @property
    def naturals(self) -> list[tuple[int, int]]:
        """``(card, position)`` of every natural card."""
        return [(card, position) for position, card, wild in self.slots if not wild]

    @property
    def fixed(self) -> bool:
        wild = self.wild
        if wild is None or self.kind == "combination":
            return False
        positions = [p for _, p in self.naturals]
        return min(positions) < wild[1] < max(positions)


def too_many_copies(cards: Sequence[int]) -> bool:
    return any(n > COPIES[card] for card, n in Counter(cards).items())


def readings(cards: Sequence[int], rules: Rules) -> list[Reading]:
    """Every legal reading of ``cards`` as a new meld (empty list: not a meld)."""
    if len(cards) < 3 or too_many_copies(cards):
        return []
    found = _combination_readings(cards)
    for suit in range(4):
        found.extend(_sequence_readings(cards, suit, rules))
    return found


def _combination_readings(cards: Sequence[int]) -> list[Reading]:
    naturals = [c for c in cards if not is_wild_card(c)]
    wilds = [c for c in cards if is_wild_card(c)]
    if not naturals or len({rank_of(c) for c in naturals}) != 1:
        return []
    if len(wilds) > 1 or not 3 <= len(cards) <= 9:
        return []
    rank = rank_of(naturals[0])
    slots = sorted([(rank, c, False) for c in naturals] + [(rank, c, True) for c in wilds])
    return [Reading("combination", -1, rank, tuple(slots))]


def _card_options(card: int, suit: int) -> list[tuple[int, bool]]:
    """Every ``(position, is_wild)`` a card may take in a sequence of ``suit``."""
    if card == JOKER or (rank_of(card) == 2 and suit_of(card) != suit):
        return [(p, True) for p in POSITIONS]
    if rank_of(card) == 2:
        return [(2, False)] + [(p, True) for p in POSITIONS if p != 2]
    if suit_of(card) != suit:
        return []
    if rank_of(card) == 1:
        return [(1, False), (14, False)]
    return [(rank_of(card), False)]


def _sequence_readings(cards: Sequence[int], suit: int, rules: Rules) -> list[Reading]:
    options = [_card_options(c, suit) for c in cards]
    if any(not o for o in options):
        return []
    found: set[Reading] = set()
    placed: dict[int, tuple[int, bool]] = {}

    def place(i: int, wilds: int) -> None:
        if i == len(cards):
            reading = _check_sequence(placed, suit, rules)
            if reading is not None:
                found.add(reading)
            return
        for position, wild in options[i]:
            if position in placed or (wild and wilds == 1):
                continue
            placed[position] = (cards[i], wild)
            place(i + 1, wilds + wild)
            del placed[position]

    place(0, 0)
    return sorted(found, key=lambda r: r.slots)


def _check_sequence(placed: dict[int, tuple[int, bool]], suit: int, rules: Rules) -> Reading | None:
    positions = sorted(placed)
    if positions[-1] - positions[0] + 1 != len(positions):
        return None  # not one unbroken run
    natural = [p for p in positions if not placed[p][1]]
    wild = [p for p in positions if placed[p][1]]
    aces = [p for p in natural if p in (1, 14)]
    if len(aces) > 1 and not (rules.burraco_reale_variant and len(natural) == 14):
        return None
    if wild:
        w, low, high = wild[0], min(natural), max(natural)
        free = not low < w < high
        if free and w != (low - 1 if low > 1 else high + 1):
            return None  # a free wildcard sits at the bottom, or on top of a low ace
    slots = tuple((p, placed[p][0], placed[p][1]) for p in positions)
    return Reading("sequence", suit, 0, slots)


def longest_natural_run(reading: Reading) -> int:
    """Longest run of naturals at consecutive positions (a combination: all its naturals)."""
    positions = sorted(p for _, p in reading.naturals)
    if reading.kind == "combination":
        return len(positions)
    best = run = 0
    previous = -10
    for p in positions:
        run = run + 1 if p == previous + 1 else 1
        best = max(best, run)
        previous = p
    return best


def burraco_class(reading: Reading, rules: Rules) -> str | None:
    """None, ``clean``, ``semi_clean`` or ``dirty`` (docs/rules.md §4.3)."""
    if reading.size < 7:
        return None
    if reading.wild is None:
        return "clean"
    if rules.semi_clean:
        if reading.kind == "combination" and reading.size >= 8:
            return "semi_clean"
        if reading.kind == "sequence" and longest_natural_run(reading) >= 7:
            return "semi_clean"
    return "dirty"


def bonus(reading: Reading, rules: Rules) -> int:
    """The largest §8 bonus that applies (0 under 7 cards)."""
    kind = burraco_class(reading, rules)
    if kind is None:
        return 0
    best = {"clean": rules.clean_bonus, "dirty": rules.dirty_bonus, "semi_clean": rules.semi_clean_bonus}[kind]
    positions = {p for _, p in reading.naturals}
    clean_sequence = reading.kind == "sequence" and kind == "clean"
    if rules.special_burraco_bonuses:
        if clean_sequence and set(range(1, 14)) <= positions:
            best = max(best, 300)  # reale: A-2-…-K, natural 2
        if reading.kind == "combination" and kind == "clean" and reading.size >= 8:
            best = max(best, 250)  # super: 8 naturals of a rank
    if rules.burraco_reale_variant and clean_sequence:
        if positions == set(range(1, 15)):
            best = max(best, 1000)
        elif positions == set(range(1, 14)):
            best = max(best, 500)
    return best


def card_points(cards: Sequence[int], rules: Rules) -> int:
    return sum(value_of(c, rules.joker_value) for c in cards)


def attach_readings(
    kind: str,
    suit: int,
    rank: int,
    old_slots: Sequence[tuple[int, int, bool]],
    extra: Sequence[int],
    rules: Rules,
) -> list[Reading]:
    """Every reading of old + extra cards that an attachment may produce (empty: illegal).

    ``old_slots`` are the table meld's ``(position, card, is_wild)``.
    """
    if not extra:
        return []
    cards = [c for _, c, _ in old_slots] + list(extra)
    result = []
    old_naturals = [(c, p) for p, c, w in old_slots if not w]
    old_wild = next(((c, p) for p, c, w in old_slots if w), None)
    for reading in readings(cards, rules):
        if (reading.kind, reading.suit, reading.rank) != (kind, suit, rank):
            continue
        if kind == "sequence":
            new_naturals = reading.naturals
            lost = [n for n in old_naturals if n not in new_naturals]
            own_two = (suit * 13 + 1, 2)
            wild = reading.wild
            moved_up = rules.natural_two_moves and old_wild is None and lost == [own_two]
            if lost and not (moved_up and wild is not None and wild[0] == own_two[0]):
                continue  # a natural card moved (or a natural 2 became a wildcard, the option off)
            old_positions = [p for _, p in old_naturals]
            if old_wild is not None and min(old_positions) < old_wild[1] < max(old_positions):
                kept = reading.wild == old_wild
                filled = any(p == old_wild[1] for _, p in new_naturals)
                if not (kept or filled):
                    continue  # a fixed wildcard is displaced only by its natural card
        result.append(reading)
    return result
