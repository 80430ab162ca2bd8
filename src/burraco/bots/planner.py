"""Whole-turn planning: every sequence of melds and attachments of a turn, then its discard (docs/rules.md §3–§6).

From a full hand in the ``play`` phase, :class:`Planner` walks the tree of the seat's plays
(memoised on the seat's cards and its side's melds, so the order of independent plays is
explored once; bounded by ``max_nodes`` and by the ``width`` most promising plays per state),
and at every state tries each legal discard. A plan is scored by the
:class:`~burraco.bots.evaluation.Evaluator` at the turn's end: the exact §8 difference when the
discard closes the hand, the estimate of going on otherwise, less what the discard gives away.
A close that needs two or more plays first is found like any other plan. A closing plan that
wins the hand (positive difference) is always preferred to going on.

>>> from burraco.core.hand import Hand
>>> from burraco.core.actions import DRAW
>>> from burraco.bots.evaluation import Evaluator
>>> hand = Hand.deal(players=2, seed=1)
>>> _ = hand.apply(DRAW)
>>> plan = Planner(Evaluator(hand.rules)).best(hand)
>>> plan.actions[-1].kind
'discard'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from burraco.bots.evaluation import Evaluator
from burraco.core.actions import Action
from burraco.core.cards import IS_WILD
from burraco.core.hand import Hand

WIN_CLOSE: Final = 1000.0
"""Added to a closing plan that wins the hand, so that no winning close is ever missed."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The actions of the rest of a turn (the last is the discard), their value, whether it closes."""

    actions: tuple[Action, ...]
    value: float
    closes: bool = False
    """The plan ends the hand: the seat's close, or its discard on the exhausted stock (§7)."""
    diff: float = 0.0
    """The estimated (or, when closing, exact) final difference, without the closing priority."""
    goes_out: bool = False
    """The plan ends the hand by the seat's own close (§6), not on the exhausted stock (§7)."""


@dataclass(slots=True)
class _Search:
    seat: int
    side: int
    nodes: int = 0
    seen: set[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = field(default_factory=set)
    plans: list[Plan] = field(default_factory=list)


class Planner:
    """Enumerates a turn's plans (bounded) and scores each at the turn's end."""

    def __init__(self, evaluator: Evaluator, max_nodes: int = 120, width: int = 6) -> None:
        self.evaluator = evaluator
        self.max_nodes = max_nodes
        self.width = width

    def plans(self, hand: Hand) -> list[Plan]:
        """Every plan found from ``hand`` (seat to play, ``play`` phase), best first."""
        if hand.phase != "play":
            raise ValueError("plans start in the play phase")
        seat = hand.to_play
        search = _Search(seat, hand.side_of[seat])
        self._walk(hand, search, ())
        search.plans.sort(key=lambda p: -p.value)
        return search.plans

    def best(self, hand: Hand) -> Plan:
        return self.plans(hand)[0]

    def _walk(self, hand: Hand, search: _Search, prefix: tuple[Action, ...]) -> None:
        seat = search.seat
        key = (tuple(hand.hands[seat]), tuple(m.cards for m in hand.melds[search.side]))
        if key in search.seen:
            return
        search.seen.add(key)
        search.nodes += 1
        if hand.is_over or hand.to_play != seat or hand.phase != "play":
            diff = self.evaluator.position(hand, seat)
            search.plans.append(Plan(prefix, diff, hand.is_over, diff, hand.closed_by == seat))
            return
        legal = hand.legal_actions()
        discards = [a.cards[0] for a in legal if a.kind == "discard"]
        for card in discards:
            search.plans.append(self._leaf(hand, search, prefix, card, discards))
        plays = sorted((a for a in legal if a.kind != "discard"), key=_play_order)
        for action in plays[: self.width]:
            if search.nodes >= self.max_nodes:
                return
            child = hand.clone()
            child.apply(action)
            self._walk(child, search, (*prefix, action))

    def _leaf(self, hand: Hand, search: _Search, prefix: tuple[Action, ...], card: int, discards: list[int]) -> Plan:
        seat = search.seat
        evaluator = self.evaluator
        after = hand.clone()
        action = Action("discard", (card,))
        after.apply(action)
        actions = (*prefix, action)
        diff = evaluator.position(after, seat)
        if after.is_over:
            priority = WIN_CLOSE if diff > 0 else 0.0
            return Plan(actions, diff + priority, True, diff, after.closed_by == seat)
        value = diff - evaluator.discard_cost(hand, seat, card, discards)
        return Plan(actions, value, False, diff)


def _play_order(action: Action) -> tuple[int, int]:
    """Longest plays first, natural ones before those using a wildcard."""
    wild = sum(1 for c in action.cards if IS_WILD[c])
    return (wild, -len(action.cards))
