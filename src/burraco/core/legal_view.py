"""A lazy view of a state's legal actions: one step per group of plays, not per action.

Not compiled (see setup.py): a mypyc class cannot derive from :class:`collections.abc.Sequence`,
and a view is built once per decision, not in the engine's inner loop.

>>> from burraco.core.hand import Hand
>>> hand = Hand.deal(players=2, seed=3)
>>> view = hand.legal_view()
>>> list(view), len(view), view.pick(0) is view[0]
([Action(kind='draw', cards=(), target=-1), Action(kind='pickup', cards=(), target=-1)], 2, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, final, overload

from burraco.core.actions import Action
from burraco.core.legal import PlayGroup


@final
class LegalView(Sequence[Action]):
    """The legal actions of one state, in :meth:`~burraco.core.hand.Hand.legal_actions` order,
    without listing them: ``takes`` (draw, pick up), the play ``groups``, then ``discards``.

    Length, indexing and :meth:`pick` cost one step per group; iterating yields the actions one by
    one. A view belongs to the state it was taken from: after the state changes, take a new one.
    """

    __slots__ = ("_size", "discards", "groups", "takes")

    def __init__(self, takes: Sequence[Action], groups: list[PlayGroup], discards: Sequence[Action]) -> None:
        self.takes: Final = takes
        self.groups: Final = groups
        self.discards: Final = discards
        size = len(takes) + len(discards)
        for group in groups:
            size += len(group.actions)
        self._size = size

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("legal action index out of range")
        return self.pick(index)

    def pick(self, index: int) -> Action:
        """The action at ``index`` (0 ≤ index < ``len(self)``), found group by group.

        A uniform random legal action is ``view.pick(rng.randrange(len(view)))``.
        """
        if index < len(self.takes):
            return self.takes[index]
        index -= len(self.takes)
        for group in self.groups:
            count = len(group.actions)
            if index < count:
                return group.actions[index]
            index -= count
        return self.discards[index]

    def __iter__(self) -> Iterator[Action]:
        yield from self.takes
        for group in self.groups:
            yield from group.actions
        yield from self.discards

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        kind = action.kind
        if kind == "discard":
            return action in self.discards
        if kind in ("meld", "attach"):
            return any(group.target == action.target and action in group.actions for group in self.groups)
        return action in self.takes

    def listed(self) -> list[Action]:
        """Every action as one list (what :meth:`~burraco.core.hand.Hand.legal_actions` returns)."""
        actions = list(self.takes)
        for group in self.groups:
            actions.extend(group.actions)
        actions.extend(self.discards)
        return actions
