"""The canonical action space: every atomic action as a fixed integer index (docs/rl.md).

The space is factorised in two levels. Level one is the action type, each with a fixed block of
indices; level two is a position inside that block:

=====================  ================  =====================================================
indices                type              level-two index
=====================  ================  =====================================================
0                      ``draw``          —
1                      ``pickup``        —
2 … 54                 ``discard``       the card id (0..52, :mod:`burraco.core.cards`)
55 … 2102              ``meld``          rank of the meld in the sorted legal melds of this step
2103 … 3126            ``attach``        rank of the attachment in the sorted legal attachments
=====================  ================  =====================================================

Why two levels: a meld is a multiset of up to 14 of the 53 card kinds with a wildcard that
may stand in several places, so the melds that could ever be legal number in the millions and
any flat enumeration would be huge, sparse and tied to the rules preset. At any one step the
engine's own legal list is small (never above 100 in random play; 640 for a 30-card hand). So
melds and attachments are indexed by their rank in the legal list sorted by a *canonical key*
that depends only on the cards and the target (never on the order the generator yields them):
the same state gives the same indices in every version whose rules give the same legal set.
Both lists are sorted smallest first; were a step ever to have more legal melds than the
block holds, only the largest would be left out, and any large meld can be laid as a small one
followed by attachments. Draw, pickup and discard need no legal list: their index never moves.

>>> from burraco.core.hand import Hand
>>> hand = Hand.deal(players=2, seed=7)
>>> legal = canonical_legal(hand)
>>> [(str(a), action_to_index(a, legal)) for a in legal.actions()]
[('draw', 0), ('pickup', 1)]
>>> index_to_action(DISCARD_BASE + 52, legal)
Action(kind='discard', cards=(52,), target=-1)
>>> SIZE
3127
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from burraco.core.actions import DRAW, PICKUP, Action
from burraco.core.cards import NUM_KINDS
from burraco.core.hand import DISCARD_ACTIONS, Hand

DRAW_INDEX: Final = 0
PICKUP_INDEX: Final = 1
DISCARD_BASE: Final = 2
MELD_SLOTS: Final = 2048
ATTACH_SLOTS: Final = 1024
MELD_BASE: Final = DISCARD_BASE + NUM_KINDS
ATTACH_BASE: Final = MELD_BASE + MELD_SLOTS
SIZE: Final = ATTACH_BASE + ATTACH_SLOTS
"""The number of actions: the size of the Discrete space and of the legal-action mask."""


class CanonicalLegal:
    """One step's legal actions in canonical order: takes and discards, melds, attachments."""

    __slots__ = ("attaches", "fixed", "indices", "melds", "others")

    def __init__(self, legal: Sequence[Action]) -> None:
        others: list[Action] = []
        fixed: list[int] = []
        melds: list[Action] = []
        attaches: list[Action] = []
        for action in legal:  # one pass, most frequent kind first: this runs at every environment step
            kind = action.kind
            if kind == "discard":
                others.append(action)
                fixed.append(DISCARD_BASE + action.cards[0])
            elif kind == "meld":
                melds.append(action)
            elif kind == "attach":
                attaches.append(action)
            else:
                others.append(action)
                fixed.append(_fixed_index(action))
        if len(melds) > 1:
            _sort_melds(melds)
            del melds[MELD_SLOTS:]
        if len(attaches) > 1:
            _sort_attaches(attaches)
            del attaches[ATTACH_SLOTS:]
        fixed.sort()
        self.melds = melds
        self.attaches = attaches
        self.others = others
        self.fixed = fixed
        """The legal draw, pickup and discard indices, ascending."""
        indices = fixed[:]
        if melds:
            indices.extend(range(MELD_BASE, MELD_BASE + len(melds)))
        if attaches:
            indices.extend(range(ATTACH_BASE, ATTACH_BASE + len(attaches)))
        self.indices = indices

    def __deepcopy__(self, memo: dict[int, object]) -> CanonicalLegal:
        return self  # never changed after it is built

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CanonicalLegal):
            return NotImplemented
        return (self.indices, self.melds, self.attaches) == (other.indices, other.melds, other.attaches)

    __hash__ = None  # type: ignore[assignment]

    def __len__(self) -> int:
        return len(self.indices)

    def action_at(self, index: int) -> Action | None:
        """The action of ``index`` if the index is legal at this step, else None (never raises).

        >>> legal = CanonicalLegal([DRAW])
        >>> legal.action_at(DRAW_INDEX), legal.action_at(PICKUP_INDEX), legal.action_at(-1)
        (Action(kind='draw', cards=(), target=-1), None, None)
        """
        if index >= ATTACH_BASE:
            offset = index - ATTACH_BASE
            return self.attaches[offset] if offset < len(self.attaches) else None
        if index >= MELD_BASE:
            offset = index - MELD_BASE
            return self.melds[offset] if offset < len(self.melds) else None
        return index_to_action(index, self) if index in self.fixed else None

    def actions(self) -> list[Action]:
        """The legal actions in index order."""
        return [index_to_action(i, self) for i in self.indices]


_ONES: Final = b"\x01" * MELD_SLOTS
_NONES: Final = bytes(MELD_SLOTS)


def mask_bytes(legal: CanonicalLegal) -> bytearray:
    """The legal-action mask of one step as :data:`SIZE` bytes, 1 for a legal index (the environment
    views them as ``int8`` without copying); melds and attachments fill two runs of indices.

    >>> [i for i, legal in enumerate(mask_bytes(CanonicalLegal([DRAW, PICKUP]))) if legal]
    [0, 1]
    """
    mask = bytearray(SIZE)
    for index in legal.fixed:
        mask[index] = 1
    melds, attaches = len(legal.melds), len(legal.attaches)
    if melds:
        mask[MELD_BASE : MELD_BASE + melds] = _ONES[:melds]
    if attaches:
        mask[ATTACH_BASE : ATTACH_BASE + attaches] = _ONES[:attaches]
    return mask


def set_mask(mask: bytearray, legal: CanonicalLegal, value: int) -> None:
    """Write ``value`` (1 or 0) at every legal index of ``legal`` in a mask of :data:`SIZE` bytes: an
    environment keeps one mask, sets the new step's indices and clears the last step's, instead of
    making :data:`SIZE` fresh bytes a step.

    >>> mask = bytearray(SIZE)
    >>> set_mask(mask, CanonicalLegal([DRAW, PICKUP]), 1)
    >>> [i for i, legal in enumerate(mask) if legal]
    [0, 1]
    >>> set_mask(mask, CanonicalLegal([DRAW, PICKUP]), 0)
    >>> any(mask)
    False
    """
    for index in legal.fixed:
        mask[index] = value
    run = _ONES if value else _NONES
    melds, attaches = len(legal.melds), len(legal.attaches)
    if melds:
        mask[MELD_BASE : MELD_BASE + melds] = run[:melds]
    if attaches:
        mask[ATTACH_BASE : ATTACH_BASE + attaches] = run[:attaches]


def canonical_legal(hand: Hand) -> CanonicalLegal:
    """The hand's legal actions (:meth:`Hand.legal_actions`) in canonical order.

    In the take phase the list is one of three made once (the same object for the same legal
    set), so a caller may keep what it derives from a list by identity.

    >>> hand = Hand.deal(players=2, seed=7)
    >>> canonical_legal(hand) is canonical_legal(hand), canonical_legal(hand).indices
    (True, [0, 1])
    """
    legal = hand.legal_actions()
    if hand.phase == "take" and legal:
        return _TAKE[DRAW in legal, PICKUP in legal]
    return CanonicalLegal(legal)


def _meld_before(a: Action, b: Action) -> bool:
    """The canonical order of melds: fewer cards first, then by the cards (sorted card ids)."""
    x, y = a.cards, b.cards
    if len(x) != len(y):
        return len(x) < len(y)
    return x < y


def _attach_before(a: Action, b: Action) -> bool:
    """The canonical order of attachments: fewer cards first, then by the target meld, then the cards."""
    x, y = a.cards, b.cards
    if len(x) != len(y):
        return len(x) < len(y)
    if a.target != b.target:
        return a.target < b.target
    return x < y


def _sort_melds(items: list[Action]) -> None:
    """Sort in place by :func:`_meld_before`, stably (binary insertion: a step's list is short, and
    the comparison is a direct call where ``list.sort(key=...)`` builds and compares key tuples)."""
    for i in range(1, len(items)):
        item = items[i]
        if not _meld_before(item, items[i - 1]):
            continue
        lo, hi = 0, i - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if _meld_before(item, items[mid]):
                hi = mid
            else:
                lo = mid + 1
        del items[i]
        items.insert(lo, item)


def _sort_attaches(items: list[Action]) -> None:
    """:func:`_sort_melds` by :func:`_attach_before`."""
    for i in range(1, len(items)):
        item = items[i]
        if not _attach_before(item, items[i - 1]):
            continue
        lo, hi = 0, i - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if _attach_before(item, items[mid]):
                hi = mid
            else:
                lo = mid + 1
        del items[i]
        items.insert(lo, item)


def _fixed_index(action: Action) -> int:
    if action.kind == "draw":
        return DRAW_INDEX
    if action.kind == "pickup":
        return PICKUP_INDEX
    return DISCARD_BASE + action.cards[0]


def action_to_index(action: Action, legal: CanonicalLegal) -> int:
    """The index of a legal ``action``; ``ValueError`` if it has none in this step's space."""
    if action.kind == "meld":
        return MELD_BASE + legal.melds.index(action)
    if action.kind == "attach":
        return ATTACH_BASE + legal.attaches.index(action)
    return _fixed_index(action)


def index_to_action(index: int, legal: CanonicalLegal) -> Action:
    """The action of ``index`` at this step (``ValueError`` if no action has it now).

    Draw, pickup and discard indices decode without looking at ``legal`` (the engine then says
    whether they are legal); meld and attachment indices need this step's list.
    """
    if index == DRAW_INDEX:
        return DRAW
    if index == PICKUP_INDEX:
        return PICKUP
    if DISCARD_BASE <= index < MELD_BASE:
        return DISCARD_ACTIONS[index - DISCARD_BASE]
    if MELD_BASE <= index < MELD_BASE + len(legal.melds):
        return legal.melds[index - MELD_BASE]
    if ATTACH_BASE <= index < ATTACH_BASE + len(legal.attaches):
        return legal.attaches[index - ATTACH_BASE]
    raise ValueError(f"action index {index} has no action at this step (0 <= index < {SIZE})")


def kind_of_index(index: int) -> str:
    """The level-one type of an index.

    >>> [kind_of_index(i) for i in (0, 1, 2, MELD_BASE, ATTACH_BASE)]
    ['draw', 'pickup', 'discard', 'meld', 'attach']
    """
    if not 0 <= index < SIZE:
        raise ValueError(f"action index {index} is outside 0..{SIZE - 1}")
    if index < DISCARD_BASE:
        return "draw" if index == DRAW_INDEX else "pickup"
    if index < MELD_BASE:
        return "discard"
    return "meld" if index < ATTACH_BASE else "attach"


_TAKE: Final = {
    (True, True): CanonicalLegal([DRAW, PICKUP]),
    (True, False): CanonicalLegal([DRAW]),
    (False, True): CanonicalLegal([PICKUP]),
}
"""The canonical lists of the take phase, made once: a take step reuses one (they never change)."""
