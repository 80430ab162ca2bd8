"""The arena's blunder counters: a missed close is a close (§6) the side could have played and won."""

from __future__ import annotations

from burraco.arena.blunders import count_blunders
from burraco.bots.base import play_hand
from burraco.bots.evaluation import Evaluator
from burraco.bots.heuristic import HeuristicBot
from burraco.bots.planner import Planner
from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.core.options import preset

RULES = preset("fibur").replace(players=4)


def _played(seed: int) -> tuple[Hand, list[tuple[int, Action]]]:
    hand = Hand.deal(4, seed, 0, RULES)
    actions: list[tuple[int, Action]] = []
    play_hand(hand, [HeuristicBot(seed=s, rules=RULES) for s in range(4)], lambda s, a: actions.append((s, a)))
    return hand, actions


def _stock_ending_won_by_last_side() -> tuple[int, list[tuple[int, Action]]]:
    """A deal whose hand ends on the exhausted stock (§7), the side that played last ahead."""
    for seed in range(60):
        hand, actions = _played(seed)
        totals = [s.total for s in hand.scores()]
        side = hand.side_of[actions[-1][0]]
        if hand.closed_by == -1 and totals[side] > totals[1 - side]:
            return seed, actions
    raise AssertionError("no hand among the first 60 deals ended on the exhausted stock")


def test_the_last_turn_on_an_exhausted_stock_is_not_a_missed_close() -> None:
    seed, actions = _stock_ending_won_by_last_side()
    last_take = max(i for i, (_, a) in enumerate(actions) if a.kind in ("draw", "pickup"))
    seat = actions[last_take][0]
    hand = Hand.deal(4, seed, 0, RULES)
    for _, action in actions[: last_take + 1]:
        hand.apply(action)
    plans = Planner(Evaluator(RULES), max_nodes=80, width=6).plans(hand)
    assert all(p.closes for p in plans), "every discard of the last turn ends the hand"
    assert not any(p.goes_out for p in plans), "none of them by going out"
    assert any(p.diff > 0 for p in plans), "and the side that plays it wins"
    counts = count_blunders(Hand.deal(4, seed, 0, RULES), actions)
    assert counts[hand.side_of[seat]]["missed_closes"] == 0
    assert counts[hand.side_of[seat]]["closes"] == 0


def test_a_won_close_counts_as_a_close_and_a_refused_one_as_missed() -> None:
    """The closer's side: one close and no miss as played; one miss when, after the same take,
    it discards a card that does not close instead."""
    for seed in range(60):
        hand, actions = _played(seed)
        closer = hand.closed_by
        totals = [s.total for s in hand.scores()]
        if closer < 0 or totals[hand.side_of[closer]] <= totals[1 - hand.side_of[closer]]:
            continue
        side = hand.side_of[closer]
        assert count_blunders(Hand.deal(4, seed, 0, RULES), actions)[side]["closes"] == 1
        last_take = max(i for i, (_, a) in enumerate(actions) if a.kind in ("draw", "pickup"))
        replay = Hand.deal(4, seed, 0, RULES)
        for _, action in actions[: last_take + 1]:
            replay.apply(action)
        refusal = next(a for a in replay.legal_actions() if a.kind == "discard" and not _ends(replay, a))
        refused = [*actions[: last_take + 1], (closer, refusal)]
        counts = count_blunders(Hand.deal(4, seed, 0, RULES), refused)[side]
        assert (counts["closes"], counts["missed_closes"]) == (0, 1)
        return
    raise AssertionError("no won close among the first 60 deals")


def _ends(hand: Hand, action: Action) -> bool:
    trial = hand.clone()
    trial.apply(action)
    return trial.is_over
