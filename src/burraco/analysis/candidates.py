"""The few actions a decision's review compares, each with the rest of the turn it stands for.

Kept small and smart: the action played, the champion's choice (the ``champion`` level with a fixed
number of iterations, so the choice does not depend on the machine's load) and the best few first
actions of the whole-turn planner (:class:`~burraco.bots.planner.Planner`, averaged over two belief
samples — the cheap evaluation). At a take the candidates are the legal takes (draw, pick up).

A candidate's *line* is the action, then the best plan the planner finds for the rest of the turn
after it (its melds, attachments and discard): a close that needs two plays and a discard is
compared as a whole, and a play is judged by the best turn it allows, not by the greedy policy's.

>>> import random
>>> from burraco.core.hand import Hand
>>> from burraco.core.view import observe
>>> from burraco.core.actions import DRAW
>>> hand = Hand.deal(players=2, seed=3)
>>> _ = hand.apply(DRAW)
>>> legal = hand.legal_actions()
>>> played = next(a for a in legal if a.kind == "discard")
>>> found = candidates(observe(hand, hand.to_play), hand.rules, legal, played, random.Random(1), 1)
>>> found[0].action == played, 2 <= len(found) <= MAX_CANDIDATES
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from burraco.bots.evaluation import Evaluator
from burraco.bots.planner import Planner
from burraco.bots.searcher import ChampionBot
from burraco.bots.tracking import Tracker, belief_hand
from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import Observation

MAX_CANDIDATES: Final = 5
"""Actions compared at most: the played one, the champion's, then the planner's best."""
PLAN_SAMPLES: Final = 2
"""Belief samples the planner ranks the first actions on."""
CHAMPION_ITERATIONS: Final = 48
"""Rollouts of the champion's search when it is asked for its choice (at a discard among several)."""

Line = tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Candidate:
    """An action and the line played for it (the action first)."""

    action: Action
    line: Line


def candidates(
    view: Observation, rules: Rules, legal: Sequence[Action], played: Action, rng: random.Random, seed: int
) -> list[Candidate]:
    """The candidates of a decision, the played action first, without repeats."""
    if view.phase == "take":
        return [Candidate(a, (a,)) for a in (played, *(a for a in legal if a != played))]
    tracker = Tracker.from_view(view)
    planner = Planner(Evaluator(rules, tracker=tracker))
    samples = [belief_hand(view, rules, rng, tracker) for _ in range(PLAN_SAMPLES)]
    ranked = _planned_lines(planner, samples)
    champion = ChampionBot(seed=seed, rules=rules, iterations=CHAMPION_ITERATIONS).choose(view, legal)
    chosen: list[Action] = []
    for action in (played, champion, *ranked):
        if action not in chosen and action in legal:
            chosen.append(action)
    return [Candidate(a, _line_after(planner, samples[0], a)) for a in chosen[:MAX_CANDIDATES]]


def _line_after(planner: Planner, sample: Hand, action: Action) -> Line:
    """``action``, then the planner's best plan for the rest of the turn after it (in ``sample``)."""
    after = sample.clone()
    after.apply(action)
    if after.is_over or after.to_play != sample.to_play or after.phase != "play":
        return (action,)
    return (action, *planner.best(after).actions)


def _planned_lines(planner: Planner, samples: Sequence[Hand]) -> list[Action]:
    """First actions of the planner's plans, best mean value first."""
    totals: dict[Action, list[float]] = {}
    for sample in samples:
        seen: set[Action] = set()
        for plan in planner.plans(sample):  # best first
            first = plan.actions[0]
            if first in seen:
                continue
            seen.add(first)
            totals.setdefault(first, []).append(plan.value)
    return sorted(totals, key=lambda a: -sum(totals[a]) / len(totals[a]))
