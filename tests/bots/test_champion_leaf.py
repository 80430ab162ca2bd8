"""The champion's leaf evaluation: the planner's by default (``richleaf``), the playout policy's reward
with ``richleaf=0``."""

from __future__ import annotations

import math

from burraco.bots.evaluation import Evaluator
from burraco.bots.levels import make_level
from burraco.bots.lite import lite_turn, reward
from burraco.bots.searcher import ChampionBot
from burraco.core.hand import Hand
from burraco.core.view import observe


def _midhand(seed: int, turns: int = 6) -> Hand:
    hand = Hand.deal(players=2, seed=seed)
    for _ in range(turns):
        if hand.is_over:
            break
        lite_turn(hand)
    return hand


def test_without_the_rich_leaf_the_leaf_is_the_playout_reward() -> None:
    bot = ChampionBot(seed=1, ms=10, rich_leaf=False)
    for seed in range(5):
        hand = _midhand(seed)
        for seat in (0, 1):
            assert bot.leaf(hand, seat) == reward(hand, seat, bot.scale)


def test_the_rich_leaf_squashes_the_planner_evaluation() -> None:
    bot = ChampionBot(seed=1, ms=10, rich_leaf=True)
    for seed in range(5):
        hand = _midhand(seed)
        for seat in (0, 1):
            expected = 0.5 + 0.5 * math.tanh(Evaluator(hand.rules).position(hand, seat) / bot.scale)
            assert math.isclose(bot.leaf(hand, seat), expected)
            assert 0.0 <= bot.leaf(hand, seat) <= 1.0


def test_the_rich_leaf_is_the_champions_default_and_an_option() -> None:
    default, off = make_level("champion", seed=0), make_level("campione", seed=0, options={"richleaf": 0})
    assert isinstance(default, ChampionBot) and default.evaluator is not None
    assert isinstance(off, ChampionBot) and off.evaluator is None
    assert ChampionBot(seed=0).evaluator is not None


def test_the_rich_leaf_plays_legally_in_four_players() -> None:
    bot = make_level("champion", seed=2, options={"ms": 20})
    assert isinstance(bot, ChampionBot) and bot.evaluator is not None
    hand = Hand.deal(players=4, seed=5)
    for _ in range(12):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        action = bot.choose(observe(hand, hand.to_play), legal)
        assert action in legal
        hand.apply(action)
    assert bot.evaluator.rules.players == 4  # the searches' worlds were scored by the rich leaf
