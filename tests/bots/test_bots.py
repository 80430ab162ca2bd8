"""The bots: always legal, only the Observation, seeded, and the expected strength ordering."""

from __future__ import annotations

import ast
import inspect
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from burraco.bots import BOTS, Bot, UnknownBotError, make_bot, play_hand
from burraco.bots.heuristic import HeuristicBot, side_estimates
from burraco.bots.ismcts import IsmctsBot, evaluate
from burraco.bots.random_bot import RandomBot
from burraco.core.actions import DRAW, PICKUP
from burraco.core.determinize import determinize
from burraco.core.hand import Hand
from burraco.core.options import preset
from burraco.core.view import Observation, observe


def _positions(players: int, seeds: range, rules_name: str = "fibur") -> Iterator[Hand]:
    """Every position of hands played by a mix of heuristic and random bots."""
    rules = preset(rules_name).replace(players=players)
    for seed in seeds:
        hand = Hand.deal(players=players, seed=seed, dealer=seed % players, rules=rules)
        bots: list[Bot] = [
            HeuristicBot(seed=seed, rules=rules) if (s + seed) % 3 else RandomBot(seed=s + seed) for s in range(players)
        ]
        while not hand.is_over:
            yield hand
            seat = hand.to_play
            hand.apply(bots[seat].choose(observe(hand, seat), hand.legal_actions()))


def _view_annotation(cls: type) -> object:
    """What ``cls.choose`` annotates its ``view`` with; a compiled method keeps no annotations, so
    for one the name is read from the class's source and looked up in its module."""
    if inspect.isfunction(cls.choose):
        return inspect.get_annotations(cls.choose, eval_str=True)["view"]
    module = sys.modules[cls.__module__]
    source = Path(str(module.__file__)).with_name(cls.__module__.rsplit(".", 1)[1] + ".py")
    classes = [
        n
        for n in ast.parse(source.read_text(encoding="utf-8")).body
        if isinstance(n, ast.ClassDef) and n.name == cls.__name__
    ]
    for node in classes[0].body:
        if isinstance(node, ast.FunctionDef) and node.name == "choose":
            view = next(a for a in node.args.args if a.arg == "view")
            assert view.annotation is not None
            return vars(module)[ast.unparse(view.annotation)]
    raise AssertionError(f"no choose method in {cls.__name__} of {source}")


def test_bot_interface_takes_only_an_observation() -> None:
    for name in ("random", "heuristic", "ismcts", "champion", "expert"):
        bot = make_bot(name, seed=0)
        assert isinstance(bot, Bot)
        params = list(inspect.signature(bot.choose).parameters)
        assert params == ["view", "legal"]
        assert _view_annotation(type(bot)) is Observation


@pytest.mark.parametrize(
    ("players", "rules_name"),
    [(2, "fibur"), (4, "fibur"), (2, "international"), (4, "portal"), (2, "home"), (3, "fibur")],
)
def test_every_bot_returns_a_legal_action(players: int, rules_name: str) -> None:
    rules = preset(rules_name).replace(players=players)
    bots = [RandomBot(seed=1), HeuristicBot(seed=1, rules=rules), HeuristicBot(seed=2, rules=rules, noise=0.3)]
    checked = 0
    for hand in _positions(players, range(4), rules_name):
        legal = hand.legal_actions()
        view = observe(hand, hand.to_play)
        for bot in bots:
            assert bot.choose(view, legal) in legal
            checked += 1
    assert checked > 1000


def test_ismcts_returns_legal_actions_quickly() -> None:
    bot = IsmctsBot(seed=3, iterations=12)
    checked = 0
    for players in (2, 4):
        for i, hand in enumerate(_positions(players, range(1))):
            if i % 9:
                continue
            legal = hand.legal_actions()
            assert bot.choose(observe(hand, hand.to_play), legal) in legal
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("name", ["heuristic", "easy", "ismcts:iterations=15"])
def test_choice_does_not_depend_on_hidden_cards(name: str) -> None:
    """Changing every card the seat cannot see (same view) never changes a seeded bot's choice."""
    rng = random.Random(5)
    compared = differ = 0
    for players in (2, 4):
        for i, hand in enumerate(_positions(players, range(2))):
            if i % (4 if name.startswith("heuristic") else 23):
                continue
            seat = hand.to_play
            other = determinize(hand, seat, rng)
            differ += other.hands != hand.hands
            first = make_bot(name, seed=11).choose(observe(hand, seat), hand.legal_actions())
            second = make_bot(name, seed=11).choose(observe(other, seat), other.legal_actions())
            assert first == second
            compared += 1
    assert compared > 10 and differ > compared // 2


def _table(hand_cards: str, pile: str) -> Hand:
    """A 2-player hand where seat 0 is to take, holding ``hand_cards``, with ``pile`` as discard pile."""
    from burraco.core.cards import full_deck, parse_cards

    mine, discards = list(parse_cards(hand_cards)), list(parse_cards(pile))
    rest = list(full_deck())
    for c in mine + discards:
        rest.remove(c)
    rules = preset("fibur").replace(players=2)
    return Hand(rules, 1, [mine, rest[:11]], [rest[11:22], rest[22:33]], discards, rest[33:])


def test_heuristic_takes_the_pile_when_it_pays_and_not_when_it_does_not() -> None:
    bot = HeuristicBot()
    useful = _table("7H 8H KD KC 3S 5C 9D QS JS 4D AH", "9H")
    assert useful.to_play == 0
    assert bot.choose(observe(useful, 0), useful.legal_actions()) == PICKUP
    dead = _table("7H 8H KD KC 3S 5C 9D QS JS 4D AH", "6S")
    assert bot.choose(observe(dead, 0), dead.legal_actions()) == DRAW
    big = _table("7H 8H KD KC 3S 5C 9D QS JS 4D AH", "9C 3D 10S KS 9H")
    assert bot.choose(observe(big, 0), big.legal_actions()) == PICKUP


def test_heuristic_never_feeds_an_opponent_meld_when_it_has_a_choice() -> None:
    from burraco.bots.heuristic import attaches_to

    rules = preset("fibur").replace(players=2)
    fed = safe = 0
    for hand in _positions(2, range(8)):
        if hand.phase != "play":
            continue
        seat = hand.to_play
        bot = HeuristicBot(rules=rules)
        view = observe(hand, seat)
        legal = hand.legal_actions()
        action = bot.choose(view, legal)
        if action.kind != "discard":
            continue
        opp = [m for s, ms in enumerate(view.melds) if s != view.side_of[seat] for m in ms]
        harmless = [a for a in legal if a.kind == "discard" and not any(attaches_to(m, a.cards[0], rules) for m in opp)]
        if harmless and any(attaches_to(m, action.cards[0], rules) for m in opp):
            fed += 1
        safe += 1
    assert safe > 50
    assert fed <= safe * 0.02


def test_play_hand_with_every_registered_bot() -> None:
    for name in BOTS:
        if name in ("hard", "ismcts", "champion", "campione"):
            continue  # searchers with a time budget: see tests/bots/test_planner.py
        hand = play_hand(Hand.deal(players=4, seed=1), [make_bot(name, seed=s) for s in range(4)])
        assert hand.is_over and hand.card_count() == 108


def test_registry_errors_name_the_known_bots_and_options() -> None:
    with pytest.raises(UnknownBotError, match="known bots: random, heuristic, ismcts, easy, normal, hard"):
        make_bot("deepblue", seed=0)
    with pytest.raises(UnknownBotError, match="has no option depth"):
        make_bot("heuristic:depth=3", seed=0)
    with pytest.raises(UnknownBotError, match="needs a number"):
        make_bot("ismcts:iterations=many", seed=0)
    bot = make_bot("ismcts:iterations=20,depth=2,candidates=3", seed=0)
    assert isinstance(bot, IsmctsBot) and bot.iterations == 20 and bot.depth == 2 and bot.candidates == 3
    hard = make_bot("hard", seed=0)
    assert isinstance(hard, IsmctsBot) and hard.seconds == 1.0


def test_seeded_bots_repeat_themselves() -> None:
    def run(seed: int) -> list[str]:
        moves: list[str] = []
        play_hand(
            Hand.deal(players=2, seed=3),
            [make_bot("easy", seed), make_bot("random", seed + 1)],
            lambda _seat, action: moves.append(str(action)),
        )
        return moves

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_evaluations_agree_with_the_score_sheet_at_the_end() -> None:
    hand = play_hand(Hand.deal(players=2, seed=8), [HeuristicBot(), HeuristicBot()])
    assert evaluate(hand) == [float(s.total) for s in hand.scores()]
    hand4 = play_hand(Hand.deal(players=4, seed=8), [HeuristicBot() for _ in range(4)])
    assert evaluate(hand4) == [float(s.total) for s in hand4.scores()]
    view = observe(hand4, 0)
    estimates = side_estimates(view, hand4.rules)
    assert len(estimates) == 2


def test_heuristic_beats_random_clearly() -> None:
    """A small duplicate run (the arena measures it properly): the heuristic wins nearly every hand."""
    wins = 0
    games = 16
    for g in range(games):
        hand = Hand.deal(players=2, seed=g // 2, dealer=(g // 2) % 2)
        heuristic_seat = g % 2
        bots: list[Bot] = [HeuristicBot(), RandomBot(seed=g)]
        if heuristic_seat:
            bots.reverse()
        play_hand(hand, bots)
        totals = [s.total for s in hand.scores()]
        wins += totals[heuristic_seat] > totals[1 - heuristic_seat]
    assert wins >= games - 2
