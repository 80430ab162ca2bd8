"""The legal actions of a state as memoised groups (listed whole, or viewed by :mod:`burraco.core.legal_view`).

The move generator (:func:`burraco.core.generate.play_chunks`) yields the plays of a hand in
memoised pieces — a suit's sequences, a rank's combinations, the attachments to one meld — and
the same hand shape gives the very same pieces back. Each piece becomes one *group* of actions
here, built once and kept: listing the legal actions (:meth:`burraco.core.hand.Hand.legal_actions`)
extends a list by whole groups, and :class:`LegalView` (:meth:`~burraco.core.hand.Hand.legal_view`)
does not even do that. A view costs one step per group, not per action: a 40-card hand has a
few dozen groups and hundreds to a few thousand actions. Wildcard placements are collapsed
already: each distinct multiset of cards is one action, and the engine places the wildcard.

>>> from burraco.core.hand import Hand
>>> from burraco.core.cards import parse_cards, counts_of
>>> hand = Hand.deal(players=2, seed=7)
>>> _ = hand.draw()
>>> hand.set_hand(hand.to_play, counts_of(parse_cards("5H 6H 7H 8H 9H 7D 7S 7C JK 2C 3D KS")))
>>> view = hand.legal_view()
>>> len(view) == len(hand.legal_actions()), list(view) == hand.legal_actions()
(True, True)
>>> [(group.kind, group.target, len(group.actions)) for group in view.groups]  # hearts, then sevens
[('meld', -1, 46), ('meld', -1, 27)]
>>> len(view), str(view[0]), str(view[-1])
(85, 'meld 5H 6H JK', 'discard JK')
"""

from __future__ import annotations

from typing import Final, final

from burraco.core.actions import Action
from burraco.core.generate import Cards

_ACTION_CACHE: Final[dict[object, Action]] = {}
"""Actions are immutable: the legal-action list reuses them instead of building new ones."""
ACTION_CACHE_LIMIT: Final = 100_000


def play_action(cards: Cards, target: int) -> Action:
    """The one action that melds ``cards`` (``target`` < 0) or attaches them to meld ``target``.

    >>> play_action((0, 1, 2), -1) is play_action((0, 1, 2), -1)
    True
    """
    key: object = cards if target < 0 else (target, cards)
    action = _ACTION_CACHE.get(key)
    if action is None:
        if len(_ACTION_CACHE) > ACTION_CACHE_LIMIT:
            _ACTION_CACHE.clear()
        action = _ACTION_CACHE[key] = Action("meld", cards) if target < 0 else Action("attach", cards, target)
    return action


@final
class PlayGroup:
    """The actions of one memoised piece of the generator's output, and the most cards any of
    them plays (a piece none of whose plays can empty the hand is legal whole).

    ``kind`` is ``"meld"`` or ``"attach"``; ``target`` the side's meld attached to (-1 for melds).
    """

    __slots__ = ("actions", "chunk", "kind", "most", "target")

    def __init__(self, chunk: tuple[Cards, ...], target: int, actions: tuple[Action, ...] | None = None) -> None:
        self.chunk: Final = chunk  # kept alive: its id cannot be reused while the entry exists
        self.target: Final = target
        self.kind: Final = "meld" if target < 0 else "attach"
        if actions is None:
            built: list[Action] = []
            for cards in chunk:  # plain loops: generators passed to tuple() and max() are slow compiled
                built.append(play_action(cards, target))
            actions = tuple(built)
        most = 0
        for action in actions:
            most = max(most, len(action.cards))
        self.actions: Final = actions
        self.most: Final = most

    def only(self, actions: tuple[Action, ...]) -> PlayGroup:
        """This group narrowed to ``actions`` (some of its own, in its order)."""
        return PlayGroup(self.chunk, self.target, actions)


_GROUPS: Final[dict[int, PlayGroup]] = {}
"""By ``id(chunk) * 64 + target + 1`` (a side holds at most 36 melds: 108 cards, 3 a meld)."""
GROUPS_LIMIT: Final = 200_000
"""As many pieces as the generator's memos hold (:data:`burraco.core.generate.CACHE_LIMIT`):
at 50,000 the listing was emptied every ~600 random hands and built again piece by piece."""


def play_group(chunk: tuple[Cards, ...], target: int) -> PlayGroup:
    """The group of actions of one piece of :func:`~burraco.core.generate.play_chunks` (memoised by
    the piece's identity, which the generator keeps for equal inputs)."""
    key = id(chunk) * 64 + target + 1
    group = _GROUPS.get(key)
    if group is None or group.chunk is not chunk:
        if len(_GROUPS) > GROUPS_LIMIT:
            _GROUPS.clear()
        group = _GROUPS[key] = PlayGroup(chunk, target)
    return group
