"""The fast greedy policy and static evaluation the ``ismcts`` bot plays out with, and the
heuristic's scoring pieces they share (docs/rules.md §3–§8) — compiled with mypyc with the core.

Moved here from :mod:`burraco.bots.heuristic` and :mod:`burraco.bots.ismcts` (which re-export
them) so that ``setup.py`` can compile this one module: every function is plain typed code over
the engine's state, nothing here subclasses or is subclassed, and the module has no doctests.
Its behaviour is that of the pure-Python module, property-checked by the bots' tests.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from burraco.core.actions import DRAW, PICKUP, Action
from burraco.core.cards import IS_WILD, NUM_KINDS, RANK, SUIT, value_table
from burraco.core.hand import Hand
from burraco.core.melds import HIGH_ACE, Meld, attach_or_reason
from burraco.core.options import Rules


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of the heuristic (defaults tuned against ``random`` and itself)."""

    pickup_threshold: float = 8.0
    wild_attach_cost: float = 35.0
    wild_meld_cost: float = 25.0
    attach_bonus: float = 3.0
    empty_hand_bonus: float = 60.0
    late_stock: int = 10


def meld_value(meld: Meld, rules: Rules) -> int:
    """A meld's card points plus its burraco bonus (§8)."""
    return meld.card_points(rules) + meld.bonus(rules)


def attaches_to(meld: Meld, card: int, rules: Rules) -> bool:
    """Could ``card`` alone be attached to ``meld``? A quick filter, then the exact check."""
    if IS_WILD[card]:
        if meld.wild >= 0 and meld.kind == "combination":
            return False
        if meld.kind == "sequence" and meld.wild >= 0 and card != meld.suit * 13 + 1:
            return False
    elif meld.kind == "combination":
        if RANK[card] != meld.rank:
            return False
    else:
        if SUIT[card] != meld.suit:
            return False
        rank = RANK[card]
        low, high = meld.low, meld.high
        near = rank in (low - 1, high + 1, meld.wild_rank) or (rank == 1 and high == 13)
        if not near and rank == 1:
            near = high + 1 == HIGH_ACE
        if not near and rules.natural_two_moves and meld.wild < 0 and low == 2:
            near = (HIGH_ACE if rank == 1 else rank) == high + 2  # the 2 moves up into the gap (§12)
        if not near:
            return False
    return not isinstance(attach_or_reason(meld, (card,), rules), str)


def keep_value(counts: Sequence[int], card: int) -> float:
    """How much the hand wants to keep ``card``: pairs, same-suit neighbours, wildcards."""
    if IS_WILD[card]:
        return 200.0
    rank, suit = RANK[card], SUIT[card]
    same_rank = counts[rank - 1] + counts[12 + rank] + counts[25 + rank] + counts[38 + rank] - 1
    value = 12.0 * min(same_rank, 2)
    base = suit * 13
    for distance, weight in ((1, 10.0), (2, 4.0)):
        for other in _NEIGHBOURS[rank][distance]:
            if counts[base + other - 1]:
                value += weight
    if counts[card] >= 2:
        value -= 4.0  # the second copy adds nothing to a run
    return value


def _neighbour_ranks(rank: int, distance: int) -> tuple[int, ...]:
    """Ranks ``distance`` away from ``rank`` in a sequence (the ace at either end; 2s are wild)."""
    positions = (1, HIGH_ACE) if rank == 1 else (rank,)
    found: list[int] = []
    for p in positions:
        for q in (p - distance, p + distance):
            if 1 <= q <= HIGH_ACE:
                r = 1 if q == HIGH_ACE else q
                if r not in (2, rank) and r not in found:
                    found.append(r)
    return tuple(found)


_NEIGHBOURS: Final = tuple(
    ((), _neighbour_ranks(rank, 1), _neighbour_ranks(rank, 2)) if rank else ((), (), ()) for rank in range(14)
)


def score_play(
    action: Action, my_melds: Sequence[Meld], size: int, wilds: int, late: bool, pozzetto_available: bool, w: Weights
) -> tuple[float, bool]:
    """The value of a meld or attachment, and whether it leaves the one card to close with (§6).

    Naturals count 10 each; burraci completed earn their bonus; a wildcard costs unless it completes
    a burraco, the hand holds spare wildcards (2+), the hand is small on the way to the pozzetto or
    the hand is about to end; dirtying a clean burraco costs 150; emptying the hand (pozzetto on
    the fly) earns ``empty_hand_bonus``.
    """
    cards = action.cards
    wild = 0
    for c in cards:
        if IS_WILD[c]:
            wild += 1
    naturals = len(cards) - wild
    score = 10.0 * naturals
    late = late or wilds >= 3 or (pozzetto_available and size <= 5)
    spare = 0.3 if wilds == 2 else 1.0
    if action.kind == "attach":
        old = my_melds[action.target]
        new_size = len(old.cards) + len(cards)
        score += w.attach_bonus
        if wild and not _natural_two_only(old, cards):
            if len(old.cards) >= 7 and old.wild < 0:
                score -= 150.0  # never dirty a clean burraco (200 → 100)
            elif new_size >= 7 > len(old.cards):
                score += 60.0
            elif not late:
                score -= w.wild_attach_cost * spare
        elif new_size >= 7 > len(old.cards):
            score += 100.0 if old.wild < 0 else 60.0
        elif new_size >= 5:
            score += 5.0 * (new_size - 4)
    else:
        if wild and not late:
            score -= (w.wild_meld_cost if naturals < 3 else w.wild_meld_cost * 0.6) * spare
        if len(cards) >= 7:
            score += 100.0 if not wild else 60.0
    left = size - len(cards)
    if left == 0:
        return score + w.empty_hand_bonus, False
    if left == 1:
        if pozzetto_available:
            return score + 20.0, False
        return score, True
    return score, False


def _natural_two_only(meld: Meld, cards: Sequence[int]) -> bool:
    """An own-suit 2 attached to a sequence may stand as a natural 2 (below the 3)."""
    if meld.kind != "sequence":
        return False
    own_two = meld.suit * 13 + 1
    return all(c == own_two or not IS_WILD[c] for c in cards) and meld.low <= 3 and meld.wild < 0


# ---------------------------------------------------------------------- the greedy policy (lite)
LITE_WEIGHTS: Final = Weights()


def lite_turn(hand: Hand) -> int:
    """Play the rest of the current seat's turn greedily; 1 (a turn completed)."""
    if hand.phase == "take":
        hand.apply_trusted(PICKUP if lite_pickup(hand) else DRAW)  # the stock is never empty here (§7)
    while not hand.is_over and hand.phase == "play":
        legal = hand.legal_actions()
        if not legal:  # a dead end no dealt hand reaches (one was met in a sampled world): stop here
            break
        play = lite_play_from(hand, legal)
        if play is None:
            discards = [a for a in legal if a.kind == "discard"]
            if not discards:  # no discard before a play: play on
                hand.apply_trusted(legal[0])
                continue
            costs = lite_discard_costs(hand, [a.cards[0] for a in discards])
            hand.apply_trusted(discards[costs.index(min(costs))])  # the first cheapest, as ``min`` picks
            break
        hand.apply_trusted(play)
    return 1


def lite_pickup(hand: Hand) -> bool:
    """Pick up when the top of the pile fits the hand or the side's melds (or the pile is big early)."""
    if not hand.can_pickup():
        return False
    pile = hand.discard_pile
    top = pile[-1]
    if len(pile) >= 6 and len(hand.stock) > 30:
        return True
    if IS_WILD[top]:
        return len(pile) <= 4
    counts = hand.hands[hand.to_play]
    rank, suit = RANK[top], SUIT[top]
    if sum(counts[s * 13 + rank - 1] for s in range(4)) >= 2:
        return True
    base = suit * 13
    near = [1 <= r <= 13 and r != 2 and counts[base + r - 1] > 0 for r in (rank - 2, rank - 1, rank + 1, rank + 2)]
    if (near[1] and near[2]) or (near[0] and near[1]) or (near[2] and near[3]):
        return True
    rules = hand.rules
    return any(attaches_to(m, top, rules) for m in hand.melds[hand.side_of[hand.to_play]])


def lite_play(hand: Hand) -> Action | None:
    """The heuristic's best meld or attachment now (:func:`score_play`; it always closes when it can)."""
    return lite_play_from(hand, hand.legal_actions())


def lite_play_from(hand: Hand, legal: list[Action]) -> Action | None:
    if len(legal) <= 1 or legal[0].kind == "discard":
        return None
    seat = hand.to_play
    counts = hand.hands[seat]
    size = hand.hand_sizes[seat]
    side = hand.side_of[seat]
    melds = hand.melds[side]
    wilds = counts[1] + counts[14] + counts[27] + counts[40] + counts[52]
    late = len(hand.stock) <= 10
    pozzetto = hand.pozzetto_available(side)
    best: Action | None = None
    best_score = 0.0
    for action in legal:
        if action.kind == "discard":
            continue
        score, closes = score_play(action, melds, size, wilds, late, pozzetto, LITE_WEIGHTS)
        if closes:
            score += 200.0
        if score > best_score:
            best, best_score = action, score
    return best


def lite_discard_costs(hand: Hand, cards: list[int]) -> list[float]:
    """The greedy policy's cost of discarding each of ``cards`` now (lower discards first): what the
    costs share (the opponents' melds, the card values, how late it is) is looked up once per state."""
    seat = hand.to_play
    counts = hand.hands[seat]
    side = hand.side_of[seat]
    rules = hand.rules
    wanted = 0
    for card in cards:
        wanted |= 1 << card
    threats = [attaching(melds, wanted, rules) for other, melds in enumerate(hand.melds) if other != side and melds]
    values = value_table(rules.joker_value)
    late: float = 1.0 if len(hand.stock) <= 10 else 0.3
    costs: list[float] = []
    for card in cards:
        cost = keep_value(counts, card)
        for mask in threats:
            if mask >> card & 1:
                cost += 100.0  # some meld of that side takes the card (one penalty per side)
        cost -= late * values[card]
        costs.append(cost)
    return costs


class _MeldAttaches:
    """Which cards attach alone to one meld object: ``known`` cards checked, ``fits`` those that do
    (bit per card). The meld is kept alive in the entry, so its id cannot be reused."""

    __slots__ = ("fits", "known", "meld")

    def __init__(self, meld: Meld) -> None:
        self.meld = meld
        self.known = 0
        self.fits = 0


_ATTACH_CACHE: dict[int, _MeldAttaches] = {}
_CACHE_RULES: list[Rules] = []


def attaching(melds: Sequence[Meld], wanted: int, rules: Rules) -> int:
    """The cards of ``wanted`` (bit per card) that attach alone to some meld of ``melds``."""
    if not _CACHE_RULES or _CACHE_RULES[0] is not rules:
        _ATTACH_CACHE.clear()
        _CACHE_RULES[:] = [rules]
    found = 0
    for meld in melds:
        entry = _ATTACH_CACHE.get(id(meld))
        if entry is None or entry.meld is not meld:
            if len(_ATTACH_CACHE) > 50_000:
                _ATTACH_CACHE.clear()
            entry = _ATTACH_CACHE[id(meld)] = _MeldAttaches(meld)
        unknown = wanted & ~entry.known
        while unknown:
            low = unknown & -unknown
            if attaches_to(meld, low.bit_length() - 1, rules):
                entry.fits |= low
            entry.known |= low
            unknown ^= low
        found |= entry.fits
    return found & wanted


# ---------------------------------------------------------------------- static evaluation
def evaluate(hand: Hand) -> list[float]:
    """Each side's score estimate: the exact §8 total when the hand is over; otherwise melds with
    bonuses, progress toward burraci, hand cards weighted by how near the end is, the pozzetto."""
    rules = hand.rules
    values = value_table(rules.joker_value)
    sides = hand.num_sides
    over = hand.is_over
    weight = 1.0 if over else 1.0 - 0.5 * min(1.0, len(hand.stock) / 40.0)
    totals = [0.0] * sides
    for side in range(sides):
        total = 0.0
        for meld in hand.melds[side]:
            total += meld_value(meld, rules)
            if not over:
                total += _progress(meld)
        if side not in hand.pozzetto_of_side:
            total -= rules.pozzetto_penalty
        totals[side] = total
    for seat in range(hand.players):
        counts = hand.hands[seat]
        points = 0
        for k in range(NUM_KINDS):
            if counts[k]:
                points += counts[k] * values[k]
        side = hand.side_of[seat]
        totals[side] -= weight * points
        if over and rules.double_negative_if_not_opened and not hand.melds[side]:
            totals[side] -= points
    if hand.closed_by >= 0:
        totals[hand.side_of[hand.closed_by]] += rules.closing_bonus
    return totals


def _progress(meld: Meld) -> float:
    size = len(meld.cards)
    if size == 6:
        return 40.0 if meld.wild < 0 else 25.0
    if size == 5:
        return 15.0
    return 0.0


def reward(hand: Hand, seat: int, scale: float) -> float:
    totals = evaluate(hand)
    side = hand.side_of[seat]
    mine = totals[side]
    best_other = max(t for s, t in enumerate(totals) if s != side)
    return squash(mine - best_other, scale)


def squash(diff: float, scale: float) -> float:
    """A point difference as a search reward in [0, 1] (0.5: level; ``scale`` points: ≈ 0.88)."""
    return 0.5 + 0.5 * math.tanh(diff / scale)
