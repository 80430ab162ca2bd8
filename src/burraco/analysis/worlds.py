"""Belief worlds of a seat and the rollouts that play a candidate out in them, to the hand's end.

A *world* is a full hand dealt from a seat's :class:`~burraco.core.view.Observation` alone, as the
champion deals them (:func:`~burraco.bots.tracking.belief_hand`: uniform over the unseen cards, bent
toward what the card tracker says the others hold; then the others' sampled hands are cleared of
melds they would have laid, :func:`~burraco.bots.meldfree.unmeld`). The true hidden cards are never
read: the world depends only on the view, the rules and the random generator.

A rollout applies a candidate *line* (the action judged, then the rest of the turn the whole-turn
planner found for it, as far as it is legal in that world) and plays on as the champion's playouts
do: the greedy policy (:func:`~burraco.bots.lite.lite_turn`) for :data:`DEPTH` turns (or to the end
of the hand), then the planner's evaluation of the position in points of the final difference. The
policy has no randomness of its own, so every candidate played in the same world meets the same
luck (common random numbers).

>>> import random
>>> from burraco.core.hand import Hand
>>> from burraco.core.view import observe
>>> from burraco.core.actions import DRAW
>>> hand = Hand.deal(players=2, seed=3)
>>> seat = hand.to_play
>>> world = belief_worlds(observe(hand, seat), hand.rules, random.Random(1), 1)[0]
>>> observe(world, seat) == observe(hand, seat)
True
>>> outcome = play_out(world.clone(), seat, (DRAW,))
>>> outcome == play_out(world.clone(), seat, (DRAW,))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from burraco.bots.evaluation import Evaluator
from burraco.bots.lite import lite_turn
from burraco.bots.meldfree import settled_seats, unmeld
from burraco.bots.searcher import DEPTH as CHAMPION_DEPTH
from burraco.bots.tracking import Tracker, belief_hand
from burraco.core.actions import Action
from burraco.core.errors import BurracoError
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import Observation

MAX_TURNS: Final = 400
"""Turns a rollout plays at most (a hand ends long before: the stock runs out, §7)."""
DEPTH: Final = CHAMPION_DEPTH
"""Turns played after the decision's turn before the position is scored: the champion's playout
depth. Rollouts to the end of the hand (``depth=MAX_TURNS``) are unbiased for the greedy policy but
their spread is about three times as wide, at five times the cost (docs/analysis.md)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One rollout: the final difference for the seat's side and what happened around the decision."""

    diff: float
    """The seat's side's score minus the best other side's (exact §8 once the hand is over)."""
    went_out: bool
    """The seat's side closed (went out, §6) in the turn of the decision."""
    opponents_closed: bool
    """Another side closed before the seat's next turn."""
    opponents_pozzetto: bool
    """Another side took a pozzetto before the seat's next turn."""


def belief_worlds(view: Observation, rules: Rules, rng: random.Random, count: int) -> list[Hand]:
    """``count`` full hands consistent with ``view``, dealt from the tracker's belief."""
    seat = view.seat
    if seat is None:
        raise ValueError("an analysis needs a seat's view, not a spectator's")
    if rules.players != view.players:
        rules = rules.replace(players=view.players)
    tracker = Tracker.from_view(view)
    worlds: list[Hand] = []
    for _ in range(count):
        world = belief_hand(view, rules, rng, tracker)
        unmeld(world, settled_seats(world, seat, tracker.fresh), rng)
        worlds.append(world)
    return worlds


def play_out(
    world: Hand, seat: int, line: Sequence[Action], evaluator: Evaluator | None = None, depth: int = DEPTH
) -> Outcome:
    """Play ``line`` (its first action must be legal), finish the seat's turn, then ``depth`` more
    turns of the greedy policy (fewer if the hand ends), in place; score the position reached with
    the planner's evaluation (:meth:`~burraco.bots.evaluation.Evaluator.position`: the estimated
    final difference, exact once the hand is over)."""
    side = world.side_of[seat]
    world.apply(line[0])
    for action in line[1:]:
        if world.is_over or world.to_play != seat:
            break
        try:
            world.apply(action)
        except BurracoError:  # the line's plan does not fit this world (a pozzetto taken on the fly)
            break
    _turns_while(world, lambda: world.to_play == seat, 1)
    went_out = _closed_by_side(world) == side
    had = set(world.pozzetto_of_side)
    turns = _turns_while(world, lambda: world.to_play != seat, MAX_TURNS)
    closer = _closed_by_side(world)
    opponents_closed = closer >= 0 and closer != side
    opponents_pozzetto = any(s != side and s not in had for s in world.pozzetto_of_side)
    _turns_while(world, lambda: True, min(depth, MAX_TURNS) - turns)  # the first round counts
    value = (evaluator or Evaluator(world.rules)).position(world, seat)
    return Outcome(value, went_out, opponents_closed, opponents_pozzetto)


def _turns_while(world: Hand, condition: Callable[[], bool], limit: int) -> int:
    """Greedy turns while the hand goes on and ``condition()`` holds, at most ``limit``."""
    turns = 0
    while turns < limit and not world.is_over and condition():
        size = len(world.log)
        lite_turn(world)
        turns += 1
        if len(world.log) == size:  # a dead end the policy cannot leave: score the position as it is
            break
    return turns


def _closed_by_side(world: Hand) -> int:
    return world.side_of[world.closed_by] if world.is_over and world.closed_by >= 0 else -1
