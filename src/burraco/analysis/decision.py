"""Review one decision from the seat's information only: the action played against the best found.

:func:`review_decision` takes the seat's :class:`~burraco.core.view.Observation` (never the hand),
lists a few candidate actions — the one played, the champion's choice and the best few by the
whole-turn planner's cheap evaluation (:mod:`burraco.analysis.candidates`) — plays each out in the
same belief worlds (:mod:`burraco.analysis.worlds`) and compares their mean final differences.

The loss is the mean paired difference between the best candidate and the played one, less one
standard error of that mean, and never below 0: a candidate that looks better only by the luck of
the worlds sampled costs nothing. The budget in milliseconds buys a fixed number of rollouts
(:data:`MS_PER_ROLLOUT`, measured on one core), so a review depends only on the view, the action,
the seed and the budget, never on the machine's load.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from burraco.analysis.candidates import Candidate, candidates
from burraco.analysis.labels import Label, Reason, escalated, label_for
from burraco.analysis.review import DecisionReview
from burraco.analysis.worlds import Outcome, belief_worlds, play_out
from burraco.arena.blunders import feeds, winning_close_exists
from burraco.bots.evaluation import Evaluator
from burraco.core.actions import Action
from burraco.core.cards import IS_WILD
from burraco.core.determinize import sample_hand_from_view
from burraco.core.hand import Hand
from burraco.core.options import Rules
from burraco.core.view import Observation

DEFAULT_BUDGET_MS: Final = 250.0
"""The default budget per decision (``burraco analyse --budget-ms``)."""
MS_PER_ROLLOUT: Final = 0.25
"""What one rollout (a candidate in a world) costs on one core, compiled core (docs/analysis.md)."""
MIN_WORLDS: Final = 8
MAX_WORLDS: Final = 400
SHIFT: Final = 0.25
"""A share of worlds by which the played action must make an event (the opponents' close, their
pozzetto) more frequent than the best action, for the event to be the reason."""
CLOSE_CHECKS: Final = 8
"""Worlds in which a winning close is looked for (``burraco.arena.blunders``' definition)."""


def _went_out(outcome: Outcome) -> bool:
    return outcome.went_out


def _opponents_closed(outcome: Outcome) -> bool:
    return outcome.opponents_closed


def _opponents_pozzetto(outcome: Outcome) -> bool:
    return outcome.opponents_pozzetto


class ForcedDecision(ValueError):
    """The seat had a single legal action: there is nothing to review."""


def worlds_for(budget_ms: float, count: int) -> int:
    """How many worlds ``budget_ms`` buys for ``count`` candidates.

    >>> worlds_for(250.0, 4), worlds_for(1.0, 4), worlds_for(1e9, 2)
    (250, 8, 400)
    """
    rollouts = int(budget_ms / MS_PER_ROLLOUT)
    return max(MIN_WORLDS, min(MAX_WORLDS, rollouts // max(1, count)))


def decision_rng(seed: int, step: int) -> random.Random:
    """The generator of one decision's review: a function of the seed and the step only."""
    return random.Random(seed * 1_000_003 + step)


@dataclass(frozen=True, slots=True)
class _Scores:
    """Every candidate's outcomes over the common worlds, in candidate order."""

    outcomes: tuple[tuple[Outcome, ...], ...]

    def mean(self, index: int) -> float:
        column = self.outcomes[index]
        return sum(o.diff for o in column) / len(column)

    def share(self, index: int, event: Callable[[Outcome], bool]) -> float:
        """The share of the worlds in which ``event`` happened after candidate ``index``."""
        column = self.outcomes[index]
        return sum(1 for o in column if event(o)) / len(column)

    def loss(self, best: int, played: int) -> float:
        """The mean paired difference less one standard error, at least 0."""
        diffs = [b.diff - p.diff for b, p in zip(self.outcomes[best], self.outcomes[played], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2:
            return max(0.0, mean)
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return max(0.0, mean - math.sqrt(variance / n))


def review_decision(
    view: Observation,
    rules: Rules,
    played: Action,
    step: int = 0,
    seed: int = 0,
    budget_ms: float = DEFAULT_BUDGET_MS,
) -> DecisionReview:
    """Review ``played`` from ``view`` (raises :class:`ForcedDecision` when it was the only legal action)."""
    seat = view.seat
    if seat is None:
        raise ValueError("an analysis needs a seat's view, not a spectator's")
    rules = rules if rules.players == view.players else rules.replace(players=view.players)
    rng = decision_rng(seed, step)
    template = sample_hand_from_view(view, rules, rng)
    legal = template.legal_actions()
    played = _as_listed(played, legal, seat, step)
    if len(legal) < 2:
        raise ForcedDecision(f"step {step}: {played} was the only legal action")
    cands = candidates(view, rules, legal, played, rng, seed ^ step)
    worlds = belief_worlds(view, rules, rng, worlds_for(budget_ms, len(cands)))
    evaluator = Evaluator(rules)
    scores = _Scores(tuple(tuple(play_out(w.clone(), seat, c.line, evaluator) for w in worlds) for c in cands))
    best = max(range(len(cands)), key=lambda i: (scores.mean(i), i == 0))
    loss = round(scores.loss(best, 0), 1) if best != 0 else 0.0
    label = label_for(loss)
    reason = None
    if label not in (Label.BEST, Label.GOOD):
        reason = _reason(template, worlds, seat, legal, cands, scores, best)
        label = escalated(label, reason)
    best_text = str(cands[best].action if loss > 0.0 else played)
    return DecisionReview(step, seat, str(played), best_text, loss, label, reason, len(cands), len(worlds))


def _as_listed(played: Action, legal: Sequence[Action], seat: int, step: int) -> Action:
    """``played`` as the engine lists it (a meld's cards may be written in any order)."""
    key = (played.kind, played.target, sorted(played.cards))
    for action in legal:
        if (action.kind, action.target, sorted(action.cards)) == key:
            return action
    raise ValueError(f"{played} is not a legal action of seat {seat} at step {step}")


def _reason(
    template: Hand,
    worlds: Sequence[Hand],
    seat: int,
    legal: Sequence[Action],
    cands: Sequence[Candidate],
    scores: _Scores,
    best: int,
) -> Reason | None:
    """Why the played action (candidate 0) lost points against candidate ``best``, if known."""
    played = cands[0].action
    if scores.share(best, _went_out) >= 0.5 > scores.share(0, _went_out) and _winning_close(worlds):
        return Reason.MISSED_CLOSE
    closes = scores.share(0, _went_out) >= 0.5
    if played.kind == "discard" and not closes:
        card = played.cards[0]
        discards = [a.cards[0] for a in legal if a.kind == "discard"]
        if IS_WILD[card] and any(not IS_WILD[c] for c in discards):
            return Reason.DISCARDS_WILDCARD
        if scores.share(0, _opponents_closed) - scores.share(best, _opponents_closed) >= SHIFT:
            return Reason.LETS_OPPONENTS_CLOSE
        side = template.side_of[seat]
        if feeds(template, side, card) and any(not feeds(template, side, c) for c in discards):
            return Reason.FEEDS
    elif scores.share(0, _opponents_closed) - scores.share(best, _opponents_closed) >= SHIFT:
        return Reason.LETS_OPPONENTS_CLOSE
    if scores.share(0, _opponents_pozzetto) - scores.share(best, _opponents_pozzetto) >= SHIFT:
        return Reason.LEAVES_POZZETTO
    if played.kind == "draw" and cands[best].action.kind == "pickup":
        return Reason.REFUSES_PILE
    if played.kind == "pickup" and cands[best].action.kind == "draw":
        return Reason.TAKES_PILE
    return None


def _winning_close(worlds: Sequence[Hand]) -> bool:
    """A winning close exists (``burraco.arena.blunders``' definition) in most of the first worlds."""
    checked = [w for w in worlds[:CLOSE_CHECKS] if w.phase == "play"]
    return bool(checked) and 2 * sum(1 for w in checked if winning_close_exists(w.clone())) > len(checked)
