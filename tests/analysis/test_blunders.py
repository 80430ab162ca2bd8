"""Hands built to hold one known blunder: the analysis flags it at its step, with its reason."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tests.analysis import scenarios

from burraco.analysis import Label, Reason, analyse_hand

SERIOUS = (Label.BLUNDER,)


@pytest.mark.parametrize(
    ("build", "reason"),
    [
        (scenarios.missed_close, Reason.MISSED_CLOSE),
        (scenarios.lets_close, Reason.LETS_OPPONENTS_CLOSE),
        (scenarios.feed, Reason.FEEDS),
        (scenarios.wildcard, Reason.DISCARDS_WILDCARD),
    ],
    ids=["missed close", "lets the opponents close", "feed", "wildcard thrown"],
)
def test_the_blunder_is_flagged_at_its_step_with_its_reason(
    build: Callable[[], scenarios.Scenario], reason: Reason
) -> None:
    scenario = build()
    review = analyse_hand(scenario.history, scenario.seat, seed=3)
    judged = {d.step: d for d in review.decisions}
    blunder = judged[scenario.step]
    assert blunder.label in SERIOUS, blunder
    assert blunder.reason is reason, blunder
    assert blunder.best != blunder.played
    assert blunder.loss >= 60.0
    assert review.accuracy < 100.0


def test_the_missed_close_names_the_closing_play() -> None:
    scenario = scenarios.missed_close()
    review = analyse_hand(scenario.history, scenario.seat, seed=1)
    blunder = next(d for d in review.decisions if d.step == scenario.step)
    assert blunder.best == "meld JC QC KC"


def test_the_good_steps_of_a_scenario_are_not_blunders() -> None:
    """Before the blunder, seat 0 of the missed close plays the documented hand: nothing serious."""
    scenario = scenarios.missed_close()
    review = analyse_hand(scenario.history, scenario.seat, seed=2)
    before = [d for d in review.decisions if d.step < scenario.step]
    assert before
    assert all(d.label not in SERIOUS for d in before), before
