"""Review every decision of a seat in a hand history: ``analyse_hand(history, seat, budget_ms, seed)``.

The history is replayed step by step (docs/hand-history.md); at each step the seat played with more
than one legal action, the review (:func:`~burraco.analysis.decision.review_decision`) is given the
seat's :class:`~burraco.core.view.Observation` of the hand, never the hand itself. A step with a
single legal action is not a decision and is skipped.

>>> from burraco.bots.base import play_hand
>>> from burraco.bots.heuristic import HeuristicBot
>>> from burraco.core.hand import Hand
>>> from burraco.core.history import HandHistory
>>> hand = play_hand(Hand.deal(players=2, seed=8), [HeuristicBot(), HeuristicBot()])
>>> history = HandHistory.from_hand(hand, seed=8)
>>> review = analyse_hand(history, seat=0, budget_ms=1, seed=1)
>>> 0.0 <= review.accuracy <= 100.0, all(history.steps[d.step].seat == 0 for d in review.decisions)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from burraco.analysis.decision import DEFAULT_BUDGET_MS, review_decision
from burraco.analysis.labels import hand_accuracy
from burraco.analysis.review import DecisionReview, HandReview
from burraco.core.actions import Action
from burraco.core.errors import BurracoError, HistoryError
from burraco.core.hand import Hand
from burraco.core.history import HandHistory, ReplayError, apply_step
from burraco.core.history_step import step_refusal
from burraco.core.view import observe

Progress = Callable[[DecisionReview], None]


def decision_points(history: HandHistory, seats: Sequence[int] | None = None) -> Iterator[tuple[int, Hand, Action]]:
    """Each step a seat of ``seats`` (every seat by default) played with a choice: its index, the hand
    just before it (the caller may only observe it) and the action played. Raises
    :class:`~burraco.core.history.ReplayError` on an illegal step."""
    wanted = range(history.players) if seats is None else seats
    try:
        hand = history.new_hand()
    except HistoryError:
        raise
    except BurracoError as error:
        raise HistoryError(f"the deal is not valid: {error}") from None
    for index, step in enumerate(history.steps):
        reason = step_refusal(hand, step)
        if reason:
            raise ReplayError(index, step, reason, hand)
        action = step.action()
        if action is not None and step.seat in wanted and len(hand.legal_actions()) > 1:
            yield index, hand.clone(), action
        try:
            apply_step(hand, step)
        except BurracoError as error:
            raise ReplayError(index, step, str(error), hand) from None


def count_decisions(history: HandHistory, seats: Sequence[int] | None = None) -> int:
    """How many decisions :func:`analyse_history` will review (for a progress bar)."""
    return sum(1 for _ in decision_points(history, seats))


def analyse_history(
    history: HandHistory,
    seats: Sequence[int] | None = None,
    budget_ms: float = DEFAULT_BUDGET_MS,
    seed: int = 0,
    progress: Progress | None = None,
) -> tuple[HandReview, ...]:
    """One :class:`HandReview` per seat of ``seats`` (every seat by default), in seat order."""
    chosen = sorted(set(range(history.players) if seats is None else seats))
    for seat in chosen:
        if not 0 <= seat < history.players:
            raise HistoryError(f"there is no seat {seat} in a {history.players}-player hand")
    found: dict[int, list[DecisionReview]] = {seat: [] for seat in chosen}
    for index, hand, action in decision_points(history, chosen):
        seat = hand.to_play
        review = review_decision(observe(hand, seat), history.rules, action, index, seed, budget_ms)
        found[seat].append(review)
        if progress is not None:
            progress(review)
    names = history.names
    return tuple(
        HandReview(
            seat=seat,
            decisions=tuple(found[seat]),
            accuracy=hand_accuracy([d.loss for d in found[seat]]),
            budget_ms=budget_ms,
            seed=seed,
            name=names[seat] if seat < len(names) else "",
        )
        for seat in chosen
    )


def analyse_hand(history: HandHistory, seat: int, budget_ms: float = DEFAULT_BUDGET_MS, seed: int = 0) -> HandReview:
    """Every decision of ``seat`` in ``history`` reviewed from its own information (the web worker's call)."""
    return analyse_history(history, [seat], budget_ms, seed)[0]
