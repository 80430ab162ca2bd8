"""The analysis reads only the seat's view: hidden cards swapped (same view) give the same review."""

from __future__ import annotations

import random

import pytest
from tests.analysis import scenarios

from burraco.analysis import review_decision
from burraco.analysis.hand import decision_points
from burraco.bots.base import play_hand
from burraco.bots.heuristic import HeuristicBot
from burraco.core.determinize import determinize
from burraco.core.hand import Hand
from burraco.core.history import HandHistory
from burraco.core.view import observe


def _history(seed: int, players: int) -> HandHistory:
    hand = play_hand(Hand.deal(players=players, seed=seed), [HeuristicBot(seed=s) for s in range(players)])
    return HandHistory.from_hand(hand, seed=seed)


def _unseen(hand: Hand, seat: int) -> tuple[object, ...]:
    return (tuple(hand.stock), *(tuple(hand.hands[s]) for s in range(hand.players) if s != seat))


@pytest.mark.parametrize(("seed", "players"), [(21, 2), (22, 4)])
def test_swapped_hidden_cards_give_the_same_review(seed: int, players: int) -> None:
    history = _history(seed, players)
    points = list(decision_points(history))
    rng = random.Random(seed)
    checked = 0
    for index, hand, action in points[:: max(1, len(points) // 6)]:
        seat = hand.to_play
        swapped = determinize(hand, seat, rng)
        assert observe(swapped, seat) == observe(hand, seat)
        assert _unseen(swapped, seat) != _unseen(hand, seat)
        true_review = review_decision(observe(hand, seat), history.rules, action, index, seed=5, budget_ms=20)
        other_review = review_decision(observe(swapped, seat), history.rules, action, index, seed=5, budget_ms=20)
        assert true_review == other_review
        checked += 1
    assert checked >= 4


def test_a_blunder_is_judged_the_same_whatever_the_opponent_holds() -> None:
    scenario = scenarios.feed()
    hand = scenario.history.replay(scenario.step)
    action = scenario.history.steps[scenario.step].action()
    assert action is not None
    swapped = determinize(hand, scenario.seat, random.Random(9))
    reviews = [
        review_decision(observe(h, scenario.seat), h.rules, action, scenario.step, seed=4) for h in (hand, swapped)
    ]
    assert reviews[0] == reviews[1]


def test_the_same_seed_gives_the_same_review_and_another_seed_may_differ() -> None:
    history = _history(23, 2)
    index, hand, action = next(p for p in decision_points(history) if p[1].phase == "play")
    seat = hand.to_play
    first = review_decision(observe(hand, seat), history.rules, action, index, seed=1, budget_ms=30)
    again = review_decision(observe(hand, seat), history.rules, action, index, seed=1, budget_ms=30)
    assert first == again
