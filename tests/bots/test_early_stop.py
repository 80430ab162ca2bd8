"""The champion stops searching once its choice is settled; its rollouts stop at a dead end."""

from __future__ import annotations

import random

from burraco.bench.engine import random_position
from burraco.bots.ismcts import IsmctsBot, Node
from burraco.bots.lite import lite_turn
from burraco.bots.searcher import ChampionBot
from burraco.core.actions import Action
from burraco.core.hand import Hand
from burraco.core.view import Observation, observe


class FullBudgetChampion(ChampionBot):
    """The same searcher, never stopping early."""

    def settled(self, root: Node, done: int, limit: int, left: float, spent: float) -> bool:
        return False


def searched_decision(seed: int) -> tuple[Observation, list[Action]]:
    """A position with several candidates to search (the take, or a discard among several)."""
    rng = random.Random(seed)
    hand = random_position(Hand.deal(players=2, seed=seed), rng, 6)
    while not hand.is_over and hand.phase != "take":
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    return observe(hand, hand.to_play), hand.legal_actions()


def test_an_early_stop_keeps_the_full_budgets_choice_and_saves_iterations() -> None:
    saved = 0
    for seed in range(6):
        view, legal = searched_decision(seed)
        early = ChampionBot(seed=seed, iterations=1500, paired=False)
        full = FullBudgetChampion(seed=seed, iterations=1500, paired=False)
        assert early.search(view, list(legal)) == full.search(view, list(legal))
        assert full.last_iterations == 1500
        assert early.last_iterations <= 1500
        saved += 1500 - early.last_iterations
    assert saved > 0


def tree(*visits: int) -> Node:
    root = Node()
    for card, count in enumerate(visits):
        root.children[Action("discard", (card,))] = node = Node()
        node.visits = count
    return root


def test_settled_only_when_the_runner_up_cannot_catch_up() -> None:
    fixed = ChampionBot(iterations=1000)
    assert not fixed.settled(tree(500, 300), 800, 1000, 0.0, 0.0)  # 200 ahead, 200 to play: a tie is possible
    assert fixed.settled(tree(600, 200), 800, 1000, 0.0, 0.0)  # 400 ahead, 200 to play
    timed = ChampionBot(ms=400)  # 800 iterations in 0.2 s: about 400 more in the 0.1 s left
    assert not timed.settled(tree(500, 300), 800, 1 << 60, 0.1, 0.2)
    assert timed.settled(tree(700, 100), 800, 1 << 60, 0.1, 0.2)
    assert fixed.settled(tree(800), 800, 1000, 0.0, 0.0)  # one candidate: nothing to search


def test_the_reference_ismcts_always_spends_its_budget() -> None:
    view, legal = searched_decision(2)
    bot = IsmctsBot(seed=2, iterations=500)
    bot.search(view, list(legal))
    assert bot.last_iterations == 500


def dead_end() -> Hand:
    """Seat 0 to play holding one joker, its side's pozzetto taken and no burraco: no legal action."""
    hand = Hand.deal(players=2, seed=5)
    hand.apply(hand.legal_actions()[0])  # the take: now in the play phase
    counts = [0] * len(hand.hands[0])
    counts[52] = 1  # a joker, which may not close the hand (§6)
    hand.set_hand(hand.to_play, counts)
    hand.hand_sizes[hand.to_play] = 1
    hand.known[hand.to_play] = [0] * len(counts)
    hand.pozzetto_of_side[hand.side_of[hand.to_play]] = hand.next_pozzetto
    hand.next_pozzetto += 1
    return hand


def test_the_rollout_policy_stops_at_a_dead_end_instead_of_failing() -> None:
    hand = dead_end()
    assert hand.phase == "play" and not hand.legal_actions()
    before = observe(hand, 0)
    assert lite_turn(hand) == 1
    assert observe(hand, 0) == before
