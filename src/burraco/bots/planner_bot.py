"""The ``planner`` bot: whole-turn plans averaged over determinizations drawn from card tracking.

Every decision samples ``samples`` full hands consistent with the seat's view, dealt from the
tracker's belief (:func:`~burraco.bots.tracking.belief_hand`), and scores the options on each:

* take (§3.1): draw and pick up are each followed by the best whole-turn plan
  (:class:`~burraco.bots.planner.Planner`); drawing sees a different stock card in every sample,
  so its value is the expected value of the turn after a draw; picking up carries the pile's
  cards (and the one-card rule, enforced by the engine, §3);
* play and discard (§3.2, §3.3, §6): the value of each first action is the best plan that starts
  with it, averaged over the samples. Closing is a plan like any other, scored with the exact
  §8 difference, and a winning close always beats going on.

With ``ms`` > 0 the per-decision budget in milliseconds caps the work: the bot stops adding
samples (up to ``samples``, at least one) once it is spent; when the budget is never reached (or
``ms`` = 0) the bot is deterministic for a view and seed. Between two decisions of one turn it
replays the rest of its plan when nothing unexpected happened (no pozzetto taken on the fly).

>>> from burraco.bots.base import play_hand
>>> from burraco.core.hand import Hand
>>> play_hand(Hand.deal(players=2, seed=4), [PlannerBot(seed=1, samples=1), PlannerBot(seed=2, samples=1)]).is_over
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Final

from burraco.bots.evaluation import Evaluator, Knobs
from burraco.bots.planner import Plan, Planner
from burraco.bots.tracking import Tracker, belief_hand
from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import Observation

DEFAULT_RULES: Final = Rules()


class PlannerBot:
    """Whole-turn planner over belief determinizations (the ``expert`` and ``champion`` levels)."""

    def __init__(
        self,
        seed: int = 0,
        rules: Rules | None = None,
        samples: int = 3,
        ms: float = 0.0,
        max_nodes: int = 120,
        width: int = 6,
        avoid: float = 0.7,
        name: str = "planner",
        knobs: Knobs | None = None,
    ) -> None:
        self.name = name
        self.rules = rules or DEFAULT_RULES
        self.samples = max(1, samples)
        self.ms = ms
        self.max_nodes = max_nodes
        self.width = width
        self.avoid = avoid
        self.knobs = knobs or Knobs()
        self.rng = random.Random(seed)
        self._pending: tuple[int, tuple[Action, ...]] = (-1, ())

    def choose(self, view: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        follow = self._follow(view, legal)
        if follow is not None:
            return follow
        tracker = Tracker.from_view(view)
        evaluator = Evaluator(self.rules, self.knobs, tracker)
        planner = Planner(evaluator, self.max_nodes, self.width)
        if view.phase == "take":
            return self._take(view, legal, tracker, planner)
        return self._play(view, legal, tracker, planner)

    # ------------------------------------------------------------------ decisions
    def _take(self, view: Observation, legal: Sequence[Action], tracker: Tracker, planner: Planner) -> Action:
        totals = {a: 0.0 for a in legal}
        deadline = time.perf_counter() + self.ms / 1000.0
        count = 0
        while count < self.samples and (count == 0 or self.ms <= 0 or time.perf_counter() < deadline):
            sample = belief_hand(view, self.rules, self.rng, tracker, self.avoid)
            for action in legal:
                after = sample.clone()
                after.apply(action)
                totals[action] += self._value_after_take(after, view.seat or 0, planner)
            count += 1
        return max(legal, key=lambda a: (totals[a], a.kind == "draw"))

    @staticmethod
    def _value_after_take(hand: Hand, seat: int, planner: Planner) -> float:
        if hand.is_over or hand.to_play != seat or hand.phase != "play":
            return planner.evaluator.position(hand, seat)
        return planner.best(hand).value

    def _play(self, view: Observation, legal: Sequence[Action], tracker: Tracker, planner: Planner) -> Action:
        totals: dict[Action, float] = {}
        best_plan: dict[Action, Plan] = {}
        deadline = time.perf_counter() + self.ms / 1000.0
        count = 0
        while count < self.samples and (count == 0 or self.ms <= 0 or time.perf_counter() < deadline):
            sample = belief_hand(view, self.rules, self.rng, tracker, self.avoid)
            firsts: dict[Action, Plan] = {}
            for plan in planner.plans(sample):
                first = plan.actions[0]
                if first not in firsts:
                    firsts[first] = plan
            for first, plan in firsts.items():
                totals[first] = totals.get(first, 0.0) + plan.value
                best_plan.setdefault(first, plan)
            count += 1
        legal_set = set(legal)
        choice = max((a for a in totals if a in legal_set), key=lambda a: totals[a], default=None)
        if choice is None:
            return next(a for a in legal if a.kind == "discard")
        rest = best_plan[choice].actions[1:]
        self._pending = (len(view.log) + 1, rest) if rest else (-1, ())
        return choice

    def _follow(self, view: Observation, legal: Sequence[Action]) -> Action | None:
        """The next action of the current plan, when nothing unexpected happened since."""
        expected, rest = self._pending
        self._pending = (-1, ())
        if view.phase != "play" or expected != len(view.log) or not rest or rest[0] not in legal:
            return None
        if len(rest) > 1:
            self._pending = (expected + 1, rest[1:])
        return rest[0]
